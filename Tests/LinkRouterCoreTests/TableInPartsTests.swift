import Testing
import LinkRouterCore

/// The routing table is built in parts: the first lookup builds only the forms its key's first two
/// segments reach, and the first lookup outside them builds the whole table. These tests check
/// that a router answers the same whichever lookup came first, against a router whose whole table
/// `validate()` built before any lookup.
struct TableInPartsTests {
    /// What a resolve gave: the pattern and each path parameter's value, or the failure.
    private static func answer(_ router: Router, _ url: String) -> String {
        do {
            let route = try router.resolve(url)
            let values = route.pattern.parameterNames.map { "\($0)=\(route.parameters[$0] ?? "nil")" }
            return ([route.pattern.text] + values).joined(separator: " ")
        } catch {
            return "\(error)"
        }
    }

    /// A router whose whole table is built before its first lookup.
    private static func wholeRouter(_ patterns: [String], configuration: RouterConfiguration) throws -> Router {
        let router = try makeRouter(patterns, configuration: configuration)
        _ = router.validate()
        return router
    }

    static let routes = [
        "", "**", ":first", "<int:n>/x", "a", "a/b", "a/b/c", "a/:x", "a/<int:n>", "a/**", "a/b/<path:rest>",
        "a/*/d", "b(/c)/d", "r(/q)/s", "c/d(/:e)(/f)", "caf%C3%A9/:x", "u/<uuid:id>", "u/<bool:flag>", "u/<double:d>",
        "w/*", "w/x/**", "p/<path:rest>", "p/q",
    ]
    static let keys = [
        "app://", "app://a", "app://a/b", "app://a/b/c", "app://a/b/c/d", "app://a/7", "app://a/z", "app://a/z/d",
        "app://b/d", "app://b/c/d", "app://r/q/s", "app://r/s", "app://c/d", "app://c/d/e", "app://c/d/e/f", "app://c/d/f",
        "app://café/1", "app://caf%C3%A9/1", "app://u/00000000-0000-0000-0000-000000000000", "app://u/true", "app://u/0.5",
        "app://u/x", "app://w/x", "app://w/x/y", "app://p/q", "app://p/q/r", "app://z", "app://9/x", "app://9/y",
        "app://a%2Fb", "app://%61/b",
    ]

    @Test("Any first lookup, then any second, answers as the whole table", arguments: [false, true])
    func firstThenSecond(fixedHost: Bool) throws {
        let configuration = fixedHost ? RouterConfiguration(host: "h") : RouterConfiguration()
        let keys = fixedHost ? Self.keys.map { $0.replacingFirst("app://", with: "app://h/") } : Self.keys
        let whole = try Self.wholeRouter(Self.routes, configuration: configuration)
        let expected = Dictionary(uniqueKeysWithValues: keys.map { ($0, Self.answer(whole, $0)) })
        for first in keys {
            for second in keys {
                let router = try makeRouter(Self.routes, configuration: configuration)
                #expect(Self.answer(router, first) == expected[first], "first lookup \(first)")
                #expect(Self.answer(router, second) == expected[second], "\(second) after \(first)")
            }
        }
    }

    @Test("Random tables answer as the whole table whatever the first lookup")
    func randomTables() throws {
        var random = SplitMix64(seed: 0x5EED_0040)
        // Groups are written after the segment they follow, without a slash before them.
        let segments = ["a", "b", "1", ":p", "<int:n>", "*", "**", "<path:r>", "(/a)", "(/:q)", "(/b/c)"]
        let keyParts = ["a", "b", "1", "22", "x", "a%62"]
        var registeredCount = 0
        for _ in 0..<150 {
            var patterns: [String] = []
            for _ in 0..<random.next(below: 12) + 1 {
                let count = random.next(below: 4) + 1
                let tokens = (0..<count).map { _ in segments[random.next(below: segments.count)] }
                patterns.append(tokens.enumerated().map { $0 > 0 && !$1.hasPrefix("(") ? "/" + $1 : $1 }.joined())
            }
            let router = Router()
            let whole = Router()
            var registered: [String] = []
            for pattern in patterns {
                // Invalid patterns and duplicates are refused alike by both.
                guard (try? router.register(pattern, action: { _ in nil })) != nil else { continue }
                try whole.register(pattern, action: { _ in nil })
                registered.append(pattern)
            }
            registeredCount += registered.count
            _ = whole.validate()
            let keys = (0..<6).map { _ in
                "app://" + (0..<random.next(below: 4)).map { _ in keyParts[random.next(below: keyParts.count)] }.joined(separator: "/")
            }
            for key in keys {
                #expect(Self.answer(router, key) == Self.answer(whole, key), "\(key) in \(registered)")
            }
        }
        // Most generated patterns are valid and distinct: the comparison ran on real tables.
        #expect(registeredCount > 400)
    }

    @Test("Concurrent first lookups in different parts of a new table get the whole table's answers")
    func concurrentFirstLookups() async throws {
        let patterns = (0..<40).flatMap { host in ["h\(host)/<int:n>", "h\(host)/x/:p", "h\(host)/**"] } + [":any/y", "**"]
        let keys = (0..<40).flatMap { host in ["app://h\(host)/\(host)", "app://h\(host)/x/v", "app://h\(host)/z/z", "app://k\(host)/y"] }
        let whole = try Self.wholeRouter(patterns, configuration: RouterConfiguration())
        let expected = keys.map { Self.answer(whole, $0) }
        for _ in 0..<10 {
            let router = try makeRouter(patterns)
            let answers = await withTaskGroup(of: (Int, String).self, returning: [Int: String].self) { group in
                for (index, key) in keys.enumerated() {
                    group.addTask {
                        if index.isMultiple(of: 2) { return (index, Self.answer(router, key)) }
                        // Opens, too: they reach the table through the same snapshot.
                        let outcome = await router.open(key)
                        return (index, outcome.route.map { "\($0.pattern.text)" } ?? "no route")
                    }
                }
                var answers: [Int: String] = [:]
                for await (index, answer) in group { answers[index] = answer }
                return answers
            }
            for (index, key) in keys.enumerated() {
                let want = index.isMultiple(of: 2) ? expected[index] : (try? whole.resolve(key).pattern.text) ?? "no route"
                #expect(answers[index] == want, "\(key)")
            }
        }
    }
}

private extension SplitMix64 {
    mutating func next(below bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }
}

private extension String {
    func replacingFirst(_ prefix: String, with replacement: String) -> String {
        hasPrefix(prefix) ? replacement + dropFirst(prefix.count) : self
    }
}
