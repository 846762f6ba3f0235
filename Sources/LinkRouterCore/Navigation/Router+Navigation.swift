extension Router {
    /// Where opened pages are shown; `nil` (the default) builds pages and shows them nowhere.
    public var navigator: (any Navigator)? {
        get { navigatorSlot.withLock { $0 } }
        set { navigatorSlot.withLock { $0 = newValue } }
    }

    /// Opens a page and waits until it closes, for the result it set.
    ///
    /// ```swift
    /// switch try await router.open("app://address/pick", expecting: Address.self) {
    /// case .value(let address): ship(to: address)
    /// case .cancelled: break
    /// }
    /// ```
    /// - Returns: The value the page set before it left the stack, or ``PageResult/cancelled``.
    /// - Throws: ``PageResultError`` when there is no navigator, the open failed or opened no
    ///   page, or the page set a value of another type.
    public func open<Value: Sendable>(
        _ route: some RouteReference, parameters: [String: any Sendable] = [:], source: OpenSource = .app,
        options: OpenOptions = OpenOptions(), expecting type: Value.Type
    ) async throws(PageResultError) -> PageResult<Value> {
        guard navigator != nil else { throw .noNavigator }
        var options = options
        let slot = PageResultSlot()
        options.resultSlot = slot
        let outcome = await open(route, parameters: parameters, source: source, options: options)
        if let failure = outcome.failure { throw .openFailed(failure) }
        guard outcome.page != nil else { throw .notAPage(url: outcome.url) }
        return try PageResultSlot.typed(await slot.result(), as: Value.self).get()
    }

    /// Opens a page and calls `onResult` once, when it closes, with the result it set; or at once
    /// with the error when no page could be shown.
    /// - Returns: What the open did.
    @discardableResult
    public func open<Value: Sendable>(
        _ route: some RouteReference, parameters: [String: any Sendable] = [:], source: OpenSource = .app,
        options: OpenOptions = OpenOptions(), expecting type: Value.Type,
        onResult: @escaping @Sendable (Result<PageResult<Value>, PageResultError>) -> Void
    ) async -> RouteOutcome {
        var options = options
        let slot = PageResultSlot()
        options.resultSlot = slot
        let hasNavigator = navigator != nil
        let outcome = await open(route, parameters: parameters, source: source, options: options)
        if let failure = outcome.failure {
            onResult(.failure(.openFailed(failure)))
        } else if outcome.page == nil {
            onResult(.failure(.notAPage(url: outcome.url)))
        } else if !hasNavigator {
            onResult(.failure(.noNavigator))
        } else {
            slot.onClose { onResult(PageResultSlot.typed($0, as: Value.self)) }
        }
        return outcome
    }
}
