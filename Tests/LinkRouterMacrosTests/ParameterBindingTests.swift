import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// The initializer `@Routable` writes for a struct that declares none, and its compile-time checks.
struct ParameterBindingTests {
    @Test("a link sets the placeholders and the declared query; every other property, private ones included, only the caller's values; the contract is the declared query")
    func binding() {
        assertExpansion(
            """
            @Routable("user/<int:id>")
            struct UserPage {
                let id: Int
                let tab: String?
                @RouteParameter(from: .query) var page = 1
                var isAdmin = false
                private var debugMenu = false
                @RouteParameter("ref") var referrer: String?
                @RouteParameter(from: .caller) var draft: Draft?
                let result: PageResultSlot
                var title: String { "User \\(id)" }
                static let kind = "user"
                let version = 2
            }
            """,
            expandedSource: """
            struct UserPage {
                let id: Int
                let tab: String?
                var page = 1
                var isAdmin = false
                private var debugMenu = false
                var referrer: String?
                var draft: Draft?
                let result: PageResultSlot
                var title: String { "User \\(id)" }
                static let kind = "user"
                let version = 2
            }

            extension UserPage: LinkRouter.Routable {
                nonisolated init?(parameters: LinkRouter.RouteParameters) throws {
                    self.id = try LinkRouter.__required(LinkRouter.__parameter("id", as: Int.self, in: LinkRouter.__placeholderParameters(parameters)), "id")
                    self.tab = try LinkRouter.__parameter("tab", as: String.self, in: LinkRouter.__parameters(parameters, from: .caller))
                    self.referrer = try LinkRouter.__parameter("ref", as: String.self, in: LinkRouter.__parameters(parameters, from: .caller))
                    self.draft = try LinkRouter.__parameter("draft", as: Draft.self, in: LinkRouter.__parameters(parameters, from: .caller))
                    self.result = try LinkRouter.__required(LinkRouter.__parameter("result", as: PageResultSlot.self, in: parameters), "result")
                    if let value = try LinkRouter.__parameter("page", as: Swift.type(of: self.page), in: LinkRouter.__parameters(parameters, from: .query)) { self.page = value }
                    if let value = try LinkRouter.__parameter("isAdmin", as: Swift.type(of: self.isAdmin), in: LinkRouter.__parameters(parameters, from: .caller)) { self.isAdmin = value }
                    if let value = try LinkRouter.__parameter("debugMenu", as: Swift.type(of: self.debugMenu), in: LinkRouter.__parameters(parameters, from: .caller)) { self.debugMenu = value }
                }
                /// A link to `user/<int:id>`, each value percent-encoded.
                nonisolated static func link(id: Int, page: Int? = nil) -> LinkRouter.PageLink<UserPage> {
                    LinkRouter.PageLink(LinkRouter.RouteLink("user/<int:id>", values: ["id": id], query: [("page", page)]))
                }
                @used @section("linkrouter_routes") nonisolated static let __linkRouterRecord: LinkRouter.__RouteRecord<12> = (
                    header: [0x0000_0002_526B6E4C, 0x001B_0001_70616765], // flags, version 2, magic; text length, block count, kind 'page'
                    accessor: { __value, __type, _ in LinkRouter.__storePage(UserPage.self, to: __value, ifExpected: __type) },
                    layout: 0x00000000_0000_000F,
                    body: [0x6E693C2F72657375, 0x3E64693A74, 0x6E693A656761706B, 0x2313D74, 0xC000A00020004, 0x0, // text: "user/<int:id>\\0\\0\\0kpage:int=1", then its compiled pattern
                           0x0, 0x0, 0x0, 0x0, 0x0, 0x0]
                )
            }
            """
        )
    }

    @Test("a placeholder no property takes is an error on the pattern, with a fix-it that adds the property")
    func unusedPlaceholder() {
        assertExpansion(
            """
            @Routable("user/<int:id>")
            struct UserPage {
                let name: String?
            }
            """,
            expandedSource: """
            struct UserPage {
                let name: String?
            }

            extension UserPage: LinkRouter.Routable {
                nonisolated init?(parameters: LinkRouter.RouteParameters) throws {
                    self.name = try LinkRouter.__parameter("name", as: String.self, in: LinkRouter.__parameters(parameters, from: .caller))
                }
                /// A link to `user/<int:id>`, each value percent-encoded.
                nonisolated static func link(id: Int) -> LinkRouter.PageLink<UserPage> {
                    LinkRouter.PageLink(LinkRouter.RouteLink("user/<int:id>", values: ["id": id]))
                }
                @used @section("linkrouter_routes") nonisolated static let __linkRouterRecord: LinkRouter.__RouteRecord<12> = (
                    header: [0x0020_0001_526B6E4C, 0x0000_000D_70616765], // flags, version 1, magic; text length, kind 'page'
                    accessor: { __value, __type, _ in LinkRouter.__storePage(UserPage.self, to: __value, ifExpected: __type) },
                    layout: 0x0,
                    body: [0x6E693C2F72657375, 0x23E64693A74, 0xA000200040000, 0xC, 0x0, 0x0, // text: "user/<int:id>", then its compiled pattern
                           0x0, 0x0, 0x0, 0x0, 0x0, 0x0]
                )
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "placeholder '<int:id>' of 'user/<int:id>' fills no property of UserPage; add a stored property 'id', or mark one @RouteParameter(\"id\")",
                    line: 1, column: 11, fixIts: [FixItSpec(message: "add 'let id: Int'")]
                ),
            ],
            applyFixIts: ["add 'let id: Int'"],
            fixedSource: """
            @Routable("user/<int:id>")
            struct UserPage {
                let id: Int
                let name: String?
            }
            """
        )
    }

    @Test("a property no placeholder fills, without a default, not optional and not marked, is an error with fix-its")
    func unfilledProperty() {
        assertExpansion(
            """
            @Routable("user/:id")
            struct UserPage {
                let userID: Int
            }
            """,
            expandedSource: """
            struct UserPage {
                let userID: Int
            }

            extension UserPage: LinkRouter.Routable {
                nonisolated init?(parameters: LinkRouter.RouteParameters) throws {
                    self.userID = try LinkRouter.__required(LinkRouter.__parameter("userID", as: Int.self, in: LinkRouter.__parameters(parameters, from: .caller)), "userID")
                }
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
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "placeholder ':id' of 'user/:id' fills no property of UserPage; add a stored property 'id', or mark one @RouteParameter(\"id\")",
                    line: 1, column: 11, fixIts: [FixItSpec(message: "add 'let id: String'")]
                ),
                DiagnosticSpec(
                    message: "a link cannot set 'userID': no placeholder of 'user/:id' fills it and the route declares no query item 'userID'; mark it @RouteParameter(from: .query) for a link to set it, or @RouteParameter(from: .caller) for the app alone to, rename it or a placeholder, or give it a default value or an optional type",
                    line: 3, column: 9,
                    fixIts: [
                        FixItSpec(message: "fill 'userID' from placeholder 'id'"), FixItSpec(message: "declare 'userID' a query item a link may set"),
                        FixItSpec(message: "say the app gives 'userID'"), FixItSpec(message: "make 'userID' optional"),
                    ]
                ),
            ],
            applyFixIts: ["fill 'userID' from placeholder 'id'"],
            fixedSource: """
            @Routable("user/:id")
            struct UserPage {
                @RouteParameter("id") let userID: Int
            }
            """
        )
    }

    @Test("a property declared by the route's query contract, or marked as a query item or a caller value, needs no placeholder; no contract is made")
    func declaredSources() {
        assertExpansion(
            """
            @Routable("search", query: ["q: string"])
            public struct SearchPage {
                let q: String
                @RouteParameter(from: .query) let page: Int
                @RouteParameter(from: .caller) let delegate: SearchDelegate
            }
            """,
            expandedSource: """
            public struct SearchPage {
                let q: String
                let page: Int
                let delegate: SearchDelegate
            }

            extension SearchPage: LinkRouter.Routable {
                public nonisolated init?(parameters: LinkRouter.RouteParameters) throws {
                    self.q = try LinkRouter.__required(LinkRouter.__parameter("q", as: String.self, in: LinkRouter.__parameters(parameters, from: .query)), "q")
                    self.page = try LinkRouter.__required(LinkRouter.__parameter("page", as: Int.self, in: LinkRouter.__parameters(parameters, from: .query)), "page")
                    self.delegate = try LinkRouter.__required(LinkRouter.__parameter("delegate", as: SearchDelegate.self, in: LinkRouter.__parameters(parameters, from: .caller)), "delegate")
                }
                /// A link to `search`, each value percent-encoded.
                public nonisolated static func link(q: String, page: Int) -> LinkRouter.PageLink<SearchPage> {
                    LinkRouter.PageLink(LinkRouter.RouteLink("search", values: [:], query: [("q", q), ("page", page)]))
                }
                @used @section("linkrouter_routes") nonisolated static let __linkRouterRecord: LinkRouter.__RouteRecord<12> = (
                    header: [0x0000_0002_526B6E4C, 0x001B_0001_70616765], // flags, version 2, magic; text length, block count, kind 'page'
                    accessor: { __value, __type, _ in LinkRouter.__storePage(SearchPage.self, to: __value, ifExpected: __type) },
                    layout: 0x00000000_0000_0009,
                    body: [0x686372616573, 0x697274733A716B00, 0x3A656761702C676E, 0x1746E69, 0x6, 0x0, // text: "search\\0\\0\\0kq:string,page:int", then its compiled pattern
                           0x0, 0x0, 0x0, 0x0, 0x0, 0x0]
                )
            }
            """
        )
    }

    @Test("a type that cannot hold what its placeholder captures is an error on the type, with a fix-it; <int:> into a String is fine")
    func typeMismatch() {
        assertExpansion(
            """
            @Routable("files/<int:n>/<uuid:u>/<path:p>")
            struct FilesPage {
                let p: Int
                let n: String
                let u: Swift.Int?
            }
            """,
            expandedSource: """
            struct FilesPage {
                let p: Int
                let n: String
                let u: Swift.Int?
            }

            extension FilesPage: LinkRouter.Routable {
                nonisolated init?(parameters: LinkRouter.RouteParameters) throws {
                    self.p = try LinkRouter.__required(LinkRouter.__parameter("p", as: Int.self, in: LinkRouter.__placeholderParameters(parameters)), "p")
                    self.n = try LinkRouter.__required(LinkRouter.__parameter("n", as: String.self, in: LinkRouter.__placeholderParameters(parameters)), "n")
                    self.u = try LinkRouter.__parameter("u", as: Swift.Int.self, in: LinkRouter.__placeholderParameters(parameters))
                }
                /// A link to `files/<int:n>/<uuid:u>/<path:p>`, each value percent-encoded.
                nonisolated static func link(n: String, u: Int, p: Int) -> LinkRouter.PageLink<FilesPage> {
                    LinkRouter.PageLink(LinkRouter.RouteLink("files/<int:n>/<uuid:u>/<path:p>", values: ["n": n, "u": u, "p": p]))
                }
                @used @section("linkrouter_routes") nonisolated static let __linkRouterRecord: LinkRouter.__RouteRecord<12> = (
                    header: [0x0020_0001_526B6E4C, 0x0000_001F_70616765], // flags, version 1, magic; text length, kind 'page'
                    accessor: { __value, __type, _ in LinkRouter.__storePage(FilesPage.self, to: __value, ifExpected: __type) },
                    layout: 0x0,
                    body: [0x693C2F73656C6966, 0x753C2F3E6E3A746E, 0x3C2F3E753A646975, 0x43E703A68746170, 0x2000500000000, 0x140003000C000B, // text: "files/<int:n>/<uuid:u>/<path:p>", then its compiled pattern
                           0x1E001D00060015, 0x0, 0x0, 0x0, 0x0, 0x0]
                )
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "'<path:p>' captures one or more segments as text, which a property of type 'Int' cannot hold; declare 'p' as 'String' or '[String]'",
                    line: 3, column: 12, fixIts: [FixItSpec(message: "declare 'p' as 'String'")]
                ),
                DiagnosticSpec(
                    message: "'<uuid:u>' captures a UUID, which a property of type 'Int' cannot hold; declare 'u' as 'UUID' or 'String'",
                    line: 5, column: 12, fixIts: [FixItSpec(message: "declare 'u' as 'UUID'")]
                ),
            ],
            applyFixIts: ["declare 'p' as 'String'"],
            fixedSource: """
            @Routable("files/<int:n>/<uuid:u>/<path:p>")
            struct FilesPage {
                let p: String
                let n: String
                let u: Swift.Int?
            }
            """
        )
    }

    @Test("a placeholder in an optional group fills only a property that may be absent")
    func optionalPlaceholder() {
        assertExpansion(
            """
            @Routable("profile/:user(/:tab)")
            struct ProfilePage {
                let user: String
                let tab: String
            }
            """,
            expandedSource: """
            struct ProfilePage {
                let user: String
                let tab: String
            }

            extension ProfilePage: LinkRouter.Routable {
                nonisolated init?(parameters: LinkRouter.RouteParameters) throws {
                    self.user = try LinkRouter.__required(LinkRouter.__parameter("user", as: String.self, in: LinkRouter.__placeholderParameters(parameters)), "user")
                    self.tab = try LinkRouter.__required(LinkRouter.__parameter("tab", as: String.self, in: LinkRouter.__placeholderParameters(parameters)), "tab")
                }
                /// A link to `profile/:user(/:tab)`, each value percent-encoded.
                nonisolated static func link(user: String, tab: String? = nil) -> LinkRouter.PageLink<ProfilePage> {
                    LinkRouter.PageLink(LinkRouter.RouteLink("profile/:user(/:tab)", values: ["user": user, "tab": tab]))
                }
                @used @section("linkrouter_routes") nonisolated static let __linkRouterRecord: LinkRouter.__RouteRecord<12> = (
                    header: [0x0020_0001_526B6E4C, 0x0000_0014_70616765], // flags, version 1, magic; text length, kind 'page'
                    accessor: { __value, __type, _ in LinkRouter.__storePage(ProfilePage.self, to: __value, ifExpected: __type) },
                    layout: 0x0,
                    body: [0x2F656C69666F7270, 0x3A2F28726573753A, 0x329626174, 0xD00090001000700, 0x130010010100, 0x0, // text: "profile/:user(/:tab)", then its compiled pattern
                           0x0, 0x0, 0x0, 0x0, 0x0, 0x0]
                )
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "':tab' is in an optional part of 'profile/:user(/:tab)', so a URL may leave it out; give 'tab' a default value or an optional type",
                    line: 4, column: 9, fixIts: [FixItSpec(message: "make 'tab' optional")]
                ),
            ],
            applyFixIts: ["make 'tab' optional"],
            fixedSource: """
            @Routable("profile/:user(/:tab)")
            struct ProfilePage {
                let user: String
                let tab: String?
            }
            """
        )
    }

    @Test("a source mark that contradicts the pattern, or is not a literal, is an error")
    func marks() {
        assertExpansion(
            """
            @Routable("note/:id")
            struct NotePage {
                @RouteParameter(from: .caller) let id: String?
                @RouteParameter(from: .path) let draft: String?
                @RouteParameter(name, from: source) let other: String?
            }
            """,
            expandedSource: """
            struct NotePage {
                let id: String?
                let draft: String?
                let other: String?
            }

            extension NotePage: LinkRouter.Routable {
                nonisolated init?(parameters: LinkRouter.RouteParameters) throws {
                    self.id = try LinkRouter.__parameter("id", as: String.self, in: LinkRouter.__parameters(parameters, from: .caller))
                    self.draft = try LinkRouter.__parameter("draft", as: String.self, in: LinkRouter.__parameters(parameters, from: .path))
                    self.other = try LinkRouter.__parameter("other", as: String.self, in: LinkRouter.__parameters(parameters, from: .caller))
                }
                /// A link to `note/:id`, each value percent-encoded.
                nonisolated static func link(id: String) -> LinkRouter.PageLink<NotePage> {
                    LinkRouter.PageLink(LinkRouter.RouteLink("note/:id", values: ["id": id]))
                }
                @used @section("linkrouter_routes") nonisolated static let __linkRouterRecord: LinkRouter.__RouteRecord<12> = (
                    header: [0x0020_0001_526B6E4C, 0x0000_0008_70616765], // flags, version 1, magic; text length, kind 'page'
                    accessor: { __value, __type, _ in LinkRouter.__storePage(NotePage.self, to: __value, ifExpected: __type) },
                    layout: 0x0,
                    body: [0x64693A2F65746F6E, 0x100040000000002, 0x8000600, 0x0, 0x0, 0x0, // text: "note/:id", then its compiled pattern
                           0x0, 0x0, 0x0, 0x0, 0x0, 0x0]
                )
            }
            """,
            diagnostics: [
                DiagnosticSpec(message: "write the parameter's name as a non-empty string literal", line: 5, column: 21),
                DiagnosticSpec(message: "write the source as '.path', '.query' or '.caller'", line: 5, column: 33),
                DiagnosticSpec(
                    message: "placeholder ':id' of 'note/:id' fills no property of NotePage; add a stored property 'id', or mark one @RouteParameter(\"id\")",
                    line: 1, column: 11, fixIts: [FixItSpec(message: "add 'let id: String'")]
                ),
                DiagnosticSpec(
                    message: "'id' is marked to come from the caller, but 'note/:id' has a placeholder 'id', which would fill it; rename the property or the placeholder",
                    line: 3, column: 40
                ),
                DiagnosticSpec(message: "'draft' is marked to come from the path, but 'note/:id' has no placeholder 'draft'", line: 4, column: 38),
            ]
        )
    }

    @Test("a struct that writes its own init?(parameters:), and a class, get no initializer and no checks")
    func handWritten() {
        assertExpansion(
            """
            @Routable("user/:id")
            struct UserPage {
                let userID: Int
                init?(parameters: RouteParameters) throws { userID = try parameters.int("id") }
            }
            @Routable("team/:id")
            final class TeamPage {
                let teamID: Int
                init?(parameters: RouteParameters) throws { teamID = try parameters.int("id") }
            }
            """,
            expandedSource: """
            struct UserPage {
                let userID: Int
                init?(parameters: RouteParameters) throws { userID = try parameters.int("id") }
            }
            final class TeamPage {
                let teamID: Int
                init?(parameters: RouteParameters) throws { teamID = try parameters.int("id") }
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

    @Test("with two patterns the first annotation writes the initializer and each checks its own placeholders")
    func twoPatterns() {
        assertExpansion(
            """
            @Routable("user/<int:id>")
            @Routable("me/:name")
            struct UserPage {
                let id: Int?
            }
            """,
            expandedSource: """
            struct UserPage {
                let id: Int?
            }

            extension UserPage: LinkRouter.Routable {
                nonisolated init?(parameters: LinkRouter.RouteParameters) throws {
                    self.id = try LinkRouter.__parameter("id", as: Int.self, in: LinkRouter.__placeholderParameters(parameters))
                }
                /// A link to `user/<int:id>`, each value percent-encoded.
                nonisolated static func link(id: Int) -> LinkRouter.PageLink<UserPage> {
                    LinkRouter.PageLink(LinkRouter.RouteLink("user/<int:id>", values: ["id": id]))
                }
                @used @section("linkrouter_routes") nonisolated static let __linkRouterRecord: LinkRouter.__RouteRecord<12> = (
                    header: [0x0020_0001_526B6E4C, 0x0000_000D_70616765], // flags, version 1, magic; text length, kind 'page'
                    accessor: { __value, __type, _ in LinkRouter.__storePage(UserPage.self, to: __value, ifExpected: __type) },
                    layout: 0x0,
                    body: [0x6E693C2F72657375, 0x23E64693A74, 0xA000200040000, 0xC, 0x0, 0x0, // text: "user/<int:id>", then its compiled pattern
                           0x0, 0x0, 0x0, 0x0, 0x0, 0x0]
                )
            }

            extension UserPage {
                /// A link to `me/:name`, each value percent-encoded.
                nonisolated static func link(name: String) -> LinkRouter.PageLink<UserPage> {
                    LinkRouter.PageLink(LinkRouter.RouteLink("me/:name", values: ["name": name]))
                }
                @used @section("linkrouter_routes") nonisolated static let __macro_local_18__linkRouterRecordfMu_: LinkRouter.__RouteRecord<12> = (
                    header: [0x0020_0001_526B6E4C, 0x0000_0008_70616765], // flags, version 1, magic; text length, kind 'page'
                    accessor: { __value, __type, _ in LinkRouter.__storePage(UserPage.self, to: __value, ifExpected: __type) },
                    layout: 0x0,
                    body: [0x656D616E3A2F656D, 0x100020000000002, 0x8000400, 0x0, 0x0, 0x0, // text: "me/:name", then its compiled pattern
                           0x0, 0x0, 0x0, 0x0, 0x0, 0x0]
                )
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "placeholder ':name' of 'me/:name' fills no property of UserPage; add a stored property 'name', or mark one @RouteParameter(\"name\")",
                    line: 2, column: 11, fixIts: [FixItSpec(message: "add 'let name: String'")]
                ),
            ]
        )
    }

    @Test("a property a link cannot set says how to declare it: the fix-it marks it a declared query item")
    func declareQueryFixIt() {
        assertExpansion(
            """
            @Routable("search")
            struct SearchPage {
                let term: String
            }
            """,
            expandedSource: """
            struct SearchPage {
                let term: String
            }

            extension SearchPage: LinkRouter.Routable {
                nonisolated init?(parameters: LinkRouter.RouteParameters) throws {
                    self.term = try LinkRouter.__required(LinkRouter.__parameter("term", as: String.self, in: LinkRouter.__parameters(parameters, from: .caller)), "term")
                }
                /// A link to `search`, each value percent-encoded.
                nonisolated static func link() -> LinkRouter.PageLink<SearchPage> {
                    LinkRouter.PageLink(LinkRouter.RouteLink("search", values: [:]))
                }
                @used @section("linkrouter_routes") nonisolated static let __linkRouterRecord: LinkRouter.__RouteRecord<12> = (
                    header: [0x0020_0001_526B6E4C, 0x0000_0006_70616765], // flags, version 1, magic; text length, kind 'page'
                    accessor: { __value, __type, _ in LinkRouter.__storePage(SearchPage.self, to: __value, ifExpected: __type) },
                    layout: 0x0,
                    body: [0x1686372616573, 0x6000000, 0x0, 0x0, 0x0, 0x0, // text: "search", then its compiled pattern
                           0x0, 0x0, 0x0, 0x0, 0x0, 0x0]
                )
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "a link cannot set 'term': no placeholder of 'search' fills it and the route declares no query item 'term'; mark it @RouteParameter(from: .query) for a link to set it, or @RouteParameter(from: .caller) for the app alone to, rename it or a placeholder, or give it a default value or an optional type",
                    line: 3, column: 9,
                    fixIts: [
                        FixItSpec(message: "declare 'term' a query item a link may set"), FixItSpec(message: "say the app gives 'term'"),
                        FixItSpec(message: "make 'term' optional"),
                    ]
                ),
            ],
            applyFixIts: ["declare 'term' a query item a link may set"],
            fixedSource: """
            @Routable("search")
            struct SearchPage {
                @RouteParameter(from: .query) let term: String
            }
            """
        )
    }

    @Test("a private or fileprivate property that a placeholder, a mark or a query: declaration would have a URL set is an error with a fix-it")
    func privateProperties() {
        assertExpansion(
            """
            @Routable("user/:id", query: ["tab: string"])
            struct UserPage {
                private let id: String
                @RouteParameter(from: .query) fileprivate var page: Int?
                private(set) var tab: String?
                private var debugMenu = false
                private let token: String
            }
            """,
            expandedSource: """
            struct UserPage {
                private let id: String
                fileprivate var page: Int?
                private(set) var tab: String?
                private var debugMenu = false
                private let token: String
            }

            extension UserPage: LinkRouter.Routable {
                nonisolated init?(parameters: LinkRouter.RouteParameters) throws {
                    self.id = try LinkRouter.__required(LinkRouter.__parameter("id", as: String.self, in: LinkRouter.__parameters(parameters, from: .caller)), "id")
                    self.page = try LinkRouter.__parameter("page", as: Int.self, in: LinkRouter.__parameters(parameters, from: .caller))
                    self.tab = try LinkRouter.__parameter("tab", as: String.self, in: LinkRouter.__parameters(parameters, from: .caller))
                    self.token = try LinkRouter.__required(LinkRouter.__parameter("token", as: String.self, in: LinkRouter.__parameters(parameters, from: .caller)), "token")
                    if let value = try LinkRouter.__parameter("debugMenu", as: Swift.type(of: self.debugMenu), in: LinkRouter.__parameters(parameters, from: .caller)) { self.debugMenu = value }
                }
                /// A link to `user/:id`, each value percent-encoded.
                nonisolated static func link(id: String, tab: String? = nil) -> LinkRouter.PageLink<UserPage> {
                    LinkRouter.PageLink(LinkRouter.RouteLink("user/:id", values: ["id": id], query: [("tab", tab)]))
                }
                @used @section("linkrouter_routes") nonisolated static let __linkRouterRecord: LinkRouter.__RouteRecord<12> = (
                    header: [0x0000_0002_526B6E4C, 0x0016_0001_70616765], // flags, version 2, magic; text length, block count, kind 'page'
                    accessor: { __value, __type, _ in LinkRouter.__storePage(UserPage.self, to: __value, ifExpected: __type) },
                    layout: 0x00000000_0000_000F,
                    body: [0x64693A2F72657375, 0x3A6261746B000000, 0x2676E69727473, 0x600010004000000, 0x800, 0x0, // text: "user/:id\\0\\0\\0ktab:string", then its compiled pattern
                           0x0, 0x0, 0x0, 0x0, 0x0, 0x0]
                )
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "'id' is private, and no link sets a private property, but ':id' of 'user/:id' would fill it; make it internal for a link to set it, or rename it",
                    line: 3, column: 17, fixIts: [FixItSpec(message: "make 'id' internal")]
                ),
                DiagnosticSpec(
                    message: "'page' is fileprivate, and no link sets a private property, but it is marked to come from the query; make it internal for a link to set it, or rename it",
                    line: 4, column: 51, fixIts: [FixItSpec(message: "make 'page' internal")]
                ),
                DiagnosticSpec(
                    message: "'tab' is private, and no link sets a private property, but the route declares a query item 'tab'; make it internal for a link to set it, or rename it",
                    line: 5, column: 22, fixIts: [FixItSpec(message: "make 'tab' internal")]
                ),
                DiagnosticSpec(
                    message: "'token' is private, so only the app's values fill it, and it has no default value and is not optional; mark it @RouteParameter(from: .caller), or give it a default value or an optional type",
                    line: 7, column: 17,
                    fixIts: [FixItSpec(message: "say the app gives 'token'"), FixItSpec(message: "make 'token' optional")]
                ),
            ],
            applyFixIts: ["make 'id' internal"],
            fixedSource: """
            @Routable("user/:id", query: ["tab: string"])
            struct UserPage {
                let id: String
                @RouteParameter(from: .query) fileprivate var page: Int?
                private(set) var tab: String?
                private var debugMenu = false
                private let token: String
            }
            """
        )
    }

    @Test("a PageReturn property declares the page's result: the page becomes a ReturningPage and the record names the type")
    func declaredResult() {
        assertExpansion(
            """
            @Routable("pick")
            struct PickerPage {
                let result: PageReturn<Address>
            }
            """,
            expandedSource: """
            struct PickerPage {
                let result: PageReturn<Address>
            }

            extension PickerPage: LinkRouter.Routable {
                nonisolated init?(parameters: LinkRouter.RouteParameters) throws {
                    self.result = try LinkRouter.__required(LinkRouter.__parameter("result", as: PageReturn<Address>.self, in: parameters), "result")
                }
                /// A link to `pick`, each value percent-encoded.
                nonisolated static func link() -> LinkRouter.PageLink<PickerPage> {
                    LinkRouter.PageLink(LinkRouter.RouteLink("pick", values: [:]))
                }
                @used @section("linkrouter_routes") nonisolated static let __linkRouterRecord: LinkRouter.__RouteRecord<12> = (
                    header: [0x0120_0001_526B6E4C, 0x0000_0004_70616765], // flags, version 1, magic; text length, kind 'page'
                    accessor: { __value, __type, _ in LinkRouter.__storePage(PickerPage.self, to: __value, ifExpected: __type) },
                    layout: 0x0,
                    body: [0x16B636970, 0x6441070000000400, 0x7373657264, 0x0, 0x0, 0x0, // text: "pick", then its compiled pattern
                           0x0, 0x0, 0x0, 0x0, 0x0, 0x0]
                )
            }

            extension PickerPage: LinkRouter.ReturningPage {
                typealias Output = Address
            }
            """,
            conformances: ["Routable", "ReturningPage"]
        )
    }

    @Test("the link builder takes the placeholders, then the declared query, as the properties' types; an optional group's and a query item's may be left out")
    func linkBuilder() {
        assertExpansion(
            """
            @Routable("user/<int:id>(/:tab)", query: ["in: string"])
            public struct UserPage {
                let id: Int
                var tab: Tab = .posts
                @RouteParameter("return_to", from: .query) let returnTo: String?
                @RouteParameter(from: .query) let page: Int
            }
            """,
            expandedSource: """
            public struct UserPage {
                let id: Int
                var tab: Tab = .posts
                let returnTo: String?
                let page: Int
            }

            extension UserPage: LinkRouter.Routable {
                public nonisolated init?(parameters: LinkRouter.RouteParameters) throws {
                    self.id = try LinkRouter.__required(LinkRouter.__parameter("id", as: Int.self, in: LinkRouter.__placeholderParameters(parameters)), "id")
                    self.returnTo = try LinkRouter.__parameter("return_to", as: String.self, in: LinkRouter.__parameters(parameters, from: .query))
                    self.page = try LinkRouter.__required(LinkRouter.__parameter("page", as: Int.self, in: LinkRouter.__parameters(parameters, from: .query)), "page")
                    if let value = try LinkRouter.__parameter("tab", as: Tab.self, in: LinkRouter.__placeholderParameters(parameters)) { self.tab = value }
                }
                /// A link to `user/<int:id>(/:tab)`, each value percent-encoded.
                public nonisolated static func link(id: Int, tab: Tab? = nil, `in`: String? = nil, returnTo: String? = nil, page: Int) -> LinkRouter.PageLink<UserPage> {
                    LinkRouter.PageLink(LinkRouter.RouteLink("user/<int:id>(/:tab)", values: ["id": id, "tab": tab], query: [("in", `in`), ("return_to", returnTo), ("page", page)]))
                }
                @used @section("linkrouter_routes") nonisolated static let __linkRouterRecord: LinkRouter.__RouteRecord<12> = (
                    header: [0x0000_0002_526B6E4C, 0x003B_0001_70616765], // flags, version 2, magic; text length, block count, kind 'page'
                    accessor: { __value, __type, _ in LinkRouter.__storePage(UserPage.self, to: __value, ifExpected: __type) },
                    layout: 0x00000000_0000_0015,
                    body: [0x6E693C2F72657375, 0x3A2F283E64693A74, 0x6B00000029626174, 0x6E697274733A6E69, 0x6E72757465722C67, 0x697274733A6F745F, // text: "user/<int:id>(/:tab)\\0\\0\\0kin:string,return_to:string,page:int", then its compiled pattern
                           0x3A656761702C676E, 0x3746E69, 0xC000A00020004, 0x1300100101, 0x0, 0x0]
                )
            }
            """
        )
    }

    @Test("@RouteParameter on anything but a property is an error; on a property it adds nothing")
    func routeParameterPlacement() {
        assertExpansion(
            """
            struct Form {
                @RouteParameter("q") var query: String?
                @RouteParameter("f") func submit() {}
            }
            """,
            expandedSource: """
            struct Form {
                var query: String?
                func submit() {}
            }
            """,
            diagnostics: [
                DiagnosticSpec(message: "@RouteParameter applies to a stored property of a @Routable struct", line: 3, column: 5),
            ]
        )
    }
}
