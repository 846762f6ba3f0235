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
    @inline(__always)
    func best(for url: RouteURL, includingHost: Bool) -> (rule: Rule, parameters: RouteParameters)? {
        // Most tables are empty: checked in line, before any call.
        rules.isEmpty ? nil : match(url, includingHost: includingHost)
    }

    private func match(_ url: RouteURL, includingHost: Bool) -> (rule: Rule, parameters: RouteParameters)? {
        var captures = Captures()
        guard let index = trie.match(url, includingHost: includingHost, captures: &captures) else { return nil }
        let variant = trie.variants[index]
        let parameters = RouteParameters(url: url, path: PathCaptures(trie: trie, variant: variant, captures: captures), callerValues: [:])
        return (rules[Int(variant.routeIndex)], parameters)
    }
}
