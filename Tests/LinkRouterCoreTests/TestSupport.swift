import LinkRouterCore

/// A router whose routes are synchronous actions that return their own pattern text.
func makeRouter(_ patterns: [String], configuration: RouterConfiguration = RouterConfiguration()) throws -> Router {
    let router = Router(configuration: configuration)
    for pattern in patterns {
        try router.register(pattern, action: { _ in pattern })
    }
    return router
}

extension Router {
    /// The text of the pattern `url` resolves to, or `nil` when it resolves to none.
    func matchedPattern(_ url: String) -> String? {
        try? resolve(url).pattern.text
    }

    /// Why `url` does not resolve, or `nil` when it does.
    func failure(_ url: String) -> RouteFailure? {
        do {
            _ = try resolve(url)
            return nil
        } catch {
            return error
        }
    }
}

/// An `Equatable` summary of a ``RouteFailure``, for table tests.
enum FailureSummary: Equatable, Sendable {
    case invalidURL(URLParseError.Reason, offset: Int)
    case schemeNotAllowed(String)
    case hostNotHandled(String)
    case noRoute(String)
    case parametersRejected(pattern: String, hasUnderlying: Bool)
    case actionFailed(pattern: String)
    case tooManyParameters(count: Int, limit: Int)
    case dispatchFailed(scheme: String, reason: String)
    case redirectLoop([String])
    case tooManyRedirects([String], limit: Int)
    case interceptorStopped(interceptor: String, reason: String)
    case interceptorTimedOut(interceptor: String)
    case cancelled(String)
    case navigationFailed(pattern: String)
    case pageMismatch(pattern: String, expected: String, actual: String)
    case routeTableTargetRefused(pattern: String, target: String)
    case guardUnavailable(guard: String, reason: String)
}

extension RouteFailure {
    var summary: FailureSummary {
        switch self {
        case .invalidURL(let error): .invalidURL(error.reason, offset: error.offset)
        case .schemeNotAllowed(let scheme): .schemeNotAllowed(scheme)
        case .hostNotHandled(let host): .hostNotHandled(host)
        case .noRoute(let key): .noRoute(key.string)
        case .parametersRejected(let pattern, let underlying): .parametersRejected(pattern: pattern, hasUnderlying: underlying != nil)
        case .actionFailed(let pattern, _): .actionFailed(pattern: pattern)
        case .tooManyParameters(let count, let limit): .tooManyParameters(count: count, limit: limit)
        case .dispatchFailed(let scheme, let reason): .dispatchFailed(scheme: scheme, reason: reason)
        case .redirectLoop(let chain): .redirectLoop(chain)
        case .tooManyRedirects(let chain, let limit): .tooManyRedirects(chain, limit: limit)
        case .interceptorStopped(let interceptor, let reason): .interceptorStopped(interceptor: interceptor, reason: reason)
        case .interceptorTimedOut(let interceptor, _): .interceptorTimedOut(interceptor: interceptor)
        case .cancelled(let reason): .cancelled(reason)
        case .navigationFailed(let pattern, _): .navigationFailed(pattern: pattern)
        case .pageMismatch(let pattern, let expected, let actual): .pageMismatch(pattern: pattern, expected: expected, actual: actual)
        case .routeTableTargetRefused(let pattern, let target): .routeTableTargetRefused(pattern: pattern, target: target)
        case .guardUnavailable(let name, let reason): .guardUnavailable(guard: name, reason: reason)
        }
    }
}

/// A route pattern, a URL, and the pattern the URL must resolve to (`nil`: no route).
struct MatchCase: Sendable, CustomStringConvertible {
    let url: String
    let expected: String?

    init(_ url: String, _ expected: String?) {
        self.url = url
        self.expected = expected
    }

    var description: String { "\(url) → \(expected ?? "no route")" }
}

/// A link to `url` (`app://picker`, or a bare key) whose page returns `Output`, as `routes gen`
/// writes one for a page that declares its result.
func resultLink<Output: Sendable>(_ url: String, _ output: Output.Type) -> PageLink<PageReturning<Output>> {
    var rest = Substring(url)
    var scheme: String?
    if let range = rest.range(of: "://") {
        scheme = String(rest[..<range.lowerBound])
        rest = rest[range.upperBound...]
    }
    let parts = rest.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
    let path = String(parts[0])
    return PageLink(RouteLink(route: RouteID(rawValue: path), path: path, query: parts.count > 1 ? String(parts[1]) : nil, scheme: scheme))
}
