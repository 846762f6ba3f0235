public import RoutePatterns

/// Why an open or a resolve reached no page or action.
///
/// May gain cases in a minor version (`@nonexhaustive`): a `switch` over it outside LinkRouter's
/// package ends with `@unknown default` (README, "Versioning").
@nonexhaustive
public enum RouteFailure: Error, Sendable, CustomStringConvertible {
    /// The URL does not parse.
    case invalidURL(URLParseError)
    /// The URL's scheme is not in the router's allowlist.
    case schemeNotAllowed(scheme: String)
    /// The router has a fixed host and the URL names another one.
    case hostNotHandled(host: String)
    /// No registered pattern matches the route key.
    case noRoute(key: RouteKey)
    /// The page refused the parameters: its initializer returned `nil` or threw `underlying`.
    case parametersRejected(pattern: String, underlying: (any Error)?)
    /// The action threw.
    case actionFailed(pattern: String, underlying: any Error)
    /// The query items and caller values together exceed ``RouterConfiguration/maximumParameterCount``.
    case tooManyParameters(count: Int, limit: Int)
    /// The dispatcher registered for the URL's scheme could not open it.
    case dispatchFailed(scheme: String, reason: String)
    /// Redirects, fallbacks or interceptors led back to a URL already visited in this open.
    /// `chain` lists every URL followed, ending with the repeated one.
    case redirectLoop(chain: [String])
    /// More than `limit` redirects were followed; `chain` lists them.
    case tooManyRedirects(chain: [String], limit: Int)
    /// An interceptor stopped the open.
    case interceptorStopped(interceptor: String, reason: String)
    /// An interceptor did not answer before its deadline.
    case interceptorTimedOut(interceptor: String, deadline: Duration)
    /// The delegate cancelled the open, or the task running it was cancelled.
    case cancelled(reason: String)
    /// The page was built but the navigator could not show it (a toolkit page whose widget failed
    /// to build, say); the stack is unchanged.
    case navigationFailed(pattern: String, underlying: any Error)
    /// The page given to the open (``OpenOptions/page``) is not of the kind the route opens:
    /// `expected` names the route's page type (or says it opens an action), `actual` the page's type.
    case pageMismatch(pattern: String, expected: String, actual: String)
    /// A rule of the dynamic route table whose pattern is `pattern` (a redirect, or a disabled
    /// route's fallback) leads to `target`, which ``RouterConfiguration/fallbackAllowlist`` does
    /// not allow: a table is held to the allowlist as `route_fallback_url` is.
    case routeTableTargetRefused(pattern: String, target: String)
    /// A guard of the route could not be put in place, so the route refuses to open rather than
    /// open unguarded: an interceptor or a module's set-up declared by annotation that is
    /// contested (two of one name, none replacing the others), whose replacement was refused, or
    /// whose record discovery could not use. `guard` names it, `reason` says why (the contest and
    /// its records). The routes refused are those in the interceptor's scope, or those declared in
    /// the module's Swift module; the discovery report and `AppRoutes.validate()` name the fix.
    case guardUnavailable(guard: String, reason: String)

    /// One line saying why nothing was opened: `no route matches 'user/bob'`.
    public var description: String {
        switch self {
        case .invalidURL(let error): "invalid URL: \(error)"
        case .schemeNotAllowed(let scheme): "scheme '\(scheme)' is not allowed"
        case .hostNotHandled(let host): "host '\(host)' is not handled by this router"
        case .noRoute(let key): "no route matches '\(key)'"
        case .parametersRejected(let pattern, let underlying?): "route '\(pattern)' rejected its parameters: \(underlying)"
        case .parametersRejected(let pattern, nil): "route '\(pattern)' rejected its parameters"
        case .actionFailed(let pattern, let underlying): "action '\(pattern)' failed: \(underlying)"
        case .tooManyParameters(let count, let limit): "\(count) parameters exceed the limit of \(limit)"
        case .dispatchFailed(let scheme, let reason): "the '\(scheme)' dispatcher could not open the URL: \(reason)"
        case .redirectLoop(let chain): "redirect loop: \(chain.joined(separator: " -> "))"
        case .tooManyRedirects(let chain, let limit): "more than \(limit) redirects: \(chain.joined(separator: " -> "))"
        case .interceptorStopped(let interceptor, let reason): "interceptor '\(interceptor)' stopped the open: \(reason)"
        case .interceptorTimedOut(let interceptor, let deadline): "interceptor '\(interceptor)' did not answer within \(deadline)"
        case .cancelled(let reason): "the open was cancelled: \(reason)"
        case .navigationFailed(let pattern, let underlying): "page '\(pattern)' could not be shown: \(underlying)"
        case .pageMismatch(let pattern, let expected, let actual): "route '\(pattern)' opens \(expected), not the \(actual) given"
        case .routeTableTargetRefused(let pattern, let target):
            "the route table's rule '\(pattern)' leads to '\(target)', which the fallback allowlist does not allow"
        case .guardUnavailable(let name, let reason): "the route's guard '\(name)' is not in place, so it refuses to open: \(reason)"
        }
    }
}

extension RouteFailure {
    /// The description without URLs, keys or parameter values, for redacted traces.
    var redactedDescription: String {
        switch self {
        case .invalidURL(let error): "invalid URL: \(error.message) at offset \(error.offset)"
        case .noRoute: "no route matches"
        case .parametersRejected(let pattern, _): "route '\(pattern)' rejected its parameters"
        case .actionFailed(let pattern, _): "action '\(pattern)' failed"
        case .navigationFailed(let pattern, _): "page '\(pattern)' could not be shown"
        case .redirectLoop(let chain): "redirect loop after \(chain.count - 1) hops"
        case .tooManyRedirects(_, let limit): "more than \(limit) redirects"
        case .routeTableTargetRefused(let pattern, _): "the route table's rule '\(pattern)' leads outside the fallback allowlist"
        case .schemeNotAllowed, .hostNotHandled, .tooManyParameters, .dispatchFailed, .interceptorStopped,
             .interceptorTimedOut, .cancelled, .pageMismatch, .guardUnavailable:
            description
        }
    }
}

/// Why a pattern could not be registered.
///
/// May gain cases in a minor version (`@nonexhaustive`): a `switch` over it outside LinkRouter's
/// package ends with `@unknown default` (README, "Versioning").
@nonexhaustive
public enum RouteRegistrationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The pattern does not parse.
    case invalidPattern(PatternError)
    /// A registered pattern has the same shape (the same segments, names aside).
    case duplicate(pattern: String, existing: String)

    /// One line naming the pattern and why it was not registered.
    public var description: String {
        switch self {
        case .invalidPattern(let error): "\(error)"
        case .duplicate(let pattern, let existing): "pattern '\(pattern)' duplicates the registered pattern '\(existing)'"
        }
    }
}
