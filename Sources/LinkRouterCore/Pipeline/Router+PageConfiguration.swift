extension Router {
    /// Opens a route whose page offers `Page`, and configures the page through it before it is
    /// shown: the caller knows a protocol the page conforms to, not the page's type or module.
    ///
    /// The open runs the whole pipeline, as ``open(_:parameters:source:options:)->RouteOutcome`` does. When it
    /// reaches a page (built, given in ``OpenOptions/page`` or updated in place), the page is cast
    /// to `Page` and handed to `configure` once, then prepared (``RouterConfiguration/preparePage``)
    /// and shown. A page that does not offer `Page`, or a route that opens an action, fails with
    /// ``RouteFailure/pageMismatch(pattern:expected:actual:)`` and nothing is shown; an error
    /// `configure` throws fails it with ``RouteFailure/navigationFailed(pattern:underlying:)``.
    /// The parents built for a deep link are not configured.
    ///
    /// ```swift
    /// // NoteEditing is declared in a module both sides import; the page's module is imported by neither.
    /// await router.open("app://note/edit?id=3", as: (any NoteEditing).self) { $0.delegate = self }
    /// ```
    /// - Parameters:
    ///   - route: The URL or bare route key, or a ``RouteID`` or ``RouteLink`` (see ``RouteReference``).
    ///   - page: The type the page must offer: a protocol's existential, `(any NoteEditing).self`.
    ///   - parameters: Caller values, merged after path parameters and query items.
    ///   - source: Where the URL comes from; external sources reach external routes only.
    ///   - options: How to show the page, and whether to record the decision trace.
    ///   - configure: Called once with the page as `Page`, before it is shown; a struct page is
    ///     changed in place (`inout`).
    /// - Returns: What was opened, or why nothing was.
    @discardableResult
    public func open<Page>(
        _ route: some RouteReference, as page: Page.Type, parameters: [String: any Sendable] = [:], source: OpenSource = .app,
        options: OpenOptions = OpenOptions(), configure: @escaping @Sendable (inout Page) throws -> Void = { _ in }
    ) async -> RouteOutcome {
        var options = options
        options.pageConfiguration = PageConfiguration(Page.self, configure)
        return await open(route, parameters: parameters, source: source, options: options)
    }

    /// Opens a link whose page offers `Page` (``PageLink``, as `routes gen` writes them), and
    /// configures the page through it before it is shown: ``open(_:as:parameters:source:options:configure:)``
    /// with the link's type.
    ///
    /// ```swift
    /// await router.open(Routes.noteEdit(id: 3)) { $0.delegate = self }
    /// ```
    /// - Returns: What was opened, or why nothing was.
    @discardableResult
    public func open<Page>(
        _ link: PageLink<Page>, parameters: [String: any Sendable] = [:], source: OpenSource = .app,
        options: OpenOptions = OpenOptions(), configure: @escaping @Sendable (inout Page) throws -> Void
    ) async -> RouteOutcome {
        await open(link.link, as: Page.self, parameters: parameters, source: source, options: options, configure: configure)
    }

    /// Builds the page a URL names, through the whole pipeline, without showing it: for previews,
    /// and for restoring a saved stack.
    ///
    /// The steps are an open's — the delegate's `willOpen` (which may rewrite the URL or cancel),
    /// admission, static redirects, matching, disabled routes, exposure, the query contract, the
    /// page's own redirect, `route_fallback_url` and the not-found handler, interceptors (which
    /// may redirect, rewrite or stop it), building the page, ``RouterConfiguration/preparePage`` —
    /// but the page is handed back instead of going to the ``navigator``, its parents are not
    /// built, and no event is told to the streams. A URL whose scheme has a dispatcher is not
    /// handed to it.
    ///
    /// ```swift
    /// let preview = try await router.page(for: "app://catalog/product/7")
    /// let editor = try await router.page(for: "app://note/edit?id=3", as: (any NoteEditing).self)
    /// ```
    /// - Parameters:
    ///   - route: The URL or bare route key, or a ``RouteID``, ``RouteLink`` or ``PageLink``.
    ///   - page: The type the page must offer; by default any page.
    ///   - parameters: Caller values, merged after path parameters and query items.
    ///   - source: Where the URL comes from; external sources reach external routes only.
    /// - Returns: The page, prepared.
    /// - Throws: Why no page was built: the failure an open would report (``RouteFailure/cancelled(reason:)``
    ///   when the delegate cancels), ``RouteFailure/pageMismatch(pattern:expected:actual:)``
    ///   for a route that opens an action or a page that does not offer `page`, and
    ///   ``RouteFailure/dispatchFailed(scheme:reason:)`` for a URL a dispatcher would take.
    public func page<Page>(
        for route: some RouteReference, as page: Page.Type = (any Routable).self, parameters: [String: any Sendable] = [:],
        source: OpenSource = .app
    ) async throws(RouteFailure) -> Page {
        if mayHavePendingRegistrations { await prepareForFirstUseSuspending() }
        var parameters = parameters
        let url = try route.referencedRoute.url(filling: &parameters)
        let snapshot = snapshot
        var start: String?
        switch delegateDecision(on: url, source: source, snapshot: snapshot) {
        case .proceed: break
        case .rewrite(let rewritten): start = rewritten
        case .cancel(let reason): throw .cancelled(reason: reason)
        }
        var course = Course(url: url, start: start, source: source, parameters: parameters, maximumRedirects: snapshot.configuration.maximumRedirects)
        // The driver of `page(for:)`: plans, follows what an open would follow, builds the page.
        var step = snapshot.plan(&course, trace: nil)
        while true {
            switch consume step {
            case .route(let route, _):
                return try build(route, as: Page.self, snapshot: snapshot)
            case .intercepted(var route, _, let interceptors, let groups):
                switch await ask(interceptors, about: &route, groups: groups, source: course.source, trace: nil) {
                case .proceed: return try build(route, as: Page.self, snapshot: snapshot)
                case .redirect(let target): step = snapshot.plan(&course, hopTo: target, fallback: false, trace: nil)
                case .fail(let failure): throw failure
                }
            case .dispatch(let dispatch):
                throw .dispatchFailed(scheme: dispatch.scheme, reason: "a page is built only by this router's routes, never by a dispatcher")
            case .notFound(let notFound):
                // Fallbacks lead to pages: `route_fallback_url`, then the not-found handler.
                let target: String
                if let fallback = notFound.fallback {
                    target = fallback
                } else if let handler = notFound.handler,
                          let named = await handler(NotFoundRequest(url: notFound.url, parameters: course.parameters, source: course.source)) {
                    target = named
                } else {
                    throw notFound.failure
                }
                step = snapshot.plan(&course, hopTo: target, fallback: true, trace: nil)
            case .failed(let failure):
                throw failure
            }
        }
    }

    /// The page of a route `page(for:)` reached, configured as `Page` and prepared.
    private func build<Page>(_ route: ResolvedRoute, as page: Page.Type, snapshot: RouterSnapshot) throws(RouteFailure) -> Page {
        let request = PageRequest(given: nil, configuration: PageConfiguration(Page.self) { _ in })
        if case .action = route.handler, let mismatch = request.refusesAction(of: route) { throw mismatch }
        let built = try snapshot.page(for: route, .opened, request: request, trace: nil).get()
        // Configured as `Page` before it was prepared; the hook may have wrapped it since.
        guard let typed = built as? Page else {
            throw .pageMismatch(pattern: route.pattern.text, expected: "\(type(of: built)) pages", actual: "\(Page.self)")
        }
        return typed
    }
}
