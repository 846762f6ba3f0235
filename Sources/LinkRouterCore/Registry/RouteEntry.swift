internal import RoutePatterns

/// What a registered route runs.
@usableFromInline
enum RouteHandler: Sendable {
    case pageType(any Routable.Type)
    case pageFactory(@Sendable (RouteParameters) throws -> (any Routable)?)
    case action(RouteAction)

    var kind: RouteDescription.Kind {
        if case .action = self { .action } else { .page }
    }
}

/// One registered route. A value, stored in the router's list: registering a route allocates no
/// object of its own, and a resolved route reaches its entry through the snapshot.
struct RouteEntry: Sendable, PatternSource {
    let pattern: RoutePattern
    let options: RouteOptions
    let handler: RouteHandler

    init(pattern: consuming RoutePattern, options: consuming RouteOptions, handler: consuming RouteHandler) {
        self.pattern = pattern
        self.options = options
        self.handler = handler
    }
}
