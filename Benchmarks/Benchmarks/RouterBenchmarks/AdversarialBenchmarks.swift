// Adversarial tables: routes built so that a lookup must backtrack, and keys that nearly match.
//
// 10,000 routes in 10 groups of 1,000 under a shared first literal (`g3`), each with seven middle
// segments and a last literal of its own:
//
//     g3/1234567890/<int:p2>/:p3/1234567891/:p5/<int:p6>/1234567890/e4711
//
// Each middle segment is, at random, one of two long numeric literals, an `<int:>` parameter or a
// `:` parameter, so under every shared literal there are parameter siblings, and a numeric value
// matches three of the four (its literal, `<int:>` and `:`). A key whose last segment is wrong
// sends the search down every branch its prefix matches before it gives up.
//
// Keys (8,000, in random order) are long (about 100 bytes) near misses of a route, in three kinds
// a third each: the last literal changed (`e4711x`), one segment more, one segment less. Their
// middle values are the numbers of the literals, so every branch they meet matches. The hits are
// routes instantiated the same way, which also backtrack: the literal that matches first is not
// always on the way to the route.
//
// One key per sample (`scalingFactor: .one`), so the percentiles are those of single lookups
// (each sample also holds the harness's own clock reads, a few tens of nanoseconds).

import Benchmark
import LinkRouter

final class AdversarialFixture: Sendable {
    static let literals = ["1234567890", "1234567891"]
    static let groups = 10
    static let middleSegments = 7

    let router: LinkRouterRouter
    let nearMisses: [String]
    let hits: [String]

    init(size: Int) {
        var random = SplitMix64(seed: 0x4164_7665_7273_6172 ^ UInt64(size))
        var patterns: [[String]] = []
        var keys: [[String]] = []
        for index in 0..<size {
            var pattern = ["g\(index % Self.groups)"]
            var key = pattern
            for position in 1...Self.middleSegments {
                let value = Self.literals[random.below(Self.literals.count)]
                switch random.below(4) {
                case 0, 1: pattern.append(Self.literals[random.below(Self.literals.count)])
                case 2: pattern.append("<int:p\(position)>")
                default: pattern.append(":p\(position)")
                }
                key.append(pattern[position].first == "<" || pattern[position].first == ":" ? value : pattern[position])
            }
            pattern.append("e\(index)")
            key.append("e\(index)")
            patterns.append(pattern)
            keys.append(key)
        }
        let router = LinkRouterRouter()
        for pattern in patterns {
            let text = pattern.joined(separator: "/")
            do { try router.register(text, action: { _ in nil }) } catch { fatalError("\(text): \(error)") }
        }
        self.router = router

        func url(_ segments: [String]) -> String { RouteTableGenerator.scheme + segments.joined(separator: "/") }
        var nearMisses: [String] = []
        var hits: [String] = []
        for sample in 0..<Fixture.probeCount {
            var key = keys[random.below(keys.count)]
            hits.append(url(key))
            switch sample % 3 {
            case 0: key[key.count - 1] += "x"
            case 1: key.append(Self.literals[0])
            default: key.removeLast()
            }
            nearMisses.append(url(key))
        }
        for url in hits { precondition((try? router.resolve(url)) != nil, "adversarial hit \(url) does not resolve") }
        for url in nearMisses { precondition((try? router.resolve(url)) == nil, "adversarial near miss \(url) resolves") }
        self.nearMisses = nearMisses
        self.hits = hits
    }
}

let adversarial10k = AdversarialFixture(size: 10_000)

func adversarialBenchmarks() {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal],
        timeUnits: .nanoseconds,
        warmupIterations: 100,
        scalingFactor: .one,
        maxDuration: .seconds(3),
        maxIterations: 200_000
    )

    Benchmark("Adversarial 10k routes: LinkRouter resolve(urlString), near-miss keys, one per sample", configuration: configuration) { benchmark in
        let keys = adversarial10k.nearMisses
        blackHole(try? adversarial10k.router.resolve(keys[benchmark.currentIteration % keys.count]))
    } setup: {
        _ = adversarial10k
    }

    Benchmark("Adversarial 10k routes: LinkRouter resolve(urlString), hits, one per sample", configuration: configuration) { benchmark in
        let keys = adversarial10k.hits
        blackHole(try? adversarial10k.router.resolve(keys[benchmark.currentIteration % keys.count]))
    } setup: {
        _ = adversarial10k
    }
}
