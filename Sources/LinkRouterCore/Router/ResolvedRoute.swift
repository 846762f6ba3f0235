public import RoutePatterns

/// A URL resolved to a registered route, with its parameters; nothing has been opened yet.
public struct ResolvedRoute: Sendable {
    // The snapshot that matched and this route's index, rather than its entry: a lookup already
    // holds the snapshot and hands it over, so the result retains nothing more to reach the entry.
    private let snapshot: RouterSnapshot
    private let index: Int
    /// The merged parameters.
    public let parameters: RouteParameters

    init(snapshot: RouterSnapshot, index: Int, parameters: RouteParameters) {
        self.snapshot = snapshot
        self.index = index
        self.parameters = parameters
    }

    /// The pattern that matched, as registered.
    public var pattern: RoutePattern { snapshot.entries[index].pattern }
    /// The options the route was registered with.
    public var options: RouteOptions { snapshot.entries[index].options }
    var handler: RouteHandler { snapshot.entries[index].handler }
    /// The route's query contract, read without copying the rest of its options: every open asks.
    var queryContract: QueryContract? { snapshot.entries[index].options.query }
    /// Who may open the route, read without copying the rest of its options: every open asks.
    var exposure: RouteOptions.Exposure { snapshot.entries[index].options.exposure }
    /// Whether the route lets the route table make it external (``RouteOptions/routeTableMayExpose``).
    var routeTableMayExpose: Bool { snapshot.entries[index].options.routeTableMayExpose }

    /// The same route with other parameters.
    func withParameters(_ parameters: RouteParameters) -> ResolvedRoute {
        ResolvedRoute(snapshot: snapshot, index: index, parameters: parameters)
    }

    /// The same route with a result slot for its page.
    func withResultSlot(_ slot: PageResultSlot) -> ResolvedRoute {
        var parameters = parameters
        parameters.resultSlotStorage = slot
        return ResolvedRoute(snapshot: snapshot, index: index, parameters: parameters)
    }

    /// The same route with `values` overriding every source of its parameters.
    func overriding(_ values: [String: any Sendable]) -> ResolvedRoute {
        ResolvedRoute(snapshot: snapshot, index: index, parameters: parameters.overriding(values))
    }
}
