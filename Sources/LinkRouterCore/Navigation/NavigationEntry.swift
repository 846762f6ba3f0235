public import RoutePatterns

/// A page on a navigation stack: the page, the route and URL that opened it, and its result slot.
///
/// An entry is a reference: the navigation state (``NavigationState``) tells its entries apart by
/// identity, so one entry is shown at most once at a time.
public final class NavigationEntry: Sendable, CustomStringConvertible {
    /// The page.
    public let page: any Routable
    /// The pattern of the route that opened it.
    public let route: RoutePattern
    /// The URL that opened it.
    public let url: RouteURL
    /// Its parameters.
    public let parameters: RouteParameters
    /// Where it puts its result; closed when the entry leaves the navigation state
    /// (``NavigationChange/commit()``).
    public let result: PageResultSlot

    /// Creates an entry; without a result slot, the entry gets an empty one of its own.
    public init(page: any Routable, route: RoutePattern, url: RouteURL, parameters: RouteParameters, result: PageResultSlot? = nil) {
        self.page = page
        self.route = route
        self.url = url
        self.parameters = parameters
        self.result = result ?? PageResultSlot()
    }

    /// The route's pattern text.
    public var description: String { route.text }
}

/// Optional callbacks for pages that want to know when they become visible or hidden.
public protocol PageLifecycle: Sendable {
    /// The page became the top of what is shown.
    func pageDidAppear()
    /// The page stopped being the top of what is shown (another page covers it, its tab was left,
    /// or it left the stack).
    func pageDidDisappear()
}
