import Foundation
import CDiscoveryFixtures
import CRouteRecord
import LinkRouter
import RouteRecordLayout
import RouteRecordReader
import Testing

struct DiscoveryTests {
    init() {
        // Keeps the C fixtures' object file in the test binary.
        #expect(linkrouter_discovery_fixtures_anchor() == 1)
    }

    @Test("manual discovery registers the planted Swift page, Swift action and C action")
    func manualDiscovery() async throws {
        let router = Router(discovery: .manual)
        #expect(!router.canOpen("fixture/swift/echo"))

        let report = router.registerRoutes()
        #expect(report.registered.contains("fixture/page/<int:id>"))
        #expect(report.registered.contains("fixture/swift/echo"))
        #expect(report.registered.contains("fixture/c/add"))

        let page = await router.open("app://fixture/page/7").page as? FixturePage
        #expect(page?.id == 7)
        #expect(await router.open("app://fixture/swift/echo?text=hi").actionResult as? String == "hi")
        #expect(await router.open("app://fixture/c/add?a=2&b=40").actionResult as? String == "42")
        let failure = await router.open("app://fixture/c/add?a=2").failure
        #expect(failure?.description == "action 'fixture/c/add' failed: the C function reported failure")
    }

    @Test("version-2 records register: a contract, groups mid-pattern, a long summary over several blocks, a 200-byte C pattern")
    func version2Records() async throws {
        let router = Router(discovery: .manual)
        let report = router.registerRoutes()
        let image = try #require(LoadedImage.all().first { $0.isMainProgram })
        let records = try #require(try RouteSectionReader.read(image: image)).records
        func version(_ pattern: String) -> UInt16? { records.first { $0.pattern == pattern }?.version }
        #expect(version("fixture/swift/echo") == 1)
        #expect(version("fixture/c/add") == 1)
        for pattern in ["fixture/v2/contract", "fixture/v2(/:lang)/docs", "fixture/v2/long", "fixture/c/long/abcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghij/<int:n>"] {
            #expect(version(pattern) == 2, "\(pattern)")
            #expect(report.registered.contains(pattern), "\(pattern)")
        }
        // Swift records carry the pattern as the macro compiled it; C records do not.
        #expect(records.first { $0.pattern == "fixture/v2(/:lang)/docs" }?.compiledPattern?.optionalGroups.count == 1)
        #expect(records.first { $0.pattern == "fixture/c/long/abcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghij/<int:n>" }?.compiledPattern == nil)
        #expect(await router.open("app://fixture/v2/contract?page=3").actionResult as? String == "page 3")
        #expect(await router.open("app://fixture/v2/contract").actionResult as? String == "page 1")
        guard case .parametersRejected? = await router.open("app://fixture/v2/contract?tab=x").failure else {
            Issue.record("an undeclared query parameter was not refused")
            return
        }
        #expect(await router.open("app://fixture/v2/fr/docs").actionResult as? String == "docs fr")
        #expect(await router.open("app://fixture/v2/docs").actionResult as? String == "docs -")
        #expect(router.routes.first { $0.pattern.text == "fixture/v2/long" }?.options.summary == "A route whose summary is long: it goes on and on, it goes on and on, it goes on and on, it goes on and on, it goes on and on, it goes on and on, it goes on and on, it goes on and on, it goes on and on, it goes on and on, it goes on and on, it goes on and on, it goes on and on, it goes on and on, it goes on and on, it goes on and on, it goes on and on, it goes on and on, it goes on and on, it goes on and on,")
        #expect(await router.open("app://fixture/c/long/abcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghij/7?a=1&b=2").actionResult as? String == "3")
    }

    @Test("LINKROUTER_C_ACTION writes the bytes the codec writes: one block up to 96 bytes, two beyond")
    func cRecordsMatchTheCodec() throws {
        let path = try #require(LoadedImage.all().first { $0.isMainProgram }).path
        let records = try #require(try RouteSectionReader.read(file: path)).records
        let file = try Data(contentsOf: URL(fileURLWithPath: path))
        for (pattern, flags, blocks) in [("fixture/c/add", RecordFlags(), 1), ("fixture/c/override/:marked", [.override], 1), ("fixture/c/long/abcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghij/<int:n>", RecordFlags(), 2)] {
            let record = try #require(records.first { $0.pattern == pattern }, "\(pattern)")
            var written = Array(file[record.location.fileOffset..<(record.location.fileOffset + 128 * blocks)])
            written.replaceSubrange(16..<24, with: [UInt8](repeating: 0, count: 8))  // the accessor, relocated at load
            let encoded = RouteRecordCodec.encodeRoute(kind: .cAction, flags: flags, text: RecordText(pattern: pattern), compiledPattern: nil)
            #expect(written == encoded, "\(pattern)")
        }
    }

    @Test("a record of a later version is skipped whole, naming its version and the release that wrote it")
    func laterVersion() throws {
        let report = Router(discovery: .manual).registerRoutes()
        let executable = try #require(LoadedImage.all().first { $0.isMainProgram }).path
        let line = try #require(report.diagnostics.first { $0.contains("record version 3 is not supported") })
        #expect(line.contains("\(executable) at offset 0x"))
        #expect(line.hasSuffix("record version 3 is not supported (this reader knows versions 1 to 2): written by LinkRouter 1.4.0; read it with that LinkRouter or a later one, or build the object with this reader's"))
        // Its second block is no record of its own.
        #expect(report.diagnostics.filter { $0.contains("version 3") }.count == 1)
        #expect(!report.diagnostics.contains { $0.contains("bad magic") && $0.contains("0x80") })
    }

    @Test("corrupt records are skipped with a diagnostic naming the object file and offset")
    func corruptRecords() throws {
        let report = Router(discovery: .manual).registerRoutes()
        let executable = try #require(LoadedImage.all().first { $0.isMainProgram }).path
        let expectations = [
            "bad magic 0x12345678",
            "record version 99 is not supported",
            "pattern 'fixture/<int:>/x' column 14: expected a parameter name",
        ]
        for expected in expectations {
            let line = report.diagnostics.first { $0.contains(expected) }
            #expect(line != nil, "no diagnostic contains \(expected): \(report.diagnostics)")
            #expect(line?.contains("\(executable) at offset 0x") == true)
        }
        #expect(!report.registered.contains("fixture/badmagic"))
        #expect(!report.registered.contains("fixture/badversion"))
    }

    @Test("two unmarked records of one shape are a duplicate that names both by symbol and location, and neither is registered")
    func duplicateRecords() async throws {
        // The rule changed: the first record in link order used to win; now neither does.
        let router = Router(discovery: .manual)
        let report = router.registerRoutes()
        let executable = try #require(LoadedImage.all().first { $0.isMainProgram }).path
        #expect(!report.registered.contains("fixture/c/twice/:first"))
        #expect(!report.registered.contains("fixture/c/twice/:second"))
        #expect(await router.open("app://fixture/c/twice/1?a=1&b=2").failure != nil)
        let duplicate = try #require(report.duplicateRoutes.first { $0.records.first?.pattern == "fixture/c/twice/:first" })
        #expect(duplicate.records.map(\.pattern) == ["fixture/c/twice/:first", "fixture/c/twice/:second"])
        #expect(duplicate.records.allSatisfy { $0.file == executable && $0.symbol == "add" && !$0.isOverride })
        let line = try #require(report.diagnostics.first { $0.hasPrefix("duplicate route 'fixture/c/twice/:first'") })
        #expect(line == duplicate.description)
        #expect(line.contains(": 2 records of one shape, none marked as an override: 'fixture/c/twice/:first' ('add') in \(executable) at offset 0x"))
        #expect(line.contains("; 'fixture/c/twice/:second' ('add') in \(executable) at offset 0x"))
        #expect(line.hasSuffix("; none is registered (mark the one that wins with 'overrides: true')"))
    }

    @Test("the record marked as an override wins over unmarked records of its shape, before or after them, in C and in Swift")
    func overrideWins() async throws {
        let router = Router(discovery: .manual)
        let report = router.registerRoutes()
        // C: the override comes second in section order; Swift: first.
        #expect(report.registered.contains("fixture/c/override/:marked"))
        #expect(!report.registered.contains("fixture/c/override/:plain"))
        #expect(report.registered.contains("fixture/swift/override/:marked"))
        #expect(!report.registered.contains("fixture/swift/override/:plain"))
        #expect(await router.open("app://fixture/swift/override/x").actionResult as? String == "marked")
        // A Swift page over a C action of another module.
        #expect(await router.open("app://fixture/mixed/7").page is OverridingPage)
        #expect(router.routes.filter { $0.pattern.text == "fixture/mixed/<int:id>" }.map(\.kind) == [.page])
        // Overridden records are no problem: reported apart, with both records named.
        #expect(!report.diagnostics.contains { $0.contains("override/") || $0.contains("fixture/mixed") })
        let line = try #require(report.overridden.first { $0.hasPrefix("route 'fixture/c/override/:plain' ('add') in ") })
        #expect(line.contains(" is overridden by 'fixture/c/override/:marked' ('add') in "))
        let swiftLine = try #require(report.overridden.first { $0.hasPrefix("route 'fixture/swift/override/:plain' ('#route at OverrideFixtures.swift:8 in ") })
        #expect(swiftLine.contains("is overridden by 'fixture/swift/override/:marked' ('#route at OverrideFixtures.swift:7 in "))
        #expect(report.overridden.contains { $0.contains("'fixture/mixed/<int:id>' ('accessor of LinkRouterDiscoveryTests.OverridingPage.__linkRouterRecord')") })
    }

    @Test("two overrides of one shape are a duplicate, and neither they nor the unmarked record of their shape is registered")
    func twoOverrides() throws {
        let report = Router(discovery: .manual).registerRoutes()
        #expect(!report.registered.contains { $0.hasPrefix("fixture/c/both/") })
        let duplicate = try #require(report.duplicateRoutes.first { $0.records.first?.pattern.hasPrefix("fixture/c/both/") == true })
        #expect(duplicate.records.map(\.pattern) == ["fixture/c/both/:first", "fixture/c/both/:second"])
        #expect(duplicate.records.allSatisfy { $0.isOverride })
        #expect(duplicate.description.contains("2 records of one shape, all marked as overrides: "))
        #expect(duplicate.description.hasSuffix("(keep 'overrides: true' on one of them)"))
        #expect(report.overridden.contains { $0.hasPrefix("route 'fixture/c/both/:plain' ('add') in ") })
    }

    @Test("a route registered by hand keeps its shape: a record of the pass that would win it is reported against it, records in conflict among themselves as a duplicate")
    func duplicateOfManualRoute() throws {
        let router = Router(discovery: .manual)
        try router.register("fixture/c/twice/:second", action: { _ in nil })
        try router.register("fixture/routed/:other", action: { _ in nil })
        let report = router.registerRoutes()
        // The pass's two records of that shape meet first: none wins, as `routes check` says too.
        #expect(!report.registered.contains("fixture/c/twice/:first"))
        #expect(!report.registered.contains("fixture/c/twice/:second"))
        let duplicate = try #require(report.duplicateRoutes.first { $0.records.first?.pattern.hasPrefix("fixture/c/twice/") == true })
        #expect(duplicate.records.map(\.pattern) == ["fixture/c/twice/:first", "fixture/c/twice/:second"])
        // The one record of its shape, which would win, loses to the route registered before.
        #expect(!report.registered.contains("fixture/routed/:name"))
        let line = try #require(report.diagnostics.first { $0.hasPrefix("duplicate route 'fixture/routed/:name'") })
        #expect(line.hasSuffix("ignored: 'fixture/routed/:other' registered earlier wins"), "\(line)")
        #expect(router.routes.contains { $0.pattern.text == "fixture/routed/:other" })
    }

    @Test("a record's options reach the registered route")
    func options() throws {
        let router = Router(discovery: .manual)
        router.registerRoutes()
        let route = try #require(router.routes.first { $0.pattern.text == "fixture/page/<int:id>" })
        #expect(route.kind == .page)
        #expect(route.options == RouteOptions(exposure: .external, openStyle: .push, groups: ["login", "vip"], summary: "A fixture page"))
    }

    @Test("a page declared by #route(_:page:) is discovered like an @Routable one")
    func routePage() async throws {
        let router = Router(discovery: .manual)
        router.registerRoutes()
        let route = try #require(router.routes.first { $0.pattern.text == "fixture/routed/:name" })
        #expect(route.kind == .page)
        #expect(route.options == RouteOptions(exposure: .internal, openStyle: .present, groups: ["vip"], summary: nil))
        let page = await router.open("app://fixture/routed/ada").page as? RoutedPage
        #expect(page?.name == "ada")
    }

    @Test("automatic discovery registers at first use, once")
    func automaticDiscovery() async {
        let router = Router(discovery: .automatic)
        #expect(await router.open("fixture/swift/echo?text=auto").actionResult as? String == "auto")
        let again = router.registerRoutes()
        // Only libraries that other tests load while this one runs may be new by now.
        #expect(again.registered.allSatisfy { $0.hasPrefix(CTools.loadedPatternPrefix) })
        #expect(again.diagnostics.allSatisfy(CTools.isAboutLoadedLibrary))
    }

    @Test("concurrent first uses all see the discovered routes")
    func concurrentFirstUse() async {
        let router = Router(discovery: .automatic)
        let opened = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<64 {
                group.addTask { await router.open("fixture/page/\(index)").page != nil }
            }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(opened == 64)
        #expect(router.routes.filter { $0.pattern.text == "fixture/page/<int:id>" }.count == 1)
    }

    @Test("manual registration registers exactly what automatic registration would")
    func manualEqualsAutomatic() {
        let automatic = Router(discovery: .automatic)
        let manual = Router(discovery: .manual)
        manual.registerRoutes()
        // Other tests load libraries while this one runs: whether their routes are seen depends
        // on when each router scans, so they are left out of the comparison (4281fac's library too).
        func summary(_ router: Router) -> [String] {
            router.routes.filter { !$0.pattern.text.hasPrefix(CTools.loadedPatternPrefix) && !$0.pattern.text.hasPrefix("old/") }
                .map { "\($0.kind) \($0.pattern.text) \($0.options.exposure) \($0.options.groups.sorted())" }
        }
        #expect(summary(manual) == summary(automatic))
        #expect(!summary(manual).isEmpty)
    }

    @Test("the executable's file holds the same records as its loaded image")
    func fileMatchesMemory() throws {
        let image = try #require(LoadedImage.all().first { $0.isMainProgram })
        let inMemory = try #require(try RouteSectionReader.read(image: image))
        let onDisk = try #require(try RouteSectionReader.read(file: image.path))
        #expect(onDisk.records.map(\.pattern) == inMemory.records.map(\.pattern))
        #expect(onDisk.records.map(\.location) == inMemory.records.map(\.location))
        #expect(onDisk.issues == inMemory.issues)
        #expect(inMemory.records.allSatisfy { $0.accessorAddress != 0 })
    }

    @Test("a Swift record of one block has the C struct's layout, of several the blocks' layout")
    func layout() {
        #expect(MemoryLayout<LinkRouter.__RouteRecord<12>>.size == MemoryLayout<linkrouter_route_record>.size)
        #expect(MemoryLayout<LinkRouter.__RouteRecord<12>>.alignment == MemoryLayout<linkrouter_route_record>.alignment)
        #expect(MemoryLayout<LinkRouter.__RouteRecord<28>>.size == MemoryLayout<linkrouter_route_record_v2>.size + MemoryLayout<linkrouter_route_record_block>.size)
        let record = withUnsafeBytes(of: fixtureActionRecord) { $0.loadUnaligned(as: linkrouter_route_record.self) }
        #expect(record.magic == LINKROUTER_RECORD_MAGIC)
        #expect(record.version == LINKROUTER_RECORD_VERSION)
        #expect(record.kind == LINKROUTER_KIND_ACTION)
        #expect(record.text_length == 18)
        #expect(record.reserved == 0)
        let text = withUnsafeBytes(of: record.text) { Array($0.prefix(Int(record.text_length))) }
        #expect(String(decoding: text, as: UTF8.self) == "fixture/swift/echo")
        let page = withUnsafeBytes(of: fixturePageRecord) { $0.loadUnaligned(as: linkrouter_route_record.self) }
        #expect(page.flags == 3)
        #expect(page.kind == LINKROUTER_KIND_PAGE)
    }
}
