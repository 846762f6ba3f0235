/// Opens the URLs of one or more schemes on the router's behalf.
///
/// The router hands a URL to the dispatcher registered for its scheme (see
/// ``Router/setDispatcher(_:forSchemes:)``); URLs of other schemes go to the built-in native
/// dispatcher, which opens this router's pages and actions.
///
/// ```swift
/// struct MailDispatcher: RouteDispatcher {
///     func dispatch(_ request: DispatchRequest) async -> DispatchResult {
///         await mailer.compose(to: request.url.pathSegments.joined()) ? .opened(nil) : .failed("no mail account")
///     }
/// }
/// router.setDispatcher(MailDispatcher(), forSchemes: ["mailto"])
/// ```
public protocol RouteDispatcher: Sendable {
    /// Opens a URL, hands it to the router as another route, or fails with a reason.
    func dispatch(_ request: DispatchRequest) async -> DispatchResult

    /// Whether ``dispatch(_:)`` would open the URL; answers without side effects. Defaults to `true`.
    func canDispatch(_ url: RouteURL) -> Bool
}

extension RouteDispatcher {
    /// Answers `true`: the dispatcher claims every URL of its schemes.
    public func canDispatch(_ url: RouteURL) -> Bool { true }
}

/// A URL handed to a ``RouteDispatcher``.
public struct DispatchRequest: Sendable {
    /// The URL.
    public let url: RouteURL
    /// The caller's parameters.
    public let parameters: [String: any Sendable]
    /// Where the URL comes from.
    public let source: OpenSource
}

/// What a ``RouteDispatcher`` did with a URL.
///
/// May gain cases in a minor version (`@nonexhaustive`): a `switch` over it outside LinkRouter's
/// package ends with `@unknown default` (README, "Versioning").
@nonexhaustive
public enum DispatchResult: Sendable {
    /// The URL was handled; the value, if any, becomes the outcome's result.
    case opened((any Sendable)?)
    /// Open this route key or URL through the router instead, with these caller parameters. It
    /// passes through redirects, interceptors and exposure checks like any other URL.
    case route(to: String, parameters: [String: any Sendable])
    /// The URL could not be opened, for this reason.
    case failed(String)
}

/// Opens web URLs in one of the app's own pages: `https://example.com/help` becomes the route
/// `route` with the whole URL as the parameter `parameter`.
///
/// ```swift
/// try router.register("web", page: WebPage.self)   // reads parameters.string("url")
/// router.setDispatcher(WebPageDispatcher(route: "web"), forSchemes: ["http", "https"])
/// ```
public struct WebPageDispatcher: RouteDispatcher {
    /// The route key of the web page.
    public let route: String
    /// The name of the parameter that carries the URL.
    public let parameter: String

    /// Creates a dispatcher that opens web URLs as `route`, passing the URL as `parameter`.
    public init(route: String, parameter: String = "url") {
        self.route = route
        self.parameter = parameter
    }

    /// Hands the URL to ``route``, with the whole URL as the parameter ``parameter``.
    public func dispatch(_ request: DispatchRequest) async -> DispatchResult {
        var parameters = request.parameters
        parameters[parameter] = request.url.string
        return .route(to: route, parameters: parameters)
    }
}
