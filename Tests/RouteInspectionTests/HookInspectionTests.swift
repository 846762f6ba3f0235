import RouteInspection
import RouteRecordLayout
import RouteRecordReader
import Testing

/// `routes dump` and `check` on interceptor and module records planted in object files.
struct HookInspectionTests {
    /// An interceptor's record; with a `module`, its origin (declaring module, hook replaced) as
    /// the macro writes it since hook names are module-qualified, else as older macros wrote it.
    static func interceptor(
        _ name: String, _ scope: InterceptorRecordText.Scope, priority: Int = 0, overrides: Bool = false, module: String? = nil,
        replacing replaced: String? = nil
    ) -> PlantedRoute {
        .encoded(RouteRecordCodec.encodeDeclaration(
            kind: .interceptor, text: InterceptorRecordText(name: name, scope: scope, priority: priority).bytes,
            flags: overrides || replaced != nil ? .override : [], origin: module.map { HookOrigin(module: $0, replaces: replaced) }
        ))
    }

    static func module(_ name: String, overrides: Bool = false, module: String? = nil, replacing replaced: String? = nil) -> PlantedRoute {
        .encoded(RouteRecordCodec.encodeDeclaration(
            kind: .module, text: Array(name.utf8), flags: overrides || replaced != nil ? .override : [],
            origin: module.map { HookOrigin(module: $0, replaces: replaced) }
        ))
    }

    static func group(_ name: String) -> PlantedRoute {
        .encoded(RouteRecordCodec.encodeDeclaration(kind: .group, text: Array(name.utf8), flags: []))
    }

    static func routableProtocol(_ name: String) -> PlantedRoute {
        .encoded(RouteRecordCodec.encodeDeclaration(kind: .routableProtocol, text: Array(name.utf8), flags: []))
    }

    static func route(_ pattern: String, groups: [String]) -> PlantedRoute {
        .encoded(RouteRecordCodec.encodeRoute(kind: .cAction, flags: [], text: RecordText(pattern: pattern, groups: groups), compiledPattern: nil))
    }

    @Test("dump lists interceptors with their scope and priority, and modules, in tables of their own and in the JSON")
    func dump() throws {
        let scratch = try ScratchFolder()
        let file = try scratch.object("hooks", [
            Self.route("cart", groups: ["requiresLogin"]), Self.interceptor("login", .group("requiresLogin"), priority: 100),
            Self.module("AccountModule", overrides: true),
        ])
        let dump = try RouteDump(binaries: [file])
        #expect(dump.routeRows.map(\.pattern) == ["cart"])
        #expect(dump.interceptorRows.map(\.pattern) == ["login"])
        #expect(dump.interceptorRows.first?.scope == "group:requiresLogin")
        #expect(dump.interceptorRows.first?.priority == 100)
        #expect(dump.moduleRows.map(\.pattern) == ["AccountModule"])
        #expect(dump.moduleRows.first?.kind == "module")
        let table = try dump.text(.table).split(separator: "\n").map(String.init)
        #expect(table.contains { $0.hasPrefix("INTERCEPTOR  SCOPE                PRIORITY  SYMBOL") }, "\(table)")
        #expect(table.contains { $0.hasPrefix("login        group:requiresLogin  100") }, "\(table)")
        #expect(table.contains { $0.hasPrefix("MODULE                    SYMBOL") }, "\(table)")
        #expect(table.contains { $0.hasPrefix("AccountModule (override)  ") }, "\(table)")
        let tree = try dump.text(.tree).split(separator: "\n").map(String.init)
        #expect(tree.contains { $0.hasPrefix("interceptor  login  group:requiresLogin  priority 100  ") })
        #expect(tree.contains { $0.hasPrefix("module  AccountModule  ") })
        let json = try dump.text(.json)
        #expect(json.contains(#""kind":"interceptor""#) || json.contains(#""kind" : "interceptor""#))
    }

    @Test("check reports an interceptor scope no route is in: a group no route names, a pattern that matches no route")
    func scopes() throws {
        let scratch = try ScratchFolder()
        let file = try scratch.object("scopes", [
            Self.route("cart", groups: ["requiresLogin"]), PlantedRoute("account/profile/<int:id>"),
            Self.interceptor("login", .group("requiresLogin")), Self.interceptor("beta", .group("labs")),
            Self.interceptor("profiles", .pattern("account/**")), Self.interceptor("orders", .pattern("orders/:id")),
            Self.interceptor("everything", .all), Self.group("requiresLogin"), Self.group("labs"),
        ])
        let check = try RouteCheck(binaries: [file])
        #expect(check.problems.map(\.kind) == [.unmatchedScope, .unmatchedScope])
        #expect(check.problems.map(\.message) == [
            "interceptor 'beta': its scope, group 'labs', has no route: no route record names the group",
            "interceptor 'orders': its scope, pattern 'orders/:id', matches no route",
        ])
        #expect(check.summary == "2 problem(s) in 9 records")
    }

    @Test("check reports a routable protocol with no provider, a protocol offered or implemented but declared nowhere, and a group declared nowhere")
    func declarations() throws {
        let scratch = try ScratchFolder()
        var offering = PlantedRoute("note/edit")
        offering.bytes = RouteRecordCodec.encodeRoute(kind: .page, flags: [], text: RecordText(pattern: "note/edit"), compiledPattern: nil, declaredProtocol: "NoteEditing")
        let file = try scratch.object("declarations", [
            Self.routableProtocol("Notes.NoteEditing"), Self.routableProtocol("Payments"), offering, .service("ShopInterfaces.SessionService"),
            Self.group("requiresLogin"), Self.route("cart", groups: ["requiresLogni"]), Self.interceptor("login", .group("requiresLogin")),
            Self.interceptor("beta", .group("lab")),
        ])
        let check = try RouteCheck(binaries: [file])
        let declarations = check.problems.filter { [.protocolWithoutProvider, .undeclaredProtocol, .unknownGroup].contains($0.kind) }
        #expect(declarations.map(\.kind) == [.protocolWithoutProvider, .undeclaredProtocol, .unknownGroup, .unknownGroup])
        let messages = declarations.map(\.message)
        #expect(messages[0] == (
            "routable protocol 'Payments' has no provider in the linked modules: no @Routable(as:) page offers it and no @RoutableService implements it; link the module that provides it, or remove the declaration"
        ))
        #expect(messages[1] == (
            "a service implements 'ShopInterfaces.SessionService', a protocol no linked module declares routable; declare it where it is declared, or in a module that sees it: #routableProtocol((any ShopInterfaces.SessionService).self)"
        ))
        #expect(messages[2] == (
            "group 'requiresLogni' of route 'cart' is declared nowhere in the linked modules; declare it once, 'extension RouteGroup { @DeclaredGroup static var requiresLogni: RouteGroup }', and name it '.requiresLogni'"
        ))
        #expect(messages[3].hasPrefix("group 'lab' of interceptor 'beta' is declared nowhere"))
    }

    @Test("check reports a scope with a typo: 'setting/**' for the 'settings/**' routes matches no route")
    func scopeTypo() throws {
        let scratch = try ScratchFolder()
        let app = try scratch.object("app", [
            PlantedRoute("settings/profile"), PlantedRoute("settings/password"),
            Self.interceptor("Shop.SignInGuard", .pattern("setting/**"), priority: 100, module: "Shop"),
        ], program: true)
        let check = try RouteCheck(binaries: [app])
        #expect(check.hasProblems)
        #expect(check.problems.map(\.description) == [
            "\(app) at 0x140: interceptor 'Shop.SignInGuard': its scope, pattern 'setting/**', matches no route",
        ])
    }

    @Test("check applies the override rule to interceptors and modules by name: two unmarked of one name are a duplicate; modules' of one type name in two modules are two")
    func duplicates() throws {
        let scratch = try ScratchFolder()
        let library = try scratch.object("library", [
            PlantedRoute("a"), Self.interceptor("login", .all, module: "Auth"), Self.module("Auth.AppModule", module: "Auth"), Self.module("CartModule"),
        ])
        let app = try scratch.object("app", [Self.interceptor("login", .all, module: "Shop"), Self.module("Shop.AppModule", module: "Shop"), Self.module("CartModule")])
        let check = try RouteCheck(binaries: [library, app])
        #expect(check.problems.map(\.kind) == [.duplicateHook, .duplicateHook], "\(check.text)")
        let interceptor = try #require(check.problems.first?.message)
        #expect(interceptor.hasPrefix("duplicate interceptor 'login': 2 records of one name, none marked as an override: 'login' in \(library) at offset 0xc0; 'login' in \(app) at offset 0x40"))
        #expect(interceptor.hasSuffix("none is added, and the routes in their scopes refuse to open (give them different names, or make one replace the other: overrides: \"Module.Name\")"))
        // Two modules' AppModules are two set-ups; two records of one bare name (older macros) are a contest.
        let module = try #require(check.problems.last?.message)
        #expect(module.hasPrefix("duplicate module 'CartModule': 2 records of one name"), "\(module)")
        #expect(module.hasSuffix("none runs, and the routes of their modules refuse to open (make one replace the other: overrides: \"Module.Name\")"))
        #expect(try RouteCheck(binaries: [library]).problems.isEmpty)
    }

    @Test("an overrides: true outside the executable is refused and reported; from the executable it is taken, and reported until expected")
    func unnamedOverrides() throws {
        let scratch = try ScratchFolder()
        let library = try scratch.object("libAudit.so", [PlantedRoute("a"), Self.interceptor("audit", .all, overrides: true, module: "AuditKit")])
        let program = try scratch.object("app", [PlantedRoute("b"), Self.interceptor("audit", .all, module: "Shop")], program: true)
        let refused = try RouteCheck(binaries: [program, library])
        #expect(refused.problems.map(\.kind) == [.refusedOverride], "\(refused.text)")
        #expect(refused.problems.first?.message.hasPrefix("override refused: interceptor 'audit' in \(library) at offset 0xc0 is marked 'overrides: true' but names no interceptor it replaces and is not in the program's executable") == true)
        // Alone, an override replaces nothing, and is no problem.
        #expect(try RouteCheck(binaries: [library]).problems.isEmpty)

        let appOverride = try scratch.object("app-override", [PlantedRoute("b"), Self.interceptor("audit", .all, overrides: true, module: "Shop")], program: true)
        let dependency = try scratch.object("libDependency.so", [PlantedRoute("a"), Self.interceptor("audit", .all, module: "AuditKit")])
        let taken = try RouteCheck(binaries: [appOverride, dependency])
        #expect(taken.problems.map(\.kind) == [.hookOverridden], "\(taken.text)")
        #expect(taken.problems.first?.message == "interceptor 'audit' in \(dependency) at offset 0xc0 is overridden by 'audit' in \(appOverride) at offset 0xc0")
        let expected = try RouteCheck(binaries: [appOverride, dependency], expectedOverrides: ["audit"])
        #expect(expected.problems.isEmpty)
        #expect(expected.text.split(separator: "\n").first == "note: \(dependency) at 0xc0: interceptor 'audit' in \(dependency) at offset 0xc0 is overridden by 'audit' in \(appOverride) at offset 0xc0")
    }

    @Test("a named override replaces the hook it names from any file; one that names no hook is reported")
    func namedOverrides() throws {
        let scratch = try ScratchFolder()
        let auth = try scratch.object("libAuth.so", [PlantedRoute("a"), Self.interceptor("Auth.LoginInterceptor", .all, module: "Auth")])
        let shop = try scratch.object("libShop.so", [
            Self.interceptor("Shop.LoginInterceptor", .all, module: "Shop", replacing: "Auth.LoginInterceptor"),
            Self.module("Shop.AppModule", module: "Shop", replacing: "Auth.AuthModule"),
        ])
        let check = try RouteCheck(binaries: [auth, shop], expectedOverrides: ["Auth.LoginInterceptor"])
        #expect(check.problems.map(\.kind) == [.unknownOverrideTarget], "\(check.text)")
        #expect(check.problems.first?.message.hasSuffix("replaces 'Auth.AuthModule', which no module declares: it is run and replaces nothing (name the module by its module and name, such as \"Auth.LoginInterceptor\")") == true)
        #expect(check.overrides.map(\.kind) == [.hookOverridden])
        #expect(check.overrides.first?.subject == "Auth.LoginInterceptor")
    }
}
