import CDiscoveryFixtures
import CRouteRecord
import LinkRouter
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

    @Test("a record that loses to a route registered by hand names no record as the winner, not even a later one with the winner's text")
    func duplicateOfManualRoute() throws {
        let router = Router(discovery: .manual)
        try router.register("fixture/c/twice/:second", action: { _ in nil })
        let report = router.registerRoutes()
        #expect(!report.registered.contains("fixture/c/twice/:first"))
        #expect(!report.registered.contains("fixture/c/twice/:second"))
        for loser in ["fixture/c/twice/:first", "fixture/c/twice/:second"] {
            let line = try #require(report.diagnostics.first { $0.hasPrefix("duplicate route '\(loser)'") })
            #expect(line.hasSuffix("ignored: 'fixture/c/twice/:second' registered earlier wins"), "\(line)")
        }
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
        // on when each router scans, so they are left out of the comparison.
        func summary(_ router: Router) -> [String] {
            router.routes.filter { !$0.pattern.text.hasPrefix(CTools.loadedPatternPrefix) }
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

    @Test("a Swift record has the C struct's layout")
    func layout() {
        #expect(MemoryLayout<LinkRouter.__RouteRecord>.size == MemoryLayout<linkrouter_route_record>.size)
        #expect(MemoryLayout<LinkRouter.__RouteRecord>.alignment == MemoryLayout<linkrouter_route_record>.alignment)
        let record = withUnsafeBytes(of: fixtureActionRecord) { $0.loadUnaligned(as: linkrouter_route_record.self) }
        #expect(record.magic == LINKROUTER_RECORD_MAGIC)
        #expect(record.version == LINKROUTER_RECORD_VERSION)
        #expect(record.kind == LINKROUTER_KIND_ACTION)
        #expect(record.text_length == 18)
        let text = withUnsafeBytes(of: record.text) { Array($0.prefix(Int(record.text_length))) }
        #expect(String(decoding: text, as: UTF8.self) == "fixture/swift/echo")
    }

    @Test("a static member's record, header packed in two words, has the same layout")
    func memberLayout() {
        #expect(MemoryLayout<LinkRouter.__RouteMemberRecord>.size == MemoryLayout<linkrouter_route_record>.size)
        #expect(MemoryLayout<LinkRouter.__RouteMemberRecord>.alignment == MemoryLayout<linkrouter_route_record>.alignment)
        let member: LinkRouter.__RouteMemberRecord = (
            [0x0003_0001_526B6E4C, 0x00000008_70616765],
            { _, _, _ in false },
            0,
            [0x73676E6974746573, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
        )
        let record = withUnsafeBytes(of: member) { $0.loadUnaligned(as: linkrouter_route_record.self) }
        #expect(record.magic == LINKROUTER_RECORD_MAGIC)
        #expect(record.version == LINKROUTER_RECORD_VERSION)
        #expect(record.flags == 3)
        #expect(record.kind == LINKROUTER_KIND_PAGE)
        #expect(record.text_length == 8)
        #expect(record.reserved == 0)
        let text = withUnsafeBytes(of: record.text) { Array($0.prefix(Int(record.text_length))) }
        #expect(String(decoding: text, as: UTF8.self) == "settings")
    }
}
