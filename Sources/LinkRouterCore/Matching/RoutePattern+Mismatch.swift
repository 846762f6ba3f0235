/// Why one pattern does not match a route key, for tools and diagnostics.
package struct PatternMismatch: Sendable, Hashable, CustomStringConvertible {
    /// How many leading key segments the pattern accepted before it failed.
    package let matchedSegments: Int
    /// A one-line explanation, e.g. `segment 2 'abc' is not a valid int`.
    package let reason: String

    package var description: String { reason }
}

extension RoutePattern {
    /// Explains why this pattern does not match the decoded key segments, or returns `nil` when it does.
    ///
    /// Only this pattern is considered: a pattern can match and still lose to a more specific one.
    /// Slow and allocating, meant for tools; the router's matcher does not use it.
    ///
    /// ```swift
    /// try RoutePattern("user/<int:id>").mismatch(forKey: ["user", "bob"])?.reason
    /// // "segment 2 'bob' is not a valid int"
    /// ```
    package func mismatch(forKey segments: [String]) -> PatternMismatch? {
        var closest: PatternMismatch?
        for variant in variants {
            guard let mismatch = Self.mismatch(variant, segments) else { return nil }
            if closest == nil || mismatch.matchedSegments > closest!.matchedSegments { closest = mismatch }
        }
        return closest
    }

    private static func mismatch(_ variant: [Segment], _ key: [String]) -> PatternMismatch? {
        func plural(_ count: Int) -> String { count == 1 ? "1 segment" : "\(count) segments" }
        for (index, segment) in variant.enumerated() {
            switch segment {
            case .catchAll:
                return nil
            case .path(let name):
                if index < key.count { return nil }
                return PatternMismatch(matchedSegments: index, reason: "the URL ends after \(plural(key.count)); <path:\(name)> needs at least one more")
            case .literal, .typed, .parameter, .wildcard:
                guard index < key.count else {
                    return PatternMismatch(matchedSegments: index, reason: "the URL has \(plural(key.count)); the pattern needs \(variant.count)")
                }
                let value = key[index]
                // Bytes, as the matcher compares them: `String`'s `==` would call `é` and `e`+U+0301 equal.
                if case .literal(let literal) = segment, !value.utf8.elementsEqual(literal.utf8) {
                    return PatternMismatch(matchedSegments: index, reason: "segment \(index + 1) is '\(value)', the pattern expects '\(literal)'")
                }
                if case .typed(let type, _) = segment, !type.accepts(value) {
                    return PatternMismatch(matchedSegments: index, reason: "segment \(index + 1) '\(value)' is not a valid \(type.rawValue)")
                }
            }
        }
        guard key.count <= variant.count else {
            return PatternMismatch(matchedSegments: variant.count, reason: "the URL has \(plural(key.count)); the pattern takes \(variant.count)")
        }
        return nil
    }
}
