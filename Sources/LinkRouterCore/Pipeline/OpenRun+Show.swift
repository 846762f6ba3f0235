// The show step of an open: the page of a matched route, made (or a page shown updated in place),
// its navigation planned whole on the navigator's state (``NavigationState/opening(_:)``) and
// performed as one change (``NavigationOperation/plan(_:)``).

/// How many times an open plans its navigation before it gives up because other changes keep
/// coming first (each of them succeeded, so this bounds only a storm of changes).
private let maximumPlans = 32

extension OpenRun {
    /// A parent the page's type names, resolved: where the page sits when its stack is rebuilt.
    struct ParentLink {
        let route: ResolvedRoute
        let url: RouteURL
        let admission: Admission
        /// Whether the parent is presented rather than pushed.
        let presented: Bool
    }

    /// The page of this open and how it goes, planned on one state.
    private struct Showing {
        let page: NavigationOpening.Page
        let opened: RouteOutcome.Opened
        /// For a page updated in place: the slot of the page shown, which this open's slot follows.
        let forwarding: PageResultSlot?
    }

    /// Makes the page of a matched route (``page(for:_:)``), or updates a page of it already
    /// shown, and shows it with the navigator as one change: style, animation, custom transition,
    /// tab, parents.
    ///
    /// The navigation is planned on the state the navigator has (``NavigationState/opening(_:)``)
    /// and performed as one operation; when another change came first, it is planned again on the
    /// state found. The page and the parents are made once, whatever the number of plans.
    func openPage(_ route: ResolvedRoute, navigator: any Navigator) async -> Result<RouteOutcome.Opened, RouteFailure> {
        let url = route.parameters.url
        let style = snapshot.configuration.openStyle(call: self.style, page: route.options.openStyle)
        // The route's parameters hold the query already decoded.
        let animated = self.animated && route.parameters.queryItems.last { $0.name == "route_no_animation" }?.value != "1"
        if let transition {
            let entry: NavigationEntry
            switch newEntry(route, url: url) {
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

        let window = windowTarget(of: route)
        var updatePolicy: UpdateInPlace?
        if case .pageType(let type) = route.handler, let type = type as? any UpdatableInPlace.Type, window != .newWindow {
            let policy = type.updatesInPlace(for: route.parameters)
            if policy != .never { updatePolicy = policy }
        }
        let links = style == .push ? parentChain(of: route) : []
        var parents = links.map { link in
            NavigationOpening.Parent(presented: link.presented, isShown: shows(route: link.route, url: link.url))
        }
        // Each interceptor is asked once per open: not again about a parent when it let the page
        // (or a nearer parent) through.
        var asked = Set(passedInterceptors)
        var entry: NavigationEntry?
        for _ in 0..<maximumPlans {
            let state = await navigator.state
            let tab = style == .push ? self.tab(of: [url] + links.map(\.url), in: state) : nil
            let scope = state.scope(ofTab: tab)
            var update: Result<Showing, RouteFailure>?
            if let policy = updatePolicy, let existing = existing(policy, of: route, url: url, in: scope) {
                update = updated(existing, route: route, url: url)
                if case nil = update { updatePolicy = nil }   // the page shown refused: a new page is shown
            }
            let showing: Showing
            switch update {
            case .success(let updated)?:
                showing = updated
            case .failure(let failure)?:
                return .failure(failure)
            case nil:
                let made: NavigationEntry
                if let entry { made = entry } else {
                    switch newEntry(route, url: url) {
                    case .success(let new): made = new
                    case .failure(let failure): return .failure(failure)
                    }
                    entry = made
                    trace?.record(.open) { _ in "page \(type(of: made.page))" }
                }
                let page: NavigationOpening.Page = style == .push ? .push(made) : .present(made, inNavigationContainer: presentsInNavigationContainer)
                showing = Showing(page: page, opened: .page(made.page), forwarding: nil)
            }
            let choice: NavigationOpening.Window = switch window {
            case .active: .active
            case .newWindow: .new
            case .showingPage: .showing(shows(route: route, url: url))
            }
            var opening = NavigationOpening(showing.page, tab: tab, parents: parents, window: choice)
            let plan: NavigationPlan
            planning: while true {
                do throws(NavigationOpening.Shortfall) {
                    plan = try state.opening(opening)
                    break planning
                } catch {
                    switch error {
                    case .parentNotBuilt(let index):
                        opening.parents[index].built = await buildParent(links[index], asked: &asked)
                        parents[index].built = opening.parents[index].built
                    case .navigation(let error):
                        return navigationFailed(route, error)
                    }
                }
            }
            do {
                try await navigator.perform(.plan(plan), animated: animated)
            } catch NavigationError.stateChanged {
                trace?.record(.navigate) { _ in "the navigation state changed while the open was planned; planning again" }
                continue
            } catch {
                return navigationFailed(route, error)
            }
            if let trace {
                for step in plan.steps { trace.record(.navigate) { _ in step } }
                trace.record(.navigate) { _ in "one change: \(plan.kind.rawValue)\(animated ? "" : " (no animation)")" }
            }
            if let reached = plan.reached {
                // The page shown in a window was brought forward: it is the open's page, and its
                // result is the open's.
                reached.result.forward(to: route.parameters.resultSlot)
                trace?.record(.open) { _ in "page \(type(of: reached.page)) shown in window \(plan.target.activeWindow.id)" }
                return .success(.updated(reached.page))
            }
            if case .updated(let page) = showing.opened {
                showing.forwarding?.forward(to: route.parameters.resultSlot)
                trace?.record(.open) { _ in "page \(type(of: page)) updated in place" }
            }
            return .success(showing.opened)
        }
        return navigationFailed(route, NavigationError.stateChanged)
    }

    /// The window the page goes to: the call's, else the page type's preference, else the active one.
    private func windowTarget(of route: ResolvedRoute) -> WindowTarget {
        if let window { return window }
        if case .pageType(let type) = route.handler, let type = type as? any WindowPreference.Type {
            return type.preferredWindow(for: route.parameters)
        }
        return .active
    }

    private func navigationFailed(_ route: ResolvedRoute, _ error: any Error) -> Result<RouteOutcome.Opened, RouteFailure> {
        trace?.record(.navigate) { _ in "the navigator could not show the page: \(error)" }
        return .failure(.navigationFailed(pattern: route.pattern.text, underlying: error))
    }

    /// Makes the open's page and its entry.
    private func newEntry(_ route: ResolvedRoute, url: RouteURL) -> Result<NavigationEntry, RouteFailure> {
        page(for: route, .opened).map {
            NavigationEntry(page: $0, route: route.pattern, url: url, parameters: route.parameters, result: route.parameters.resultSlot)
        }
    }

    /// Builds a parent about to be shown: asks the interceptors that cover it, then makes its page.
    private func buildParent(_ link: ParentLink, asked: inout Set<Int>) async -> NavigationOpening.Parent.Built {
        var route = link.route
        if !snapshot.rules.interceptors.isEmpty {
            guard await letThrough(&route, link: link, asked: &asked) else { return .refused }
        }
        guard case .success(let parent) = page(for: route, .parent) else {
            trace?.record(.navigate) { _ in "parent '\(link.route.pattern.text)' did not build a page; stopped" }
            return .refused
        }
        return .entry(NavigationEntry(page: parent, route: route.pattern, url: link.url, parameters: route.parameters))
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
        if given == nil {
            guard let updated = (existing.page as? any UpdatableInPlace)?.updated(with: parameters) else {
                trace?.record(.navigate) { _ in "the page shown refused to update in place" }
                return nil
            }
            origin = .updated(updated)
        }
        return page(for: route.withParameters(parameters), origin).map { page in
            let entry = NavigationEntry(page: page, route: route.pattern, url: url, parameters: parameters, result: existing.result)
            return Showing(page: .update(existing, with: entry), opened: .updated(page), forwarding: existing.result)
        }
    }

    /// The tab whose root has the key of one of `urls` (the page's, then its parents', nearest first).
    private func tab(of urls: [RouteURL], in state: NavigationState) -> String? {
        guard !state.tabs.isEmpty else { return nil }
        let roots = state.tabs.compactMap { tab in
            (try? RouteURL(tab.root, maximumLength: snapshot.configuration.maximumURLLength))
                .flatMap(snapshot.admission.admittedKey(of:)).map { (tab.name, $0) }
        }
        for url in urls {
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

    /// The parents the page's type names, admitted and resolved, nearest first; stops at a loop, a
    /// chain longer than the redirect limit, a parent URL the admission refuses or without a route,
    /// one whose route is an action, disabled by the route table, or hidden from the open's source
    /// (an internal parent of a link from outside).
    private func parentChain(of route: ResolvedRoute) -> [ParentLink] {
        var links: [ParentLink] = []
        var current = route
        var seen = Set<String>()
        while case .pageType(let type) = current.handler, let parentURL = type.parentURL(for: current.parameters) {
            guard seen.insert(parentURL).inserted, seen.count <= snapshot.configuration.maximumRedirects else {
                trace?.record(.navigate) { "parent chain loops or is too long at \($0.show(parentURL)); stopped" }
                break
            }
            guard var parsed = try? RouteURL(parentURL, maximumLength: snapshot.configuration.maximumURLLength),
                  let admission = try? snapshot.admission.admit(&parsed, from: source),
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
