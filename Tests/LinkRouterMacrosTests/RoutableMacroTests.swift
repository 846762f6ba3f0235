import SwiftSyntaxMacrosGenericTestSupport
import Testing

struct RoutableMacroTests {
    @Test("a page with only a pattern becomes a record and a conformance")
    func simplePage() {
        assertExpansion(
            """
            @Routable("user/:id")
            struct UserPage {
                init?(parameters: RouteParameters) throws {}
            }
            """,
            expandedSource: """
            struct UserPage {
                init?(parameters: RouteParameters) throws {}
            }

            extension UserPage: LinkRouter.Routable {
                /// A link to `user/:id`, each value percent-encoded.
                nonisolated static func link(id: String) -> LinkRouter.PageLink<UserPage> {
                    LinkRouter.PageLink(LinkRouter.RouteLink("user/:id", values: ["id": id]))
                }
                @used @section("linkrouter_routes") nonisolated static let __linkRouterRecord: LinkRouter.__RouteRecord<12> = (
                    header: [0x0020_0001_526B6E4C, 0x0000_0008_70616765], // flags, version 1, magic; text length, kind 'page'
                    accessor: { __value, __type, _ in LinkRouter.__storePage(UserPage.self, to: __value, ifExpected: __type) },
                    layout: 0x0,
                    body: [0x64693A2F72657375, 0x100040000000002, 0x8000600, 0x0, 0x0, 0x0, // text: "user/:id", then its compiled pattern
                           0x0, 0x0, 0x0, 0x0, 0x0, 0x0]
                )
            }
            """
        )
    }

    @Test("every option lands in the flags and the text")
    func pageWithAllOptions() {
        assertExpansion(
            """
            @Routable("user/<int:id>", exposure: .external, openStyle: .present, groups: ["requiresLogin", "vip"], summary: "User profile")
            final class UserPage {
            }
            """,
            expandedSource: """
            final class UserPage {
            }

            extension UserPage: LinkRouter.Routable {
                /// A link to `user/<int:id>`, each value percent-encoded.
                nonisolated static func link(id: Int) -> LinkRouter.PageLink<UserPage> {
                    LinkRouter.PageLink(LinkRouter.RouteLink("user/<int:id>", values: ["id": id]))
                }
                @used @section("linkrouter_routes") nonisolated static let __linkRouterRecord: LinkRouter.__RouteRecord<12> = (
                    header: [0x0025_0001_526B6E4C, 0x0000_002C_70616765], // flags, version 1, magic; text length, kind 'page'
                    accessor: { __value, __type, _ in LinkRouter.__storePage(UserPage.self, to: __value, ifExpected: __type) },
                    layout: 0x0,
                    body: [0x6E693C2F72657375, 0x6572003E64693A74, 0x6F4C736572697571, 0x7069762C6E6967, 0x6F72702072657355, 0x2656C6966, // text: "user/<int:id>\\0requiresLogin,vip\\0User profile", then its compiled pattern
                           0xC000A0002000400, 0x0, 0x0, 0x0, 0x0, 0x0]
                )
            }
            """
        )
    }

    @Test("a query contract follows the summary in the text, after an empty summary when there is none")
    func queryContract() {
        assertExpansion(
            """
            @Routable("u", query: ["p: int"], unknownQuery: .refuse)
            struct Page {
                init?(parameters: RouteParameters) throws {}
            }
            """,
            expandedSource: """
            struct Page {
                init?(parameters: RouteParameters) throws {}
            }

            extension Page: LinkRouter.Routable {
                /// A link to `u`, each value percent-encoded.
                nonisolated static func link(p: Int? = nil) -> LinkRouter.PageLink<Page> {
                    LinkRouter.PageLink(LinkRouter.RouteLink("u", values: [:], query: [("p", p)]))
                }
                @used @section("linkrouter_routes") nonisolated static let __linkRouterRecord: LinkRouter.__RouteRecord<12> = (
                    header: [0x0000_0002_526B6E4C, 0x000A_0001_70616765], // flags, version 2, magic; text length, block count, kind 'page'
                    accessor: { __value, __type, _ in LinkRouter.__storePage(Page.self, to: __value, ifExpected: __type) },
                    layout: 0x00000000_0000_0009,
                    body: [0x693A707200000075, 0x10000000001746E, 0x0, 0x0, 0x0, 0x0, // text: "u\\0\\0\\0rp:int", then its compiled pattern
                           0x0, 0x0, 0x0, 0x0, 0x0, 0x0]
                )
            }
            """
        )
    }

    @Test("a query contract, which readers from before contracts would take for the summary, makes a version-2 record: two blocks here, the second behind its own header")
    func queryInVersion2() {
        assertExpansion(
            """
            @Routable("user/<int:id>", query: ["a_rather_long_parameter_name: string = some default value", "another_one: int = 1", "third_parameter: double = 2.5"])
            struct Page {
                init?(parameters: RouteParameters) throws {}
            }
            """,
            expandedSource: """
            struct Page {
                init?(parameters: RouteParameters) throws {}
            }

            extension Page: LinkRouter.Routable {
                /// A link to `user/<int:id>`, each value percent-encoded.
                nonisolated static func link(id: Int, a_rather_long_parameter_name: String? = nil, another_one: Int? = nil, third_parameter: Double? = nil) -> LinkRouter.PageLink<Page> {
                    LinkRouter.PageLink(LinkRouter.RouteLink("user/<int:id>", values: ["id": id], query: [("a_rather_long_parameter_name", a_rather_long_parameter_name), ("another_one", another_one), ("third_parameter", third_parameter)]))
                }
                @used @section("linkrouter_routes") nonisolated static let __linkRouterRecord: LinkRouter.__RouteRecord<28> = (
                    header: [0x0000_0002_526B6E4C, 0x0074_0002_70616765], // flags, version 2, magic; text length, block count, kind 'page'
                    accessor: { __value, __type, _ in LinkRouter.__storePage(Page.self, to: __value, ifExpected: __type) },
                    layout: 0x00000000_0000_000F,
                    body: [0x6E693C2F72657375, 0x3E64693A74, 0x65687461725F616B, 0x705F676E6F6C5F72, 0x726574656D617261, 0x74733A656D616E5F, // text: "user/<int:id>\\0\\0\\0ka_rather_long_parameter_name:string=some default value,another_one:int=1,third_parameter:double=2.5", then its compiled pattern
                           0x6D6F733D676E6972, 0x6C75616665642065, 0x2C65756C61762074, 0x5F726568746F6E61, 0x3D746E693A656E6F, 0x5F64726968742C31,
                           0x80010002526B6E4C, 0x6574656D61726170, 0x656C62756F643A72, 0x2352E323D, 0xC000A0002000400, 0x0,
                           0x0, 0x0, 0x0, 0x0, 0x0, 0x0,
                           0x0, 0x0, 0x0, 0x0]
                )
            }
            """
        )
    }

    @Test("a query parameter that does not parse is an error on its literal; a rule that is not a literal too")
    func badQueryContract() {
        assertExpansion(
            """
            @Routable("u", query: ["page: integer"], unknownQuery: rule)
            struct Page {
                init?(parameters: RouteParameters) throws {}
            }
            """,
            expandedSource: """
            struct Page {
                init?(parameters: RouteParameters) throws {}
            }

            extension Page: LinkRouter.Routable {}
            """,
            diagnostics: [
                DiagnosticSpec(message: "query parameter 'page: integer': unknown type 'integer' (use string, int, double, bool or uuid)", line: 1, column: 24),
                DiagnosticSpec(message: "write the rule for undeclared query parameters as '.keep', '.drop' or '.refuse'", line: 1, column: 56),
            ]
        )
    }

    @Test("external with the push style sets flags 3; qualified option names are read too")
    func flags() {
        assertExpansion(
            """
            @Routable("settings", exposure: RouteOptions.Exposure.external, openStyle: .push, groups: [], summary: nil)
            struct SettingsPage: Routable {
                init?(parameters: RouteParameters) throws {}
            }
            """,
            expandedSource: """
            struct SettingsPage: Routable {
                init?(parameters: RouteParameters) throws {}
            }

            extension SettingsPage {
                /// A link to `settings`, each value percent-encoded.
                nonisolated static func link() -> LinkRouter.PageLink<SettingsPage> {
                    LinkRouter.PageLink(LinkRouter.RouteLink("settings", values: [:]))
                }
                @used @section("linkrouter_routes") nonisolated static let __linkRouterRecord: LinkRouter.__RouteRecord<12> = (
                    header: [0x0023_0001_526B6E4C, 0x0000_0008_70616765], // flags, version 1, magic; text length, kind 'page'
                    accessor: { __value, __type, _ in LinkRouter.__storePage(SettingsPage.self, to: __value, ifExpected: __type) },
                    layout: 0x0,
                    body: [0x73676E6974746573, 0x80000000001, 0x0, 0x0, 0x0, 0x0, // text: "settings", then its compiled pattern
                           0x0, 0x0, 0x0, 0x0, 0x0, 0x0]
                )
            }
            """,
            conformances: []
        )
    }

    @Test("overrides: true sets flag bit 4 (0x10); overrides: false leaves the flags as without it")
    func overrides() {
        assertExpansion(
            """
            @Routable("user/:id", exposure: .external, overrides: true)
            struct UserPage {
                init?(parameters: RouteParameters) throws {}
            }
            """,
            expandedSource: """
            struct UserPage {
                init?(parameters: RouteParameters) throws {}
            }

            extension UserPage: LinkRouter.Routable {
                /// A link to `user/:id`, each value percent-encoded.
                nonisolated static func link(id: String) -> LinkRouter.PageLink<UserPage> {
                    LinkRouter.PageLink(LinkRouter.RouteLink("user/:id", values: ["id": id]))
                }
                @used @section("linkrouter_routes") nonisolated static let __linkRouterRecord: LinkRouter.__RouteRecord<12> = (
                    header: [0x0031_0001_526B6E4C, 0x0000_0008_70616765], // flags, version 1, magic; text length, kind 'page'
                    accessor: { __value, __type, _ in LinkRouter.__storePage(UserPage.self, to: __value, ifExpected: __type) },
                    layout: 0x0,
                    body: [0x64693A2F72657375, 0x100040000000002, 0x8000600, 0x0, 0x0, 0x0, // text: "user/:id", then its compiled pattern
                           0x0, 0x0, 0x0, 0x0, 0x0, 0x0]
                )
            }
            """
        )
        assertExpansion(
            """
            @Routable("team/:id", overrides: false)
            struct TeamPage {
                init?(parameters: RouteParameters) throws {}
            }
            """,
            expandedSource: """
            struct TeamPage {
                init?(parameters: RouteParameters) throws {}
            }

            extension TeamPage: LinkRouter.Routable {
                /// A link to `team/:id`, each value percent-encoded.
                nonisolated static func link(id: String) -> LinkRouter.PageLink<TeamPage> {
                    LinkRouter.PageLink(LinkRouter.RouteLink("team/:id", values: ["id": id]))
                }
                @used @section("linkrouter_routes") nonisolated static let __linkRouterRecord: LinkRouter.__RouteRecord<12> = (
                    header: [0x0020_0001_526B6E4C, 0x0000_0008_70616765], // flags, version 1, magic; text length, kind 'page'
                    accessor: { __value, __type, _ in LinkRouter.__storePage(TeamPage.self, to: __value, ifExpected: __type) },
                    layout: 0x0,
                    body: [0x64693A2F6D616574, 0x100040000000002, 0x8000600, 0x0, 0x0, 0x0, // text: "team/:id", then its compiled pattern
                           0x0, 0x0, 0x0, 0x0, 0x0, 0x0]
                )
            }
            """
        )
    }

    @Test("overrides must be a Boolean literal")
    func overridesNotLiteral() {
        assertExpansion(
            """
            @Routable("user/:id", overrides: isOverride)
            struct UserPage {
                init?(parameters: RouteParameters) throws {}
            }
            """,
            expandedSource: """
            struct UserPage {
                init?(parameters: RouteParameters) throws {}
            }

            extension UserPage: LinkRouter.Routable {}
            """,
            diagnostics: [
                DiagnosticSpec(message: "write 'overrides' as 'true' or 'false'", line: 1, column: 34),
            ]
        )
    }

    @Test("a malformed pattern is an error at the offending character")
    func malformedPlaceholder() {
        assertExpansion(
            """
            @Routable("user/<int:>")
            struct UserPage {
                init?(parameters: RouteParameters) throws {}
            }
            """,
            expandedSource: """
            struct UserPage {
                init?(parameters: RouteParameters) throws {}
            }

            extension UserPage: LinkRouter.Routable {}
            """,
            diagnostics: [
                DiagnosticSpec(message: "invalid route pattern at column 11 ('>'): expected a parameter name (letters, digits and _, not starting with a digit)", line: 1, column: 22),
            ]
        )
    }

    @Test("text right after an optional group is an error there; groups may sit anywhere else")
    func textAfterGroup() {
        assertExpansion(
            """
            @Routable("a(/b)c")
            struct Page {
                init?(parameters: RouteParameters) throws {}
            }
            """,
            expandedSource: """
            struct Page {
                init?(parameters: RouteParameters) throws {}
            }

            extension Page: LinkRouter.Routable {}
            """,
            diagnostics: [
                DiagnosticSpec(message: "invalid route pattern at column 6 ('c'): an optional group is followed by '/', another group or the end of the pattern", line: 1, column: 17),
            ]
        )
    }

    @Test("an empty segment is an error at the second slash")
    func emptySegment() {
        assertExpansion(
            """
            @Routable(
                "a//b"
            )
            struct Page {
                init?(parameters: RouteParameters) throws {}
            }
            """,
            expandedSource: """
            struct Page {
                init?(parameters: RouteParameters) throws {}
            }

            extension Page: LinkRouter.Routable {}
            """,
            diagnostics: [
                DiagnosticSpec(message: "invalid route pattern at column 3 ('/'): empty segment", line: 2, column: 8),
            ]
        )
    }

    @Test("a pattern written with escapes is reported at the literal")
    func escapedPattern() {
        assertExpansion(
            #"""
            @Routable("a/\u{62}//c")
            struct Page {
                init?(parameters: RouteParameters) throws {}
            }
            """#,
            expandedSource: """
            struct Page {
                init?(parameters: RouteParameters) throws {}
            }

            extension Page: LinkRouter.Routable {}
            """,
            diagnostics: [
                DiagnosticSpec(message: "invalid route pattern at column 5 ('/'): empty segment", line: 1, column: 11),
            ]
        )
    }

    @Test("a pattern longer than version 1's 96 bytes makes a version-2 record of two blocks, never truncated")
    func longPattern() {
        let pattern = String(repeating: "abcdefgh/", count: 11) + "end"
        assertExpansion(
            """
            @Routable("\(pattern)")
            struct Page {
                init?(parameters: RouteParameters) throws {}
            }
            """,
            expandedSource: """
            struct Page {
                init?(parameters: RouteParameters) throws {}
            }

            extension Page: LinkRouter.Routable {
                /// A link to `abcdefgh/abcdefgh/abcdefgh/abcdefgh/abcdefgh/abcdefgh/abcdefgh/abcdefgh/abcdefgh/abcdefgh/abcdefgh/end`, each value percent-encoded.
                nonisolated static func link() -> LinkRouter.PageLink<Page> {
                    LinkRouter.PageLink(LinkRouter.RouteLink("abcdefgh/abcdefgh/abcdefgh/abcdefgh/abcdefgh/abcdefgh/abcdefgh/abcdefgh/abcdefgh/abcdefgh/abcdefgh/end", values: [:]))
                }
                @used @section("linkrouter_routes") nonisolated static let __linkRouterRecord: LinkRouter.__RouteRecord<28> = (
                    header: [0x0000_0002_526B6E4C, 0x0066_0002_70616765], // flags, version 2, magic; text length, block count, kind 'page'
                    accessor: { __value, __type, _ in LinkRouter.__storePage(Page.self, to: __value, ifExpected: __type) },
                    layout: 0x00000000_0000_004B,
                    body: [0x6867666564636261, 0x676665646362612F, 0x6665646362612F68, 0x65646362612F6867, 0x646362612F686766, 0x6362612F68676665, // text: "abcdefgh/abcdefgh/abcdefgh/abcdefgh/abcdefgh/abcdefgh/abcdefgh/abcdefgh/abcdefgh/abcdefgh/abcdefgh/end", then its compiled pattern
                           0x62612F6867666564, 0x612F686766656463, 0x2F68676665646362, 0x6867666564636261, 0x676665646362612F, 0x6665646362612F68,
                           0x80010002526B6E4C, 0xC646E652F6867, 0x900000008000000, 0x1A00120000001100, 0x23001B000000, 0x2D0000002C002400,
                           0x3E00360000003500, 0x47003F000000, 0x5100000050004800, 0x62005A0000005900, 0x660063000000, 0x0,
                           0x0, 0x0, 0x0, 0x0]
                )
            }
            """
        )
    }

    @Test("a summary that takes the text past 96 bytes makes a version-2 record too")
    func longSummary() {
        let pattern = String(repeating: "abcdefgh/", count: 8) + "end"
        assertExpansion(
            """
            @Routable("\(pattern)", groups: ["g"], summary: "A page with a long summary")
            struct Page {
                init?(parameters: RouteParameters) throws {}
            }
            """,
            expandedSource: """
            struct Page {
                init?(parameters: RouteParameters) throws {}
            }

            extension Page: LinkRouter.Routable {
                /// A link to `abcdefgh/abcdefgh/abcdefgh/abcdefgh/abcdefgh/abcdefgh/abcdefgh/abcdefgh/end`, each value percent-encoded.
                nonisolated static func link() -> LinkRouter.PageLink<Page> {
                    LinkRouter.PageLink(LinkRouter.RouteLink("abcdefgh/abcdefgh/abcdefgh/abcdefgh/abcdefgh/abcdefgh/abcdefgh/abcdefgh/end", values: [:]))
                }
                @used @section("linkrouter_routes") nonisolated static let __linkRouterRecord: LinkRouter.__RouteRecord<28> = (
                    header: [0x0000_0002_526B6E4C, 0x0068_0002_70616765], // flags, version 2, magic; text length, block count, kind 'page'
                    accessor: { __value, __type, _ in LinkRouter.__storePage(Page.self, to: __value, ifExpected: __type) },
                    layout: 0x00000000_0000_0039,
                    body: [0x6867666564636261, 0x676665646362612F, 0x6665646362612F68, 0x65646362612F6867, 0x646362612F686766, 0x6362612F68676665, // text: "abcdefgh/abcdefgh/abcdefgh/abcdefgh/abcdefgh/abcdefgh/abcdefgh/abcdefgh/end\\0g\\0A page with a long summary", then its compiled pattern
                           0x62612F6867666564, 0x612F686766656463, 0x2F68676665646362, 0x2041006700646E65, 0x7469772065676170, 0x676E6F6C20612068,
                           0x80010002526B6E4C, 0x7972616D6D757320, 0x80000000009, 0x1200000011000900, 0x23001B0000001A00, 0x2C0024000000,
                           0x3600000035002D00, 0x47003F0000003E00, 0x4B0048000000, 0x0, 0x0, 0x0,
                           0x0, 0x0, 0x0, 0x0]
                )
            }
            """
        )
    }

    @Test("an interpolated pattern is an error on the argument")
    func interpolatedPattern() {
        assertExpansion(
            #"""
            @Routable("user/\(name)")
            struct Page {
                init?(parameters: RouteParameters) throws {}
            }
            """#,
            expandedSource: """
            struct Page {
                init?(parameters: RouteParameters) throws {}
            }

            extension Page: LinkRouter.Routable {}
            """,
            diagnostics: [
                DiagnosticSpec(message: "the route pattern must be a string literal without interpolation", line: 1, column: 11),
            ]
        )
    }

    @Test("a pattern in a variable is an error on the argument")
    func patternVariable() {
        assertExpansion(
            """
            @Routable(userPattern)
            struct Page {
                init?(parameters: RouteParameters) throws {}
            }
            """,
            expandedSource: """
            struct Page {
                init?(parameters: RouteParameters) throws {}
            }

            extension Page: LinkRouter.Routable {}
            """,
            diagnostics: [
                DiagnosticSpec(message: "the route pattern must be a string literal without interpolation", line: 1, column: 11),
            ]
        )
    }

    @Test("a group containing ',' is an error at the comma; an empty group is an error")
    func invalidGroups() {
        assertExpansion(
            """
            @Routable("a", groups: ["ok", "login,vip", ""])
            struct Page {
                init?(parameters: RouteParameters) throws {}
            }
            """,
            expandedSource: """
            struct Page {
                init?(parameters: RouteParameters) throws {}
            }

            extension Page: LinkRouter.Routable {}
            """,
            diagnostics: [
                DiagnosticSpec(message: "a group name cannot contain ','", line: 1, column: 37),
                DiagnosticSpec(message: "a group name cannot be empty", line: 1, column: 44),
            ]
        )
    }

    @Test("groups, summary and options must be literals")
    func nonLiteralOptions() {
        assertExpansion(
            #"""
            @Routable("a", exposure: defaultExposure, openStyle: .sideways, groups: allGroups, summary: "for \(user)")
            struct Page {
                init?(parameters: RouteParameters) throws {}
            }
            """#,
            expandedSource: """
            struct Page {
                init?(parameters: RouteParameters) throws {}
            }

            extension Page: LinkRouter.Routable {}
            """,
            diagnostics: [
                DiagnosticSpec(message: "write the exposure as '.internal' or '.external'", line: 1, column: 26),
                DiagnosticSpec(message: "write the open style as '.automatic', '.push' or '.present'", line: 1, column: 54),
                DiagnosticSpec(message: "write the groups as an array of declared groups, '[.requiresLogin]', or string literals", line: 1, column: 73),
                DiagnosticSpec(message: "the summary must be a string literal without interpolation", line: 1, column: 93),
            ]
        )
    }

    @Test("a summary containing NUL is an error")
    func summaryWithNUL() {
        assertExpansion(
            #"""
            @Routable("a", summary: "one\0two")
            struct Page {
                init?(parameters: RouteParameters) throws {}
            }
            """#,
            expandedSource: """
            struct Page {
                init?(parameters: RouteParameters) throws {}
            }

            extension Page: LinkRouter.Routable {}
            """,
            diagnostics: [
                DiagnosticSpec(message: "the summary cannot contain NUL", line: 1, column: 25),
            ]
        )
    }

    @Test("a second @Routable on the same page gets a unique record name and no second conformance")
    func twoPatternsForOnePage() {
        assertExpansion(
            """
            @Routable("user/:id")
            @Routable("u/:id", exposure: .external)
            struct UserPage {
                init?(parameters: RouteParameters) throws {}
            }
            """,
            expandedSource: """
            struct UserPage {
                init?(parameters: RouteParameters) throws {}
            }

            extension UserPage: LinkRouter.Routable {
                /// A link to `user/:id`, each value percent-encoded.
                nonisolated static func link(id: String) -> LinkRouter.PageLink<UserPage> {
                    LinkRouter.PageLink(LinkRouter.RouteLink("user/:id", values: ["id": id]))
                }
                @used @section("linkrouter_routes") nonisolated static let __linkRouterRecord: LinkRouter.__RouteRecord<12> = (
                    header: [0x0020_0001_526B6E4C, 0x0000_0008_70616765], // flags, version 1, magic; text length, kind 'page'
                    accessor: { __value, __type, _ in LinkRouter.__storePage(UserPage.self, to: __value, ifExpected: __type) },
                    layout: 0x0,
                    body: [0x64693A2F72657375, 0x100040000000002, 0x8000600, 0x0, 0x0, 0x0, // text: "user/:id", then its compiled pattern
                           0x0, 0x0, 0x0, 0x0, 0x0, 0x0]
                )
            }

            extension UserPage {
                @used @section("linkrouter_routes") nonisolated static let __macro_local_18__linkRouterRecordfMu_: LinkRouter.__RouteRecord<12> = (
                    header: [0x0021_0001_526B6E4C, 0x0000_0005_70616765], // flags, version 1, magic; text length, kind 'page'
                    accessor: { __value, __type, _ in LinkRouter.__storePage(UserPage.self, to: __value, ifExpected: __type) },
                    layout: 0x0,
                    body: [0x264693A2F75, 0x3000100010000, 0x5, 0x0, 0x0, 0x0, // text: "u/:id", then its compiled pattern
                           0x0, 0x0, 0x0, 0x0, 0x0, 0x0]
                )
            }
            """
        )
    }

    // On a function the compiler refuses the attribute itself: "'extension' macro cannot be
    // attached to global function".
    @Test("an enum or a protocol is not a page type")
    func notAStructOrClass() {
        assertExpansion(
            """
            @Routable("a")
            enum Page {}
            @Routable("b")
            protocol PageProtocol {}
            """,
            expandedSource: """
            enum Page {}
            protocol PageProtocol {}
            """,
            diagnostics: [
                DiagnosticSpec(message: "@Routable applies to a struct or a class", line: 1, column: 1),
                DiagnosticSpec(message: "@Routable applies to a struct or a class", line: 3, column: 1),
            ]
        )
    }

    @Test("a generic type is an error at its generic parameters")
    func genericType() {
        assertExpansion(
            """
            @Routable("list")
            struct ListPage<Item> {}
            """,
            expandedSource: """
            struct ListPage<Item> {}
            """,
            diagnostics: [
                DiagnosticSpec(message: "@Routable cannot be applied to a generic type; a route names one concrete page type", line: 2, column: 16),
            ]
        )
    }

    @Test("a type nested in another type is an error")
    func nestedType() {
        assertExpansion(
            """
            enum Pages {
                @Routable("a")
                struct Page {}
            }
            """,
            expandedSource: """
            enum Pages {
                struct Page {}
            }
            """,
            diagnostics: [
                DiagnosticSpec(message: "@Routable applies to a type declared at file scope, not inside another declaration", line: 2, column: 5),
            ]
        )
    }

    @Test("text longer than 1,024 bytes is an error at the part that does not fit, with each part's size; never truncated")
    func textTooLong() {
        let pattern = String(repeating: "abcdefghijklmnopqrstuvwxyz0123456789/", count: 24) + "end"
        assertExpansion(
            """
            @Routable("\(pattern)", summary: "\(String(repeating: "s", count: 200))")
            struct Page {
                init?(parameters: RouteParameters) throws {}
            }
            """,
            expandedSource: """
            struct Page {
                init?(parameters: RouteParameters) throws {}
            }

            extension Page: LinkRouter.Routable {}
            """,
            diagnostics: [
                DiagnosticSpec(message: "the route's text takes 1093 bytes (pattern 891, groups 0, summary 200, separators 2); a route record holds at most 1024", line: 1, column: 915),
            ]
        )
        assertExpansion(
            """
            @Routable("\(String(repeating: pattern, count: 2))")
            struct Page {
                init?(parameters: RouteParameters) throws {}
            }
            """,
            expandedSource: """
            struct Page {
                init?(parameters: RouteParameters) throws {}
            }

            extension Page: LinkRouter.Routable {}
            """,
            diagnostics: [
                DiagnosticSpec(message: "the route's text takes 1782 bytes; a route record holds at most 1024", line: 1, column: 11),
            ]
        )
    }

    @Test("@RoutableAction binds as a page does, sets flag bit 7 and stores a function of the router; a synchronous run stays synchronous")
    func typedAction() {
        assertExpansion(
            """
            @RoutableAction("cart/add", groups: ["requiresLogin"])
            struct AddToCart {
                @RouteParameter(from: .query) let product: Int
                @RouteParameter(from: .query) var quantity = 1
                var isAdmin = false
                func run(on router: Router) -> String { "added" }
            }
            """,
            expandedSource: """
            struct AddToCart {
                let product: Int
                var quantity = 1
                var isAdmin = false
                func run(on router: Router) -> String { "added" }
            }

            extension AddToCart: LinkRouter.RoutableAction {
                nonisolated init?(parameters: LinkRouter.RouteParameters) throws {
                    self.product = try LinkRouter.__required(LinkRouter.__parameter("product", as: Int.self, in: LinkRouter.__parameters(parameters, from: .query)), "product")
                    if let value = try LinkRouter.__parameter("quantity", as: Swift.type(of: self.quantity), in: LinkRouter.__parameters(parameters, from: .query)) { self.quantity = value }
                    if let value = try LinkRouter.__parameter("isAdmin", as: Swift.type(of: self.isAdmin), in: LinkRouter.__parameters(parameters, from: .caller)) { self.isAdmin = value }
                }
                /// A link to `cart/add`, each value percent-encoded.
                nonisolated static func link(product: Int, quantity: Int? = nil) -> LinkRouter.ActionLink<AddToCart> {
                    LinkRouter.ActionLink(LinkRouter.RouteLink("cart/add", values: [:], query: [("product", product), ("quantity", quantity)]))
                }
                nonisolated static func __linkRouterAction(on router: LinkRouter.Router) -> LinkRouter.RouteAction {
                    LinkRouter.__typedAction(AddToCart.self, on: router) { $0.run(on: $1) }
                }
                @used @section("linkrouter_routes") nonisolated static let __linkRouterRecord: LinkRouter.__RouteRecord<12> = (
                    header: [0x0080_0002_526B6E4C, 0x0033_0001_6163746E], // flags, version 2, magic; text length, block count, kind 'actn'
                    accessor: { __value, __type, _ in LinkRouter.__storeTypedAction(AddToCart.__linkRouterAction, to: __value, ifExpected: __type) },
                    layout: 0x00000000_0000_000F,
                    body: [0x6464612F74726163, 0x6572697571657200, 0x6E69676F4C73, 0x746375646F72706B, 0x6175712C746E693A, 0x6E693A797469746E, // text: "cart/add\\0requiresLogin\\0\\0kproduct:int,quantity:int=1", then its compiled pattern
                           0x2313D74, 0x8000500000004, 0x0, 0x0, 0x0, 0x0]
                )
            }
            """,
            conformances: ["RoutableAction"]
        )
        assertExpansion(
            """
            @RoutableAction("sync/<int:count>")
            struct Sync {
                let count: Int
                func run(on router: Router) async throws -> Int { count }
            }
            """,
            expandedSource: """
            struct Sync {
                let count: Int
                func run(on router: Router) async throws -> Int { count }
            }

            extension Sync: LinkRouter.RoutableAction {
                nonisolated init?(parameters: LinkRouter.RouteParameters) throws {
                    self.count = try LinkRouter.__required(LinkRouter.__parameter("count", as: Int.self, in: LinkRouter.__placeholderParameters(parameters)), "count")
                }
                /// A link to `sync/<int:count>`, each value percent-encoded.
                nonisolated static func link(count: Int) -> LinkRouter.ActionLink<Sync> {
                    LinkRouter.ActionLink(LinkRouter.RouteLink("sync/<int:count>", values: ["count": count]))
                }
                nonisolated static func __linkRouterAction(on router: LinkRouter.Router) -> LinkRouter.RouteAction {
                    LinkRouter.__typedAction(Sync.self, on: router) { try await $0.run(on: $1) }
                }
                @used @section("linkrouter_routes") nonisolated static let __linkRouterRecord: LinkRouter.__RouteRecord<12> = (
                    header: [0x00A0_0001_526B6E4C, 0x0000_0010_6163746E], // flags, version 1, magic; text length, kind 'actn'
                    accessor: { __value, __type, _ in LinkRouter.__storeTypedAction(Sync.__linkRouterAction, to: __value, ifExpected: __type) },
                    layout: 0x0,
                    body: [0x6E693C2F636E7973, 0x3E746E756F633A74, 0x200040000000002, 0xF000A00, 0x0, 0x0, // text: "sync/<int:count>", then its compiled pattern
                           0x0, 0x0, 0x0, 0x0, 0x0, 0x0]
                )
            }
            """,
            conformances: ["RoutableAction"]
        )
    }
}
