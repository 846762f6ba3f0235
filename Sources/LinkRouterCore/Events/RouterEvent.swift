/// Something that happened while the router opened a URL.
///
/// May gain cases in a minor version (`@nonexhaustive`): a `switch` over it outside LinkRouter's
/// package ends with `@unknown default` (README, "Versioning").
@nonexhaustive
public enum RouterEvent: Sendable {
    /// An open started.
    case willOpen(url: String, source: OpenSource)
    /// An open reached a page, an action or a dispatcher.
    case didOpen(RouteOutcome)
    /// An open failed; the outcome says why.
    case failed(RouteOutcome)
    /// An unknown or disabled route fell back to another URL.
    case fellBack(from: String, to: String)
    /// Something worth knowing that did not change the outcome, e.g. an interceptor that answered twice.
    case diagnostic(String)
}

/// What the delegate decides about an open that is about to start.
///
/// May gain cases in a minor version (`@nonexhaustive`): a `switch` over it outside LinkRouter's
/// package ends with `@unknown default` (README, "Versioning").
@nonexhaustive
public enum WillOpenDecision: Sendable {
    /// Open the URL as given.
    case proceed
    /// Open this URL instead.
    case rewrite(String)
    /// Do not open anything; the open fails with ``RouteFailure/cancelled(reason:)``.
    case cancel(reason: String)
}

/// Observes and steers the router's opens. Every method has a default that does nothing.
///
/// The router holds its delegate weakly. The methods are called on the task running the open.
public protocol RouterDelegate: AnyObject, Sendable {
    /// A URL is about to build a page or run an action; the delegate may rewrite the URL or
    /// cancel (its veto).
    ///
    /// Asked by every door that builds a page or runs an action: `open` (with its `willOpen`
    /// event), `call` and `page(for:)` (with no event: they are not opens), and each parent a deep
    /// link is about to rebuild beneath its page (a parent is not a place to go elsewhere from,
    /// so a rewrite leaves it out as a cancel does). `canOpen` and `resolve`, which build and run
    /// nothing, do not ask. `source` is the one the admission gives the URL (a link to one of
    /// the web hosts is external).
    func router(_ router: Router, willOpen url: String, source: OpenSource) -> WillOpenDecision
    /// An open reached a page, an action or a dispatcher.
    func router(_ router: Router, didOpen outcome: RouteOutcome)
    /// An open failed.
    func router(_ router: Router, didFailToOpen outcome: RouteOutcome)
    /// An unknown or disabled route fell back to `fallback`.
    func router(_ router: Router, didFallBackFrom url: String, to fallback: String)
}

extension RouterDelegate {
    /// Proceeds.
    public func router(_ router: Router, willOpen url: String, source: OpenSource) -> WillOpenDecision { .proceed }
    /// Does nothing.
    public func router(_ router: Router, didOpen outcome: RouteOutcome) {}
    /// Does nothing.
    public func router(_ router: Router, didFailToOpen outcome: RouteOutcome) {}
    /// Does nothing.
    public func router(_ router: Router, didFallBackFrom url: String, to fallback: String) {}
}
