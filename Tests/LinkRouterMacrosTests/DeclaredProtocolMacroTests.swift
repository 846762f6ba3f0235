import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// `@Routable(..., as: P.self)`: the protocol a page offers to callers that configure it.
struct DeclaredProtocolMacroTests {
    // The body's words, little-endian: "note/edi", "t" and the compiled pattern (2 segments, 0–4
    // and 5–9, no decoded literals), then 17 and "Notes.NoteEditing".
    @Test("as: names the protocol in the record, after the compiled pattern, with flag bit 6 (0x40); the record stays version 1")
    func declaredProtocol() {
        assertExpansion(
            """
            @Routable("note/edit", as: (any Notes.NoteEditing).self)
            struct NoteEditor {
                init?(parameters: RouteParameters) throws {}
            }
            """,
            expandedSource: """
            struct NoteEditor {
                init?(parameters: RouteParameters) throws {}
            }

            extension NoteEditor: LinkRouter.Routable {
                /// A link to `note/edit`, each value percent-encoded.
                nonisolated static func link() -> LinkRouter.PageLink<NoteEditor> {
                    LinkRouter.PageLink(LinkRouter.RouteLink("note/edit", values: [:]))
                }
                @used @section("linkrouter_routes") nonisolated static let __linkRouterRecord: LinkRouter.__RouteRecord<12> = (
                    header: [0x0060_0001_526B6E4C, 0x0000_0009_70616765], // flags, version 1, magic; text length, kind 'page'
                    accessor: { __value, __type, _ in
                        typealias __Offered<__T: Notes.NoteEditing> = __T
                        return LinkRouter.__storePage(__Offered<NoteEditor>.self, to: __value, ifExpected: __type)
                    },
                    layout: 0x0,
                    body: [0x6964652F65746F6E, 0x4000000000274, 0x900050000, 0x4E2E7365746F4E11, 0x697469644565746F, 0x676E, // text: "note/edit", then its compiled pattern
                           0x0, 0x0, 0x0, 0x0, 0x0, 0x0]
                )
            }
            """
        )
    }

    @Test("as: takes P.self, (any P).self and (P).self alike")
    func spellings() {
        for spelling in ["NoteEditing.self", "(any NoteEditing).self", "(NoteEditing).self"] {
            assertExpansion(
                """
                @Routable("n", as: \(spelling))
                struct NoteEditor {
                    init?(parameters: RouteParameters) throws {}
                }
                """,
                expandedSource: """
                struct NoteEditor {
                    init?(parameters: RouteParameters) throws {}
                }

                extension NoteEditor: LinkRouter.Routable {
                    /// A link to `n`, each value percent-encoded.
                    nonisolated static func link() -> LinkRouter.PageLink<NoteEditor> {
                        LinkRouter.PageLink(LinkRouter.RouteLink("n", values: [:]))
                    }
                    @used @section("linkrouter_routes") nonisolated static let __linkRouterRecord: LinkRouter.__RouteRecord<12> = (
                        header: [0x0060_0001_526B6E4C, 0x0000_0001_70616765], // flags, version 1, magic; text length, kind 'page'
                        accessor: { __value, __type, _ in
                            typealias __Offered<__T: NoteEditing> = __T
                            return LinkRouter.__storePage(__Offered<NoteEditor>.self, to: __value, ifExpected: __type)
                        },
                        layout: 0x0,
                        body: [0x100000000016E, 0x4565746F4E0B0000, 0x676E69746964, 0x0, 0x0, 0x0, // text: "n", then its compiled pattern
                               0x0, 0x0, 0x0, 0x0, 0x0, 0x0]
                    )
                }
                """
            )
        }
    }

    @Test("as: that is not a protocol written as a type is an error on the argument; the page still conforms")
    func notAProtocol() {
        for (argument, column) in [("\"NoteEditing\"", 20), ("editing", 20), ("NoteEditing.Type", 20)] {
            assertExpansion(
                """
                @Routable("n", as: \(argument))
                struct NoteEditor {
                    init?(parameters: RouteParameters) throws {}
                }
                """,
                expandedSource: """
                struct NoteEditor {
                    init?(parameters: RouteParameters) throws {}
                }

                extension NoteEditor: LinkRouter.Routable {}
                """,
                diagnostics: [
                    DiagnosticSpec(
                        message: "write the protocol the page offers as 'NoteEditing.self' or '(any NoteEditing).self', optionally qualified by its module",
                        line: 1, column: column
                    ),
                ]
            )
        }
    }

    @Test("#route takes no as:")
    func routeTakesNone() {
        assertExpansion(
            """
            #route("n", page: NoteEditor.self, as: NoteEditing.self)
            """,
            expandedSource: """
            """,
            diagnostics: [DiagnosticSpec(message: "unexpected argument 'as: NoteEditing.self'", line: 1, column: 36)]
        )
    }
}
