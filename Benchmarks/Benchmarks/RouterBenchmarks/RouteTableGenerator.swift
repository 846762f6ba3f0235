// Deterministic, app-like route tables shared by LinkRouter and RoutingKit.
//
// A table of N routes:
//   - paths of 1–5 segments; the first segment is always a literal (`s123`);
//   - 70% of the routes capture parameters (`:p2` or `<int:p2>` for LinkRouter; RoutingKit has
//     no typed parameters, so it gets `:p2` for both);
//   - 5% end in a catch-all `**` (rounded: the 10-route table has one);
//   - parameter names are fixed by position (`p1`, `p2`, …) because RoutingKit requires every route
//     with the same prefix to use the same parameter name at the same position.
// Two routes with the same RoutingKit shape (typed and untyped parameters erased to `:`) are never
// both kept, so neither router sees a duplicate and both get the identical list of routes.
//
// Probes: 80% hits (a route's pattern instantiated with concrete values) and 20% misses (a hit with
// one literal replaced by text no route has, checked to miss against LinkRouter).

/// SplitMix64 (Steele, Lea, Flood 2014): tiny, fast, and the same sequence on every platform.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in `0..<bound` (the modulo bias is irrelevant at these bounds).
    mutating func below(_ bound: Int) -> Int {
        Int(truncatingIfNeeded: next() % UInt64(bound))
    }

    /// `true` with probability `probability`.
    mutating func chance(_ probability: Double) -> Bool {
        Double(next() >> 11) * 0x1p-53 < probability
    }
}

/// One segment of a generated route.
enum GeneratedSegment: Sendable, Hashable {
    case literal(String)
    /// A captured parameter; `typed` routes get `<int:name>` in LinkRouter.
    case parameter(name: String, typed: Bool)
    case catchAll
}

/// One generated route, written for each router.
struct GeneratedRoute: Sendable {
    let segments: [GeneratedSegment]

    /// The LinkRouter pattern, e.g. `s12/<int:p1>/s40/**`.
    var linkRouterPattern: String {
        segments.map { segment -> String in
            switch segment {
            case .literal(let text): text
            case .parameter(let name, true): "<int:\(name)>"
            case .parameter(let name, false): ":\(name)"
            case .catchAll: "**"
            }
        }.joined(separator: "/")
    }

    /// The RoutingKit pattern, e.g. `s12/:p1/s40/**`; also the key that keeps tables free of duplicates.
    var routingKitPattern: String {
        segments.map { segment -> String in
            switch segment {
            case .literal(let text): text
            case .parameter(let name, _): ":\(name)"
            case .catchAll: "**"
            }
        }.joined(separator: "/")
    }

    /// The name of the first captured parameter, if any.
    var firstParameter: String? {
        for case .parameter(let name, _) in segments { return name }
        return nil
    }

    var hasParameters: Bool { firstParameter != nil }
    var hasCatchAll: Bool { segments.last == .catchAll }
}

/// A URL to resolve, prepared for both routers.
struct Probe: Sendable {
    /// `myapp://s12/42/s40/t7` — the host is the route key's first segment (LinkRouter's default).
    let url: String
    /// The same URL with a query: `myapp://s12/42/s40/t7?ref=push&utm=a%20b`.
    let urlWithQuery: String
    /// The path already split into segments, for RoutingKit's `route(path:parameters:)`.
    let path: [String]
    /// The parameter the benchmark reads after a successful resolve (the route's first capture).
    let parameter: String?
    /// Whether the probe was generated as a hit.
    let isHit: Bool
}

/// Table statistics, for the README and for checking the generator.
struct TableStatistics: Sendable, CustomStringConvertible {
    var routes = 0
    var withParameters = 0
    var withCatchAll = 0
    var segmentHistogram = [Int](repeating: 0, count: 6)
    var attempts = 0

    var description: String {
        func percent(_ count: Int) -> String {
            let tenths = (count * 1000 + routes / 2) / max(routes, 1)
            return "\(tenths / 10).\(tenths % 10)%"
        }
        let segments = (1...5).map { "\($0):\(percent(segmentHistogram[$0]))" }.joined(separator: " ")
        return "\(routes) routes (\(attempts) drawn), with parameters \(percent(withParameters)), "
            + "catch-all \(percent(withCatchAll)), segments \(segments)"
    }
}

enum RouteTableGenerator {
    static let scheme = "myapp://"
    static let query = "?ref=push&utm=a%20b"

    /// Generates `count` distinct routes, the same sequence every time for the same `count` and `seed`.
    static func routes(count: Int, seed: UInt64 = 0x4C69_6E6B_526F_7574) -> (routes: [GeneratedRoute], statistics: TableStatistics) {
        var random = SplitMix64(seed: seed ^ UInt64(count))
        // Literal vocabulary per depth: a few top-level sections with many routes under each.
        let topLevel = max(3, count / 40)
        let nested = max(3, min(count / 10, 400))
        var seen = Set<String>()
        var routes: [GeneratedRoute] = []
        routes.reserveCapacity(count)
        var statistics = TableStatistics()

        // Quotas rather than coin flips, so that skipping duplicates (which mostly hits short
        // routes) does not skew the make-up: route `i` captures parameters when the running 70%
        // quota steps up, and ends in `**` when the running 5% quota (rounded) steps up.
        func steps(_ index: Int, _ share: Double, _ offset: Double) -> Bool {
            (Double(index + 1) * share + offset).rounded(.down) > (Double(index) * share + offset).rounded(.down)
        }
        while routes.count < count {
            let wantsParameters = steps(routes.count, 0.70, 0)
            let catchAll = steps(routes.count, 0.05, 0.5)
            statistics.attempts += 1
            precondition(statistics.attempts < count * 100 + 1000, "cannot generate \(count) distinct routes")
            // 1–5 segments (the `**` counts as one); parameters need a second segment to go in.
            let length = 1 + random.below(5)
            let capturable = catchAll ? length - 1 : length
            guard capturable >= (wantsParameters ? 2 : 1) else { continue }
            var parameterPositions = Set<Int>()
            if wantsParameters {
                for position in 1..<capturable where random.chance(0.5) { parameterPositions.insert(position) }
                if parameterPositions.isEmpty { parameterPositions.insert(1 + random.below(capturable - 1)) }
            }
            var segments: [GeneratedSegment] = []
            for position in 0..<capturable {
                if parameterPositions.contains(position) {
                    segments.append(.parameter(name: "p\(position)", typed: random.chance(0.5)))
                } else {
                    segments.append(.literal("s\(random.below(position == 0 ? topLevel : nested))"))
                }
            }
            if catchAll { segments.append(.catchAll) }

            let route = GeneratedRoute(segments: segments)
            guard seen.insert(route.routingKitPattern).inserted else { continue }
            routes.append(route)
            statistics.routes += 1
            statistics.segmentHistogram[segments.count] += 1
            if route.hasParameters { statistics.withParameters += 1 }
            if catchAll { statistics.withCatchAll += 1 }
        }
        return (routes, statistics)
    }

    /// `count` probes over `routes`: 80% hits, 20% misses. `isMiss` must say whether a URL misses
    /// (it is asked for misses only, so a changed literal that still matches is replaced).
    static func probes(
        count: Int, routes: [GeneratedRoute], hitRatio: Double = 0.8, seed: UInt64 = 0x5072_6F62_6573_2121,
        isMiss: (String) -> Bool
    ) -> [Probe] {
        var random = SplitMix64(seed: seed ^ UInt64(routes.count))
        var probes: [Probe] = []
        probes.reserveCapacity(count)
        for _ in 0..<count {
            let route = routes[random.below(routes.count)]
            var path: [String] = []
            for segment in route.segments {
                switch segment {
                case .literal(let text): path.append(text)
                case .parameter(_, true): path.append("\(random.below(1_000_000))")
                case .parameter(_, false): path.append("u\(random.below(1_000_000))")
                case .catchAll:
                    for _ in 0...random.below(2) { path.append("t\(random.below(1_000))") }
                }
            }
            let hit = random.chance(hitRatio)
            if !hit {
                let literals = route.segments.indices.filter {
                    if case .literal = route.segments[$0] { return true } else { return false }
                }
                var missing = path
                missing[literals[random.below(literals.count)]] = "x\(random.below(1_000_000))"
                // A sibling parameter or catch-all may still match the changed URL; the first
                // segment only has literal children at the root, so changing it always misses.
                if !isMiss(url(missing)) { missing[0] = "x\(random.below(1_000_000))" }
                precondition(isMiss(url(missing)), "generated miss \(url(missing)) matches a route")
                path = missing
            }
            let text = url(path)
            probes.append(Probe(
                url: text, urlWithQuery: text + query, path: path,
                parameter: hit ? route.firstParameter : nil, isHit: hit
            ))
        }
        return probes
    }

    static func url(_ path: [String]) -> String {
        scheme + path.joined(separator: "/")
    }
}
