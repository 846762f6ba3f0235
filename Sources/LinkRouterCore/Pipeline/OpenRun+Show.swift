// The show step of an open: the page of a route, made (or a page shown updated in place), its
// navigation planned whole on the navigator's state (``NavigationState/opening(_:)``) and
// performed as one change (``NavigationOperation/plan(_:)``).

/// How many times an open plans its navigation before it gives up because other changes keep
/// coming first (each of them succeeded, so this bounds only a storm of changes).
private let maximumPlans = 32

extension OpenRun {
    /// The page being shown, kept from one navigation plan to the next: what is made once,
    /// whatever the number of plans.
    private struct Placement {
        let route: ResolvedRoute
        let url: RouteURL
        let style: RouteOptions.OpenStyle
        /// The parents the page's type names (planned, ``RouterSnapshot/parents(of:source:trace:)``),
        /// nearest first; only a pushed page has them.
        let links: [ParentLink]
        /// Each parent as the navigation plan sees it, built when a plan first needs it.
        var parents: [NavigationOpening.Parent]
        /// The window the page goes to (``windowTarget(of:)``), as the plan takes it.
        let window: NavigationOpening.Window
        /// How the page may update one of its route already shown; `nil` once the page shown
        /// refused, and for a page that goes to a new window.
        var update: UpdateInPlace?
        /// The open's page, once made.
        var entry: NavigationEntry?
        /// The interceptors (by registration order) asked in this open: each is asked once per
        /// open, not again about a parent when it let the page (or a nearer parent) through.
        var asked: Set<Int>
    }

    /// The page of this open and how it goes, on one state.
    private struct Showing {
        let page: NavigationOpening.Page
        let opened: RouteOutcome.Opened
        /// For a page updated in place: the slot of the page shown, which this open's slot follows.
        let forwarding: PageResultSlot?
    }

    /// Makes the page of a route (``RouterSnapshot/page(for:_:request:trace:)``), or updates a
    /// page of it already shown, and shows it with the navigator as one change: style,
    /// animation, custom transition, tab, parents.
    ///
    /// Plans the navigation on the state the navigator has, builds the parents the plan needs,
    /// performs the plan; when another change came first, plans again on the state found.
    func show(_ route: ResolvedRoute, navigator: any Navigator, passed: [Int]) async -> Result<RouteOutcome.Opened, RouteFailure> {
        let style = snapshot.configuration.openStyle(call: self.style, page: route.options.openStyle)
        // The route's parameters hold the query already decoded.
        let animated = self.animated && route.parameters.queryItems.last { $0.name == "route_no_animation" }?.value != "1"
        if let transition { return await show(route, by: transition, style: style, animated: animated, navigator: navigator) }
        var placement = placement(of: route, style: style, passed: passed)
        for _ in 0..<maximumPlans {
            let state = await navigator.state
            let tab = self.tab(of: placement, in: state)
            let showing: Showing
            switch self.showing(&placement, in: state.scope(ofTab: tab)) {
            case .success(let made): showing = made
            case .failure(let failure): return .failure(failure)
            }
            let plan: NavigationPlan
            switch await self.plan(showing, in: tab, for: &placement, on: state) {
            case .success(let planned): plan = planned
            case .failure(let failure): return .failure(failure)
            }
            do {
                try await navigator.perform(.plan(plan), animated: animated)
            } catch NavigationError.stateChanged {
                trace?.record(.navigate) { _ in "the navigation state changed while the open was planned; planning again" }
                continue
            } catch {
                return navigationFailed(route, error)
            }
            return .success(shown(showing, plan: plan, route: route, animated: animated))
        }
        return navigationFailed(route, NavigationError.stateChanged)
    }

    /// Shows the page by the open's custom transition (``OpenOptions/transition``).
    private func show(
        _ route: ResolvedRoute, by transition: @Sendable (TransitionRequest) async throws -> Void, style: RouteOptions.OpenStyle,
        animated: Bool, navigator: any Navigator
    ) async -> Result<RouteOutcome.Opened, RouteFailure> {
        let entry: NavigationEntry
        switch newEntry(route) {
        case .success(let made): entry = made
        case .failure(let failure): return .failure(failure)
        }
        trace?.record(.open) { _ in "page \(type(of: entry.page))" }
        trace?.record(.navigate) { _ in "custom transition (\(style.rawValue)\(animated ? "" : ", no animation"))" }
        do {
            try await transition(TransitionRequest(entry: entry, style: style, animated: animated, navigator: navigator))
        } catch {
            return navigationFailed(route, error)
        }
        return .success(.page(entry.page))
    }

    /// What the page needs before any plan: its parents (a pushed page's), and how it may update
    /// a page of its route already shown.
    private func placement(of route: ResolvedRoute, style: RouteOptions.OpenStyle, passed: [Int]) -> Placement {
        let target = windowTarget(of: route)
        var update: UpdateInPlace?
        if case .pageType(let type) = route.handler, let type = type as? any UpdatableInPlace.Type, target != .newWindow {
            let policy = type.updatesInPlace(for: route.parameters)
            if policy != .never { update = policy }
        }
        let links = style == .push ? snapshot.parents(of: route, source: course.source, trace: trace) : []
        let parents = links.map { link in
            NavigationOpening.Parent(presented: link.presented, isShown: shows(route: link.route, url: link.url))
        }
        let window: NavigationOpening.Window = switch target {
        case .active: .active
        case .newWindow: .new
        case .showingPage: .showing(shows(route: route, url: route.parameters.url))
        }
        return Placement(
            route: route, url: route.parameters.url, style: style, links: links, parents: parents, window: window, update: update,
            entry: nil, asked: Set(passed)
        )
    }

    /// The window the page goes to: the call's, else the page type's preference, else the active one.
    private func windowTarget(of route: ResolvedRoute) -> WindowTarget {
        if let window { return window }
        if case .pageType(let type) = route.handler, let type = type as? any WindowPreference.Type {
            return type.preferredWindow(for: route.parameters)
        }
        return .active
    }

    /// The page on a state whose entries of the page's tab are `scope`: a page of the route
    /// shown there, updated in place, or the open's page, made once, pushed or presented.
    private func showing(_ placement: inout Placement, in scope: [NavigationEntry]) -> Result<Showing, RouteFailure> {
        let route = placement.route
        if let update = placement.update, let existing = existing(update, of: route, url: placement.url, in: scope) {
            if let updated = updated(existing, route: route, url: placement.url) { return updated }
            placement.update = nil   // the page shown refused: a new page is shown
        }
        let entry: NavigationEntry
        if let made = placement.entry { entry = made } else {
            switch newEntry(route) {
            case .success(let made): entry = made
            case .failure(let failure): return .failure(failure)
            }
            placement.entry = entry
            trace?.record(.open) { _ in "page \(type(of: entry.page))" }
        }
        let page: NavigationOpening.Page = placement.style == .push
            ? .push(entry) : .present(entry, inNavigationContainer: presentsInNavigationContainer)
        return .success(Showing(page: page, opened: .page(entry.page), forwarding: nil))
    }

    /// The navigation plan of `showing` on `state` (``NavigationState/opening(_:)``), building each
    /// parent the plan needs as it asks for it.
    private func plan(
        _ showing: Showing, in tab: String?, for placement: inout Placement, on state: NavigationState
    ) async -> Result<NavigationPlan, RouteFailure> {
        var opening = NavigationOpening(showing.page, tab: tab, parents: placement.parents, window: placement.window)
        while true {
            do throws(NavigationOpening.Shortfall) {
                return .success(try state.opening(opening))
            } catch {
                switch error {
                case .parentNotBuilt(let index):
                    let built = await buildParent(placement.links[index], asked: &placement.asked)
                    opening.parents[index].built = built
                    placement.parents[index].built = built
                case .navigation(let error):
                    return navigationFailed(placement.route, error)
                }
            }
        }
    }

    /// The open's page after its plan was performed: traced, and an updated page's result slot
    /// forwarded to this open's; a page already shown in a window that was brought forward is the
    /// open's page, and its result the open's.
    private func shown(_ showing: Showing, plan: NavigationPlan, route: ResolvedRoute, animated: Bool) -> RouteOutcome.Opened {
        if let trace {
            for step in plan.steps { trace.record(.navigate) { _ in step } }
            trace.record(.navigate) { _ in "one change: \(plan.kind.rawValue)\(animated ? "" : " (no animation)")" }
        }
        if let reached = plan.reached {
            reached.result.forward(to: route.parameters.resultSlot)
            trace?.record(.open) { _ in "page \(type(of: reached.page)) shown in window \(plan.target.activeWindow.id)" }
            return .updated(reached.page)
        }
        if case .updated(let page) = showing.opened {
            showing.forwarding?.forward(to: route.parameters.resultSlot)
            trace?.record(.open) { _ in "page \(type(of: page)) updated in place" }
        }
        return showing.opened
    }

    private func navigationFailed<Success>(_ route: ResolvedRoute, _ error: any Error) -> Result<Success, RouteFailure> {
        trace?.record(.navigate) { _ in "the navigator could not show the page: \(error)" }
        return .failure(.navigationFailed(pattern: route.pattern.text, underlying: error))
    }

    /// Makes the open's page and its entry.
    private func newEntry(_ route: ResolvedRoute) -> Result<NavigationEntry, RouteFailure> {
        snapshot.page(for: route, .opened, request: request, trace: trace).map {
            NavigationEntry(page: $0, route: route.pattern, url: route.parameters.url, parameters: route.parameters, result: route.parameters.resultSlot)
        }
    }

    /// The entry of the route shown that the route's ``UpdateInPlace`` policy lets the open
    /// update: the top of `scope`, or the topmost of the route in it.
    private func existing(_ policy: UpdateInPlace, of route: ResolvedRoute, url: RouteURL, in scope: [NavigationEntry]) -> NavigationEntry? {
        let isShown = shows(route: route, url: url)
        return switch policy {
        case .never: nil
        case .onTop: scope.last.flatMap { isShown($0) ? $0 : nil }
        case .inStack: scope.last(where: isShown)
        }
    }

    /// Gives the page of `existing` the open's parameters: the entry that takes its place; `nil`
    /// when the page shown refuses them.
    private func updated(_ existing: NavigationEntry, route: ResolvedRoute, url: RouteURL) -> Result<Showing, RouteFailure>? {
        // The page keeps its result slot; this open's slot gets the same result.
        var parameters = route.parameters
        parameters.resultSlotStorage = existing.result
        // The page given to the open takes the place of the page shown; without one, the page
        // shown makes its next self from the parameters, or refuses.
        var origin = PageOrigin.opened
        if request.given == nil {
            guard let updated = (existing.page as? any UpdatableInPlace)?.updated(with: parameters) else {
                trace?.record(.navigate) { _ in "the page shown refused to update in place" }
                return nil
            }
            origin = .updated(updated)
        }
        return snapshot.page(for: route.withParameters(parameters), origin, request: request, trace: trace).map { page in
            let entry = NavigationEntry(page: page, route: route.pattern, url: url, parameters: parameters, result: existing.result)
            return Showing(page: .update(existing, with: entry), opened: .updated(page), forwarding: existing.result)
        }
    }

    /// The tab whose root has the key of the page's URL or of one of its parents' (nearest
    /// first), for a pushed page.
    private func tab(of placement: Placement, in state: NavigationState) -> String? {
        guard placement.style == .push, !state.tabs.isEmpty else { return nil }
        let roots = state.tabs.compactMap { tab in
            (try? RouteURL(tab.root, maximumLength: snapshot.configuration.maximumURLLength))
                .flatMap(snapshot.admission.admittedKey(of:)).map { (tab.name, $0) }
        }
        for url in [placement.url] + placement.links.map(\.url) {
            guard let key = snapshot.admission.admittedKey(of: url) else { continue }
            if let root = roots.first(where: { $0.1 == key }) { return root.0 }
        }
        return nil
    }

    /// Whether an entry shows the page of `route` for the key of `url`.
    private func shows(route: ResolvedRoute, url: RouteURL) -> @Sendable (NavigationEntry) -> Bool {
        let admission = snapshot.admission, pattern = route.pattern.text
        guard let key = admission.admittedKey(of: url) else { return { _ in false } }
        return { entry in entry.route.text == pattern && admission.admittedKey(of: entry.url) == key }
    }
}

extension RouterConfiguration {
    /// The open style for one open: the call's, else the page's preference, else the router's
    /// default; `automatic` throughout means push.
    func openStyle(call: RouteOptions.OpenStyle?, page: RouteOptions.OpenStyle) -> RouteOptions.OpenStyle {
        for style in [call, page, defaultOpenStyle] {
            if let style, style != .automatic { return style }
        }
        return .push
    }
}
