import SwiftSyntaxMacrosGenericTestSupport
import Testing

struct RouteMacroTests {
    @Test("a synchronous action becomes a record whose accessor makes a RouteAction")
    func syncAction() {
        assertExpansion(
            #"""
            #route("share/:text", exposure: .external, summary: "Share a text") { parameters in
                "shared \(try parameters.string("text"))"
            }
            """#,
            expandedSource: #"""
            @used @section("linkrouter_routes") private nonisolated let __macro_local_5routefMu_: LinkRouter.__RouteRecord<12> = (
                header: [0x0021_0001_526B6E4C, 0x0000_0019_6163746E], // flags, version 1, magic; text length, kind 'actn'
                accessor: { __value, __type, _ in LinkRouter.__storeAction(LinkRouter.RouteAction({ parameters in
                "shared \(try parameters.string("text"))"
            }), to: __value, ifExpected: __type) },
                layout: 0x0,
                body: [0x743A2F6572616873, 0x6168530000747865, 0x7865742061206572, 0x5000000000274, 0xB00070001, 0x0, // text: "share/:text\0\0Share a text", then its compiled pattern
                       0x0, 0x0, 0x0, 0x0, 0x0, 0x0]
            )
            """#
        )
    }

    @Test("an action marked overrides: true has flag bit 4 (0x10)")
    func overridingAction() {
        assertExpansion(
            """
            #route("cart/add", overrides: true) { _ in nil }
            """,
            expandedSource: """
            @used @section("linkrouter_routes") private nonisolated let __macro_local_5routefMu_: LinkRouter.__RouteRecord<12> = (
                header: [0x0030_0001_526B6E4C, 0x0000_0008_6163746E], // flags, version 1, magic; text length, kind 'actn'
                accessor: { __value, __type, _ in LinkRouter.__storeAction(LinkRouter.RouteAction({ _ in nil }), to: __value, ifExpected: __type) },
                layout: 0x0,
                body: [0x6464612F74726163, 0x40000000002, 0x8000500, 0x0, 0x0, 0x0, // text: "cart/add", then its compiled pattern
                       0x0, 0x0, 0x0, 0x0, 0x0, 0x0]
            )
            """
        )
    }

    @Test("an async action passed as the action argument, with groups")
    func asyncAction() {
        assertExpansion(
            """
            #route("double/<int:n>", groups: ["math"], action: { parameters async throws in await double(try parameters.int("n")) })
            """,
            expandedSource: """
            @used @section("linkrouter_routes") private nonisolated let __macro_local_5routefMu_: LinkRouter.__RouteRecord<12> = (
                header: [0x0020_0001_526B6E4C, 0x0000_0013_6163746E], // flags, version 1, magic; text length, kind 'actn'
                accessor: { __value, __type, _ in LinkRouter.__storeAction(LinkRouter.RouteAction({ parameters async throws in await double(try parameters.int("n")) }), to: __value, ifExpected: __type) },
                layout: 0x0,
                body: [0x3C2F656C62756F64, 0x6D003E6E3A746E69, 0x2687461, 0xD000C00020006, 0x0, 0x0, // text: "double/<int:n>\\0math", then its compiled pattern
                       0x0, 0x0, 0x0, 0x0, 0x0, 0x0]
            )
            """
        )
    }

    @Test("the text counts UTF-8 bytes; the comment shows it escaped")
    func utf8Summary() {
        assertExpansion(
            #"""
            #route("a", summary: "Grüße \"x\"") { _ in nil }
            """#,
            expandedSource: #"""
            @used @section("linkrouter_routes") private nonisolated let __macro_local_5routefMu_: LinkRouter.__RouteRecord<12> = (
                header: [0x0020_0001_526B6E4C, 0x0000_000E_6163746E], // flags, version 1, magic; text length, kind 'actn'
                accessor: { __value, __type, _ in LinkRouter.__storeAction(LinkRouter.RouteAction({ _ in nil }), to: __value, ifExpected: __type) },
                layout: 0x0,
                body: [0xC3BCC37247000061, 0x122782220659F, 0x1000000, 0x0, 0x0, 0x0, // text: "a\0\0Grüße \"x\"", then its compiled pattern
                       0x0, 0x0, 0x0, 0x0, 0x0, 0x0]
            )
            """#
        )
    }

    @Test("two actions in one file get distinct names")
    func uniqueNames() {
        assertExpansion(
            """
            #route("a") { _ in nil }
            #route("b", action: handleB)
            """,
            expandedSource: """
            @used @section("linkrouter_routes") private nonisolated let __macro_local_5routefMu_: LinkRouter.__RouteRecord<12> = (
                header: [0x0020_0001_526B6E4C, 0x0000_0001_6163746E], // flags, version 1, magic; text length, kind 'actn'
                accessor: { __value, __type, _ in LinkRouter.__storeAction(LinkRouter.RouteAction({ _ in nil }), to: __value, ifExpected: __type) },
                layout: 0x0,
                body: [0x1000000000161, 0x0, 0x0, 0x0, 0x0, 0x0, // text: "a", then its compiled pattern
                       0x0, 0x0, 0x0, 0x0, 0x0, 0x0]
            )
            @used @section("linkrouter_routes") private nonisolated let __macro_local_5routefMu0_: LinkRouter.__RouteRecord<12> = (
                header: [0x0020_0001_526B6E4C, 0x0000_0001_6163746E], // flags, version 1, magic; text length, kind 'actn'
                accessor: { __value, __type, _ in LinkRouter.__storeAction(LinkRouter.RouteAction(handleB), to: __value, ifExpected: __type) },
                layout: 0x0,
                body: [0x1000000000162, 0x0, 0x0, 0x0, 0x0, 0x0, // text: "b", then its compiled pattern
                       0x0, 0x0, 0x0, 0x0, 0x0, 0x0]
            )
            """
        )
    }

    @Test("in main.swift the record is the static member of a private enum, so top-level code does not warn")
    func mainFile() {
        assertExpansion(
            """
            #route("ping") { _ in "pong" }
            """,
            expandedSource: """
            private enum __macro_local_5routefMu_ {
                @used @section("linkrouter_routes") nonisolated static let record: LinkRouter.__RouteRecord<12> = (
                    header: [0x0020_0001_526B6E4C, 0x0000_0004_6163746E], // flags, version 1, magic; text length, kind 'actn'
                    accessor: { __value, __type, _ in LinkRouter.__storeAction(LinkRouter.RouteAction({ _ in "pong" }), to: __value, ifExpected: __type) },
                    layout: 0x0,
                    body: [0x1676E6970, 0x400, 0x0, 0x0, 0x0, 0x0, // text: "ping", then its compiled pattern
                           0x0, 0x0, 0x0, 0x0, 0x0, 0x0]
                )
            }
            """,
            testFileName: "main.swift"
        )
    }

    @Test("a malformed pattern is an error at the offending character")
    func malformedPattern() {
        assertExpansion(
            """
            #route("files/**/x") { _ in nil }
            """,
            expandedSource: "",
            diagnostics: [
                DiagnosticSpec(message: "invalid route pattern at column 7 ('*'): '**' and <path:...> must be the last segment", line: 1, column: 15),
            ]
        )
    }

    @Test("an interpolated pattern and a group with ',' are errors")
    func nonLiteralArguments() {
        assertExpansion(
            #"""
            #route("share/\(kind)", groups: ["a,b"]) { _ in nil }
            """#,
            expandedSource: "",
            diagnostics: [
                DiagnosticSpec(message: "the route pattern must be a string literal without interpolation", line: 1, column: 8),
                DiagnosticSpec(message: "a group name cannot contain ','", line: 1, column: 36),
            ]
        )
    }

    @Test("text longer than 1,024 bytes is an error")
    func textTooLong() {
        assertExpansion(
            """
            #route("a", groups: ["\(String(repeating: "g", count: 1024))"]) { _ in nil }
            """,
            expandedSource: "",
            diagnostics: [
                DiagnosticSpec(message: "the route's text takes 1026 bytes (pattern 1, groups 1024, separators 1); a route record holds at most 1024", line: 1, column: 21),
            ]
        )
    }

    @Test("an action without a closure is an error")
    func missingAction() {
        assertExpansion(
            """
            #route("a")
            """,
            expandedSource: "",
            diagnostics: [
                DiagnosticSpec(message: "expected an action: 'action: { parameters in ... }'", line: 1, column: 1),
            ]
        )
    }

    @Test("in a type the record is a private static member, so other files' compile jobs need not expand it")
    func inType() {
        assertExpansion(
            """
            enum CartActions {
                #route("cart/clear") { _ in clear() }
                static func clear() -> String { "cleared" }
            }
            """,
            expandedSource: """
            enum CartActions {
                @used @section("linkrouter_routes") private nonisolated static let __macro_local_5routefMu_: LinkRouter.__RouteRecord<12> = (
                    header: [0x0020_0001_526B6E4C, 0x0000_000A_6163746E], // flags, version 1, magic; text length, kind 'actn'
                    accessor: { __value, __type, _ in LinkRouter.__storeAction(LinkRouter.RouteAction({ _ in clear() }), to: __value, ifExpected: __type) },
                    layout: 0x0,
                    body: [0x656C632F74726163, 0x400000000027261, 0xA0005000000, 0x0, 0x0, 0x0, // text: "cart/clear", then its compiled pattern
                           0x0, 0x0, 0x0, 0x0, 0x0, 0x0]
                )
                static func clear() -> String { "cleared" }
            }
            """
        )
    }

    @Test("a page type given as page: becomes a page record, its options in the flags")
    func pageAtFileScope() {
        assertExpansion(
            """
            #route("account/profile/:user", exposure: .external, openStyle: .present, summary: "Profile", page: ProfilePage.self)
            """,
            expandedSource: """
            @used @section("linkrouter_routes") private nonisolated let __macro_local_5routefMu_: LinkRouter.__RouteRecord<12> = (
                header: [0x0025_0001_526B6E4C, 0x0000_001E_70616765], // flags, version 1, magic; text length, kind 'page'
                accessor: { __value, __type, _ in LinkRouter.__storePage(ProfilePage.self, to: __value, ifExpected: __type) },
                layout: 0x0,
                body: [0x2F746E756F636361, 0x2F656C69666F7270, 0x500000726573753A, 0x3656C69666F72, 0x800000007000000, 0x1500110001000F00, // text: "account/profile/:user\\0\\0Profile", then its compiled pattern
                       0x0, 0x0, 0x0, 0x0, 0x0, 0x0]
            )
            """
        )
    }

    @Test("a page route in a type is a private static member; a qualified type is kept whole")
    func pageInType() {
        assertExpansion(
            """
            enum AccountRoutes {
                #route("login", page: AccountFeature.LoginPage.self)
            }
            """,
            expandedSource: """
            enum AccountRoutes {
                @used @section("linkrouter_routes") private nonisolated static let __macro_local_5routefMu_: LinkRouter.__RouteRecord<12> = (
                    header: [0x0020_0001_526B6E4C, 0x0000_0005_70616765], // flags, version 1, magic; text length, kind 'page'
                    accessor: { __value, __type, _ in LinkRouter.__storePage(AccountFeature.LoginPage.self, to: __value, ifExpected: __type) },
                    layout: 0x0,
                    body: [0x16E69676F6C, 0x50000, 0x0, 0x0, 0x0, 0x0, // text: "login", then its compiled pattern
                           0x0, 0x0, 0x0, 0x0, 0x0, 0x0]
                )
            }
            """
        )
    }

    @Test("a page must be written as Type.self, and a page's route takes no action")
    func pageErrors() {
        assertExpansion(
            """
            #route("a", page: pageType)
            #route("b", page: B.self) { _ in nil }
            """,
            expandedSource: "",
            diagnostics: [
                DiagnosticSpec(message: "write the page type as 'Type.self'", line: 1, column: 19),
                DiagnosticSpec(message: "a page's route takes no action", line: 2, column: 27),
            ]
        )
    }

    @Test("in an extension nested in a struct's extension, the record is a member too")
    func inNestedExtension() {
        assertExpansion(
            """
            extension Shop {
                struct Actions {
                    #route("ping") { _ in "pong" }
                }
            }
            """,
            expandedSource: """
            extension Shop {
                struct Actions {
                    @used @section("linkrouter_routes") private nonisolated static let __macro_local_5routefMu_: LinkRouter.__RouteRecord<12> = (
                        header: [0x0020_0001_526B6E4C, 0x0000_0004_6163746E], // flags, version 1, magic; text length, kind 'actn'
                        accessor: { __value, __type, _ in LinkRouter.__storeAction(LinkRouter.RouteAction({ _ in "pong" }), to: __value, ifExpected: __type) },
                        layout: 0x0,
                        body: [0x1676E6970, 0x400, 0x0, 0x0, 0x0, 0x0, // text: "ping", then its compiled pattern
                               0x0, 0x0, 0x0, 0x0, 0x0, 0x0]
                    )
                }
            }
            """
        )
    }

    @Test("#route in a function, a closure, a protocol or a generic type is an error: a record is stored")
    func notStorable() {
        let message = "#route declares a stored route record; use it at file scope or in a non-generic type, not inside a function, closure or protocol"
        assertExpansion(
            """
            func setUp() {
                #route("a") { _ in nil }
            }
            """,
            expandedSource: """
            func setUp() {
            }
            """,
            diagnostics: [DiagnosticSpec(message: message, line: 2, column: 5)]
        )
        assertExpansion(
            """
            protocol Actions {
                #route("a") { _ in nil }
            }
            """,
            expandedSource: """
            protocol Actions {
            }
            """,
            diagnostics: [DiagnosticSpec(message: message, line: 2, column: 5)]
        )
        assertExpansion(
            """
            enum Actions<Value> {
                #route("a") { _ in nil }
            }
            """,
            expandedSource: """
            enum Actions<Value> {
            }
            """,
            diagnostics: [DiagnosticSpec(message: message, line: 2, column: 5)]
        )
    }
}
