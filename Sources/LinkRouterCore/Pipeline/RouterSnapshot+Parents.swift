extension RouterSnapshot {
    /// The parents a page's type names for a deep link, planned as the page was: each parent URL
    /// located with the open's source and matched (``AdmissionRules/locate(_:from:dispatchers:)``,
    /// ``match(_:includingHost:parameters:)``), nearest first.
    ///
    /// Stops at a loop, a chain longer than the redirect limit, a parent URL the admission refuses
    /// or without a route, one whose route is an action, disabled by the route table, or hidden
    /// from the open's source (an internal parent of a link from outside). Builds nothing: the
    /// open asks the delegate and the interceptors about a parent when it is about to build it.
    func parents(of route: ResolvedRoute, source: OpenSource, trace: TraceRecorder?) -> [ParentLink] {
        var links: [ParentLink] = []
        var current = route
        var seen = Set<String>()
        while case .pageType(let type) = current.handler, let parentURL = type.parentURL(for: current.parameters) {
            guard seen.insert(parentURL).inserted, seen.count <= configuration.maximumRedirects else {
                trace?.record(.navigate) { "parent chain loops or is too long at \($0.show(parentURL)); stopped" }
                break
            }
            guard let located = try? admission.locate(parentURL, from: source),
                  let parent = try? match(located.url, includingHost: located.admission.includingHost, parameters: [:]) else {
                trace?.record(.navigate) { "parent \($0.show(parentURL)) has no route; stopped" }
                break
            }
            guard parent.handler.kind == .page else {
                trace?.record(.navigate) { "parent \($0.show(parentURL)) is an action, not a page; stopped" }
                break
            }
            guard disabledRule(at: located.url, admission: located.admission) == nil else {
                trace?.record(.navigate) { "parent \($0.show(parentURL)) is disabled by the route table; stopped" }
                break
            }
            guard !hides(parent, at: located.url, admission: located.admission, trace: trace) else {
                trace?.record(.navigate) { "parent \($0.show(parentURL)) is internal, hidden from an external open; stopped" }
                break
            }
            links.append(ParentLink(route: parent, url: located.url, admission: located.admission, presented: type.presentsParent(for: current.parameters)))
            current = parent
        }
        return links
    }
}
