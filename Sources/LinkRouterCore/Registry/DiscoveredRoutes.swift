internal import RoutePatterns

/// Routes read from route records, registered in one step: what discovery (and `routes check`)
/// hands the registry once it has read a pass's records and decided which of them win.
///
/// A pass builds one of these, one route per record, with the pattern the record carries already
/// parsed (a Swift record's compiled pattern) or parsed once; the registry then takes the routes
/// themselves, moved rather than copied, so the routing table is later built from what the pass
/// read, with no value made per route and thrown away.
package struct DiscoveredRoutes: Sendable {
    var entries: [RouteEntry] = []

    /// No routes, with room for `capacity`.
    package init(capacity: Int) {
        entries.reserveCapacity(capacity)
    }

    /// How many routes there are.
    package var count: Int { entries.count }

    /// The pattern of the route at `index`.
    package func pattern(at index: Int) -> RoutePattern { entries[index].pattern }

    /// The shape digest of the pattern at `index` (``RoutePatterns/RoutePattern/shapeDigest``).
    package func shapeDigest(at index: Int) -> UInt64 { entries[index].pattern.shapeDigest }

    /// Whether the patterns at `first` and `second` have the same shape.
    package func hasSameShape(_ first: Int, _ second: Int) -> Bool {
        entries[first].pattern.hasSameShape(as: entries[second].pattern)
    }

    /// Adds a route.
    package mutating func append(_ pattern: consuming RoutePattern, options: consuming RouteOptions, target: DiscoveredTarget) {
        entries.append(RouteEntry(pattern: consume pattern, options: consume options, handler: target.handler))
    }

    /// Adds a route whose options are its exposure, open style and launcher action alone (no
    /// groups, summary or query contract): what most records state, made here, where the options'
    /// initializer is the module's own, rather than made by the caller and copied in.
    package mutating func append(
        _ pattern: consuming RoutePattern, exposure: RouteOptions.Exposure, openStyle: RouteOptions.OpenStyle, launcherAction: Bool,
        target: DiscoveredTarget
    ) {
        let options = RouteOptions(exposure: exposure, openStyle: openStyle, launcherAction: launcherAction)
        entries.append(RouteEntry(pattern: consume pattern, options: options, handler: target.handler))
    }

    /// Leaves out the routes at `indices` (those that lost to an override, or that no one wins).
    package mutating func remove(at indices: some Collection<Int>) {
        for index in indices.sorted(by: >) { entries.remove(at: index) }
    }
}

/// What a discovered route opens: a page type or an action.
package enum DiscoveredTarget {
    /// A page type's route.
    case page(any Routable.Type)
    /// An action's route.
    case action(RouteAction)

    /// What the registry calls for the route.
    var handler: RouteHandler {
        switch self {
        case .page(let page): .pageType(page)
        case .action(let action): .action(action)
        }
    }
}

extension Router {
    /// Registers the routes of a discovery pass in their order, except those whose shape a route
    /// registered before already has.
    ///
    /// - Returns: For each route not registered, its index in `routes` and the pattern of the
    ///   registered route of its shape, in order.
    package func register(discovered routes: consuming DiscoveredRoutes) -> [(index: Int, existing: String)] {
        registry.add(discovered: routes.entries)
    }
}
