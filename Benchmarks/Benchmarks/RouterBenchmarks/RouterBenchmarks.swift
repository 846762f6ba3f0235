// LinkRouter vs Vapor's RoutingKit `TrieRouter`, on the same generated tables, in one run.
//
// Every benchmark uses `scalingFactor` for an inner loop, so the reported numbers (marked `*` in
// the output) are per operation: per URL parse, per resolve, per registered route.

import Benchmark
import Foundation
import LinkRouter
import RoutingKit

let tableSizes = [10, 1_000, 10_000, 100_000]
let metrics: [BenchmarkMetric] = [.wallClock, .throughput, .mallocCountTotal]

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: metrics,
        timeUnits: .nanoseconds,
        warmupIterations: 3,
        scalingFactor: .kilo,
        maxDuration: .seconds(2),
        maxIterations: 5_000
    )

    urlParseBenchmarks()
    resolveBenchmarks()
    allocationBenchmarks()
    registrationBenchmarks()
}

// MARK: - URL parse

/// The deep link from the issue, as a native (heap) string like one read from the system.
let sampleURL = String(decoding: Array("myapp://example.com/user/42/posts/7?name=phoenix&ref=push&utm=a%20b#top".utf8), as: UTF8.self)

func urlParseBenchmarks() {
    Benchmark("Parse: LinkRouter RouteURL (parse only)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try? RouteURL(sampleURL))
        }
    }

    Benchmark("Parse: Foundation URLComponents (parse only)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(URLComponents(string: sampleURL))
        }
    }

    // Reading every component: LinkRouter decodes lazily, so this is where its decoding cost shows.
    Benchmark("Parse+read all fields: LinkRouter RouteURL") { benchmark in
        for _ in benchmark.scaledIterations {
            guard let url = try? RouteURL(sampleURL) else { fatalError("sample URL does not parse") }
            blackHole(url.scheme)
            blackHole(url.host)
            blackHole(url.pathSegments)
            blackHole(url.queryItems)
            blackHole(url.fragment)
        }
    }

    Benchmark("Parse+read all fields: Foundation URLComponents") { benchmark in
        for _ in benchmark.scaledIterations {
            guard let url = URLComponents(string: sampleURL) else { fatalError("sample URL does not parse") }
            blackHole(url.scheme)
            blackHole(url.host)
            blackHole(url.path)
            blackHole(url.queryItems)
            blackHole(url.fragment)
        }
    }
}

// MARK: - Full resolve: parse + match + read a parameter

/// The probes one outer iteration resolves: 1,000 consecutive ones, moving on each iteration so
/// the whole 8,000-URL mix (80% hits, 20% misses) is cycled through.
@inline(__always)
func window(_ probes: [Probe], _ benchmark: Benchmark) -> ArraySlice<Probe> {
    let perIteration = benchmark.configuration.scalingFactor.rawValue
    let start = (benchmark.currentIteration * perIteration) % (probes.count - perIteration + 1)
    return probes[start..<(start + perIteration)]
}

func resolveBenchmarks() {
    for size in tableSizes {
        let name = label(size)

        Benchmark("Resolve \(name) routes: LinkRouter resolve(urlString)") { benchmark in
            let fixture = fixture(size: size)
            let router = fixture.linkRouter
            for probe in window(fixture.probes, benchmark) {
                do {
                    let route = try router.resolve(probe.url)
                    if let parameter = probe.parameter { blackHole(route.parameters[parameter]) } else { blackHole(route) }
                } catch {
                    blackHole(error)
                }
            }
        } setup: {
            _ = fixture(size: size)
        }

        Benchmark("Resolve \(name) routes: RoutingKit split(urlString)+route") { benchmark in
            let fixture = fixture(size: size)
            let router = fixture.routingKit.router
            for probe in window(fixture.probes, benchmark) {
                var parameters = Parameters()
                let output = router.route(path: routingKitPath(probe.url), parameters: &parameters)
                if output != nil, let parameter = probe.parameter { blackHole(parameters.get(parameter)) } else { blackHole(output) }
            }
        } setup: {
            _ = fixture(size: size)
        }

        Benchmark("Resolve \(name) routes: RoutingKit route(pre-split [String])") { benchmark in
            let fixture = fixture(size: size)
            let router = fixture.routingKit.router
            for probe in window(fixture.probes, benchmark) {
                var parameters = Parameters()
                let output = router.route(path: probe.path, parameters: &parameters)
                if output != nil, let parameter = probe.parameter { blackHole(parameters.get(parameter)) } else { blackHole(output) }
            }
        } setup: {
            _ = fixture(size: size)
        }
    }
}

// MARK: - Allocations per resolve

func allocationBenchmarks() {
    let size = 10_000

    Benchmark("Mallocs/resolve 10k, hits, no query: LinkRouter") { benchmark in
        let fixture = fixture(size: size)
        let router = fixture.linkRouter
        for probe in window(fixture.hits, benchmark) {
            do {
                let route = try router.resolve(probe.url)
                if let parameter = probe.parameter { blackHole(route.parameters[parameter]) } else { blackHole(route) }
            } catch {
                blackHole(error)
            }
        }
    } setup: {
        _ = fixture(size: size)
    }

    Benchmark("Mallocs/resolve 10k, hits, with query: LinkRouter") { benchmark in
        let fixture = fixture(size: size)
        let router = fixture.linkRouter
        for probe in window(fixture.hits, benchmark) {
            do {
                let route = try router.resolve(probe.urlWithQuery)
                if let parameter = probe.parameter { blackHole(route.parameters[parameter]) } else { blackHole(route) }
            } catch {
                blackHole(error)
            }
        }
    } setup: {
        _ = fixture(size: size)
    }

    Benchmark("Mallocs/resolve 10k, misses, no query: LinkRouter") { benchmark in
        let fixture = fixture(size: size)
        let router = fixture.linkRouter
        for probe in window(fixture.misses, benchmark) {
            do {
                blackHole(try router.resolve(probe.url))
            } catch {
                blackHole(error)
            }
        }
    } setup: {
        _ = fixture(size: size)
    }

    Benchmark("Mallocs/resolve 10k, hits, no query: RoutingKit split(urlString)+route") { benchmark in
        let fixture = fixture(size: size)
        let router = fixture.routingKit.router
        for probe in window(fixture.hits, benchmark) {
            var parameters = Parameters()
            let output = router.route(path: routingKitPath(probe.url), parameters: &parameters)
            if output != nil, let parameter = probe.parameter { blackHole(parameters.get(parameter)) } else { blackHole(output) }
        }
    } setup: {
        _ = fixture(size: size)
    }
}

// MARK: - Registration

/// Each outer iteration registers `routers × size` routes (1,000 or 1,000,000, matching the
/// scaling factor), so the reported numbers are per registered route. Each router gets one resolve
/// after its registrations, which builds LinkRouter's lazily frozen table; that cost is included.
func registrationBenchmarks() {
    for size in tableSizes {
        let name = label(size)
        let scaling: BenchmarkScalingFactor = size <= 1_000 ? .kilo : .mega
        let routers = scaling.rawValue / size
        let configuration = Benchmark.Configuration(
            warmupIterations: 1,
            scalingFactor: scaling,
            maxDuration: .seconds(size <= 1_000 ? 2 : 6),
            maxIterations: size <= 1_000 ? 2_000 : 5
        )

        Benchmark(
            "Register per route, \(name)-route tables (\(routers)x\(name)/iteration): LinkRouter",
            configuration: configuration
        ) { (benchmark: Benchmark, patterns: RegistrationInput) in
            for _ in 0..<routers {
                let router = LinkRouterRouter()
                for pattern in patterns.patterns {
                    do {
                        try router.register(pattern, action: { _ in nil })
                    } catch {
                        fatalError("\(error)")
                    }
                }
                blackHole(try? router.resolve(patterns.url))
            }
        } setup: {
            let routes = RouteTableGenerator.routes(count: size).routes
            return RegistrationInput(patterns: routes.map(\.linkRouterPattern), url: firstHit(routes))
        }

        Benchmark(
            "Register per route, \(name)-route tables (\(routers)x\(name)/iteration): RoutingKit",
            configuration: configuration
        ) { (benchmark: Benchmark, patterns: RegistrationInput) in
            for _ in 0..<routers {
                let router = TrieRouter(Int.self)
                for (index, pattern) in patterns.patterns.enumerated() {
                    router.register(index, at: pattern.pathComponents)
                }
                var parameters = Parameters()
                blackHole(router.route(path: routingKitPath(patterns.url), parameters: &parameters))
            }
        } setup: {
            let routes = RouteTableGenerator.routes(count: size).routes
            return RegistrationInput(patterns: routes.map(\.routingKitPattern), url: firstHit(routes))
        }
    }
}

struct RegistrationInput: Sendable {
    let patterns: [String]
    let url: String
}

/// A URL that hits the first generated route.
func firstHit(_ routes: [GeneratedRoute]) -> String {
    RouteTableGenerator.probes(count: 1, routes: [routes[0]], hitRatio: 1, isMiss: { _ in true })[0].url
}
