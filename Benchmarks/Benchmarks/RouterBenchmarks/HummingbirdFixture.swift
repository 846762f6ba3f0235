// Hummingbird's route lookup on the same generated tables.
//
// Hummingbird's `Router` builds a `RouterPathTrieBuilder` of its routes and, when the application
// starts, turns it into a `RouterTrie`; its responder then calls `trie.resolve(request.uri.path)`
// for every request and reads the parameters it returns. The builder is `@_spi(Internal)` public
// and `RouterTrie.resolve(_:)` is public, so the benchmarks time exactly that lookup, without an
// HTTP request, a request context or a response (which a full `respond(to:context:)` would add).

import Benchmark
import Foundation
@_spi(Internal) import Hummingbird

/// A generated table in Hummingbird's router trie; the value is the route's index.
final class HummingbirdFixture: Sendable {
    let trie: RouterTrie<Int>

    init(routes: [GeneratedRoute]) {
        let builder = RouterPathTrieBuilder<Int>()
        for (index, route) in routes.enumerated() {
            // The RoutingKit pattern: `:name` captures and a `**` catch-all mean the same in both.
            builder.addEntry(RouterPath(route.routingKitPattern), value: index)
        }
        trie = builder.build()
    }
}

// Built lazily, per table size, in the benchmarks' setup.
let hummingbird10 = HummingbirdFixture(routes: fixture10.routes)
let hummingbird1k = HummingbirdFixture(routes: fixture1k.routes)
let hummingbird10k = HummingbirdFixture(routes: fixture10k.routes)
let hummingbird100k = HummingbirdFixture(routes: fixture100k.routes)

func hummingbird(size: Int) -> HummingbirdFixture {
    switch size {
    case 10: hummingbird10
    case 1_000: hummingbird1k
    case 10_000: hummingbird10k
    case 100_000: hummingbird100k
    default: fatalError("no Hummingbird fixture of \(size) routes")
    }
}

/// The path Hummingbird's responder would be given for a deep link: the URL without its scheme,
/// query and fragment, with a leading `/` (`myapp://s12/42` gives `/s12/42`), as a `String`
/// (what `RouterTrie.resolve` takes).
@inline(never)
func hummingbirdPath(_ url: String) -> String {
    var rest = Substring(url)
    if let colon = rest.firstIndex(of: ":"), rest[colon...].hasPrefix("://") {
        // Keep the second slash of `://` as the path's leading slash.
        rest = rest[rest.index(colon, offsetBy: 2)...]
    }
    if let end = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) {
        rest = rest[..<end]
    }
    return String(rest)
}

/// Hummingbird from the URL string: take its path, resolve it in the trie, read the parameter.
@inline(__always)
func resolveWithHummingbird(_ fixture: HummingbirdFixture, _ probes: ProbeColumns, _ range: Range<Int>) {
    for index in range {
        if let (value, parameters) = fixture.trie.resolve(hummingbirdPath(probes.urls[index])) {
            if let parameter = probes.parameters[index] { blackHole(parameters.get(parameter)) } else { blackHole(value) }
        } else {
            blackHole(index)
        }
    }
}

/// With `ROUTER_BENCHMARKS_TABLE_STATS` set, prints how many of the table's probes Hummingbird
/// resolves, beside LinkRouter's and RoutingKit's counts.
func printHummingbirdStatistics(_ fixture: HummingbirdFixture, _ table: Fixture) {
    guard ProcessInfo.processInfo.environment["ROUTER_BENCHMARKS_TABLE_STATS"] != nil else { return }
    func hits(_ probes: [Probe]) -> Int {
        probes.reduce(0) { count, probe in fixture.trie.resolve(hummingbirdPath(probe.url)) == nil ? count : count + 1 }
    }
    let report = "table \(label(table.size)): Hummingbird resolves \(hits(table.probes))/\(table.probes.count) mixed, "
        + "\(hits(table.hits))/\(table.hits.count) hit, \(hits(table.misses))/\(table.misses.count) miss probes\n"
    FileHandle.standardError.write(Data(report.utf8))
}
