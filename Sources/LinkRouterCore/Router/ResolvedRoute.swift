public import RoutePatterns

/// A URL resolved to a registered route, with its parameters; nothing has been opened yet.
public struct ResolvedRoute: Sendable {
    // The snapshot's routes and this route's index, rather than its entry: the array is shared
    // by every lookup, so holding it does not touch (retain) the entry itself.
    private let entries: [RouteEntry]
    private let index: Int
    /// The merged parameters.
    public let parameters: RouteParameters

    init(entries: [RouteEntry], index: Int, parameters: RouteParameters) {
        self.entries = entries
        self.index = index
        self.parameters = parameters
    }

    var entry: RouteEntry { entries[index] }

    /// The pattern that matched, as registered.
    public var pattern: RoutePattern { entry.pattern }
    /// The options the route was registered with.
    public var options: RouteOptions { entry.options }
    var handler: RouteHandler { entry.handler }

    /// The same route with a result slot for its page.
    func withResultSlot(_ slot: PageResultSlot) -> ResolvedRoute {
        var parameters = parameters
        parameters.resultSlotStorage = slot
        return ResolvedRoute(entries: entries, index: index, parameters: parameters)
    }

    /// The same route with `values` overriding every source of its parameters.
    func overriding(_ values: [String: any Sendable]) -> ResolvedRoute {
        ResolvedRoute(entries: entries, index: index, parameters: parameters.overriding(values))
    }
}

/// What a registered route runs.
enum RouteHandler: Sendable {
    case pageType(any Routable.Type)
    case pageFactory(@Sendable (RouteParameters) throws -> (any Routable)?)
    case action(RouteAction)

    var kind: RouteDescription.Kind {
        if case .action = self { .action } else { .page }
    }
}

/// One registered route; a class, so a resolved route retains one reference instead of copying
/// the pattern, options and handler.
final class RouteEntry: Sendable {
    let pattern: RoutePattern
    let options: RouteOptions
    let handler: RouteHandler

    init(pattern: RoutePattern, options: RouteOptions, handler: RouteHandler) {
        self.pattern = pattern
        self.options = options
        self.handler = handler
    }
}
