// The doors a typed link opens with its declared result: a page's (`PageReturn`) and an action's
// (`RoutableAction.Output`), so that no caller names the type it expects.
extension Router {
    /// Opens a page that declares its result (``ReturningPage``) and waits until it closes, for
    /// the result it set.
    ///
    /// ```swift
    /// switch try await router.open(AddressPicker.link()) {   // a PageResult<Address>
    /// case .value(let address): ship(to: address)
    /// case .cancelled: break
    /// }
    /// ```
    /// - Parameters:
    ///   - link: The page's link, from its builder (`AddressPicker.link()`).
    ///   - parameters: Caller values, merged after path parameters and query items.
    ///   - source: Where the URL comes from; external sources reach external routes only.
    ///   - options: How to show the page, and whether to record the decision trace.
    /// - Returns: The value the page set before it left the stack, or ``PageResult/cancelled``.
    /// - Throws: ``PageResultError`` when there is no navigator, the open failed or opened no
    ///   page, or the page set a value of another type (a page registered by hand under the route).
    public func open<Page: ReturningPage>(
        _ link: PageLink<Page>, parameters: [String: any Sendable] = [:], source: OpenSource = .app,
        options: OpenOptions = OpenOptions()
    ) async throws(PageResultError) -> PageResult<Page.Output> {
        guard navigator != nil else { throw .noNavigator }
        var options = options
        let slot = PageResultSlot()
        options.resultSlot = slot
        let outcome = await open(link.link, parameters: parameters, source: source, options: options)
        if let failure = outcome.failure { throw .openFailed(failure) }
        guard outcome.page != nil else { throw .notAPage(url: outcome.url) }
        return try PageResultSlot.typed(await slot.result(), as: Page.Output.self).get()
    }

    /// Opens a page that declares its result (``ReturningPage``) and calls `onResult` once, when
    /// it closes, with the result it set; or at once with the error when no page could be shown.
    ///
    /// For a caller that must go on once the page is shown, such as an interceptor that presents
    /// a sign-in page and answers when it closes:
    ///
    /// ```swift
    /// await request.router.open(LoginPage.link(returnTo: request.url.routeKey), onResult: { result in
    ///     guard case .success(.value(let user)) = result else { return decision.stop(reason: "not signed in") }
    ///     decision.proceed()
    /// })
    /// ```
    /// - Returns: What the open did.
    @discardableResult
    public func open<Page: ReturningPage>(
        _ link: PageLink<Page>, parameters: [String: any Sendable] = [:], source: OpenSource = .app,
        options: OpenOptions = OpenOptions(),
        onResult: @escaping @Sendable (Result<PageResult<Page.Output>, PageResultError>) -> Void
    ) async -> RouteOutcome {
        var options = options
        let slot = PageResultSlot()
        options.resultSlot = slot
        let hasNavigator = navigator != nil
        let outcome = await open(link.link, parameters: parameters, source: source, options: options)
        if let failure = outcome.failure {
            onResult(.failure(.openFailed(failure)))
        } else if outcome.page == nil {
            onResult(.failure(.notAPage(url: outcome.url)))
        } else if !hasNavigator {
            onResult(.failure(.noNavigator))
        } else {
            slot.onClose { onResult(PageResultSlot.typed($0, as: Page.Output.self)) }
        }
        return outcome
    }

    /// Runs a typed action's link (``RoutableAction``) and returns its declared result, with no
    /// `await`: the synchronous steps of `call(_:parameters:source:)`, then the action on the
    /// calling thread.
    ///
    /// ```swift
    /// let message = try router.call(AddToCart.link(product: 42, quantity: 2))   // a String
    /// ```
    /// - Parameters:
    ///   - link: The action's link, from its builder.
    ///   - parameters: Caller values, merged after path parameters and query items.
    ///   - source: Where the URL comes from; external sources reach external routes only.
    /// - Returns: The action's result.
    /// - Throws: ``RouteCallError``, as `call(_:parameters:source:)` does, and
    ///   ``RouteCallError/unexpectedResult(url:expected:actual:)`` when the route's action returned
    ///   another type (a route registered by hand under the link's pattern).
    public func call<Action: RoutableAction>(
        _ link: ActionLink<Action>, parameters: [String: any Sendable] = [:], source: OpenSource = .app
    ) throws(RouteCallError) -> Action.Output {
        let (value, url) = try call(link.referencedRoute, parameters: parameters, source: source)
        guard let typed = value as? Action.Output else {
            throw .unexpectedResult(url: url, expected: "\(Action.Output.self)", actual: value.map { "\(Swift.type(of: $0))" } ?? "nil")
        }
        return typed
    }
}
