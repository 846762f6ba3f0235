import LinkRouterCore
import RoutePatterns
import RouteRecordLayout
import RouteRecordReader
import Testing

/// The pass reads route records in place (``RecordPass/Records``): it keeps a record's place, not
/// the record, and reads the record again when a report or a tool asks. What it gives back must
/// be what the reader decodes whole, for every shape of record.
struct RecordPassInPlaceTests {
    /// A route record with the pattern the macro would have compiled, or a C record's without one.
    static func route(
        _ pattern: String, kind: RecordKind = .action, flags: RecordFlags = [], groups: [String] = [], summary: String? = nil,
        query: String? = nil, declaredProtocol: String? = nil, compiled: Bool = true
    ) -> [UInt8] {
        let compiledPattern = compiled ? (try? RoutePattern(pattern)).map(CompiledPattern.init) : nil
        return RouteRecordCodec.encodeRoute(
            kind: kind, flags: flags, text: RecordText(pattern: pattern, groups: groups, summary: summary, query: query),
            compiledPattern: compiledPattern, declaredProtocol: declaredProtocol
        )
    }

    /// Every shape a pass meets: version-1 and version-2 records (one of several blocks, whose body
    /// the reader copies together), texts with groups, a summary, a query contract and a declared
    /// protocol, a service between routes, a record that cannot be read, a C record whose pattern
    /// does not parse (skipped), two records of one shape (a duplicate), and an override.
    static let section: [UInt8] = route("user/<int:id>")
        + route("cart", kind: .page, flags: [.external], groups: ["login", "vip"], summary: "The cart", declaredProtocol: "CartShowing")
        + route("search", query: "kq:string,page:int=1")
        + route("help/" + String(repeating: "x", count: 40) + "/:topic", summary: String(repeating: "s", count: 300))
        + RouteRecordCodec.encodeService(named: "Clock", flags: [])
        + [UInt8](repeating: 0xAB, count: RecordLayout.blockSize)
        + route("c/<in:x>", kind: .cAction, compiled: false)
        + route("dup/:a") + route("dup/:b")
        + route("one/:a") + route("one/:b", flags: [.override])

    static func decoded(_ bytes: [UInt8]) -> (records: [RouteRecord], issues: [RecordIssue]) {
        bytes.withUnsafeBytes { RecordDecoder.decode($0, file: "lib.so", sectionFileOffset: 0x400, requireAccessor: false) }
    }

    @Test("a pass asked for its route records gives back, read again from their places, the records the reader decodes whole")
    func sameRecords() throws {
        var bytes = Self.section
        let sequence = bytes.withUnsafeBytes { RouteRecords(copying: $0, file: "lib.so", sectionFileOffset: 0x400, requireAccessor: false) }
        // The sequence reads its own copy: the caller's bytes may go.
        bytes = [UInt8](repeating: 0, count: bytes.count)
        let pass = RecordPass([sequence], capacity: sequence.capacity)
        let expected = Self.decoded(Self.section)
        let routes = expected.records.filter(\.kind.isRoute)
        #expect(routes.count == 9)
        #expect(Array(pass.records) == routes)
        #expect(pass.records.indices.map(pass.records.location(at:)) == routes.map(\.location))
        #expect(pass.services == expected.records.filter { $0.kind == .service })
        #expect(pass.issues == expected.issues)
        #expect(pass.recordCount == expected.records.count)
        // What became of each: the C record's pattern does not parse, the two of one shape are
        // duplicates, the override wins over the unmarked record of its shape.
        let fates = pass.fates.map { fate -> String in
            switch fate {
            case .registered: "registered"
            case .skipped: "skipped"
            case .overridden(let winner): "overridden by \(winner.map { pass.records[$0].pattern } ?? "none")"
            case .duplicate: "duplicate"
            case .refused: "refused"
            }
        }
        #expect(fates == [
            "registered", "registered", "registered", "registered", "skipped", "duplicate", "duplicate", "overridden by one/:b", "registered",
        ])
        #expect(pass.skipped.map(\.record.pattern) == ["c/<in:x>"])
        #expect(pass.registeredPatterns == ["user/<int:id>", "cart", "search", routes[3].pattern, "one/:b"])
        #expect(pass.registered.map(\.pattern) == pass.registeredPatterns)
    }

    @Test("a pass registers the routes it read in place as the records say them, and names the refused by their records")
    func registers() throws {
        let sequence = Self.section.withUnsafeBytes { RouteRecords(copying: $0, file: "lib.so", sectionFileOffset: 0x400, requireAccessor: false) }
        var pass = RecordPass([sequence])
        let router = Router(configuration: RouterConfiguration(host: nil))
        try router.register("search") { _ in nil }
        let refused = pass.register(on: router)
        #expect(refused.map(\.record.pattern) == ["search"])
        #expect(refused.map(\.existing) == ["search"])
        #expect(pass.registeredPatterns == ["user/<int:id>", "cart", pass.records[3].pattern, "one/:b"])
        let cart = try #require(router.routes.first { $0.pattern.text == "cart" })
        #expect(cart.options.exposure == .external)
        #expect(cart.options.groups == ["login", "vip"])
        #expect(cart.options.summary == "The cart")
        let search = try #require(pass.records.first { $0.pattern == "search" })
        #expect(search.query == "kq:string,page:int=1")
        #expect(pass.records[1].declaredProtocol == "CartShowing")
        #expect(pass.register(on: router).isEmpty)
    }
}
