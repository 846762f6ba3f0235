import Foundation
import Testing

/// `@RoutableService` checked by the compiler: a file using it is type-checked with `swiftc` against
/// the built LinkRouter module and macro plugin, as a module of an app would be.
struct CompileTimeCheckTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Type-checks one file as SwiftPM compiles the package's modules (the C modules LinkRouter
    /// depends on, the macro plugin), in Swift 6 with `ExistentialAny`.
    private func typecheck(_ source: String) throws -> BuiltProduct.Run {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("linkrouter-typecheck-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Services.swift")
        try source.write(to: file, atomically: true, encoding: .utf8)
        return try BuiltProduct.run(URL(fileURLWithPath: "/usr/bin/env"), ["swiftc", "-typecheck"] + (try Self.swiftcArguments()) + [file.path])
    }

    /// The arguments `swiftc` compiles a module of an app with, as SwiftPM compiles the package's
    /// modules: Swift 6 with `ExistentialAny`, the built LinkRouter module, the C modules it depends
    /// on, the macro plugin.
    static func swiftcArguments() throws -> [String] {
        let build = BuiltProduct.buildFolder.path
        let sources = repository.appendingPathComponent("Sources").path
        let plugin = "\(build)/LinkRouterMacros-tool"
        guard FileManager.default.isExecutableFile(atPath: plugin) else { throw BuiltProduct.MissingProduct(path: plugin) }
        return [
            "-swift-version", "6", "-enable-upcoming-feature", "ExistentialAny",
            "-I", "\(build)/Modules", "-module-cache-path", "\(build)/ModuleCache",
            "-Xcc", "-fmodule-map-file=\(build)/CRouteRecord.build/module.modulemap", "-Xcc", "-I", "-Xcc", "\(sources)/CRouteRecord/include",
            "-Xcc", "-fmodule-map-file=\(build)/CLoadedImages.build/module.modulemap", "-Xcc", "-I", "-Xcc", "\(sources)/CLoadedImages/include",
            "-Xcc", "-fmodule-map-file=\(sources)/CLibELF/module.modulemap",
            "-load-plugin-executable", "\(plugin)#LinkRouterMacros",
        ]
    }

    static let interface = """
        import LinkRouter
        protocol SessionService: Sendable { var currentUser: String? { get } }

        """

    @Test("a conforming type with init() compiles without a diagnostic")
    func conformingType() throws {
        let run = try typecheck(Self.interface + """
            @RoutableService((any SessionService).self, lifetime: .shared)
            final class Session: SessionService { var currentUser: String? { nil } }
            func use() throws -> String? { try Router.shared.services.service((any SessionService).self).currentUser }
            """)
        #expect(run.status == 0, "swiftc: \(run.standardError)")
        #expect(!run.standardError.contains("warning:"), "swiftc: \(run.standardError)")
    }

    @Test("a type that does not conform to the protocol it names is a compile-time error naming both")
    func nonConformingType() throws {
        let run = try typecheck(Self.interface + """
            @RoutableService(SessionService.self)
            struct NotASession {}
            """)
        #expect(run.status != 0)
        #expect(run.standardError.contains("error: type 'NotASession' does not conform to protocol 'SessionService'"), "swiftc: \(run.standardError)")
    }

    @Test("a type without init() is a compile-time error: RoutableService requires it")
    func typeWithoutInit() throws {
        let run = try typecheck(Self.interface + """
            @RoutableService((any SessionService).self)
            struct TokenSession: SessionService {
                let token: String
                var currentUser: String? { token }
            }
            """)
        #expect(run.status != 0)
        #expect(run.standardError.contains("error: type 'TokenSession' does not conform to protocol 'RoutableService'"), "swiftc: \(run.standardError)")
        #expect(run.standardError.contains("note: protocol requires initializer 'init()'"), "swiftc: \(run.standardError)")
    }

    @Test("@RouteInterceptor and @RouterModule compile on conforming types, the conformance added by the macro or declared")
    func hooksCompile() throws {
        let run = try typecheck(Self.interface + """
            @RouteInterceptor(scope: .group("requiresLogin"), priority: 100)
            struct LoginInterceptor {
                func intercept(_ request: InterceptionRequest, decision: InterceptorDecision) { decision.proceed() }
            }
            @RouterModule
            enum AccountModule: RouterModule {
                static func configure(_ router: Router) throws { try router.addRedirect(from: "me", to: "account") }
            }
            """)
        #expect(run.status == 0, "swiftc: \(run.standardError)")
        #expect(!run.standardError.contains("warning:"), "swiftc: \(run.standardError)")
    }

    @Test("an interceptor or a module that does not conform, and an interceptor without init(), are compile-time errors")
    func hooksThatDoNotConform() throws {
        let run = try typecheck(Self.interface + """
            @RouteInterceptor
            struct NotAnInterceptor {}
            @RouteInterceptor(scope: .all)
            struct TokenInterceptor: RouteInterceptor {
                let token: String
                func intercept(_ request: InterceptionRequest, decision: InterceptorDecision) { decision.proceed() }
            }
            @RouterModule
            struct NotAModule {}
            """)
        #expect(run.status != 0)
        #expect(run.standardError.contains("error: type 'NotAnInterceptor' does not conform to protocol 'RouteInterceptor'"), "swiftc: \(run.standardError)")
        #expect(run.standardError.contains("error: missing argument for parameter 'token' in call"), "swiftc: \(run.standardError)")
        #expect(run.standardError.contains("error: type 'NotAModule' does not conform to protocol 'RouterModule'"), "swiftc: \(run.standardError)")
    }

    @Test("#route(_:page:) compiles for a Routable type and is an error, before expansion, for another")
    func routePage() throws {
        let page = try typecheck("""
            import LinkRouter
            struct ProfilePage: Routable { init?(parameters: RouteParameters) throws {} }
            enum Routes { #route("profile/:user", openStyle: .push, page: ProfilePage.self) }
            """)
        #expect(page.status == 0, "swiftc: \(page.standardError)")
        #expect(!page.standardError.contains("warning:"), "swiftc: \(page.standardError)")

        let notAPage = try typecheck("""
            import LinkRouter
            struct Banner {}
            #route("banner", page: Banner.self)
            """)
        #expect(notAPage.status != 0)
        #expect(notAPage.standardError.contains("error: macro 'route(_:exposure:openStyle:groups:summary:query:unknownQuery:overrides:launcherAction:page:)' requires that 'Banner' conform to 'Routable'"), "swiftc: \(notAPage.standardError)")
    }

    @Test("query contracts compile on @Routable and #route; a bad declaration is an error naming it")
    func queryContracts() throws {
        let good = try typecheck("""
            import LinkRouter
            @Routable("user/<int:id>", query: ["tab: string = posts", "page: int = 1"], unknownQuery: .refuse)
            struct UserPage { init?(parameters: RouteParameters) throws {} }
            enum Routes { #route("search", query: ["q: string"], unknownQuery: .drop) { _ in nil } }
            """)
        #expect(good.status == 0, "swiftc: \(good.standardError)")
        #expect(!good.standardError.contains("warning:"), "swiftc: \(good.standardError)")

        let bad = try typecheck("""
            import LinkRouter
            @Routable("user/<int:id>", query: ["page: int = first"])
            struct UserPage { init?(parameters: RouteParameters) throws {} }
            """)
        #expect(bad.status != 0)
        #expect(bad.standardError.contains("error: query parameter 'page: int = first': the default 'first' is not a valid int"), "swiftc: \(bad.standardError)")
    }

    @Test("a property a link cannot set, with no default and not optional, is an error that says how to declare it")
    func propertyALinkCannotSet() throws {
        let run = try typecheck("""
            import LinkRouter
            @Routable("search")
            struct SearchPage {
                let term: String
            }
            """)
        #expect(run.status != 0)
        #expect(run.standardError.contains(
            "error: a link cannot set 'term': no placeholder of 'search' fills it and the route declares no query item 'term'; mark it @RouteParameter(from: .query) for a link to set it, or @RouteParameter(from: .caller) for the app alone to, rename it or a placeholder, or give it a default value or an optional type"
        ), "swiftc: \(run.standardError)")
    }

    @Test("a page's declared result and an action's are the types their links' opens return: a mismatch does not compile")
    func typedResults() throws {
        let source = """
            import LinkRouter
            @Routable("pick")
            struct Picker { let result: PageReturn<String> }
            @RoutableAction("count")
            struct Count { func run(on router: Router) -> Int { 3 } }
            func use(_ router: Router) async throws {
                let picked: PageResult<String> = try await router.open(Picker.link())
                let count: Int = try router.call(Count.link())
                _ = (picked, count)
            }

            """
        let fine = try typecheck(source)
        #expect(fine.status == 0, "swiftc: \(fine.standardError)")
        #expect(!fine.standardError.contains("warning:"), "swiftc: \(fine.standardError)")
        let wrong = try typecheck(source + """
            func misuse(_ router: Router) async throws {
                let picked: PageResult<Int> = try await router.open(Picker.link())
                let count: String = try router.call(Count.link())
                _ = (picked, count)
            }
            """)
        #expect(wrong.status != 0)
        #expect(wrong.standardError.contains("PageResult<Int>") && wrong.standardError.contains("PageResult<String>"), "swiftc: \(wrong.standardError)")
        #expect(wrong.standardError.contains("cannot convert value of type 'Int' to specified type 'String'"), "swiftc: \(wrong.standardError)")
    }
}
