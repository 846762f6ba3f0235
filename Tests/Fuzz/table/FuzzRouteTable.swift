// Fuzz target: the dynamic route table loader (DynamicRouteTable(json:)). Any bytes must give a
// table or a RouteTableError listing located problems — never trap. Loading into a router is
// atomic: a rejected document leaves the table in force untouched. An accepted table writes back
// to JSON that reads the same, and a router with it in force answers canOpen for URLs that hit
// every rule (redirects, disabled routes, groups, exposure) without trapping. The router's routes
// are registered as discovery registers them: written as route records by the record codec
// (version 1, and version 2 for a query contract and optional groups mid-pattern), read back by the
// record reader, each with the pattern its record carries.
import LinkRouterCore
import RouteRecordLayout
import RouteRecordReader
import RouteTableJSON

/// Routes registered in every router of this target.
let routePatterns = [
    "promo/<int:id>", "catalog/product/<int:id>", "catalog/<path:rest>", "cart", "cart/checkout",
    "account/**", "a/:b", ":x", "help/*", "docs(/:lang)/page", "search",
]

/// The routes' records as a section: each written by the codec with its compiled pattern; `search`
/// with a query contract.
let recordSection: [UInt8] = routePatterns.flatMap { text in
    let pattern = try! RoutePattern(text)
    let compiled = CompiledPattern(
        segments: pattern.parts.map { part in
            let (kind, group, start, end) = part.encoded
            return CompiledPattern.Segment(kind: CompiledPattern.SegmentKind(rawValue: kind)!, group: group, start: UInt16(start), end: UInt16(end))
        },
        decodedLiterals: pattern.decodedLiteralBytes
    )
    let query = text == "search" ? "kq:string,page:int=1" : nil
    return RouteRecordCodec.encodeRoute(kind: .action, flags: [], text: RecordText(pattern: text, query: query), compiledPattern: compiled)
}

/// The routes as discovery registers them, read from ``recordSection``.
let discoveredRoutes: DiscoveredRoutes = {
    let records = recordSection.withUnsafeBytes { RecordDecoder.decode($0, file: "fuzz", sectionFileOffset: 0, requireAccessor: false) }
    precondition(records.issues.isEmpty && records.records.count == routePatterns.count, "the records do not read back: \(records.issues)")
    precondition(Set(records.records.map(\.version)) == [1, 2], "the records are not of both versions")
    var routes = DiscoveredRoutes(capacity: records.records.count)
    for record in records.records {
        let pattern = record.compiledPattern!
        let query = record.query.map { try! QueryContract(recordText: $0) }
        routes.append(pattern, options: RouteOptions(query: query), target: .action(RouteAction { _ in pattern.text }))
    }
    return routes
}()

/// The table in force before the fuzzed document is loaded.
let previous = try! DynamicRouteTable(json: """
    {"version": 1, "redirects": [{"from": "old/:id", "to": "a/:id"}],
     "disabled": [{"pattern": "cart", "fallback": "app://a/cart-off"}],
     "groups": [{"pattern": "a/*", "groups": ["g"]}],
     "exposure": [{"pattern": "catalog/**", "exposure": "external"}]}
    """)

/// libFuzzer's entry point: loads one input as a route table document and checks the result. Returns
/// 0, as libFuzzer requires; a broken invariant aborts.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    let router = Router(configuration: RouterConfiguration(maximumRedirects: 4, fallbackAllowlist: ["app"]))
    let refused = router.register(discovered: discoveredRoutes)
    precondition(refused.isEmpty, "a route of the records was refused")
    router.routeTable = previous

    let table: DynamicRouteTable
    do {
        router.routeTable = try DynamicRouteTable(json: bytes)
        table = router.routeTable
    } catch {
        require(!error.problems.isEmpty, "rejected with no problem")
        for problem in error.problems {
            require(!problem.location.isEmpty && !problem.message.isEmpty, "problem without location or message: \(problem)")
        }
        require(same(router.routeTable, previous), "a rejected document changed the table in force")
        do {
            _ = try DynamicRouteTable(json: bytes)
            require(false, "the same document was accepted the second time")
        } catch let again {
            require(again == error, "the second reading found other problems:\n\(again)\nthe first:\n\(error)")
        }
        return 0
    }
    checkRoundTrip(table)
    exercise(router, table)
    return 0
}

func same(_ a: DynamicRouteTable, _ b: DynamicRouteTable) -> Bool {
    a.redirects == b.redirects && a.disabledRoutes == b.disabledRoutes
        && a.groupMemberships == b.groupMemberships && a.exposureOverrides == b.exposureOverrides
}

/// The table written back as a JSON document reads as the same table.
func checkRoundTrip(_ table: DynamicRouteTable) {
    func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
    func array(_ items: [String]) -> String { "[" + items.joined(separator: ",") + "]" }
    let document = "{\"version\":1"
        + ",\"redirects\":" + array(table.redirects.map { "{\"from\":\(string($0.from)),\"to\":\(string($0.to))}" })
        + ",\"disabled\":" + array(table.disabledRoutes.map { "{\"pattern\":\(string($0.pattern)),\"fallback\":\(string($0.fallback))}" })
        + ",\"groups\":" + array(table.groupMemberships.map { "{\"pattern\":\(string($0.pattern)),\"groups\":\(array($0.groups.sorted().map(string)))}" })
        + ",\"exposure\":" + array(table.exposureOverrides.map { "{\"pattern\":\(string($0.pattern)),\"exposure\":\(string($0.exposure.rawValue))}" })
        + "}"
    do {
        let again = try DynamicRouteTable(json: document)
        require(same(again, table), "the table written back reads differently: \(document)")
    } catch {
        require(false, "the table written back is rejected: \(error)\n\(document)")
    }
}

/// canOpen on URLs built from every rule's pattern and every route's, from the app and from outside.
func exercise(_ router: Router, _ table: DynamicRouteTable) {
    var patterns = routePatterns
    patterns += table.redirects.map(\.from) + table.disabledRoutes.map(\.pattern)
    patterns += table.groupMemberships.map(\.pattern) + table.exposureOverrides.map(\.pattern)
    var urls = table.disabledRoutes.map(\.fallback)
    for text in patterns.prefix(24) {
        guard let pattern = try? RoutePattern(text) else {
            require(false, "an accepted table holds a pattern that does not parse: \(text)")
            return
        }
        for form in pattern.variants.prefix(3) { urls.append(sampleURL(form).url) }
    }
    for url in urls.prefix(64) {
        _ = router.canOpen(url)
        _ = router.canOpen(url, source: .external)
        _ = try? router.resolve(url)
    }
}
