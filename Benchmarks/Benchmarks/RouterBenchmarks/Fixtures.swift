import Foundation
import LinkRouter
import RoutingKit

/// RoutingKit also has a `Router` (a protocol): name LinkRouter's explicitly.
typealias LinkRouterRouter = LinkRouter.Router

/// RoutingKit's `TrieRouter` is not `Sendable`; the fixtures are built once and only read.
final class RoutingKitRouter: @unchecked Sendable {
    let router: TrieRouter<Int>

    init(routes: [GeneratedRoute]) {
        router = TrieRouter(Int.self)
        for (index, route) in routes.enumerated() {
            router.register(index, at: route.routingKitPattern.pathComponents)
        }
    }
}

/// Probes as parallel arrays, so the measured loops read just the strings they use (copying a
/// whole `Probe` would retain and release its five references on every operation).
struct ProbeColumns: Sendable {
    let urls: [String]
    let urlsWithQuery: [String]
    let paths: [[String]]
    let parameters: [String?]

    init(_ probes: [Probe]) {
        urls = probes.map(\.url)
        urlsWithQuery = probes.map(\.urlWithQuery)
        paths = probes.map(\.path)
        parameters = probes.map(\.parameter)
    }

    var count: Int { urls.count }
}

/// A generated table registered in both routers, with the probes to resolve.
final class Fixture: Sendable {
    static let probeCount = 8_000

    let size: Int
    let routes: [GeneratedRoute]
    let statistics: TableStatistics
    let linkRouter: LinkRouterRouter
    let routingKit: RoutingKitRouter
    /// 80% hits, 20% misses, in random order.
    let probes: [Probe]
    /// Hits only, for the allocation benchmarks.
    let hits: [Probe]
    /// Misses only.
    let misses: [Probe]
    /// The same three sets, as columns for the measured loops.
    let mixedColumns: ProbeColumns
    let hitColumns: ProbeColumns
    let missColumns: ProbeColumns

    init(size: Int) {
        self.size = size
        (routes, statistics) = RouteTableGenerator.routes(count: size)
        let linkRouter = LinkRouterRouter()
        for route in routes {
            do {
                try linkRouter.register(route.linkRouterPattern, action: { _ in nil })
            } catch {
                fatalError("cannot register \(route.linkRouterPattern): \(error)")
            }
        }
        self.linkRouter = linkRouter
        routingKit = RoutingKitRouter(routes: routes)

        func isMiss(_ url: String) -> Bool {
            do {
                _ = try linkRouter.resolve(url)
                return false
            } catch {
                guard case .noRoute = error else { fatalError("\(url): \(error)") }
                return true
            }
        }
        probes = RouteTableGenerator.probes(count: Self.probeCount, routes: routes, isMiss: isMiss)
        hits = RouteTableGenerator.probes(count: Self.probeCount, routes: routes, hitRatio: 1, isMiss: isMiss)
        misses = RouteTableGenerator.probes(count: Self.probeCount, routes: routes, hitRatio: 0, isMiss: isMiss)
        mixedColumns = ProbeColumns(probes)
        hitColumns = ProbeColumns(hits)
        missColumns = ProbeColumns(misses)

        // Every hit resolves in LinkRouter (this also freezes its table, outside any measurement).
        for probe in probes + hits where probe.isHit {
            guard (try? linkRouter.resolve(probe.url)) != nil else { fatalError("hit \(probe.url) does not resolve") }
        }
        if ProcessInfo.processInfo.environment["ROUTER_BENCHMARKS_TABLE_STATS"] != nil { printStatistics() }
    }

    /// Prints the table's make-up and how many probes each router resolves, to standard error.
    func printStatistics() {
        let mixed = hitCounts(probes)
        let hitsOnly = hitCounts(hits)
        let missesOnly = hitCounts(misses)
        var report = "table \(label(size)): \(statistics)\n"
        report += "  mixed probes: \(probes.filter(\.isHit).count)/\(probes.count) generated as hits; "
        report += "resolved by LinkRouter \(mixed.linkRouter), by RoutingKit \(mixed.routingKit)\n"
        report += "  hit probes resolved: LinkRouter \(hitsOnly.linkRouter)/\(hits.count), RoutingKit \(hitsOnly.routingKit)/\(hits.count)\n"
        report += "  miss probes resolved: LinkRouter \(missesOnly.linkRouter)/\(misses.count), RoutingKit \(missesOnly.routingKit)/\(misses.count)\n"
        report += "  sample patterns: \(routes.prefix(6).map(\.linkRouterPattern).joined(separator: "  "))\n"
        report += "  sample URLs: \(probes.prefix(4).map(\.url).joined(separator: "  "))\n"
        FileHandle.standardError.write(Data(report.utf8))
    }

    /// How many probes each router resolves: (LinkRouter, RoutingKit), for checking the tables agree.
    func hitCounts(_ probes: [Probe]) -> (linkRouter: Int, routingKit: Int) {
        var counts = (0, 0)
        for probe in probes {
            if (try? linkRouter.resolve(probe.url)) != nil { counts.0 += 1 }
            var parameters = Parameters()
            if routingKit.router.route(path: probe.path, parameters: &parameters) != nil { counts.1 += 1 }
        }
        return counts
    }
}

// Built lazily (Swift globals are initialized on first use), so each benchmark process builds
// only the table it measures, in the benchmark's setup, outside the measured region.
let fixture10 = Fixture(size: 10)
let fixture1k = Fixture(size: 1_000)
let fixture10k = Fixture(size: 10_000)
let fixture100k = Fixture(size: 100_000)

func fixture(size: Int) -> Fixture {
    switch size {
    case 10: fixture10
    case 1_000: fixture1k
    case 10_000: fixture10k
    case 100_000: fixture100k
    default: fatalError("no fixture of \(size) routes")
    }
}

/// `10`, `1k`, `10k`, `100k`.
func label(_ size: Int) -> String {
    size >= 1_000 ? "\(size / 1_000)k" : "\(size)"
}

/// RoutingKit takes the path as `[String]`: from a URL string, drop the scheme, the query and the
/// fragment and split on `/`, as an app using RoutingKit for deep links would.
@inline(never)
func routingKitPath(_ url: String) -> [String] {
    var rest = Substring(url)
    if let colon = rest.firstIndex(of: ":"), rest[colon...].hasPrefix("://") {
        rest = rest[rest.index(colon, offsetBy: 3)...]
    }
    if let end = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) {
        rest = rest[..<end]
    }
    return rest.split(separator: "/").map(String.init)
}
