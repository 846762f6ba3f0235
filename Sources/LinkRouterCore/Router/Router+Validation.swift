/// A route that cannot win for some key, found by ``Router/validate()``.
public struct RouteConflict: Sendable, Hashable, CustomStringConvertible {
    /// How the route loses.
    ///
    /// May gain cases in a minor version (`@nonexhaustive`): a `switch` over it outside LinkRouter's
    /// package ends with `@unknown default` (README, "Versioning").
    @nonexhaustive
    public enum Kind: String, Sendable, Hashable {
        /// Two routes match exactly the same keys in one of their forms (through optional
        /// groups, or `**` beside `<path:>`); the one registered first wins.
        case tie
        /// Another route takes precedence for a key this route matches.
        case shadowed
    }

    /// How the route loses.
    public let kind: Kind
    /// The route that loses, as registered.
    public let pattern: String
    /// The route that wins instead.
    public let winner: String
    /// A key for which `pattern` matches and `winner` wins.
    public let key: String

    /// One line naming both routes and a key for which the loser does not win.
    public var description: String {
        switch kind {
        case .tie: "'\(pattern)' and '\(winner)' match the same keys, e.g. '\(key)'; '\(winner)' was registered first and wins"
        case .shadowed: "'\(pattern)' never wins for '\(key)': '\(winner)' takes precedence"
        }
    }
}

extension Router {
    /// Checks the registered routes for routes that cannot win.
    ///
    /// For every form of every route (each optional group taken or not), a representative key is
    /// built (`~` for a parameter or `*`, a valid value for a typed placeholder, nothing for `**`) and
    /// resolved; a route that does not get its own representative key is reported. Duplicates are
    /// refused at registration, so they never appear here.
    ///
    /// - Returns: The conflicts, in registration order; empty when every route can win.
    public func validate() -> [RouteConflict] {
        let snapshot = snapshot
        let trie = snapshot.trie
        let patterns = snapshot.entries.map(\.pattern)
        var conflicts: [RouteConflict] = []
        var reported = Set<Int>()
        // One tie per pair of routes, however many forms of the one tie with forms of the other
        // (`list(/:page)(/:sort)` against `list/:n`).
        var tiedRoutes = Set<[Int32]>()
        for (variant, winner) in trie.shadowed {
            let loser = Int(trie.variants[variant].routeIndex)
            reported.insert(variant)
            guard tiedRoutes.insert([Int32(loser), trie.variants[winner].routeIndex]).inserted else { continue }
            conflicts.append(RouteConflict(
                kind: .tie,
                pattern: patterns[loser].text,
                winner: patterns[Int(trie.variants[winner].routeIndex)].text,
                key: Self.representativeKey(patterns[loser].variants[variantOffset(variant, in: trie)])
            ))
        }
        var variantIndex = 0
        for (routeIndex, pattern) in patterns.enumerated() {
            for segments in pattern.variants {
                defer { variantIndex += 1 }
                guard !reported.contains(variantIndex) else { continue }
                let key = Self.representativeKey(segments)
                var captures = Captures()
                guard let located = try? admissionRules.locate(key, from: .app),
                      let match = trie.match(located.url, includingHost: located.admission.includingHost, captures: &captures) else { continue }
                let winner = Int(trie.variants[match].routeIndex)
                if winner != routeIndex {
                    conflicts.append(RouteConflict(kind: .shadowed, pattern: pattern.text, winner: patterns[winner].text, key: key))
                    break
                }
            }
        }
        return conflicts
    }

    /// The position of a variant among its route's variants.
    private func variantOffset(_ variant: Int, in trie: RouteTrie) -> Int {
        let route = trie.variants[variant].routeIndex
        return variant - (trie.variants.firstIndex { $0.routeIndex == route } ?? variant)
    }

    /// A key that the segments match, as generic as possible.
    package static func representativeKey(_ segments: [RoutePattern.Segment]) -> String {
        segments.compactMap { segment -> String? in
            switch segment {
            case .literal(let text): RouteLink.encode(text)
            case .parameter, .wildcard, .path: "~"
            case .typed(.int, _): "0"
            case .typed(.uuid, _): "00000000-0000-0000-0000-000000000000"
            case .typed(.bool, _): "true"
            case .typed(.double, _): "0.5"
            case .catchAll: nil
            }
        }.joined(separator: "/")
    }
}
