/// What one `open` did: the page it built or the action's result, or why nothing was opened.
public struct RouteOutcome: Sendable {
    /// What was opened.
    ///
    /// May gain cases in a minor version (`@nonexhaustive`): a `switch` over it outside LinkRouter's
    /// package ends with `@unknown default` (README, "Versioning").
    @nonexhaustive
    public enum Opened: Sendable {
        /// A page was constructed (and shown, when the router has a navigator).
        case page(any Routable)
        /// A page of the route already shown took the open's parameters instead of another page
        /// being shown (``UpdatableInPlace/updatesInPlace(for:)``), or was brought forward in the
        /// window showing it (``WindowTarget/showingPage``); this is the page as it is now.
        case updated(any Routable)
        /// An action ran and returned this value (`nil` when it returned none).
        case action((any Sendable)?)
        /// The dispatcher of the URL's scheme handled it and returned this value.
        case dispatched(scheme: String, value: (any Sendable)?)
    }

    /// How an open ended: what `result` reads, without the standard library's generic `Result`
    /// in the way of every copy.
    enum Ending: Sendable {
        case opened(Opened)
        case failed(RouteFailure)
    }

    /// What the outcome holds, in one object: an outcome is passed on and returned by one reference,
    /// not as some 300 bytes copied field by field at every step.
    private final class Storage: Sendable {
        let url: String
        let route: ResolvedRoute?
        let ending: Ending
        let chainStart: String
        let laterHops: [String]
        let fellBack: Bool
        let trace: OpenTrace

        init(
            url: String, route: consuming ResolvedRoute?, ending: consuming Ending, chainStart: String, laterHops: [String],
            fellBack: Bool, trace: OpenTrace
        ) {
            self.url = url
            self.route = consume route
            self.ending = consume ending
            self.chainStart = chainStart
            self.laterHops = laterHops
            self.fellBack = fellBack
            self.trace = trace
        }
    }

    private let storage: Storage

    /// The URL as given to `open` (for a ``RouteID``, the link its values filled).
    public var url: String { storage.url }
    /// The matched route and its parameters, when a route matched.
    public var route: ResolvedRoute? { storage.route }
    /// What was opened, or why nothing was.
    public var result: Result<Opened, RouteFailure> {
        switch storage.ending {
        case .opened(let opened): .success(opened)
        case .failed(let failure): .failure(failure)
        }
    }
    /// Every URL this open went through, starting with the one given (after the delegate's
    /// rewrite): redirects, interceptor redirects, fallbacks and dispatcher hand-overs each add one.
    public var chain: [String] { [storage.chainStart] + storage.laterHops }
    /// Whether an unknown or disabled route fell back to another URL.
    public var fellBack: Bool { storage.fellBack }
    /// The decisions taken, step by step, when the open asked for them
    /// (``OpenOptions/recordsTrace``); empty otherwise.
    public var trace: OpenTrace { storage.trace }

    /// Creates an outcome.
    public init(
        url: String, route: ResolvedRoute?, result: Result<Opened, RouteFailure>,
        chain: [String]? = nil, fellBack: Bool = false, trace: OpenTrace = OpenTrace()
    ) {
        let ending: Ending
        switch result {
        case .success(let opened): ending = .opened(opened)
        case .failure(let failure): ending = .failed(failure)
        }
        self.init(
            url: url, route: route, ending: ending, chainStart: chain?.first ?? url, laterHops: Array((chain ?? []).dropFirst()),
            fellBack: fellBack, trace: trace
        )
    }

    /// An outcome whose chain is `chainStart` then `laterHops`: an open that never hopped
    /// allocates no array for its chain.
    init(
        url: String, route: consuming ResolvedRoute?, ending: consuming Ending, chainStart: String, laterHops: [String],
        fellBack: Bool, trace: OpenTrace
    ) {
        storage = Storage(
            url: url, route: consume route, ending: consume ending, chainStart: chainStart, laterHops: laterHops, fellBack: fellBack,
            trace: trace
        )
    }

    /// Whether a page or an action was opened.
    public var succeeded: Bool {
        if case .opened = storage.ending { true } else { false }
    }

    /// The page that was constructed, or updated in place, if the route was a page.
    public var page: (any Routable)? {
        switch storage.ending {
        case .opened(.page(let page)), .opened(.updated(let page)): page
        default: nil
        }
    }

    /// The value the action returned, if the route was an action and it returned one.
    public var actionResult: (any Sendable)? {
        if case .opened(.action(let value)) = storage.ending { value } else { nil }
    }

    /// Why nothing was opened, if nothing was.
    public var failure: RouteFailure? {
        if case .failed(let failure) = storage.ending { failure } else { nil }
    }
}
