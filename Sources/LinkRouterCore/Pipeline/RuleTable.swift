internal import RoutePatterns

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
        let parameters = RouteParameters(url: url, path: PathCaptures(trie: trie, variant: variant, captures: captures), callerValues: [:])
        return (rules[Int(variant.routeIndex)], parameters)
    }
}
