public import LinkRouterCore

/// A page that shows itself in a GTK window: ``GTKNavigator`` asks it for its widget and title on
/// the main actor when the page is pushed or presented.
///
/// The isolation rule: the page value is built by the nonisolated `init?(parameters:)` on whatever
/// task runs `open`, so it stays `Sendable` and holds no widget; only these `@MainActor` members
/// touch GTK. A page type may itself be `@MainActor` (its `init?(parameters:)` then `nonisolated`).
///
/// ```swift
/// @Routable("catalog/product/<int:id>")
/// @MainActor struct ProductPage: GTKPage {
///     let id: Int
///     nonisolated init?(parameters: RouteParameters) throws { id = try parameters.int("id") }
///     var title: String { "Product \(id)" }
///     func makeWidget(in context: GTKPageContext) throws -> GTKWidget {
///         .statusPage(title: title, description: "In stock")
///     }
/// }
/// ```
public protocol GTKPage: Routable {
    /// The title the header bar shows while the page is on top.
    @MainActor var title: String { get }

    /// Builds the page's widget. Throwing fails the open with
    /// ``/LinkRouterCore/RouteFailure/navigationFailed(pattern:underlying:)`` and leaves the stack unchanged.
    @MainActor func makeWidget(in context: GTKPageContext) throws -> GTKWidget
}

/// What a page's widget can do with the window it is shown in.
@MainActor
public struct GTKPageContext {
    /// The page's entry on the stack (its URL, parameters and result slot).
    public let entry: NavigationEntry
    weak var navigator: GTKNavigator?

    /// Takes the page off the stack, with the pages above it (dismissing its modal window when it
    /// is the window's first page); its result is delivered then.
    public func close() {
        navigator?.close(entry)
    }

    /// Opens a link from inside the app (`source: .app`), through the navigator's ``GTKNavigator/linkHandler``.
    public func open(_ url: String) {
        navigator?.linkHandler?(url)
    }
}
