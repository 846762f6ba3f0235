extension Router {
    /// Runs the synchronous action a route reaches and returns its value, with no `await`.
    ///
    /// The delegate is asked first (``RouterDelegate/router(_:willOpen:source:)``: it may rewrite
    /// the URL or cancel the call). Then the synchronous steps of ``open(_:parameters:source:options:)->RouteOutcome``
    /// run: parsing and limits, static redirects (the dynamic table's, then the router's),
    /// matching, disabled routes (their fallback URL is followed) and exposure, and a page type's
    /// own redirect. Then the action runs on the calling thread.
    ///
    /// What `open` would do asynchronously is refused with an error rather than waited for, so a
    /// call never blocks a thread: an asynchronous action, an interceptor that applies to the
    /// route (interceptors may suspend; a login check must not be skipped), and a URL whose scheme
    /// has a dispatcher. An unknown route fails at once: `route_fallback_url` and the not-found
    /// handler lead to pages, not to a value. A call is a function call, not a navigation: it
    /// emits no event and records no trace.
    ///
    /// ```swift
    /// try router.register("cart/count", action: { _ in cart.items.count })
    /// let count = try router.call("app://cart/count") as? Int
    /// let total = try router.call(.cartTotal, parameters: ["currency": "EUR"])   // (any Sendable)?
    /// ```
    ///
    /// A typed action (`@RoutableAction`) is called by its link, `call(_:parameters:source:)` with an
    /// ``ActionLink``, which returns the action's declared `Output`.
    /// - Parameters:
    ///   - route: The URL or bare route key, or a ``RouteID`` or ``RouteLink`` (see ``RouteReference``).
    ///   - parameters: Caller values, merged after path parameters and query items; a
    ///     ``RouteID`` takes its placeholders' values from them.
    ///   - source: Where the URL comes from; external sources reach external routes only.
    /// - Returns: The action's value.
    /// - Throws: ``RouteCallError``: the pipeline failed (``RouteCallError/failed(url:_:)``, which
    ///   includes the action throwing and the delegate cancelling), or the URL needs `open`.
    @discardableResult
    public func call(
        _ route: some RouteReference, parameters: [String: any Sendable] = [:], source: OpenSource = .app
    ) throws(RouteCallError) -> (any Sendable)? {
        try call(route.referencedRoute, parameters: parameters, source: source).value
    }

    /// The value of the action `route` reaches, and the URL called (for an identifier, its link):
    /// the call's driver, over the plan.
    func call(
        _ route: ReferencedRoute, parameters: [String: any Sendable], source: OpenSource
    ) throws(RouteCallError) -> (value: (any Sendable)?, url: String) {
        var parameters = parameters
        let url: String
        do { url = try route.url(filling: &parameters) } catch { throw .failed(url: route.pattern, error) }
        let snapshot = snapshot
        var start: String?
        switch delegateDecision(on: url, source: source, snapshot: snapshot) {
        case .proceed: break
        case .rewrite(let rewritten): start = rewritten
        case .cancel(let reason): throw .failed(url: url, .cancelled(reason: reason))
        }
        var course = Course(url: url, start: start, source: source, parameters: parameters, maximumRedirects: snapshot.configuration.maximumRedirects)
        let step = snapshot.plan(&course, trace: nil)
        switch consume step {
        case .route(let route, _):
            return (try run(route, at: course.current, url: url), url)
        case .intercepted(let route, _, let interceptors, _):
            // A page is refused as a page, before its interceptors are looked at.
            guard case .action = route.handler else { throw .notAnAction(url: course.current, pattern: route.pattern.text) }
            throw .interceptorsApply(url: course.current, pattern: route.pattern.text, interceptors: interceptors.map(\.name))
        case .dispatch(let dispatch):
            throw .dispatcherScheme(url: course.current, scheme: dispatch.scheme)
        case .notFound(let notFound):
            // `route_fallback_url` and the not-found handler lead to pages: a call fails at once.
            throw .failed(url: url, notFound.failure)
        case .failed(let failure):
            throw .failed(url: url, failure)
        }
    }

    /// Runs the synchronous action of a route a call reached at `current`.
    private func run(_ route: ResolvedRoute, at current: String, url: String) throws(RouteCallError) -> (any Sendable)? {
        let pattern = route.pattern.text
        guard case .action(let action) = route.handler else { throw .notAnAction(url: current, pattern: pattern) }
        do {
            switch action.body {
            case .sync(let body): return try body(route.parameters)
            case .withContext(let body, let context): return try body(context, route.parameters)
            case .async: break
            }
        } catch {
            throw .failed(url: url, .actionFailed(pattern: pattern, underlying: error))
        }
        throw .asynchronousAction(url: current, pattern: pattern)
    }
}

/// Why `call(_:parameters:source:)` returned no value.
///
/// May gain cases in a minor version (`@nonexhaustive`): a `switch` over it outside LinkRouter's
/// package ends with `@unknown default` (README, "Versioning").
@nonexhaustive
public enum RouteCallError: Error, Sendable, CustomStringConvertible {
    /// The pipeline failed for the URL called: invalid URL, no route, a redirect loop, the action threw
    /// (``RouteFailure/actionFailed(pattern:underlying:)``), and so on.
    case failed(url: String, RouteFailure)
    /// The URL reaches a page, which only `open` can show.
    case notAnAction(url: String, pattern: String)
    /// The action is asynchronous; `await router.open(url)` runs it.
    case asynchronousAction(url: String, pattern: String)
    /// Interceptors apply to the route; they may suspend, so only `open` asks them.
    case interceptorsApply(url: String, pattern: String, interceptors: [String])
    /// The URL's scheme is handed to a dispatcher, which only `open` runs.
    case dispatcherScheme(url: String, scheme: String)
    /// The action returned a value of another type than the one asked for (`nil` counts as one).
    case unexpectedResult(url: String, expected: String, actual: String)

    /// One line naming the URL and why the call returned no value.
    public var description: String {
        switch self {
        case .failed(let url, let failure): "call of '\(url)' failed: \(failure)"
        case .notAnAction(let url, let pattern): "'\(url)' reaches the page '\(pattern)', not an action; open it instead"
        case .asynchronousAction(let url, let pattern):
            "the action '\(pattern)' that '\(url)' reaches is asynchronous; run it with `await open`"
        case .interceptorsApply(let url, let pattern, let interceptors):
            "interceptors \(interceptors.map { "'\($0)'" }.joined(separator: ", ")) apply to '\(pattern)' for '\(url)'; "
                + "only `await open` asks them"
        case .dispatcherScheme(let url, let scheme):
            "'\(url)' goes to the '\(scheme)' dispatcher; only `await open` runs dispatchers"
        case .unexpectedResult(let url, let expected, let actual): "the action for '\(url)' returned \(actual), not \(expected)"
        }
    }
}
