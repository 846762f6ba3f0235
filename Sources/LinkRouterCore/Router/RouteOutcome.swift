/// What one `open` did: the page it built or the action's result, or why nothing was opened.
public struct RouteOutcome: Sendable {
    /// What was opened.
    public enum Opened: Sendable {
        /// A page was constructed (and shown, when the router has a navigator).
        case page(any Routable)
        /// A page of the route already shown took the open's parameters instead of another page
        /// being shown (``Routable/updatesInPlace(for:)``); this is the page as it is now.
        case updated(any Routable)
        /// An action ran and returned this value (`nil` when it returned none).
        case action((any Sendable)?)
        /// The dispatcher of the URL's scheme handled it and returned this value.
        case dispatched(scheme: String, value: (any Sendable)?)
    }

    /// The URL as given to `open`.
    public let url: String
    /// The matched route and its parameters, when a route matched.
    public let route: ResolvedRoute?
    /// What was opened, or why nothing was.
    public let result: Result<Opened, RouteFailure>
    /// Every URL this open went through, starting with the one given (after the delegate's
    /// rewrite): redirects, interceptor redirects, fallbacks and dispatcher hand-overs each add one.
    public var chain: [String] { [chainStart] + laterHops }
    private let chainStart: String
    private let laterHops: [String]
    /// Whether an unknown or disabled route fell back to another URL.
    public let fellBack: Bool
    /// The decisions taken, step by step, when the open asked for them
    /// (``OpenOptions/recordsTrace``); empty otherwise.
    public let trace: OpenTrace

    /// Creates an outcome.
    public init(
        url: String, route: ResolvedRoute?, result: Result<Opened, RouteFailure>,
        chain: [String]? = nil, fellBack: Bool = false, trace: OpenTrace = OpenTrace()
    ) {
        self.init(
            url: url, route: route, result: result, chainStart: chain?.first ?? url, laterHops: Array((chain ?? []).dropFirst()),
            fellBack: fellBack, trace: trace
        )
    }

    /// An outcome whose chain is `chainStart` then `laterHops`: an open that never hopped
    /// allocates no array for its chain.
    init(
        url: String, route: consuming ResolvedRoute?, result: consuming Result<Opened, RouteFailure>, chainStart: String, laterHops: [String],
        fellBack: Bool, trace: OpenTrace
    ) {
        self.url = url
        self.route = route
        self.result = result
        self.chainStart = chainStart
        self.laterHops = laterHops
        self.fellBack = fellBack
        self.trace = trace
    }

    /// Whether a page or an action was opened.
    public var succeeded: Bool {
        if case .success = result { true } else { false }
    }

    /// The page that was constructed, or updated in place, if the route was a page.
    public var page: (any Routable)? {
        switch result {
        case .success(.page(let page)), .success(.updated(let page)): page
        default: nil
        }
    }

    /// The value the action returned, if the route was an action and it returned one.
    public var actionResult: (any Sendable)? {
        if case .success(.action(let value)) = result { value } else { nil }
    }

    /// Why nothing was opened, if nothing was.
    public var failure: RouteFailure? {
        if case .failure(let failure) = result { failure } else { nil }
    }
}
