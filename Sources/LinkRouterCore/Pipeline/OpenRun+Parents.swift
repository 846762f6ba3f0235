// The parents of a deep link, built when the navigation plan needs them: each is a page built, so
// each passes the doors a page passes — the delegate's veto and the interceptors that cover it.

extension OpenRun {
    /// Builds a parent about to be shown: asks the delegate, then the interceptors that cover it,
    /// then makes its page. Any of them stops the rebuild there (``NavigationOpening/Parent/Built/refused``).
    func buildParent(_ link: ParentLink, asked: inout Set<Int>) async -> NavigationOpening.Parent.Built {
        guard delegateLetsThrough(link) else { return .refused }
        var route = link.route
        if !snapshot.rules.interceptors.isEmpty {
            guard await letThrough(&route, link: link, asked: &asked) else { return .refused }
        }
        guard case .success(let parent) = snapshot.page(for: route, .parent, request: request, trace: trace) else {
            trace?.record(.navigate) { _ in "parent '\(link.route.pattern.text)' did not build a page; stopped" }
            return .refused
        }
        return .entry(NavigationEntry(page: parent, route: route.pattern, url: link.url, parameters: route.parameters))
    }

    /// Whether the delegate lets a parent be built (``Router/delegateDecision(on:source:snapshot:)``):
    /// a parent is not a place to go elsewhere from, so a rewrite stops it as a cancel does.
    private func delegateLetsThrough(_ link: ParentLink) -> Bool {
        switch router.delegateDecision(on: link.url.string, source: course.source, snapshot: snapshot) {
        case .proceed:
            return true
        case .rewrite, .cancel:
            let pattern = link.route.pattern.text
            trace?.record(.navigate) { _ in "the delegate did not let parent '\(pattern)' through; stopped" }
            return false
        }
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
        switch await router.ask(applying, about: &route, groups: groups, source: course.source, trace: trace) {
        case .proceed:
            return true
        case .redirect, .fail:
            let pattern = route.pattern.text
            trace?.record(.navigate) { _ in "the interceptors did not let parent '\(pattern)' through; stopped" }
            return false
        }
    }
}
