// LinkRouter vs Vapor's RoutingKit `TrieRouter`, on the same generated tables, in one run.
//
// Every benchmark uses `scalingFactor` for an inner loop, so the reported numbers (marked `*` in
// the output) are per operation: per URL parse, per resolve, per registered route.

import Benchmark
import Foundation
import LinkRouter
import ManyRouteRecords
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
    openBenchmarks()
    userFacingOpenBenchmarks()
    allocationBenchmarks()
    registrationBenchmarks()
    discoveryBenchmarks()
    adversarialBenchmarks()
}

// MARK: - Discovery

/// Discovery and registration of every annotated route in the process: the 10,000 records of
/// ManyRouteRecords plus none elsewhere, across every loaded object (the benchmark's ~20).
func discoveryBenchmarks() {
    precondition(many_route_records_count() == 10_000)
    Benchmark(
        "Discovery: registerRoutes() with 10k records in the loaded objects",
        configuration: .init(metrics: [.wallClock, .mallocCountTotal], timeUnits: .microseconds, scalingFactor: .one, maxDuration: .seconds(10), maxIterations: 50)
    ) { benchmark in
        // The router is made before and released after the measured region: an app makes its
        // router once and keeps it, so tearing down 10,000 routes is not part of start-up.
        let router = Router(discovery: .manual)
        benchmark.startMeasurement()
        let report = router.registerRoutes()
        benchmark.stopMeasurement()
        precondition(report.registered.count == 10_000, "discovered \(report.registered.count) routes")
        blackHole(report)
        blackHole(router)
    }
    Benchmark(
        "Discovery: registerRoutes() then the first resolve (builds the table)",
        configuration: .init(metrics: [.wallClock], timeUnits: .microseconds, scalingFactor: .one, maxDuration: .seconds(10), maxIterations: 50)
    ) { benchmark in
        let router = Router(discovery: .manual)
        benchmark.startMeasurement()
        router.registerRoutes()
        blackHole(try? router.resolve("app://bench/4242/x"))
        benchmark.stopMeasurement()
        blackHole(router)
    }
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
/// the whole 8,000-URL set is cycled through.
@inline(__always)
func window(_ probes: ProbeColumns, _ benchmark: Benchmark) -> Range<Int> {
    let perIteration = benchmark.configuration.scalingFactor.rawValue
    let start = (benchmark.currentIteration * perIteration) % (probes.count - perIteration + 1)
    return start..<(start + perIteration)
}

/// LinkRouter: `resolve` the URL string, then read the route's first parameter (a miss throws).
@inline(__always)
func resolveWithLinkRouter(_ router: LinkRouterRouter, _ urls: [String], _ probes: ProbeColumns, _ range: Range<Int>) {
    for index in range {
        do {
            let route = try router.resolve(urls[index])
            if let parameter = probes.parameters[index] { blackHole(route.parameters[parameter]) } else { blackHole(route) }
        } catch {
            blackHole(error)
        }
    }
}

/// RoutingKit from the URL string: split it into path components, route, read the parameter.
@inline(__always)
func resolveWithRoutingKit(_ router: TrieRouter<Int>, _ probes: ProbeColumns, _ range: Range<Int>) {
    for index in range {
        var parameters = Parameters()
        let output = router.route(path: routingKitPath(probes.urls[index]), parameters: &parameters)
        if output != nil, let parameter = probes.parameters[index] { blackHole(parameters.get(parameter)) } else { blackHole(output) }
    }
}

/// RoutingKit from a path already split into `[String]`.
@inline(__always)
func resolvePreSplitWithRoutingKit(_ router: TrieRouter<Int>, _ probes: ProbeColumns, _ range: Range<Int>) {
    for index in range {
        var parameters = Parameters()
        let output = router.route(path: probes.paths[index], parameters: &parameters)
        if output != nil, let parameter = probes.parameters[index] { blackHole(parameters.get(parameter)) } else { blackHole(output) }
    }
}

func resolveBenchmarks() {
    for size in tableSizes {
        let name = label(size)

        Benchmark("Resolve \(name) routes: LinkRouter resolve(urlString)") { benchmark in
            let fixture = fixture(size: size)
            let probes = fixture.mixedColumns
            resolveWithLinkRouter(fixture.linkRouter, probes.urls, probes, window(probes, benchmark))
        } setup: {
            _ = fixture(size: size)
        }

        Benchmark("Resolve \(name) routes: RoutingKit split(urlString)+route") { benchmark in
            let fixture = fixture(size: size)
            resolveWithRoutingKit(fixture.routingKit.router, fixture.mixedColumns, window(fixture.mixedColumns, benchmark))
        } setup: {
            _ = fixture(size: size)
        }

        Benchmark("Resolve \(name) routes: RoutingKit route(pre-split [String])") { benchmark in
            let fixture = fixture(size: size)
            resolvePreSplitWithRoutingKit(fixture.routingKit.router, fixture.mixedColumns, window(fixture.mixedColumns, benchmark))
        } setup: {
            _ = fixture(size: size)
        }

        Benchmark("Resolve \(name) routes: Hummingbird RouterTrie.resolve(path of urlString)") { benchmark in
            let probes = fixture(size: size).mixedColumns
            resolveWithHummingbird(hummingbird(size: size), probes, window(probes, benchmark))
        } setup: {
            printHummingbirdStatistics(hummingbird(size: size), fixture(size: size))
        }
    }
}

// MARK: - The whole open pipeline

/// `open` runs every pipeline step (delegate, limits, dispatcher choice, redirects, match, exposure,
/// interceptors); this is its cost on top of `resolve`. The name predates `OpenOptions.recordsTrace`:
/// it records no trace since (kept so that runs compare across commits).
func openBenchmarks() {
    let size = 10_000
    Benchmark("Open 10k routes: LinkRouter open(urlString), action, trace") { benchmark in
        let fixture = fixture(size: size)
        let probes = fixture.mixedColumns
        for index in window(probes, benchmark) {
            blackHole(await fixture.linkRouter.open(probes.urls[index]))
        }
    } setup: {
        _ = fixture(size: size)
    }
}

// MARK: - Allocations per resolve

func allocationBenchmarks() {
    let size = 10_000

    // What the harness itself costs per operation: walking the probe columns, no routing.
    Benchmark("Baseline 10k: probe loop without routing") { benchmark in
        let probes = fixture(size: size).mixedColumns
        for index in window(probes, benchmark) {
            blackHole(probes.urls[index])
            blackHole(probes.parameters[index])
        }
    } setup: {
        _ = fixture(size: size)
    }

    Benchmark("Mallocs/resolve 10k, hits, no query: LinkRouter") { benchmark in
        let fixture = fixture(size: size)
        let probes = fixture.hitColumns
        resolveWithLinkRouter(fixture.linkRouter, probes.urls, probes, window(probes, benchmark))
    } setup: {
        _ = fixture(size: size)
    }

    Benchmark("Mallocs/resolve 10k, hits, with query: LinkRouter") { benchmark in
        let fixture = fixture(size: size)
        let probes = fixture.hitColumns
        resolveWithLinkRouter(fixture.linkRouter, probes.urlsWithQuery, probes, window(probes, benchmark))
    } setup: {
        _ = fixture(size: size)
    }

    Benchmark("Mallocs/resolve 10k, misses, no query: LinkRouter") { benchmark in
        let fixture = fixture(size: size)
        let probes = fixture.missColumns
        resolveWithLinkRouter(fixture.linkRouter, probes.urls, probes, window(probes, benchmark))
    } setup: {
        _ = fixture(size: size)
    }

    Benchmark("Mallocs/resolve 10k, hits, no query: RoutingKit split(urlString)+route") { benchmark in
        let fixture = fixture(size: size)
        resolveWithRoutingKit(fixture.routingKit.router, fixture.hitColumns, window(fixture.hitColumns, benchmark))
    } setup: {
        _ = fixture(size: size)
    }
}

// MARK: - Registration

/// Each outer iteration registers `routers × size` routes (1,000 or 1,000,000, matching the
/// scaling factor), so the reported numbers are per registered route. The routers are made before
/// and released after the measured region, as for discovery: an app makes its router once and
/// keeps it, so tearing routes down is not part of registering them.
///
/// LinkRouter freezes its routing trie lazily, at the first lookup after a change; the
/// "register+build" benchmark adds that first resolve to each router, so it shows registration and
/// the trie build together. RoutingKit builds its trie as routes are registered.
func registrationBenchmarks() {
    for size in tableSizes {
        let name = label(size)
        let scaling: BenchmarkScalingFactor = size <= 1_000 ? .kilo : .mega
        let routerCount = scaling.rawValue / size
        // A 1,000,000-route iteration takes seconds: no warm-up (it would not change anything at
        // that count) and five samples.
        let configuration = Benchmark.Configuration(
            warmupIterations: size <= 1_000 ? 3 : 0,
            scalingFactor: scaling,
            maxDuration: .seconds(size <= 1_000 ? 2 : 40),
            maxIterations: size <= 1_000 ? 2_000 : 5
        )
        let tables = "\(name)-route tables (\(routerCount)x\(name)/iteration)"

        Benchmark("Register per route, \(tables): LinkRouter register()", configuration: configuration) {
            (benchmark: Benchmark, input: RegistrationInput) in
            measure(benchmark, in: (0..<routerCount).map { _ in LinkRouterRouter() }) { router in
                registerAll(input.patterns, in: router)
            }
        } setup: {
            linkRouterRegistrationInput(size: size)
        }

        Benchmark("Register+build per route, \(tables): LinkRouter register(), first resolve", configuration: configuration) {
            (benchmark: Benchmark, input: RegistrationInput) in
            measure(benchmark, in: (0..<routerCount).map { _ in LinkRouterRouter() }) { router in
                registerAll(input.patterns, in: router)
                blackHole(try? router.resolve(input.url))
            }
        } setup: {
            linkRouterRegistrationInput(size: size)
        }

        Benchmark("Register per route, \(tables): RoutingKit register()", configuration: configuration) {
            (benchmark: Benchmark, input: RegistrationInput) in
            measure(benchmark, in: (0..<routerCount).map { _ in TrieRouter(Int.self) }) { router in
                for (index, pattern) in input.patterns.enumerated() {
                    router.register(index, at: pattern.pathComponents)
                }
            }
        } setup: {
            let routes = RouteTableGenerator.routes(count: size).routes
            return RegistrationInput(patterns: routes.map(\.routingKitPattern), url: firstHit(routes))
        }
    }
}

/// Runs `body` on each of `routers` inside the measured region; the routers, made by the caller
/// before it, are released after it.
@inline(__always)
func measure<Router>(_ benchmark: Benchmark, in routers: [Router], _ body: (Router) -> Void) {
    benchmark.startMeasurement()
    for router in routers { body(router) }
    benchmark.stopMeasurement()
    blackHole(routers)
}

@inline(__always)
func registerAll(_ patterns: [String], in router: LinkRouterRouter) {
    for pattern in patterns {
        do {
            try router.register(pattern, action: { _ in nil })
        } catch {
            fatalError("\(error)")
        }
    }
}

func linkRouterRegistrationInput(size: Int) -> RegistrationInput {
    let routes = RouteTableGenerator.routes(count: size).routes
    return RegistrationInput(patterns: routes.map(\.linkRouterPattern), url: firstHit(routes))
}

struct RegistrationInput: Sendable {
    let patterns: [String]
    let url: String
}

/// A URL that hits the first generated route.
func firstHit(_ routes: [GeneratedRoute]) -> String {
    RouteTableGenerator.probes(count: 1, routes: [routes[0]], hitRatio: 1, isMiss: { _ in true })[0].url
}
