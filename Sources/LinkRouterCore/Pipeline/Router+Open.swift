extension Router {
    /// Opens a route through the whole pipeline and reports what happened.
    ///
    /// The steps, in order: the delegate's `willOpen`; parsing and limits; the dispatcher of the
    /// URL's scheme (the native one unless another was set); static redirects (the dynamic table's,
    /// then the router's); matching; disabled routes and exposure; the page type's own redirect;
    /// interceptors by priority; then the page is built (and shown by the ``navigator``, if any)
    /// or the action runs. Redirects, interceptor redirects and fallbacks restart the steps for
    /// the new URL, at most ``RouterConfiguration/maximumRedirects`` times and never twice for one URL.
    ///
    /// An unknown route (or one hidden from an external source) tries its `route_fallback_url`
    /// query item when the allowlist permits it, then the not-found handler, then fails.
    ///
    /// A ``RouteID`` is opened as the URL its pattern makes with its placeholders filled from
    /// `parameters` (see ``RouteID/link(_:)``); the parameters no placeholder takes go to the route
    /// as caller values. A missing value, a value its typed placeholder does not accept, or a `*`
    /// segment fails with ``RouteFailure/parametersRejected(pattern:underlying:)`` carrying a
    /// ``RouteLinkError`` before anything is matched, so that no other route can answer in its
    /// place (the outcome's `url` is then the pattern).
    ///
    /// ```swift
    /// let outcome = await router.open("app://user/42?tab=posts", source: .external)
    /// await router.open(.userProfile, parameters: ["id": 42, "tab": "likes"])
    /// await router.open(Routes.userProfile(id: 42))
    /// let traced = await router.open("app://user/42", options: OpenOptions(recordsTrace: true))
    /// if let failure = traced.failure { print(failure, traced.trace) }
    /// ```
    /// - Parameters:
    ///   - route: The URL or bare route key, or a ``RouteID`` or ``RouteLink`` (see ``RouteReference``).
    ///   - parameters: Caller values, merged after path parameters and query items; a
    ///     ``RouteID`` takes its placeholders' values from them.
    ///   - source: Where the URL comes from; external sources reach external routes only.
    ///   - options: How to show a page (style, animation, transition), and whether to record the
    ///     decision trace and show values in it.
    /// - Returns: What was opened, or why nothing was. Never throws, never traps on bad input.
    @inlinable @discardableResult
    public func open(
        _ route: some RouteReference, parameters: [String: any Sendable] = [:], source: OpenSource = .app,
        options: OpenOptions = OpenOptions()
    ) async -> RouteOutcome {
        // Inlined into the caller, with the steps that cannot suspend in one synchronous call:
        // an open that awaits nothing (a synchronous action) pays for no `async` call.
        if mayHavePendingRegistrations { await prepareForFirstUseSuspending() }
        var parameters = parameters
        let start: OpenStart
        do {
            let url = try route.referencedRoute.url(filling: &parameters)
            start = startOpen(url: url, parameters: parameters, source: source, options: options)
        } catch {
            start = startOpen(refused: error, url: route.referencedRoute.pattern, parameters: parameters, source: source, options: options)
        }
        switch start {
        case .finished(let outcome): return outcome
        case .suspended(let open): return await open.finish()
        }
    }

    /// Whether `open` would reach a page, an action or a dispatcher that claims the URL.
    ///
    /// Plans the URL as `open` does: parsing and limits, static redirects and disabled-route
    /// fallbacks, matching, exposure, the query contract and the page's own redirect; a URL whose
    /// scheme has a dispatcher is answered by its `canDispatch`. Does not ask interceptors or the
    /// delegate, and follows neither `route_fallback_url` nor the not-found handler. Builds
    /// nothing, runs nothing, emits no event.
    ///
    /// ```swift
    /// router.canOpen("app://user/42")                          // a URL
    /// router.canOpen(.userProfile, parameters: ["id": 42])     // a RouteID, filled from the parameters
    /// ```
    /// - Parameters:
    ///   - route: The URL, or a ``RouteID`` or ``RouteLink`` (see ``RouteReference``).
    ///   - parameters: Caller values, merged after path parameters and query items; a
    ///     ``RouteID`` takes its placeholders' values from them.
    ///   - source: Where the URL comes from; external sources reach external routes only.
    /// - Returns: Whether the open would reach something; `false` for a URL that does not parse,
    ///   an identifier whose values do not fill it, and every failure of the steps above.
    public func canOpen(_ route: some RouteReference, parameters: [String: any Sendable] = [:], source: OpenSource = .app) -> Bool {
        var parameters = parameters
        guard let url = try? route.referencedRoute.url(filling: &parameters) else { return false }
        let snapshot = snapshot
        // The check's driver: the plan alone answers.
        switch snapshot.plan(url, from: source, parameters: parameters).step {
        case .route, .intercepted: return true
        case .dispatch(let dispatch): return dispatch.dispatcher.canDispatch(dispatch.url)
        case .notFound, .failed: return false
        }
    }
}
