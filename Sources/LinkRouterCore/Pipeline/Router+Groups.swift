public import RoutePatterns

extension Router {
    // MARK: Groups at run time

    /// Makes a registered route join a group, from the next open on.
    ///
    /// Group interceptors (``InterceptorScope/group(_:)-enum.case``) apply to the route from the next open;
    /// opens already running keep the groups they started with. The change is the last word for
    /// the route: it holds over the groups of registration (``RouteOptions/groups``) and of the
    /// dynamic route table, and stays with the pattern's shape if the route is registered again.
    ///
    /// ```swift
    /// try router.addRoute("orders/<int:id>", toGroup: "requiresLogin")
    /// try router.addRoute(.cartCheckout, toGroup: "requiresLogin")
    /// ```
    /// - Parameters:
    ///   - route: The route's pattern, as registered (or one of the same shape), or its ``RouteID``.
    ///   - group: The group to join.
    /// - Throws: ``RouteGroupError`` when the pattern does not parse or no route of its shape is registered.
    public func addRoute(_ route: some RouteReference, toGroup group: String) throws(RouteGroupError) {
        rules.setMembership(of: try registeredRoute(route.referencedRoute.pattern).pattern, in: group, joined: true)
    }

    /// Makes a registered route leave a group, from the next open on, whether it joined the group
    /// at registration, through the dynamic route table or at run time.
    ///
    /// - Parameters:
    ///   - route: The route's pattern, as registered (or one of the same shape), or its ``RouteID``.
    ///   - group: The group to leave.
    /// - Returns: Whether the route was in the group by registration or by a run-time change.
    /// - Throws: ``RouteGroupError`` when the pattern does not parse or no route of its shape is registered.
    @discardableResult
    public func removeRoute(_ route: some RouteReference, fromGroup group: String) throws(RouteGroupError) -> Bool {
        let route = try registeredRoute(route.referencedRoute.pattern)
        let wasMember = groups(of: route, edits: rules.groupEdits).contains(group)
        rules.setMembership(of: route.pattern, in: group, joined: false)
        return wasMember
    }

    /// The registered routes in a group, in registration order: those registered in it and those
    /// that joined it at run time, less those that left it.
    ///
    /// The dynamic route table's memberships are not listed: they are rules on URLs (`promo/**`),
    /// decided for each URL opened; ``routeTable`` lists them.
    /// - Parameter group: The group's name.
    /// - Returns: The routes, as registered.
    public func routes(inGroup group: String) -> [RouteDescription] {
        let edits = rules.groupEdits
        return routes.filter { groups(of: $0, edits: edits).contains(group) }
    }

    private func registeredRoute(_ text: String) throws(RouteGroupError) -> RouteDescription {
        let pattern: RoutePattern
        do { pattern = try RoutePattern(text) } catch { throw .invalidPattern(error) }
        let shape = pattern.shape
        guard let route = routes.first(where: { $0.pattern.shape == shape }) else { throw .noRoute(pattern: text) }
        return route
    }

    private func groups(of route: RouteDescription, edits: [RoutePattern.Shape: GroupEdits]) -> Set<String> {
        var groups = route.options.groups
        edits[route.pattern.shape]?.apply(to: &groups)
        return groups
    }
}

/// The groups one route joined and left at run time.
struct GroupEdits: Sendable {
    private var joined: Set<String> = []
    private var left: Set<String> = []

    /// Records the latest change for `group`.
    mutating func set(_ group: String, joined isJoined: Bool) {
        if isJoined {
            joined.insert(group)
            left.remove(group)
        } else {
            left.insert(group)
            joined.remove(group)
        }
    }

    /// Applies the changes to the groups the route has otherwise.
    func apply(to groups: inout Set<String>) {
        groups.formUnion(joined)
        groups.subtract(left)
    }
}

/// Why a route's group membership could not be changed.
///
/// May gain cases in a minor version (`@nonexhaustive`): a `switch` over it outside LinkRouter's
/// package ends with `@unknown default` (README, "Versioning").
@nonexhaustive
public enum RouteGroupError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The pattern does not parse.
    case invalidPattern(PatternError)
    /// No route of the pattern's shape is registered.
    case noRoute(pattern: String)

    /// One line naming the pattern and what is wrong with it.
    public var description: String {
        switch self {
        case .invalidPattern(let error): "\(error)"
        case .noRoute(let pattern): "no route of the pattern '\(pattern)' is registered"
        }
    }
}
