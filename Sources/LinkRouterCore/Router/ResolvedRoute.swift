public import RoutePatterns

/// A URL resolved to a registered route, with its parameters; nothing has been opened yet.
public struct ResolvedRoute: Sendable {
    /// The pattern that matched, as registered.
    public let pattern: RoutePattern
    /// The options the route was registered with.
    public let options: RouteOptions
    /// The merged parameters.
    public let parameters: RouteParameters
    let handler: RouteHandler
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

/// One registered route.
struct RouteEntry: Sendable {
    let pattern: RoutePattern
    let options: RouteOptions
    let handler: RouteHandler
}
