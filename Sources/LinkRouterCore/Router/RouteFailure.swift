public import RoutePatterns

/// Why an open or a resolve reached no page or action.
public enum RouteFailure: Error, Sendable, CustomStringConvertible {
    /// The URL does not parse.
    case invalidURL(URLParseError)
    /// The URL's scheme is not in the router's allowlist.
    case schemeNotAllowed(scheme: String)
    /// The router has a fixed host and the URL names another one.
    case hostNotHandled(host: String)
    /// No registered pattern matches the route key.
    case noRoute(key: String)
    /// The page refused the parameters: its initializer returned `nil` or threw `underlying`.
    case parametersRejected(pattern: String, underlying: (any Error)?)
    /// The action threw.
    case actionFailed(pattern: String, underlying: any Error)

    public var description: String {
        switch self {
        case .invalidURL(let error): "invalid URL: \(error)"
        case .schemeNotAllowed(let scheme): "scheme '\(scheme)' is not allowed"
        case .hostNotHandled(let host): "host '\(host)' is not handled by this router"
        case .noRoute(let key): "no route matches '\(key)'"
        case .parametersRejected(let pattern, let underlying?): "route '\(pattern)' rejected its parameters: \(underlying)"
        case .parametersRejected(let pattern, nil): "route '\(pattern)' rejected its parameters"
        case .actionFailed(let pattern, let underlying): "action '\(pattern)' failed: \(underlying)"
        }
    }
}

/// Why a pattern could not be registered.
public enum RouteRegistrationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The pattern does not parse.
    case invalidPattern(PatternError)
    /// A registered pattern has the same shape (the same segments, names aside).
    case duplicate(pattern: String, existing: String)

    public var description: String {
        switch self {
        case .invalidPattern(let error): "\(error)"
        case .duplicate(let pattern, let existing): "pattern '\(pattern)' duplicates the registered pattern '\(existing)'"
        }
    }
}
