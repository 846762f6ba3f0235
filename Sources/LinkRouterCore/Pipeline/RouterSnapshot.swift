internal import RoutePatterns
import Synchronization

/// Patterns with one rule each, matched by route key; the most specific matching pattern wins.
struct RuleTable<Rule: Sendable>: Sendable {
    let patterns: [RoutePattern]
    let trie: RouteTrie
    let rules: [Rule]

    init(_ pairs: [(RoutePattern, Rule)]) {
        patterns = pairs.map(\.0)
        trie = RouteTrie(patternsOf: patterns)
        rules = pairs.map(\.1)
    }

    /// The best rule for the URL, with the parameters its pattern captured.
    func best(for url: RouteURL, includingHost: Bool) -> (rule: Rule, parameters: RouteParameters)? {
        var captures = Captures()
        guard !rules.isEmpty, let index = trie.match(url, includingHost: includingHost, captures: &captures) else { return nil }
        let variant = trie.variants[index]
        let parameters = RouteParameters(url: url, trie: trie, variant: variant, captures: captures, callerValues: [:])
        return (rules[Int(variant.routeIndex)], parameters)
    }
}

/// Everything one open reads, frozen: the routes and every rule that applies to them. Rebuilt on
/// first use after any change, so an open sees one consistent state from start to end even while
/// routes are registered or the dynamic table is swapped.
final class RouterSnapshot: Sendable {
    let entries: [RouteEntry]
    let routes: RouteTrie
    let redirects: RuleTable<RedirectRule>
    let disabled: RuleTable<String>
    let exposure: RuleTable<RouteOptions.Exposure>
    let groupRules: [(trie: RouteTrie, groups: Set<String>)]
    let interceptors: [InterceptorEntry]
    let dispatchers: [String: any RouteDispatcher]
    let notFoundHandler: NotFoundHandler?
    private let literalCache = Mutex<Set<String>?>(nil)

    init(
        entries: [RouteEntry], routes: RouteTrie, redirects: [RedirectRule], table: DynamicRouteTable,
        interceptors: [InterceptorEntry], dispatchers: [String: any RouteDispatcher], notFoundHandler: NotFoundHandler?
    ) {
        self.entries = entries
        self.routes = routes
        // The table's redirects come first, so they win over code redirects of the same shape.
        self.redirects = RuleTable((table.redirectRules + redirects).map { ($0.source, $0) })
        disabled = RuleTable(Array(zip(table.disabledPatterns, table.disabledRoutes.map(\.fallback))))
        exposure = RuleTable(Array(zip(table.exposurePatterns, table.exposureOverrides.map(\.exposure))))
        groupRules = zip(table.groupPatterns, table.groupMemberships).map { (RouteTrie(patternsOf: [$0]), $1.groups) }
        self.interceptors = interceptors.sorted { ($0.priority, -$0.order) > ($1.priority, -$1.order) }
        self.dispatchers = dispatchers
        self.notFoundHandler = notFoundHandler
    }

    /// The best route for the URL, with its merged parameters.
    func resolve(_ url: RouteURL, parameters: [String: any Sendable], includingHost: Bool) -> ResolvedRoute? {
        var captures = Captures()
        guard let index = routes.match(url, includingHost: includingHost, captures: &captures) else { return nil }
        return route(variant: index, url: url, captures: captures, parameters: parameters)
    }

    /// The route of a variant that matched `url`, with its merged parameters.
    func route(variant index: Int, url: RouteURL, captures: Captures, parameters: [String: any Sendable]) -> ResolvedRoute {
        let variant = routes.variants[index]
        return ResolvedRoute(
            snapshot: self, index: Int(variant.routeIndex),
            parameters: RouteParameters(url: url, trie: routes, variant: variant, captures: captures, callerValues: parameters)
        )
    }

    /// The groups of a matched route: its own and those the dynamic table adds for the URL.
    func groups(of route: ResolvedRoute, url: RouteURL, includingHost: Bool) -> Set<String> {
        var groups = route.options.groups
        for rule in groupRules where rule.trie.matches(url, includingHost: includingHost) {
            groups.formUnion(rule.groups)
        }
        return groups
    }

    /// Every literal segment of every route and rule pattern: what a redacted trace may show.
    var literals: Set<String> {
        literalCache.withLock { cache in
            if let cache { return cache }
            var literals = Set<String>()
            for pattern in entries.map(\.pattern) + redirects.patterns {
                for case .literal(let text) in pattern.segments + pattern.optionalGroups.joined() { literals.insert(text) }
            }
            cache = literals
            return literals
        }
    }
}
