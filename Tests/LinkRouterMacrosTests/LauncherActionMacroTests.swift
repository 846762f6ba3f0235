import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// `launcherAction: true` on `@Routable` and `#route`: what the macros refuse at compile time.
struct LauncherActionMacroTests {
    @Test("a launcher action that is internal, has no summary or has placeholders is an error on the argument")
    func refused() {
        assertExpansion(
            """
            @Routable("admin", summary: "Admin", launcherAction: true)
            struct AdminPage {
                init?(parameters: RouteParameters) throws {}
            }
            """,
            expandedSource: """
            struct AdminPage {
                init?(parameters: RouteParameters) throws {}
            }

            extension AdminPage: LinkRouter.Routable {}
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "a launcher action must be external (exposure: .external): the launcher opens its link as a link from outside, which an internal route refuses",
                    line: 1, column: 38
                ),
            ]
        )
        assertExpansion(
            """
            @Routable("product/<int:id>", exposure: .external, launcherAction: true)
            struct ProductPage {
                init?(parameters: RouteParameters) throws {}
            }
            """,
            expandedSource: """
            struct ProductPage {
                init?(parameters: RouteParameters) throws {}
            }

            extension ProductPage: LinkRouter.Routable {}
            """,
            diagnostics: [
                DiagnosticSpec(message: "a launcher action needs a summary: it is the action's title", line: 1, column: 52),
                DiagnosticSpec(
                    message: "a launcher action's pattern has no placeholder, wildcard or optional group: its link is the pattern itself", line: 1, column: 52
                ),
            ]
        )
        assertExpansion(
            """
            @Routable("cart", exposure: .external, summary: "Cart", launcherAction: isLauncher)
            struct CartPage {
                init?(parameters: RouteParameters) throws {}
            }
            """,
            expandedSource: """
            struct CartPage {
                init?(parameters: RouteParameters) throws {}
            }

            extension CartPage: LinkRouter.Routable {}
            """,
            diagnostics: [
                DiagnosticSpec(message: "write 'launcherAction' as 'true' or 'false'", line: 1, column: 73),
            ]
        )
    }
}
