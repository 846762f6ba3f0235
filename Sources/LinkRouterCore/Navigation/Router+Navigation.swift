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
    /// A parent the page's type names, resolved: where the page sits when its stack is rebuilt.
    struct ParentLink {
        let route: ResolvedRoute
        let url: RouteURL
        let admission: Admission
        /// Whether the parent is presented rather than pushed.
        let presented: Bool
    }

    /// Where a page goes, from one reading of the navigator's state.
    struct Placement {
        let state: NavigationState
        /// The tab the page belongs to (its own route, or a parent's, is the tab's root), if any.
        let tab: String?
        /// Where its parents and an earlier page of its route are looked for, bottom first: the
        /// tab's stack, or what is shown when the tab is shown or the page belongs to no tab.
        let scope: [NavigationEntry]
        /// Its parent chain, nearest first; empty for a presented page.
        let parents: [ParentLink]
    }

    /// Makes the page of a matched route (``page(for:_:)``), or updates a page of it already
    /// shown, and shows it with the navigator: style, animation, custom transition, tab, parents.
    func openPage(_ route: ResolvedRoute, navigator: any Navigator) async -> Result<RouteOutcome.Opened, RouteFailure> {
        let url = route.parameters.url
        let style = router.openStyle(call: self.style, page: route.options.openStyle)
        // The route's parameters hold the query already decoded.
        let animated = self.animated && route.parameters.queryItems.last { $0.name == "route_no_animation" }?.value != "1"
        var placement: Placement?
        if transition == nil, case .pageType(let type) = route.handler, let type = type as? any UpdatableInPlace.Type {
            let policy = type.updatesInPlace(for: route.parameters)
            if policy != .never {
                let found = await self.placement(of: route, url: url, style: style, navigator: navigator)
                if let updated = await update(policy, route: route, url: url, placement: found, navigator: navigator, animated: animated) {
                    return updated
                }
                placement = found
            }
        }
        let page: any Routable
        switch self.page(for: route, .opened) {
        case .success(let made): page = made
        case .failure(let failure): return .failure(failure)
        }
        trace?.record(.open) { _ in "page \(type(of: page))" }
        do {
            try await show(page, route: route, url: url, style: style, animated: animated, placement: placement, navigator: navigator)
            return .success(.page(page))
        } catch {
            trace?.record(.navigate) { _ in "the navigator could not show the page: \(error)" }
            return .failure(.navigationFailed(pattern: route.pattern.text, underlying: error))
        }
    }

    private func show(
        _ page: any Routable, route: ResolvedRoute, url: RouteURL, style: RouteOptions.OpenStyle, animated: Bool,
        placement: Placement?, navigator: any Navigator
    ) async throws {
        let entry = NavigationEntry(page: page, route: route.pattern, url: url, parameters: route.parameters, result: route.parameters.resultSlot)
        if let transition {
            trace?.record(.navigate) { _ in "custom transition (\(style.rawValue)\(animated ? "" : ", no animation"))" }
            try await transition(TransitionRequest(entry: entry, style: style, animated: animated, navigator: navigator))
            return
        }
        guard style == .push else {
            try await navigator.perform(.present(entry, inNavigationContainer: presentsInNavigationContainer), animated: animated)
            trace?.record(.navigate) { _ in "present\(animated ? "" : " (no animation)")" }
            return
        }
        let placement = if let placement { placement } else { await self.placement(of: route, url: url, style: style, navigator: navigator) }
        // The nearest parent shown (the anchor), and the parents to build above it, nearest first.
        var anchor: NavigationEntry?
        var parents: [(entry: NavigationEntry, presented: Bool)] = []
        // Each interceptor is asked once per open: not again about a parent when it let the page
        // (or a nearer parent) through.
        var asked = Set(passedInterceptors)
        for link in placement.parents {
            if let shown = placement.scope.last(where: { isEntry($0, of: link.route, url: link.url) }) {
                anchor = shown
                break
            }
            var route = link.route
            if !snapshot.rules.interceptors.isEmpty {
                guard await letThrough(&route, link: link, asked: &asked) else {
                    anchor = nil
                    break
                }
            }
            guard case .success(let parent) = self.page(for: route, .parent) else {
                trace?.record(.navigate) { _ in "parent '\(link.route.pattern.text)' did not build a page; stopped" }
                anchor = nil
                break
            }
            parents.append((NavigationEntry(page: parent, route: route.pattern, url: link.url, parameters: route.parameters), link.presented))
        }
        try await enter(placement, at: anchor, navigator: navigator, animated: animated)
        for (parent, presented) in parents.reversed() {
            try await navigator.perform(presented ? .present(parent, inNavigationContainer: true) : .push(parent), animated: false)
            trace?.record(.navigate) { _ in "\(presented ? "present" : "push") parent '\(parent.route.text)'" }
        }
        try await navigator.perform(.push(entry), animated: animated)
        trace?.record(.navigate) { _ in "push\(animated ? "" : " (no animation)")" }
    }

    /// Asks the interceptors whose scope covers a parent about to be built, and that were not
    /// asked in this open yet, with the open's source; applies their rewrites to `route`.
    /// - Returns: Whether they let the parent through; one that stops it, redirects (a parent is
    ///   not a place to go elsewhere from), times out or is cancelled stops the rebuild there.
    private func letThrough(_ route: inout ResolvedRoute, link: ParentLink, asked: inout Set<Int>) async -> Bool {
        let includingHost = link.admission.includingHost
        let groups = snapshot.groups(of: route, url: link.url, includingHost: includingHost)
        let applying = snapshot.rules.interceptors.filter {
            !asked.contains($0.order) && $0.applies(to: link.url, groups: groups, includingHost: includingHost)
        }
        guard !applying.isEmpty else { return true }
        asked.formUnion(applying.map(\.order))
        switch await ask(applying, about: &route, groups: groups) {
        case .proceed:
            return true
        case .redirect, .fail:
            let pattern = route.pattern.text
            trace?.record(.navigate) { _ in "the interceptors did not let parent '\(pattern)' through; stopped" }
            return false
        }
    }

    /// Gives a page of the route already shown, for the same key, the open's parameters, as the
    /// route's ``UpdateInPlace`` policy allows; `nil` when there is none or it refuses them.
    private func update(
        _ policy: UpdateInPlace, route: ResolvedRoute, url: RouteURL, placement: Placement, navigator: any Navigator, animated: Bool
    ) async -> Result<RouteOutcome.Opened, RouteFailure>? {
        let existing: NavigationEntry? = switch policy {
        case .never: nil
        case .onTop: placement.scope.last.flatMap { isEntry($0, of: route, url: url) ? $0 : nil }
        case .inStack: placement.scope.last { isEntry($0, of: route, url: url) }
        }
        guard let existing else { return nil }
        // The page keeps its result slot; this open's slot gets the same result.
        let opener = route.parameters.resultSlot
        var parameters = route.parameters
        parameters.resultSlotStorage = existing.result
        // The page given to the open takes the place of the page shown; without one, the page
        // shown makes its next self from the parameters, or refuses.
        var origin = PageOrigin.opened
        if given == nil {
            guard let updated = (existing.page as? any UpdatableInPlace)?.updated(with: parameters) else {
                trace?.record(.navigate) { _ in "the page shown refused to update in place" }
                return nil
            }
            origin = .updated(updated)
        }
        let page: any Routable
        switch self.page(for: route.withParameters(parameters), origin) {
        case .success(let prepared): page = prepared
        case .failure(let failure): return .failure(failure)
        }
        let entry = NavigationEntry(page: page, route: route.pattern, url: url, parameters: parameters, result: existing.result)
        do {
            try await enter(placement, at: existing, navigator: navigator, animated: animated)
            try await navigator.perform(.update(existing, with: entry), animated: animated)
        } catch {
            trace?.record(.navigate) { _ in "the navigator could not update the page: \(error)" }
            return .failure(.navigationFailed(pattern: route.pattern.text, underlying: error))
        }
        existing.result.forward(to: opener)
        trace?.record(.open) { _ in "page \(type(of: page)) updated in place" }
        return .success(.updated(page))
    }

    /// Selects the page's tab when it is not shown (or when modal layers cover it and the page
    /// goes under them), then goes back to `anchor`.
    private func enter(_ placement: Placement, at anchor: NavigationEntry?, navigator: any Navigator, animated: Bool) async throws {
        let state = placement.state
        if let tab = placement.tab, tab != state.selectedTab?.name || (anchor == nil && !state.layers.isEmpty) {
            try await navigator.perform(.selectTab(tab), animated: animated)
            trace?.record(.navigate) { _ in "select tab '\(tab)'" }
        }
        if let anchor {
            try await navigator.perform(.backToEntry(anchor), animated: animated)
            trace?.record(.navigate) { _ in "back to '\(anchor.route.text)'" }
        }
    }

    /// Reads the navigator's state and finds the page's tab, parents and scope.
    private func placement(of route: ResolvedRoute, url: RouteURL, style: RouteOptions.OpenStyle, navigator: any Navigator) async -> Placement {
        let state = await navigator.state
        guard style == .push else { return Placement(state: state, tab: nil, scope: state.visibleEntries, parents: []) }
        let parents = parentChain(of: route)
        let tab = self.tab(of: [url] + parents.map(\.url), in: state)
        let scope = if let tab, tab != state.selectedTab?.name { state.stack(ofTab: tab) ?? [] } else { state.visibleEntries }
        return Placement(state: state, tab: tab, scope: scope, parents: parents)
    }

    /// The tab whose root has the key of one of `urls` (the page's, then its parents', nearest first).
    private func tab(of urls: [RouteURL], in state: NavigationState) -> String? {
        guard !state.tabs.isEmpty else { return nil }
        let roots = state.tabs.compactMap { tab in
            (try? RouteURL(tab.root, maximumLength: router.configuration.maximumURLLength))
                .flatMap(router.admittedKey(of:)).map { (tab.name, $0) }
        }
        for url in urls {
            guard let key = router.admittedKey(of: url) else { continue }
            if let root = roots.first(where: { $0.1 == key }) { return root.0 }
        }
        return nil
    }

    /// Whether `entry` shows the page of `route` for the key of `url`.
    private func isEntry(_ entry: NavigationEntry, of route: ResolvedRoute, url: RouteURL) -> Bool {
        guard entry.route.text == route.pattern.text, let key = router.admittedKey(of: url) else { return false }
        return router.admittedKey(of: entry.url) == key
    }

    /// The parents the page's type names, admitted and resolved, nearest first; stops at a loop, a
    /// chain longer than the redirect limit, a parent URL the admission refuses or without a route,
    /// one whose route is an action, disabled by the route table, or hidden from the open's source
    /// (an internal parent of a link from outside).
    private func parentChain(of route: ResolvedRoute) -> [ParentLink] {
        var links: [ParentLink] = []
        var current = route
        var seen = Set<String>()
        while case .pageType(let type) = current.handler, let parentURL = type.parentURL(for: current.parameters) {
            guard seen.insert(parentURL).inserted, seen.count <= router.configuration.maximumRedirects else {
                trace?.record(.navigate) { "parent chain loops or is too long at \($0.show(parentURL)); stopped" }
                break
            }
            guard var parsed = try? RouteURL(parentURL, maximumLength: router.configuration.maximumURLLength),
                  let admission = try? router.admit(&parsed, from: source),
                  let parent = snapshot.resolve(parsed, parameters: [:], includingHost: admission.includingHost) else {
                trace?.record(.navigate) { "parent \($0.show(parentURL)) has no route; stopped" }
                break
            }
            guard parent.handler.kind == .page else {
                trace?.record(.navigate) { "parent \($0.show(parentURL)) is an action, not a page; stopped" }
                break
            }
            guard snapshot.disabledFallback(at: parsed, admission: admission) == nil else {
                trace?.record(.navigate) { "parent \($0.show(parentURL)) is disabled by the route table; stopped" }
                break
            }
            guard !snapshot.hides(parent, at: parsed, admission: admission) else {
                trace?.record(.navigate) { "parent \($0.show(parentURL)) is internal, hidden from an external open; stopped" }
                break
            }
            links.append(ParentLink(route: parent, url: parsed, admission: admission, presented: type.presentsParent(for: current.parameters)))
            current = parent
        }
        return links
    }
}
