/// What a route declares about itself besides its pattern.
///
/// ```swift
/// try router.register("cart", options: RouteOptions(exposure: .external, groups: ["requiresLogin"]), page: CartPage.self)
/// ```
public struct RouteOptions: Sendable, Hashable {
    /// Who may open a route.
    public enum Exposure: String, Sendable, Hashable, CaseIterable {
        /// Only the app itself (the default).
        case `internal`
        /// Also URLs from outside the app: pushes, web links, other apps.
        case external
    }

    /// How a page prefers to be shown.
    public enum OpenStyle: String, Sendable, Hashable, CaseIterable {
        /// No preference: the next rule decides (call, then page, then router default); pushed
        /// when none has one.
        case automatic
        /// Pushed onto the current stack.
        case push
        /// Presented modally.
        case present
    }

    /// Who may open the route.
    public var exposure: Exposure
    /// The page's preferred open style; a call's explicit style wins over it.
    public var openStyle: OpenStyle
    /// The groups the route belongs to (for group interceptors, e.g. `requiresLogin`).
    public var groups: Set<String>
    /// A one-line description, for tools and logs.
    public var summary: String?
    /// The query parameters the route declares, with their types and defaults, and what happens
    /// to the others; checked by `open`, `canOpen` and `call` after matching (not by `resolve`,
    /// which matches only). `nil`: any query parameters, unchecked.
    public var query: QueryContract?
    /// Whether the route is an item of the menu the desktop shows on the app's icon (a launcher
    /// action, titled with ``summary``; LinkRouterDesktop's `DesktopEntry` writes it): only an
    /// external route with a summary and a pattern without placeholders may be one.
    public var isLauncherAction: Bool
    /// Whether a dynamic route table (``DynamicRouteTable/exposureOverrides``, often downloaded)
    /// may make this internal route external: the route's consent in code. Without it (the
    /// default) a table may make a route internal but never expose one; its rule is refused and
    /// the route stays internal. Give it only to a route that is safe to open from any link, the
    /// day the app's server decides.
    public var routeTableMayExpose: Bool

    /// Creates route options; the defaults are an internal route, automatic style, no groups, no
    /// query contract, no launcher action, and a route that no route table may expose.
    public init(
        exposure: Exposure = .internal, openStyle: OpenStyle = .automatic, groups: Set<String> = [], summary: String? = nil,
        query: QueryContract? = nil, launcherAction: Bool = false, routeTableMayExpose: Bool = false
    ) {
        self.exposure = exposure
        self.openStyle = openStyle
        self.groups = groups
        self.summary = summary
        self.query = query
        isLauncherAction = launcherAction
        self.routeTableMayExpose = routeTableMayExpose
    }
}

/// A registered route as the router lists it.
public struct RouteDescription: Sendable {
    /// What a route opens.
    ///
    /// Closed for good: no case is added before a major version, so a `switch` over it needs no
    /// `default` (README, "Versioning").
    public enum Kind: String, Sendable, Hashable {
        /// A page, constructed from the parameters.
        case page
        /// An action, run with the parameters.
        case action
    }

    /// The pattern, as registered.
    public let pattern: RoutePattern
    /// Page or action.
    public let kind: Kind
    /// The options it was registered with.
    public let options: RouteOptions
}
