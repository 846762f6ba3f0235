/// The path-pattern compilers checked against the platforms' own matchers, for the fuzz targets
/// (Tests/Fuzz/linkpatterns) and the tests: a rule's ``PathExpression`` is explored alone, and
/// the shortest path of each class it tells apart must be matched by the rule's matcher
/// (``AndroidPathRule/matches(_:)``, ``AppleAppSiteAssociation/matches(_:_:caseSensitive:)``)
/// exactly when the automaton says so.
package enum LinkPatternProbe {
    /// The exploration's budget for one rule, in steps: small, as a fuzzer runs it a million times.
    package static let budget = 20_000
    /// The most states a rule compared may take: a fuzzer runs it a million times, and the
    /// larger automata (up to ``LinkReport/maximumRulePositions``) are built the same way.
    package static let maximumPositions = 64

    /// A path where the Android rule's automaton and its matcher disagree; `nil` when they agree
    /// on every class explored, or the rule is past the limits `--check` verifies within or
    /// ``maximumPositions``.
    package static func disagreement(android rule: AndroidPathRule) -> String? {
        guard rule.limitProblem() == nil else { return nil }
        return disagreement(rule.expression) { rule.matches($0) }
    }

    /// A path where an `apple-app-site-association` path pattern's automaton and its matcher
    /// disagree; `nil` as for ``disagreement(android:)``.
    package static func disagreement(applePath pattern: String, caseSensitive: Bool) -> String? {
        guard pattern.unicodeScalars.count <= AppleAppSiteAssociation.maximumPatternLength else { return nil }
        var component = AppleAppSiteAssociation.Component(path: pattern)
        component.caseSensitive = caseSensitive
        return disagreement(component.expression(caseSensitive: caseSensitive)) {
            AppleAppSiteAssociation.matches(pattern, $0, caseSensitive: caseSensitive)
        }
    }

    private static func disagreement(_ expression: PathExpression, matcher: (String) -> Bool) -> String? {
        guard expression.positions <= maximumPositions else { return nil }
        var found: String?
        _ = PathClasses.explore([expression], alphabet: ByteSet.unreserved.union(.slash), budget: budget) { visit in
            if (visit.matching == [0]) != matcher(visit.path) { found = visit.path }
            return found == nil && !visit.alive.isEmpty
        }
        return found
    }
}
