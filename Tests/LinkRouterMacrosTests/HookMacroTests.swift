import SwiftSyntaxMacrosGenericTestSupport
import Testing

struct HookMacroTests {
    @Test("an interceptor becomes an 'icpt' record named by its module-qualified type, with its scope, priority and declaring module, made with init(), and a RouteInterceptor conformance")
    func interceptor() {
        assertExpansion(
            """
            @RouteInterceptor(scope: .group("requiresLogin"), priority: 100)
            struct LoginInterceptor {}
            """,
            expandedSource: """
            struct LoginInterceptor {}

            extension LoginInterceptor: LinkRouter.RouteInterceptor {
                @used @section("linkrouter_routes") nonisolated static let __linkRouterInterceptor: LinkRouter.__RouteRecord<12> = (
                    header: [0x0400_0001_526B6E4C, 0x0000_0033_69637074], // flags, version 1, magic; text length, kind 'icpt'
                    accessor: { __value, __type, _ in LinkRouter.__storeInterceptor(LoginInterceptor.self, to: __value, ifExpected: __type) { LoginInterceptor() } },
                    layout: 0x0,
                    body: [0x75646F4D74736554, 0x6E69676F4C2E656C, 0x7065637265746E49, 0x756F726700726F74, 0x7269757165723A70, 0x6E69676F4C7365, // text: "TestModule.LoginInterceptor", "group:requiresLogin", 100; declared in TestModule
                           0x747365540A303031, 0x656C75646F4D, 0x0, 0x0, 0x0, 0x0]
                )
            }
            """,
            conformances: ["RouteInterceptor"]
        )
    }

    @Test("a name, a pattern scope, a negative priority and overrides: true (flag bit 4); a declared conformance is not repeated")
    func namedPatternOverride() {
        assertExpansion(
            """
            @RouteInterceptor(name: "audit", scope: .pattern("account/**"), priority: -5, overrides: true)
            struct AuditInterceptor: RouteInterceptor {}
            """,
            expandedSource: """
            struct AuditInterceptor: RouteInterceptor {}

            extension AuditInterceptor {
                @used @section("linkrouter_routes") nonisolated static let __linkRouterInterceptor: LinkRouter.__RouteRecord<12> = (
                    header: [0x0410_0001_526B6E4C, 0x0000_001B_69637074], // flags, version 1, magic; text length, kind 'icpt'
                    accessor: { __value, __type, _ in LinkRouter.__storeInterceptor(AuditInterceptor.self, to: __value, ifExpected: __type) { AuditInterceptor() } },
                    layout: 0x0,
                    body: [0x6170007469647561, 0x63613A6E72657474, 0x2A2A2F746E756F63, 0x747365540A352D00, 0x656C75646F4D, 0x0, // text: "audit", "pattern:account/**", -5; declared in TestModule
                           0x0, 0x0, 0x0, 0x0, 0x0, 0x0]
                )
            }
            """,
            conformances: []
        )
    }

    @Test("without arguments an interceptor sees every open at priority 0")
    func defaults() {
        assertExpansion(
            """
            @RouteInterceptor
            struct Everything: RouteInterceptor {}
            """,
            expandedSource: """
            struct Everything: RouteInterceptor {}

            extension Everything {
                @used @section("linkrouter_routes") nonisolated static let __linkRouterInterceptor: LinkRouter.__RouteRecord<12> = (
                    header: [0x0400_0001_526B6E4C, 0x0000_001B_69637074], // flags, version 1, magic; text length, kind 'icpt'
                    accessor: { __value, __type, _ in LinkRouter.__storeInterceptor(Everything.self, to: __value, ifExpected: __type) { Everything() } },
                    layout: 0x0,
                    body: [0x75646F4D74736554, 0x79726576452E656C, 0x6C6100676E696874, 0x747365540A30006C, 0x656C75646F4D, 0x0, // text: "TestModule.Everything", "all", 0; declared in TestModule
                           0x0, 0x0, 0x0, 0x0, 0x0, 0x0]
                )
            }
            """,
            conformances: []
        )
    }

    @Test("a scope that is not a literal case, an interpolated group, a bad pattern, a priority that is not an integer literal and an unknown argument are errors")
    func badInterceptorArguments() {
        let scopeMessage = #"write the scope as '.all', '.group(.declaredGroup)', '.group("name")' or '.pattern("pattern")' with a string literal"#
        assertExpansion(
            """
            @RouteInterceptor(scope: someScope, priority: level)
            struct A: RouteInterceptor {}
            @RouteInterceptor(scope: .group("\\(name)"), priority: 1.5)
            struct B: RouteInterceptor {}
            @RouteInterceptor(scope: .pattern("user/<int:>"), summary: "x")
            struct C: RouteInterceptor {}
            """,
            expandedSource: """
            struct A: RouteInterceptor {}
            struct B: RouteInterceptor {}
            struct C: RouteInterceptor {}
            """,
            diagnostics: [
                DiagnosticSpec(message: scopeMessage, line: 1, column: 26),
                DiagnosticSpec(message: "write the priority as an integer literal, such as '100' or '-1'", line: 1, column: 47),
                DiagnosticSpec(message: "the group must be a non-empty string literal without interpolation", line: 3, column: 33),
                DiagnosticSpec(message: "write the priority as an integer literal, such as '100' or '-1'", line: 3, column: 55),
                DiagnosticSpec(message: "invalid route pattern at column 11: expected a parameter name (letters, digits and _, not starting with a digit)", line: 5, column: 35),
                DiagnosticSpec(message: #"unexpected argument 'summary: "x"'"#, line: 5, column: 51),
            ],
            conformances: []
        )
    }

    @Test("an empty or non-literal name is an error; a too long name and scope are an error naming their size")
    func badNames() {
        let long = String(repeating: "n", count: 1020)
        assertExpansion(
            """
            @RouteInterceptor(name: "")
            struct A: RouteInterceptor {}
            @RouteInterceptor(name: someName)
            struct B: RouteInterceptor {}
            @RouteInterceptor(name: "\(long)")
            struct C: RouteInterceptor {}
            """,
            expandedSource: """
            struct A: RouteInterceptor {}
            struct B: RouteInterceptor {}
            struct C: RouteInterceptor {}
            """,
            diagnostics: [
                DiagnosticSpec(message: "the interceptor's name must be a non-empty string literal without interpolation", line: 1, column: 25),
                DiagnosticSpec(message: "the interceptor's name must be a non-empty string literal without interpolation", line: 3, column: 25),
                DiagnosticSpec(message: "the interceptor's name and scope take 1026 bytes; its record holds at most 1024", line: 5, column: 1),
            ],
            conformances: []
        )
    }

    @Test("an interceptor must be a non-generic struct, class or actor at file scope")
    func interceptorPlacement() {
        assertExpansion(
            """
            @RouteInterceptor
            enum E {}
            @RouteInterceptor
            struct G<T> {}
            """,
            expandedSource: """
            enum E {}
            struct G<T> {}
            """,
            diagnostics: [
                DiagnosticSpec(message: "@RouteInterceptor applies to a struct, a class or an actor", line: 1, column: 1),
                DiagnosticSpec(message: "@RouteInterceptor cannot be applied to a generic type; an interceptor record names one concrete type", line: 4, column: 9),
            ],
            conformances: []
        )
    }

    @Test("a module becomes a 'modl' record of its module-qualified type name and declaring module, and a RouterModule conformance; an enum is accepted")
    func module() {
        assertExpansion(
            """
            @RouterModule
            enum AccountModule {}
            """,
            expandedSource: """
            enum AccountModule {}

            extension AccountModule: LinkRouter.RouterModule {
                @used @section("linkrouter_routes") nonisolated static let __linkRouterModule: LinkRouter.__RouteRecord<12> = (
                    header: [0x0400_0001_526B6E4C, 0x0000_0018_6D6F646C], // flags, version 1, magic; text length, kind 'modl'
                    accessor: { __value, __type, _ in LinkRouter.__storeModule(AccountModule.self, to: __value, ifExpected: __type) },
                    layout: 0x0,
                    body: [0x75646F4D74736554, 0x756F6363412E656C, 0x656C75646F4D746E, 0x646F4D747365540A, 0x656C75, 0x0, // text: "TestModule.AccountModule"; declared in TestModule
                           0x0, 0x0, 0x0, 0x0, 0x0, 0x0]
                )
            }
            """,
            conformances: ["RouterModule"]
        )
    }

    @Test("a module marked overrides: true sets flag bit 4; a non-literal overrides and an unknown argument are errors")
    func moduleArguments() {
        assertExpansion(
            """
            @RouterModule(overrides: true)
            struct AccountModule: RouterModule {}
            @RouterModule(overrides: flag)
            struct B: RouterModule {}
            @RouterModule(priority: 1)
            struct C: RouterModule {}
            """,
            expandedSource: """
            struct AccountModule: RouterModule {}
            struct B: RouterModule {}
            struct C: RouterModule {}

            extension AccountModule {
                @used @section("linkrouter_routes") nonisolated static let __linkRouterModule: LinkRouter.__RouteRecord<12> = (
                    header: [0x0410_0001_526B6E4C, 0x0000_0018_6D6F646C], // flags, version 1, magic; text length, kind 'modl'
                    accessor: { __value, __type, _ in LinkRouter.__storeModule(AccountModule.self, to: __value, ifExpected: __type) },
                    layout: 0x0,
                    body: [0x75646F4D74736554, 0x756F6363412E656C, 0x656C75646F4D746E, 0x646F4D747365540A, 0x656C75, 0x0, // text: "TestModule.AccountModule"; declared in TestModule
                           0x0, 0x0, 0x0, 0x0, 0x0, 0x0]
                )
            }
            """,
            diagnostics: [
                DiagnosticSpec(message: "write 'overrides' as 'true', 'false' or the module-qualified name of the hook it replaces, such as \"Auth.LoginInterceptor\"", line: 3, column: 26),
                DiagnosticSpec(message: "unexpected argument 'priority: 1'", line: 5, column: 15),
            ],
            conformances: []
        )
    }

    @Test("overrides: \"Module.Name\" writes the hook it replaces after the declaring module, with flag bit 4; a name without its module, or the hook's own, is an error")
    func namedOverride() {
        assertExpansion(
            """
            @RouteInterceptor(overrides: "Auth.LoginInterceptor")
            struct LoginInterceptor: RouteInterceptor {}
            @RouteInterceptor(overrides: "LoginInterceptor")
            struct A: RouteInterceptor {}
            @RouterModule(overrides: "TestModule.B")
            enum B: RouterModule {}
            """,
            expandedSource: """
            struct LoginInterceptor: RouteInterceptor {}
            struct A: RouteInterceptor {}
            enum B: RouterModule {}

            extension LoginInterceptor {
                @used @section("linkrouter_routes") nonisolated static let __linkRouterInterceptor: LinkRouter.__RouteRecord<12> = (
                    header: [0x0410_0001_526B6E4C, 0x0000_0021_69637074], // flags, version 1, magic; text length, kind 'icpt'
                    accessor: { __value, __type, _ in LinkRouter.__storeInterceptor(LoginInterceptor.self, to: __value, ifExpected: __type) { LoginInterceptor() } },
                    layout: 0x0,
                    body: [0x75646F4D74736554, 0x6E69676F4C2E656C, 0x7065637265746E49, 0x6C6C6100726F74, 0x6F4D747365540A30, 0x74754115656C7564, // text: "TestModule.LoginInterceptor", "all", 0; declared in TestModule, replaces Auth.LoginInterceptor
                           0x496E69676F4C2E68, 0x747065637265746E, 0x726F, 0x0, 0x0, 0x0]
                )
            }
            """,
            diagnostics: [
                DiagnosticSpec(message: #"name the hook this one replaces with its module, such as "Auth.LoginInterceptor": 'LoginInterceptor' names no module"#, line: 3, column: 30),
                DiagnosticSpec(message: "a hook cannot replace itself: 'TestModule.B' is this hook's own name", line: 5, column: 26),
            ],
            conformances: []
        )
    }
}

/// The declarations that are no routes: routable protocols and route groups.
struct DeclarationMacroTests {
    @Test("#routableProtocol declares a 'prot' record naming the protocol as written; its accessor names the protocol, so a misspelled one does not compile")
    func routableProtocol() {
        assertExpansion(
            """
            enum Contracts {
                #routableProtocol((any ShopInterfaces.SessionService).self)
            }
            """,
            expandedSource: """
            enum Contracts {
                @used @section("linkrouter_routes") private nonisolated static let __macro_local_16routableProtocolfMu_: LinkRouter.__RouteRecord<12> = (
                    header: [0x0000_0001_526B6E4C, 0x0000_001D_70726F74], // flags, version 1, magic; text length, kind 'prot'
                    accessor: { __value, __type, _ in
                            _ = (any ShopInterfaces.SessionService).self
                            return false
                        },
                    layout: 0x0,
                    body: [0x65746E49706F6853, 0x532E736563616672, 0x65536E6F69737365, 0x6563697672, 0x0, 0x0, // text: "ShopInterfaces.SessionService"
                           0x0, 0x0, 0x0, 0x0, 0x0, 0x0]
                )
            }
            """
        )
    }

    @Test("@DeclaredGroup makes the property the group of its name and declares a 'grup' record beside it")
    func declaredGroup() {
        assertExpansion(
            """
            extension RouteGroup {
                @DeclaredGroup static var requiresLogin: RouteGroup
            }
            """,
            expandedSource: """
            extension RouteGroup {
                static var requiresLogin: RouteGroup {
                get { LinkRouter.RouteGroup("requiresLogin") }
                }

                @used @section("linkrouter_routes") private nonisolated static let __linkRouterGroup_requiresLogin: LinkRouter.__RouteRecord<12> = (
                    header: [0x0000_0001_526B6E4C, 0x0000_000D_67727570], // flags, version 1, magic; text length, kind 'grup'
                    accessor: { __value, __type, _ in false },
                    layout: 0x0,
                    body: [0x7365726975716572, 0x6E69676F4C, 0x0, 0x0, 0x0, 0x0, // text: "requiresLogin"
                           0x0, 0x0, 0x0, 0x0, 0x0, 0x0]
                )
            }
            """
        )
    }

    @Test("groups: takes declared groups by their members; a scope takes .group(.declared)")
    func typedGroups() {
        assertExpansion(
            """
            @RouteInterceptor(name: "login", scope: .group(.requiresLogin))
            struct LoginInterceptor: RouteInterceptor {}
            """,
            expandedSource: """
            struct LoginInterceptor: RouteInterceptor {}

            extension LoginInterceptor {
                @used @section("linkrouter_routes") nonisolated static let __linkRouterInterceptor: LinkRouter.__RouteRecord<12> = (
                    header: [0x0400_0001_526B6E4C, 0x0000_001B_69637074], // flags, version 1, magic; text length, kind 'icpt'
                    accessor: { __value, __type, _ in LinkRouter.__storeInterceptor(LoginInterceptor.self, to: __value, ifExpected: __type) { LoginInterceptor() } },
                    layout: 0x0,
                    body: [0x7267006E69676F6C, 0x757165723A70756F, 0x69676F4C73657269, 0x747365540A30006E, 0x656C75646F4D, 0x0, // text: "login", "group:requiresLogin", 0; declared in TestModule
                           0x0, 0x0, 0x0, 0x0, 0x0, 0x0]
                )
            }
            """,
            conformances: []
        )
        assertExpansion(
            """
            @Routable("cart", groups: [.requiresLogin, RouteGroup.vip])
            struct CartPage {}
            """,
            expandedSource: """
            struct CartPage {}

            extension CartPage: LinkRouter.Routable {
                nonisolated init?(parameters: LinkRouter.RouteParameters) throws {}
                /// A link to `cart`, each value percent-encoded.
                nonisolated static func link() -> LinkRouter.PageLink<CartPage> {
                    LinkRouter.PageLink(LinkRouter.RouteLink("cart", values: [:]))
                }
                @used @section("linkrouter_routes") nonisolated static let __linkRouterRecord: LinkRouter.__RouteRecord<12> = (
                    header: [0x0020_0001_526B6E4C, 0x0000_0016_70616765], // flags, version 1, magic; text length, kind 'page'
                    accessor: { __value, __type, _ in LinkRouter.__storePage(CartPage.self, to: __value, ifExpected: __type) },
                    layout: 0x0,
                    body: [0x7165720074726163, 0x676F4C7365726975, 0x17069762C6E69, 0x4000000, 0x0, 0x0, // text: "cart\\0requiresLogin,vip", then its compiled pattern
                           0x0, 0x0, 0x0, 0x0, 0x0, 0x0]
                )
            }
            """
        )
    }
}
