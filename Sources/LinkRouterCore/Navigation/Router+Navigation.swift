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

    /// The open style for one open: the call's, else the page's preference, else the router's
    /// default; `automatic` throughout means push.
    func openStyle(call: RouteOptions.OpenStyle?, page: RouteOptions.OpenStyle) -> RouteOptions.OpenStyle {
        for style in [call, page, configuration.defaultOpenStyle] {
            if let style, style != .automatic { return style }
        }
        return .push
    }
}

extension OpenRun {
    /// Shows a built page with the navigator: style, animation, custom transition, parents.
    /// - Returns: Why the navigator could not show it, or `nil` when it did.
    func show(_ page: any Routable, route: ResolvedRoute, url: RouteURL, navigator: any Navigator) async -> RouteFailure? {
        do {
            try await navigate(to: page, route: route, url: url, navigator: navigator)
            return nil
        } catch {
            trace?.record(.navigate) { _ in "the navigator could not show the page: \(error)" }
            return .navigationFailed(pattern: route.pattern.text, underlying: error)
        }
    }

    private func navigate(to page: any Routable, route: ResolvedRoute, url: RouteURL, navigator: any Navigator) async throws {
        let style = router.openStyle(call: options.style, page: route.options.openStyle)
        // The route's parameters hold the query already decoded.
        let animated = options.animated && route.parameters.queryItems.last { $0.name == "route_no_animation" }?.value != "1"
        let entry = NavigationEntry(page: page, route: route.pattern, url: url, parameters: route.parameters, result: route.parameters.resultSlot)
        if let transition = options.transition {
            trace?.record(.navigate) { _ in "custom transition (\(style.rawValue)\(animated ? "" : ", no animation"))" }
            try await transition(TransitionRequest(entry: entry, style: style, animated: animated, navigator: navigator))
            return
        }
        guard style == .push else {
            try await navigator.present(entry, inNavigationContainer: options.presentsInNavigationContainer, animated: animated)
            trace?.record(.navigate) { _ in "present\(animated ? "" : " (no animation)")" }
            return
        }
        let (anchor, parents) = await missingParents(of: route, navigator: navigator)
        if let anchor {
            await navigator.back(toRoute: anchor.route.text, animated: animated)
            trace?.record(.navigate) { _ in "back to parent '\(anchor.route.text)'" }
        }
        for (parent, presented) in parents {
            if presented {
                try await navigator.present(parent, inNavigationContainer: true, animated: false)
            } else {
                try await navigator.push(parent, animated: false)
            }
            trace?.record(.navigate) { _ in "\(presented ? "present" : "push") parent '\(parent.route.text)'" }
        }
        try await navigator.push(entry, animated: animated)
        trace?.record(.navigate) { _ in "push\(animated ? "" : " (no animation)")" }
    }

    /// The page's parent chain down to the nearest parent already on the stack (the anchor), and
    /// the parent pages to build above it, bottom first, each with whether it is presented.
    private func missingParents(
        of route: ResolvedRoute, navigator: any Navigator
    ) async -> (anchor: NavigationEntry?, parents: [(entry: NavigationEntry, presented: Bool)]) {
        var missing: [(entry: NavigationEntry, presented: Bool)] = []
        var current = route
        var seen = Set<String>()
        while case .pageType(let type) = current.handler, let parentURL = type.parentURL(for: current.parameters) {
            guard seen.insert(parentURL).inserted, seen.count <= router.configuration.maximumRedirects else {
                trace?.record(.navigate) { "parent chain loops or is too long at \($0.show(parentURL)); stopped" }
                break
            }
            guard let parsed = try? RouteURL(parentURL, maximumLength: router.configuration.maximumURLLength),
                  let parent = snapshot.resolve(parsed, parameters: [:], includingHost: router.configuration.host == nil) else {
                trace?.record(.navigate) { "parent \($0.show(parentURL)) has no route; stopped" }
                break
            }
            if let existing = await navigator.entry(ofRoute: parent.pattern.text),
               router.routeKey(of: existing.url) == router.routeKey(of: parsed) {
                return (existing, missing.reversed())
            }
            guard case .success(.page(let page)) = await parent.run() else {
                trace?.record(.navigate) { _ in "parent '\(parent.pattern.text)' did not build a page; stopped" }
                break
            }
            let entry = NavigationEntry(page: page, route: parent.pattern, url: parsed, parameters: parent.parameters)
            missing.append((entry, type.presentsParent(for: current.parameters)))
            current = parent
        }
        return (nil, missing.reversed())
    }
}
