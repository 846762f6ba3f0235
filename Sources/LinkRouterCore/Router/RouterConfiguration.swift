/// How a router reads URLs.
public struct RouterConfiguration: Sendable {
    /// The schemes the router accepts, compared ignoring case (they are kept lowercased); `nil`
    /// accepts any scheme. A bare route key (`user/42`, no scheme) is always accepted.
    public var allowedSchemes: Set<String>? {
        didSet {
            let lowercased = Self.lowercased(allowedSchemes)
            if lowercased != allowedSchemes { allowedSchemes = lowercased }
        }
    }

    /// A fixed host: when set, route keys are the path alone and a URL naming another host fails
    /// with ``RouteFailure/hostNotHandled(host:)``. When `nil` (the default) the host is the key's
    /// first segment: `app://user/42` has the key `user/42`.
    public var host: String?

    /// The app's web hosts (`shop.example.com`), compared ignoring case (they are kept lowercased).
    ///
    /// An `https` URL of one of them is keyed by its path alone, so the routes that answer
    /// `shop://catalog/product/42` answer `https://shop.example.com/catalog/product/42` too, whether
    /// or not `https` is among ``allowedSchemes``. Such a link comes from the web: it reaches
    /// external routes only, whatever source it is opened with, and no dispatcher set for `https`
    /// takes it. When the set is not empty, an `https` URL of another host fails with
    /// ``RouteFailure/hostNotHandled(host:)`` (or ``RouteFailure/schemeNotAllowed(scheme:)`` when
    /// `https` is not allowed). `routes links` writes the files that let iOS, Android and the
    /// desktop hand these links to the app.
    public var webHosts: Set<String> {
        didSet {
            let lowercased = Self.lowercased(webHosts)
            if lowercased != webHosts { webHosts = lowercased }
        }
    }

    /// The longest URL accepted, in UTF-8 bytes.
    public var maximumURLLength: Int

    /// The most parameters one open may carry: query items and caller values together.
    public var maximumParameterCount: Int

    /// The most redirects one open follows (static, dynamic, interceptor and fallback hops together)
    /// before it fails with ``RouteFailure/tooManyRedirects(chain:limit:)``.
    public var maximumRedirects: Int

    /// How long an interceptor may take to answer, unless it was registered with its own deadline.
    public var interceptorDeadline: Duration

    /// Where a `route_fallback_url` query item may lead: entries are a scheme (`"app"`) or an origin
    /// (`"https://help.example.com"`, `"https://help.example.com:8443"`): scheme, host and port,
    /// compared as a browser compares origins (ignoring case; an `http(s)` host and port read as
    /// a browser reads them, see ``RouteURL/string``). A bare route key is always allowed. Empty (the default) allows bare keys only, so a crafted link cannot send users to
    /// another site. The dynamic route table is held to it too: a redirect of the table that
    /// names a scheme, and a disabled route's fallback, lead only where it allows.
    public var fallbackAllowlist: [String]

    /// How pages are shown when neither the call nor the page prefers a style.
    /// ``RouteOptions/OpenStyle/automatic`` (the default) pushes.
    public var defaultOpenStyle: RouteOptions.OpenStyle

    /// Called for every page before it is shown: built from a URL, given to `open`
    /// (``OpenOptions/page``), a parent built for a deep link, or a page updated in place — with
    /// the route it is shown for. It returns the page to show: the same one, or one it configured
    /// (dependencies injected, a theme applied). Throwing fails the open with
    /// ``RouteFailure/navigationFailed(pattern:underlying:)`` (a parent that throws is left out, as
    /// one that does not build). `nil` (the default) shows pages as they are.
    ///
    /// ```swift
    /// let router = Router(configuration: RouterConfiguration(preparePage: { page, route in
    ///     guard var page = page as? any NeedsSession else { return page }
    ///     page.session = session
    ///     return page
    /// }))
    /// ```
    public var preparePage: (@Sendable (_ page: any Routable, _ route: ResolvedRoute) throws -> any Routable)?

    /// Creates a configuration.
    public init(
        allowedSchemes: Set<String>? = nil,
        host: String? = nil,
        webHosts: Set<String> = [],
        maximumURLLength: Int = RouteURL.defaultMaximumLength,
        maximumParameterCount: Int = 64,
        maximumRedirects: Int = 8,
        interceptorDeadline: Duration = .seconds(30),
        fallbackAllowlist: [String] = [],
        defaultOpenStyle: RouteOptions.OpenStyle = .automatic,
        preparePage: (@Sendable (_ page: any Routable, _ route: ResolvedRoute) throws -> any Routable)? = nil
    ) {
        self.preparePage = preparePage
        self.defaultOpenStyle = defaultOpenStyle
        self.allowedSchemes = Self.lowercased(allowedSchemes)
        self.host = host
        self.webHosts = Self.lowercased(webHosts)
        self.maximumURLLength = maximumURLLength
        self.maximumParameterCount = maximumParameterCount
        self.maximumRedirects = maximumRedirects
        self.interceptorDeadline = interceptorDeadline
        self.fallbackAllowlist = fallbackAllowlist
    }

    /// The schemes (or hosts) as the router compares them.
    private static func lowercased(_ names: Set<String>?) -> Set<String>? {
        names.map { Set($0.map { $0.lowercased() }) }
    }

    private static func lowercased(_ names: Set<String>) -> Set<String> {
        Set(names.map { $0.lowercased() })
    }

    /// Whether a `route_fallback_url` may lead to this URL: a bare route key, a URL of an allowed
    /// scheme, or a URL of the same origin (scheme, host and port) as an allowed `scheme://host`
    /// entry. Both are read as ``RouteURL`` reads them, so an `https` URL is compared by the host
    /// and port a browser would open (`https://evil.example\@help.example.com/` is `evil.example`).
    func allowsFallback(to url: RouteURL) -> Bool {
        guard let origin = url.origin else { return true }
        return fallbackAllowlist.contains { (allowed: String) -> Bool in
            guard allowed.contains("://") else { return allowed.lowercased() == origin.scheme }
            guard let entry = (try? RouteURL(allowed))?.origin else { return false }
            return entry == origin
        }
    }
}
