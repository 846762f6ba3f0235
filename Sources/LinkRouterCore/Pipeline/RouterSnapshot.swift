internal import RoutePatterns
import Synchronization

/// Everything one open reads, frozen: the routes, every rule that applies to them and the
/// router's configuration. Made on first use after any change, from the registry's frozen routes
/// and the frozen open rules, so an open sees one consistent state from start to end even while
/// routes are registered or the dynamic table is swapped, and reads all it needs of the router
/// from here (its admission, its limits, `preparePage`) without asking the router back.
final class RouterSnapshot: Sendable {
    let entries: [RouteEntry]
    let trie: RouteTrie
    let rules: OpenRules.Frozen
    /// The router's configuration (immutable for the router's life), copied once per snapshot:
    /// a run reads it in place here.
    let configuration: RouterConfiguration
    /// The router's rule that admits URLs: a run admits each URL it goes to here.
    let admission: AdmissionRules
    /// The generations of the registry and of the rules this snapshot was made from.
    let routesGeneration: UInt64
    private let literalCache = Mutex<Set<String>?>(nil)

    init(routes: RouteRegistry.Frozen, rules: OpenRules.Frozen, configuration: RouterConfiguration, admission: AdmissionRules) {
        self.configuration = configuration
        self.admission = admission
        entries = routes.entries
        trie = routes.trie
        routesGeneration = routes.generation
        self.rules = rules
    }

    /// Whether the registry and the rules have not changed since this snapshot was made.
    func isCurrent(routesGeneration: UInt64, rulesGeneration: UInt64) -> Bool {
        self.routesGeneration == routesGeneration && rules.generation == rulesGeneration
    }

    /// The matching step, the one matcher of every door that reads a URL: the best route for a
    /// located URL (``AdmissionRules/locate(_:from:dispatchers:)``), with its merged parameters. `Router.resolve`
    /// and the parents a deep link rebuilds match here, the plan (``plan(_:trace:)``) through
    /// ``matchOutOfLine(_:includingHost:parameters:)``: this step. The URL is consumed: the
    /// route's parameters keep it, and `resolve` hands over its own rather than paying for a copy.
    /// - Throws: ``RouteFailure/noRoute(key:)`` when no route matches the URL's key.
    // Inlined into its callers, so that the route is made where it is returned: called, it would
    // be returned through a temporary and copied (192 bytes) once more.
    @inline(__always)
    func match(_ url: consuming RouteURL, includingHost: Bool, parameters: [String: any Sendable]) throws(RouteFailure) -> ResolvedRoute {
        var captures = Captures()
        guard let index = trie.match(url, includingHost: includingHost, captures: &captures) else {
            throw .noRoute(key: RouteKey(url: url, includingHost: includingHost))
        }
        return route(variant: index, url: url, captures: captures, parameters: parameters)
    }

    /// The matching step (``match(_:includingHost:parameters:)``) in a call of its own, for the
    /// plan: inlined there, it makes `open` slower (about 300 instructions of 5,500, by
    /// `Benchmarks/open-instructions`).
    @inline(never)
    func matchOutOfLine(_ url: consuming RouteURL, includingHost: Bool, parameters: [String: any Sendable]) throws(RouteFailure) -> ResolvedRoute {
        try match(url, includingHost: includingHost, parameters: parameters)
    }

    /// The route of a variant that matched `url`, with its merged parameters.
    private func route(variant index: Int, url: consuming RouteURL, captures: Captures, parameters: [String: any Sendable]) -> ResolvedRoute {
        let (holder, variant) = trie.located(index)
        return ResolvedRoute(
            snapshot: self, index: Int(variant.routeIndex),
            parameters: RouteParameters(url: url, path: PathCaptures(trie: holder, variant: variant, captures: captures), callerValues: parameters)
        )
    }

    /// The route table's rule that disables the route at `url` (its pattern and fallback URL), if one does.
    func disabledRule(at url: RouteURL, admission: Admission) -> DynamicRouteTable.DisabledRoute? {
        rules.disabled.best(for: url, includingHost: admission.includingHost)?.rule
    }

    /// Whether a matched route is hidden from the admitted source: internal (as registered, or
    /// as the route table makes it, ``exposure(of:at:includingHost:trace:)``) and reached from outside.
    func hides(_ route: ResolvedRoute, at url: RouteURL, admission: Admission, trace: TraceRecorder?) -> Bool {
        guard admission.source == .external else { return false }
        return exposure(of: route, at: url, includingHost: admission.includingHost, trace: trace) == .internal
    }

    /// The exposure of a matched route while the route table is in force. A table restricts; it
    /// does not expose: its rule makes a route internal, and makes an internal route external
    /// only when the route consents in code (``RouteOptions/routeTableMayExpose``). A rule that
    /// would expose a route that does not consent is refused: the route stays internal, and the
    /// trace says so.
    func exposure(of route: ResolvedRoute, at url: RouteURL, includingHost: Bool, trace: TraceRecorder?) -> RouteOptions.Exposure {
        let registered = route.exposure
        guard let rule = rules.exposure.best(for: url, includingHost: includingHost)?.rule else { return registered }
        switch (rule, registered) {
        case (.internal, _), (.external, .external):
            return rule
        case (.external, .internal):
            if route.routeTableMayExpose { return .external }
            let pattern = route.pattern.text
            trace?.record(.exposure) { _ in
                "the route table makes '\(pattern)' external: refused, the route does not consent (RouteOptions.routeTableMayExpose)"
            }
            return .internal
        }
    }

    /// The groups of a matched route: its own and those the dynamic table adds for the URL, then
    /// those joined and left at run time.
    func groups(of route: ResolvedRoute, url: RouteURL, includingHost: Bool) -> Set<String> {
        var groups = route.options.groups
        for rule in rules.groupRules where rule.trie.matches(url, includingHost: includingHost) {
            groups.formUnion(rule.groups)
        }
        if !rules.groupEdits.isEmpty, let edits = rules.groupEdits[route.pattern.shape] { edits.apply(to: &groups) }
        return groups
    }

    /// Every literal segment of every route and rule pattern: what a redacted trace may show.
    var literals: Set<String> {
        literalCache.withLock { cache in
            if let cache { return cache }
            var literals = Set<String>()
            for pattern in entries.map(\.pattern) + rules.redirects.patterns {
                for case .literal(let text) in pattern.segments + pattern.optionalGroups.joined() { literals.insert(text) }
            }
            cache = literals
            return literals
        }
    }
}
