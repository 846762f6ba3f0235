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

    /// Shows the parameters of an update in place (``/LinkRouterCore/UpdatableInPlace/updatesInPlace(for:)``)
    /// in the widget that the page it replaces built: `self` is the updated page. Return `false`
    /// (the default) to have a new widget built with ``makeWidget(in:)`` instead.
    @MainActor func update(_ widget: GTKWidget, in context: GTKPageContext) -> Bool
}

extension GTKPage {
    /// Builds a new widget.
    @MainActor public func update(_ widget: GTKWidget, in context: GTKPageContext) -> Bool { false }
}

/// What a page's widget can do with the window it is shown in.
@MainActor
public struct GTKPageContext {
    let handle: PageHandle
    weak var navigator: GTKNavigator?

    /// The page's entry on the stack (its URL, parameters and result slot); after an update in
    /// place that kept the widget, the updated page's.
    public var entry: NavigationEntry { handle.entry }

    /// Takes the page off the stack, with the pages above it (dismissing its modal window when it
    /// is the window's first page); its result is delivered then.
    public func close() {
        navigator?.close(handle.entry)
    }

    /// Opens a route from inside the app (`source: .app`), through the navigator's
    /// ``GTKNavigator/linkHandler``, with `options`: a page's typed link (`ProductPage.link(id: 42)`), a
    /// ``/LinkRouterCore/RouteLink`` or ``/LinkRouterCore/RouteID`` from `routes gen`, or a URL;
    /// `OpenOptions(window: .newWindow)` opens it in a new window.
    public func open(_ route: some RouteReference, options: OpenOptions = OpenOptions()) {
        let url = switch route.referencedRoute {
        case .text(let text): text
        case .link(let link): link.url
        case .id(let id): (try? id.link().url) ?? id.rawValue
        }
        navigator?.linkHandler?(url, options)
    }
}
