import Testing
import LinkRouterCore

/// Correctness of lookups in wide tables. These tests assert answers only, never time.
struct NearMissTests {
    static let siblingCount = 2000

    private func wideRouter() throws -> Router {
        var patterns = (0..<Self.siblingCount).map { "catalog/item\($0)" }
        patterns += ["catalog/item7/<int:page>", "catalog/:slug/reviews", "catalog/item42/:tab/*"]
        return try makeRouter(patterns)
    }

    @Test("Every one of 2000 sibling literals resolves to itself")
    func hits() throws {
        let router = try wideRouter()
        let wrong = (0..<Self.siblingCount).filter { router.matchedPattern("app://catalog/item\($0)") != "catalog/item\($0)" }
        #expect(wrong == [])
    }

    @Test("Near misses among 2000 siblings return noRoute with the key")
    func nearMisses() throws {
        let router = try wideRouter()
        var keys = (0..<Self.siblingCount).flatMap { ["catalog/item\($0)z", "catalog/Item\($0)", "catalog/item\($0)/a/b/c"] }
        keys += ["catalog/item\(Self.siblingCount)", "catalog/item", "catalog/", "catalog/item-1", "catalog/item1/reviews/x"]
        let wrong = keys.filter { key in
            guard let failure = router.failure("app://" + key) else { return true }
            return failure.summary != .noRoute(key.hasSuffix("/") ? String(key.dropLast()) : key)
        }
        #expect(wrong == [])
    }

    @Test("Parameters next to 2000 siblings still match what the literals do not")
    func parametersBesideSiblings() throws {
        let router = try wideRouter()
        #expect(router.matchedPattern("app://catalog/item1/reviews") == "catalog/:slug/reviews")
        #expect(router.matchedPattern("app://catalog/item9999/reviews") == "catalog/:slug/reviews")
        #expect(router.matchedPattern("app://catalog/item7/3") == "catalog/item7/<int:page>")
        #expect(router.matchedPattern("app://catalog/item7/x") == nil)
        #expect(router.matchedPattern("app://catalog/item7/reviews") == "catalog/:slug/reviews")
        #expect(router.matchedPattern("app://catalog/item42/info/q") == "catalog/item42/:tab/*")
        #expect(router.matchedPattern("app://catalog/item43/info/q") == nil)
    }

    @Test("The same literal under 500 different parents leads to the right parent's route")
    func sameLiteralManyParents() throws {
        let router = try makeRouter((0..<500).map { "p\($0)/same" } + (0..<500).map { "p\($0)/same/<int:n>" })
        let wrong = (0..<500).filter { index in
            router.matchedPattern("app://p\(index)/same") != "p\(index)/same"
                || router.matchedPattern("app://p\(index)/same/1") != "p\(index)/same/<int:n>"
        }
        #expect(wrong == [])
        #expect(router.matchedPattern("app://p500/same") == nil)
        #expect(router.matchedPattern("app://same/p1") == nil)
    }

    @Test("A 64-segment key that misses only at its last segment gets noRoute")
    func deepMiss() throws {
        let segments = (0..<63).map { "s\($0)" }
        let literal = (segments + ["end"]).joined(separator: "/")
        let parameters = (0..<16).map { ":p\($0)" } + segments[16...]
        let router = try makeRouter([literal, (parameters + ["other"]).joined(separator: "/"), (segments.dropLast() + ["*", "x"]).joined(separator: "/")])
        #expect(router.matchedPattern("app://" + literal) == literal)
        let missKey = (segments + ["nope"]).joined(separator: "/")
        #expect(router.failure("app://" + missKey)?.summary == .noRoute(missKey))
        let viaParameters = try router.resolve("app://" + (segments + ["other"]).joined(separator: "/"))
        #expect(viaParameters.parameters["p15"] == "s15")
    }

    @Test("Sixteen levels of alternatives resolve to the one complete path")
    func manyAlternativesPerLevel() throws {
        // At every level a literal, a typed placeholder, a parameter and a wildcard all match the
        // segment "1"; only the all-wildcard path ends in "goal".
        let depth = 12
        var patterns: [String] = []
        for level in 1...depth {
            let prefix = Array(repeating: "*", count: level - 1)
            patterns.append((prefix + ["1", "dead\(level)"]).joined(separator: "/"))
            patterns.append((prefix + ["<int:n>", "dead\(level)"]).joined(separator: "/"))
            patterns.append((prefix + [":s", "dead\(level)"]).joined(separator: "/"))
        }
        let goal = (Array(repeating: "*", count: depth) + ["goal"]).joined(separator: "/")
        patterns.append(goal)
        let router = try makeRouter(patterns)
        let key = (Array(repeating: "1", count: depth) + ["goal"]).joined(separator: "/")
        #expect(router.matchedPattern("app://" + key) == goal)
        let miss = Array(repeating: "1", count: depth + 1).joined(separator: "/")
        #expect(router.failure("app://" + miss)?.summary == .noRoute(miss))
    }
}
