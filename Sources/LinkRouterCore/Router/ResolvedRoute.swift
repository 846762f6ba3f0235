public import RoutePatterns

/// A URL resolved to a registered route, with its parameters; nothing has been opened yet.
public struct ResolvedRoute: Sendable {
    /// The pattern that matched, as registered.
    public let pattern: RoutePattern
    /// The merged parameters.
    public let parameters: RouteParameters
    let handler: RouteHandler
}

/// What a registered route runs.
enum RouteHandler: Sendable {
    case pageType(any Routable.Type)
    case pageFactory(@Sendable (RouteParameters) throws -> (any Routable)?)
    case action(@Sendable (RouteParameters) throws -> (any Sendable)?)
    case asyncAction(@Sendable (RouteParameters) async throws -> (any Sendable)?)
}

/// One registered route.
struct RouteEntry: Sendable {
    let pattern: RoutePattern
    let handler: RouteHandler
}
