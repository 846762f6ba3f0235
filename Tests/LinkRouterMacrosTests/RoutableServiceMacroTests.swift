import SwiftSyntaxMacrosGenericTestSupport
import Testing

struct RoutableServiceMacroTests {
    @Test("a service becomes a record whose accessor checks the conformance, and a RoutableService conformance")
    func perRequestService() {
        assertExpansion(
            """
            @RoutableService((any SessionService).self)
            struct AccountSession: SessionService {}
            """,
            expandedSource: """
            struct AccountSession: SessionService {}

            extension AccountSession: LinkRouter.RoutableService {
                @used @section("linkrouter_routes") nonisolated static let __linkRouterService: LinkRouter.__RouteRecord<12> = (
                    header: [0x0000_0001_526B6E4C, 0x0000_000E_73727663], // flags, version 1, magic; text length, kind 'srvc'
                    accessor: { __value, __type, _ in
                        typealias __Implementation<__T: SessionService> = __T
                        return LinkRouter.__storeService(__Implementation<AccountSession>.self, as: (any SessionService).self, to: __value, ifExpected: __type) { $0 }
                    },
                    layout: 0x0,
                    body: [0x536E6F6973736553, 0x656369767265, 0x0, 0x0, 0x0, 0x0, // text: "SessionService"
                           0x0, 0x0, 0x0, 0x0, 0x0, 0x0]
                )
            }
            """,
            conformances: ["RoutableService"]
        )
    }

    @Test("overrides: true sets flag bit 4 (0x10) beside the lifetime's bit 3")
    func overridingService() {
        assertExpansion(
            """
            @RoutableService((any SessionService).self, lifetime: .shared, overrides: true)
            struct AccountSession: SessionService {}
            """,
            expandedSource: """
            struct AccountSession: SessionService {}

            extension AccountSession: LinkRouter.RoutableService {
                @used @section("linkrouter_routes") nonisolated static let __linkRouterService: LinkRouter.__RouteRecord<12> = (
                    header: [0x0018_0001_526B6E4C, 0x0000_000E_73727663], // flags, version 1, magic; text length, kind 'srvc'
                    accessor: { __value, __type, _ in
                        typealias __Implementation<__T: SessionService> = __T
                        return LinkRouter.__storeService(__Implementation<AccountSession>.self, as: (any SessionService).self, to: __value, ifExpected: __type) { $0 }
                    },
                    layout: 0x0,
                    body: [0x536E6F6973736553, 0x656369767265, 0x0, 0x0, 0x0, 0x0, // text: "SessionService"
                           0x0, 0x0, 0x0, 0x0, 0x0, 0x0]
                )
            }
            """,
            conformances: ["RoutableService"]
        )
    }

    @Test("a shared service sets flag bit 3; a qualified protocol is kept whole; a declared conformance is not repeated")
    func sharedQualifiedService() {
        assertExpansion(
            """
            @RoutableService(ShopInterfaces.SessionService.self, lifetime: .shared)
            final class AccountSession: ShopInterfaces.SessionService, RoutableService {
                init() {}
            }
            """,
            expandedSource: """
            final class AccountSession: ShopInterfaces.SessionService, RoutableService {
                init() {}
            }

            extension AccountSession {
                @used @section("linkrouter_routes") nonisolated static let __linkRouterService: LinkRouter.__RouteRecord<12> = (
                    header: [0x0008_0001_526B6E4C, 0x0000_001D_73727663], // flags, version 1, magic; text length, kind 'srvc'
                    accessor: { __value, __type, _ in
                        typealias __Implementation<__T: ShopInterfaces.SessionService> = __T
                        return LinkRouter.__storeService(__Implementation<AccountSession>.self, as: (any ShopInterfaces.SessionService).self, to: __value, ifExpected: __type) { $0 }
                    },
                    layout: 0x0,
                    body: [0x65746E49706F6853, 0x532E736563616672, 0x65536E6F69737365, 0x6563697672, 0x0, 0x0, // text: "ShopInterfaces.SessionService"
                           0x0, 0x0, 0x0, 0x0, 0x0, 0x0]
                )
            }
            """,
            conformances: []
        )
    }

    // The conformance is the compiler's to check: the expansion makes it check it, naming the type
    // and the protocol ("type 'Unrelated' does not conform to protocol 'SessionService'", shown by
    // EndToEndTests/CompileTimeCheckTests compiling this expansion). The macro itself cannot see
    // conformances, so it reports nothing here.
    @Test("a type that does not conform expands to the check the compiler fails: the alias's constraint")
    func nonConformingType() {
        assertExpansion(
            """
            @RoutableService(SessionService.self)
            actor Unrelated {}
            """,
            expandedSource: """
            actor Unrelated {}

            extension Unrelated: LinkRouter.RoutableService {
                @used @section("linkrouter_routes") nonisolated static let __linkRouterService: LinkRouter.__RouteRecord<12> = (
                    header: [0x0000_0001_526B6E4C, 0x0000_000E_73727663], // flags, version 1, magic; text length, kind 'srvc'
                    accessor: { __value, __type, _ in
                        typealias __Implementation<__T: SessionService> = __T
                        return LinkRouter.__storeService(__Implementation<Unrelated>.self, as: (any SessionService).self, to: __value, ifExpected: __type) { $0 }
                    },
                    layout: 0x0,
                    body: [0x536E6F6973736553, 0x656369767265, 0x0, 0x0, 0x0, 0x0, // text: "SessionService"
                           0x0, 0x0, 0x0, 0x0, 0x0, 0x0]
                )
            }
            """,
            conformances: ["RoutableService"]
        )
    }

    @Test("a type implementing two protocols gets a second record under a unique name and one conformance")
    func twoProtocols() {
        assertExpansion(
            """
            @RoutableService(Analytics.self)
            @RoutableService(Tracking.self, lifetime: .perRequest)
            struct Recorder {}
            """,
            expandedSource: """
            struct Recorder {}

            extension Recorder: LinkRouter.RoutableService {
                @used @section("linkrouter_routes") nonisolated static let __linkRouterService: LinkRouter.__RouteRecord<12> = (
                    header: [0x0000_0001_526B6E4C, 0x0000_0009_73727663], // flags, version 1, magic; text length, kind 'srvc'
                    accessor: { __value, __type, _ in
                        typealias __Implementation<__T: Analytics> = __T
                        return LinkRouter.__storeService(__Implementation<Recorder>.self, as: (any Analytics).self, to: __value, ifExpected: __type) { $0 }
                    },
                    layout: 0x0,
                    body: [0x636974796C616E41, 0x73, 0x0, 0x0, 0x0, 0x0, // text: "Analytics"
                           0x0, 0x0, 0x0, 0x0, 0x0, 0x0]
                )
            }

            extension Recorder {
                @used @section("linkrouter_routes") nonisolated static let __macro_local_19__linkRouterServicefMu_: LinkRouter.__RouteRecord<12> = (
                    header: [0x0000_0001_526B6E4C, 0x0000_0008_73727663], // flags, version 1, magic; text length, kind 'srvc'
                    accessor: { __value, __type, _ in
                        typealias __Implementation<__T: Tracking> = __T
                        return LinkRouter.__storeService(__Implementation<Recorder>.self, as: (any Tracking).self, to: __value, ifExpected: __type) { $0 }
                    },
                    layout: 0x0,
                    body: [0x676E696B63617254, 0x0, 0x0, 0x0, 0x0, 0x0, // text: "Tracking"
                           0x0, 0x0, 0x0, 0x0, 0x0, 0x0]
                )
            }
            """,
            conformances: ["RoutableService"]
        )
    }

    @Test("the protocol must be written as a type's .self; the lifetime as a literal", arguments: [
        ("sessionType", "write the service protocol as 'SessionService.self' or '(any SessionService).self', optionally qualified by its module", 18),
        ("SessionService.Type", "write the service protocol as 'SessionService.self' or '(any SessionService).self', optionally qualified by its module", 18),
        ("(any SessionService & Tracking).self", "write the service protocol as 'SessionService.self' or '(any SessionService).self', optionally qualified by its module", 18),
        ("Box<SessionService>.self", "write the service protocol as 'SessionService.self' or '(any SessionService).self', optionally qualified by its module", 18),
    ])
    func badProtocolArgument(argument: String, message: String, column: Int) {
        assertExpansion(
            """
            @RoutableService(\(argument))
            struct Session {}
            """,
            expandedSource: """
            struct Session {}

            extension Session: LinkRouter.RoutableService {}
            """,
            diagnostics: [DiagnosticSpec(message: message, line: 1, column: column)],
            conformances: ["RoutableService"]
        )
    }

    @Test("a non-literal lifetime and an unknown argument are errors")
    func badArguments() {
        assertExpansion(
            """
            @RoutableService(SessionService.self, lifetime: defaultLifetime, summary: "x")
            struct Session {}
            """,
            expandedSource: """
            struct Session {}

            extension Session: LinkRouter.RoutableService {}
            """,
            diagnostics: [
                DiagnosticSpec(message: "write the lifetime as '.perRequest' or '.shared'", line: 1, column: 49),
                DiagnosticSpec(message: #"unexpected argument 'summary: "x"'"#, line: 1, column: 66),
            ],
            conformances: ["RoutableService"]
        )
    }

    @Test("a protocol name longer than 96 bytes makes a version-2 service record")
    func longName() {
        let name = (0..<10).map { "Module\($0)" }.joined(separator: ".") + ".AVeryLongServiceProtocolName"
        assertExpansion(
            """
            @RoutableService(\(name).self)
            struct Session {}
            """,
            expandedSource: """
            struct Session {}

            extension Session: LinkRouter.RoutableService {
                @used @section("linkrouter_routes") nonisolated static let __linkRouterService: LinkRouter.__RouteRecord<28> = (
                    header: [0x0000_0002_526B6E4C, 0x006C_0002_73727663], // flags, version 2, magic; text length, block count, kind 'srvc'
                    accessor: { __value, __type, _ in
                        typealias __Implementation<__T: Module0.Module1.Module2.Module3.Module4.Module5.Module6.Module7.Module8.Module9.AVeryLongServiceProtocolName> = __T
                        return LinkRouter.__storeService(__Implementation<Session>.self, as: (any Module0.Module1.Module2.Module3.Module4.Module5.Module6.Module7.Module8.Module9.AVeryLongServiceProtocolName).self, to: __value, ifExpected: __type) { $0 }
                    },
                    layout: 0x0,
                    body: [0x2E30656C75646F4D, 0x2E31656C75646F4D, 0x2E32656C75646F4D, 0x2E33656C75646F4D, 0x2E34656C75646F4D, 0x2E35656C75646F4D, // text: "Module0.Module1.Module2.Module3.Module4.Module5.Module6.Module7.Module8.Module9.AVeryLongServiceProtocolName"
                           0x2E36656C75646F4D, 0x2E37656C75646F4D, 0x2E38656C75646F4D, 0x2E39656C75646F4D, 0x6E6F4C7972655641, 0x6563697672655367,
                           0x80010002526B6E4C, 0x6C6F636F746F7250, 0x656D614E, 0x0, 0x0, 0x0,
                           0x0, 0x0, 0x0, 0x0, 0x0, 0x0,
                           0x0, 0x0, 0x0, 0x0]
                )
            }
            """,
            conformances: ["RoutableService"]
        )
    }

    @Test("an enum, a generic type and a nested type are errors")
    func badDeclarations() {
        assertExpansion(
            """
            @RoutableService(SessionService.self)
            enum Session {}
            @RoutableService(SessionService.self)
            struct Box<Item> {}
            enum Services {
                @RoutableService(SessionService.self)
                struct Session {}
            }
            """,
            expandedSource: """
            enum Session {}
            struct Box<Item> {}
            enum Services {
                struct Session {}
            }
            """,
            diagnostics: [
                DiagnosticSpec(message: "@RoutableService applies to a struct, a class or an actor", line: 1, column: 1),
                DiagnosticSpec(message: "@RoutableService cannot be applied to a generic type; a service names one concrete implementation", line: 4, column: 11),
                DiagnosticSpec(message: "@RoutableService applies to a type declared at file scope, not inside another declaration", line: 6, column: 5),
            ],
            conformances: ["RoutableService"]
        )
    }

    @Test("a protocol name longer than 1,024 bytes is an error")
    func nameTooLong() {
        let name = (0..<120).map { "Module\($0)" }.joined(separator: ".") + ".AVeryLongServiceProtocolName"
        assertExpansion(
            """
            @RoutableService(\(name).self)
            struct Session {}
            """,
            expandedSource: """
            struct Session {}

            extension Session: LinkRouter.RoutableService {}
            """,
            diagnostics: [
                DiagnosticSpec(message: "the protocol's name takes 1118 bytes; a service record holds at most 1024", line: 1, column: 18),
            ],
            conformances: ["RoutableService"]
        )
    }
}
