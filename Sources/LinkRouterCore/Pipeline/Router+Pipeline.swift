internal import RoutePatterns

/// Decides what an unknown route opens instead: a URL, or `nil` to let the open fail.
public typealias NotFoundHandler = @Sendable (NotFoundRequest) async -> String?

/// A URL no route matched, handed to the router's ``NotFoundHandler``.
public struct NotFoundRequest: Sendable {
    /// The URL.
    public let url: RouteURL
    /// The caller's parameters.
    public let parameters: [String: any Sendable]
    /// Where the URL comes from.
    public let source: OpenSource
}

extension Router {
    // MARK: Redirects

    /// Redirects URLs whose key matches the pattern of `source` to `target`.
    ///
    /// The target is a route key template (`new/:id`) or a URL template with a scheme
    /// (`https://help.example.com/:topic`), and may carry a fixed query (`new/:id?from=old`).
    /// Placeholders in the target are filled with the source's captures of the same name; the
    /// original query items follow, and captures the target does not use become query items.
    ///
    /// ```swift
    /// try router.addRedirect(from: "product/<int:id>", to: "catalog/item/:id")
    /// // app://product/7?ref=mail  opens  app://catalog/item/7?ref=mail
    /// try router.addRedirect(from: .oldProduct, to: .catalogProduct)
    /// ```
    /// - Parameters:
    ///   - source: The pattern whose keys are redirected, or a ``RouteID`` (see ``RouteReference``).
    ///   - target: The template the keys go to, or a ``RouteID`` whose pattern is that template.
    /// - Throws: ``RedirectError`` when either side does not parse, the target names a parameter
    ///   the source does not capture, or a redirect of the same source shape exists.
    public func addRedirect(from source: some RouteReference, to target: some RouteReference) throws(RedirectError) {
        let (source, target) = (source.referencedRoute.pattern, target.referencedRoute.pattern)
        let rule = try RedirectRule(from: source, to: target)
        if let existing = rules.addRedirect(rule) { throw .duplicate(source: source, existing: existing) }
    }

    /// Removes the redirect whose source has the shape of `source`'s pattern.
    /// - Returns: Whether a redirect was removed.
    @discardableResult
    public func removeRedirect(from source: some RouteReference) -> Bool {
        guard let pattern = try? RoutePattern(source.referencedRoute.pattern) else { return false }
        return rules.removeRedirect(shapeOf: pattern)
    }

    // MARK: Interceptors

    /// Adds an interceptor that answers through a decision, now or later, from any thread.
    ///
    /// Interceptors run after the route matched and before its page is built or its action runs,
    /// highest `priority` first; equal priorities run in the order they were added. Each answer
    /// is taken exactly once (see ``InterceptorDecision``).
    ///
    /// ```swift
    /// try router.addInterceptor("login", scope: .group("requiresLogin"), priority: 100) { request, decision in
    ///     if session.isLoggedIn { return decision.proceed() }
    ///     Task {
    ///         await request.router.open("app://login")
    ///         session.isLoggedIn ? decision.proceed() : decision.stop(reason: "not logged in")
    ///     }
    /// }
    /// ```
    /// - Parameters:
    ///   - name: A name for traces, failures and ``removeInterceptors(named:)``.
    ///   - scope: Which opens it sees.
    ///   - priority: Higher runs earlier.
    ///   - deadline: How long it may take to answer; defaults to ``RouterConfiguration/interceptorDeadline``.
    ///   - body: The interceptor: called with the open and the decision it answers through, once.
    /// - Throws: ``RouteRegistrationError/invalidPattern(_:)`` for a pattern scope that does not parse.
    public func addInterceptor(
        _ name: String, scope: InterceptorScope = .all, priority: Int = 0, deadline: Duration? = nil,
        _ body: @escaping @Sendable (InterceptionRequest, InterceptorDecision) -> Void
    ) throws(RouteRegistrationError) {
        try addInterceptor(name, scope: scope, priority: priority, deadline: deadline, body: .callback(body))
    }

    /// Adds an interceptor that answers by returning; it runs as the interceptors that answer
    /// through a decision do.
    ///
    /// ```swift
    /// try router.addInterceptor("beta", scope: .pattern("labs/**")) { request in
    ///     await features.isEnabled("labs") ? .proceed : .redirect(to: "app://home")
    /// }
    /// ```
    /// - Throws: ``RouteRegistrationError/invalidPattern(_:)`` for a pattern scope that does not parse.
    public func addInterceptor(
        _ name: String, scope: InterceptorScope = .all, priority: Int = 0, deadline: Duration? = nil,
        _ body: @escaping @Sendable (InterceptionRequest) async -> InterceptionAnswer
    ) throws(RouteRegistrationError) {
        try addInterceptor(name, scope: scope, priority: priority, deadline: deadline, body: .async(body))
    }

    private func addInterceptor(
        _ name: String, scope: InterceptorScope, priority: Int, deadline: Duration?, body: InterceptorEntry.Body
    ) throws(RouteRegistrationError) {
        let filter: InterceptorEntry.Filter
        switch scope {
        case .all: filter = .all
        case .group(let group): filter = .group(group)
        case .pattern(let route):
            do { filter = .pattern(RouteTrie(patternsOf: [try RoutePattern(route.rawValue)])) } catch { throw .invalidPattern(error) }
        }
        rules.addInterceptor(name, scope: scope, filter: filter, priority: priority, deadline: deadline, body: body)
    }

    /// Removes every interceptor with this name.
    /// - Returns: How many were removed.
    @discardableResult
    public func removeInterceptors(named name: String) -> Int {
        rules.removeInterceptors(named: name)
    }

    // MARK: Dispatchers, not found, table

    /// Hands URLs of these schemes to `dispatcher`, or back to the native dispatcher when `nil`.
    ///
    /// A scheme with a dispatcher is accepted whatever ``RouterConfiguration/allowedSchemes`` says.
    public func setDispatcher(_ dispatcher: (any RouteDispatcher)?, forSchemes schemes: Set<String>) {
        rules.setDispatcher(dispatcher, forSchemes: schemes)
    }

    /// Sets what an unknown route opens when its URL has no usable `route_fallback_url`.
    public func setNotFoundHandler(_ handler: NotFoundHandler?) {
        rules.setNotFoundHandler(handler)
    }

    /// The dynamic route table in force; ``DynamicRouteTable/empty`` until one is set.
    ///
    /// Setting it puts the new table in force in one step: every open that starts afterwards sees
    /// the new rules, every open already running keeps the old ones.
    ///
    /// ```swift
    /// router.routeTable = try DynamicRouteTable(json: document)   // RouteTableJSON
    /// ```
    public var routeTable: DynamicRouteTable {
        get { rules.dynamicTable }
        set { rules.dynamicTable = newValue }
    }
}
