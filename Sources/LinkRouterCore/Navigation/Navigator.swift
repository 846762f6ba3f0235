public import RoutePatterns

/// A page on a navigation stack: the page, the route and URL that opened it, and its result slot.
public final class NavigationEntry: Sendable, CustomStringConvertible {
    /// The page.
    public let page: any Routable
    /// The pattern of the route that opened it.
    public let route: RoutePattern
    /// The URL that opened it.
    public let url: RouteURL
    /// Its parameters.
    public let parameters: RouteParameters
    /// Where it puts its result; navigators close it when the entry leaves the stack.
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
    /// The page became the top of the stack.
    func pageDidAppear()
    /// The page stopped being the top of the stack, or left it.
    func pageDidDisappear()
}

/// Puts opened pages on screen (or, headless, in memory). The router talks to UI only through it.
///
/// A navigator keeps a stack of entries: a root navigation stack, and modal layers presented over
/// it, each optionally wrapped in its own navigation container so pages can be pushed inside it.
/// Whenever an entry leaves the stack, for whatever reason, the navigator closes its
/// ``NavigationEntry/result`` slot, so a page result is delivered exactly once.
///
/// ``InMemoryNavigator`` implements it for tests, command-line tools and servers; LinkRouterGTK's
/// `GTKNavigator` implements it over GTK 4 windows.
///
/// Isolation: the router calls a navigator from whatever task runs `open`, so the requirements are
/// `async`; a navigator over a UI toolkit is `@MainActor` (its methods witness these nonisolated
/// async requirements, and each call hops to the main actor), while pages stay `Sendable` values
/// built anywhere. Pushing, presenting or replacing can fail when the toolkit cannot show the page
/// (its widget failed to build): the navigator then throws and leaves the stack unchanged, and the
/// open fails with ``RouteFailure/navigationFailed(pattern:underlying:)``.
public protocol Navigator: Sendable {
    /// Every entry, bottom first: the root stack, then each presented layer's entries.
    var stack: [NavigationEntry] { get async }
    /// Pushes onto the top navigation container; throws, changing nothing, when the page cannot be shown.
    func push(_ entry: NavigationEntry, animated: Bool) async throws
    /// Presents modally, in a navigation container of its own when `inNavigationContainer`;
    /// throws, changing nothing, when the page cannot be shown.
    func present(_ entry: NavigationEntry, inNavigationContainer: Bool, animated: Bool) async throws
    /// Pops the top entry of the top container; `false` when it is the container's only entry.
    @discardableResult func pop(animated: Bool) async -> Bool
    /// Dismisses the top modal layer with all its entries; `false` when nothing is presented.
    @discardableResult func dismiss(animated: Bool) async -> Bool
    /// Takes the top `levels` entries off, popping and dismissing as needed, never the root
    /// entry; returns how many were taken off.
    @discardableResult func back(levels: Int, animated: Bool) async -> Int
    /// Takes off every entry above the topmost entry of `route` (a pattern as registered) and
    /// returns that entry, or returns `nil` and changes nothing when no entry of the route is on the stack.
    @discardableResult func back(toRoute route: String, animated: Bool) async -> NavigationEntry?
    /// The topmost entry of `route` (a pattern as registered), if one is on the stack.
    func entry(ofRoute route: String) async -> NavigationEntry?
    /// Replaces the whole stack with `entries` as the root stack; throws, changing nothing, when a
    /// page cannot be shown.
    func replaceStack(with entries: [NavigationEntry], animated: Bool) async throws
}

extension NavigationEntry {
    /// A stack as route patterns, the way navigators print themselves: `home > catalog | picker`
    /// (`|` starts a modal layer, `[...]` marks one without a navigation container, `(empty)` an
    /// empty root).
    /// - Parameter layers: The root stack first, then each presented layer, with whether it has a
    ///   navigation container of its own.
    public static func describe(layers: [(entries: [NavigationEntry], wrapped: Bool)]) -> String {
        layers.enumerated().map { index, layer in
            let routes = layer.entries.map(\.route.text).joined(separator: " > ")
            if index == 0 { return routes.isEmpty ? "(empty)" : routes }
            return layer.wrapped ? routes : "[\(routes)]"
        }.joined(separator: " | ")
    }
}
