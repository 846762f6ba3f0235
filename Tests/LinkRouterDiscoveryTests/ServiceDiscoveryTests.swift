import LinkRouter
import RouteRecordReader
import ServiceFixtureInterfaces
import Testing

/// Services registered by `@RoutableService` in ServiceFixtures, a module this one never imports,
/// and by the hand-written records of PlantedServiceRecords.swift.
struct ServiceDiscoveryTests {
    let executable = LoadedImage.all().first { $0.isMainProgram }!.path

    struct FakeClock: FixtureClock {
        var time: Int { -1 }
    }

    @Test("an implementation in another module resolves through its protocol, typed")
    func acrossModules() throws {
        let router = Router(discovery: .manual)
        #expect(throws: ServiceError.notRegistered(service: "ServiceFixtureInterfaces.FixtureClock")) {
            try router.services.service((any FixtureClock).self)
        }
        let report = router.registerRoutes()
        #expect(report.registeredServices.contains("ServiceFixtureInterfaces.FixtureClock"))
        let clock: any FixtureClock = try router.services.service((any FixtureClock).self)
        #expect(clock.time == 42)
    }

    @Test("services are discovered without a router, into a registry of their own, each object once")
    func withoutRouter() throws {
        let services = ServiceRegistry()
        #expect(throws: ServiceError.notRegistered(service: "ServiceFixtureInterfaces.FixtureClock")) {
            try services.service((any FixtureClock).self)
        }
        let report = services.registerAnnotatedServices()
        #expect(report.registered.isEmpty)
        #expect(report.registeredServices.contains("ServiceFixtureInterfaces.FixtureClock"))
        #expect(try services.service((any FixtureClock).self).time == 42)
        #expect(services.registerAnnotatedServices().registeredServices.isEmpty)

        services.register((any FixtureClock).self) { FakeClock() }
        #expect(try services.service((any FixtureClock).self).time == -1)
        services.require([(any FixtureNeverImplemented).self])
        #expect(services.validate().contains(.missing(service: "ServiceFixtureInterfaces.FixtureNeverImplemented")))
    }

    @Test("automatic discovery runs at the first service request")
    func automaticDiscovery() throws {
        let router = Router(discovery: .automatic)
        #expect(try router.services.service((any FixtureClock).self).time == 42)
    }

    @Test("a per-request service is made anew for every request")
    func perRequest() throws {
        let router = Router(discovery: .automatic)
        let first = try router.services.service((any FixtureTicket).self)
        let second = try router.services.service((any FixtureTicket).self)
        #expect(first !== second)
    }

    @Test("a shared service is made once under 100 concurrent first requests, and all receive it")
    func sharedUnderConcurrentFirstUse() async {
        let router = Router(discovery: .automatic)
        let before = fixtureCounterInstances
        let gate = StartingGate(count: 100)
        let instances = await withTaskGroup(of: ObjectIdentifier?.self) { group in
            for _ in 0..<100 {
                group.addTask {
                    await gate.pass()
                    return (try? router.services.service((any FixtureCounter).self)).map(ObjectIdentifier.init)
                }
            }
            return await group.reduce(into: [ObjectIdentifier?]()) { $0.append($1) }
        }
        #expect(instances.count == 100)
        #expect(!instances.contains(nil))
        #expect(Set(instances).count == 1)
        #expect(fixtureCounterInstances - before == 1)
    }

    @Test("two implementations of one protocol, neither an override: a duplicate naming both by file and symbol, and neither is registered")
    func duplicateImplementations() throws {
        // The rule changed: the first found used to win; now neither does.
        let router = Router(discovery: .manual)
        let report = router.registerRoutes()
        let duplicates = report.serviceProblems.filter { $0.service == "ServiceFixtureInterfaces.FixtureDuplicated" }
        try #require(duplicates.count == 1, "\(report.serviceProblems)")
        guard case .conflict(_, let records, let allOverrides) = duplicates[0] else {
            Issue.record("not a conflict: \(duplicates[0])")
            return
        }
        #expect(!allOverrides)
        #expect(records.allSatisfy { $0.file == executable })
        #expect(Set(records.compactMap(\.symbol)) == [
            "accessor of ServiceFixtures.FirstDuplicate.__linkRouterService", "accessor of ServiceFixtures.SecondDuplicate.__linkRouterService",
        ])
        #expect(report.diagnostics.contains(duplicates[0].description))
        #expect(duplicates[0].description.hasPrefix(
            "duplicate service 'ServiceFixtureInterfaces.FixtureDuplicated': 2 implementations, none marked as an override: 'accessor of ServiceFixtures."
        ))
        #expect(duplicates[0].description.hasSuffix("; none is registered (mark the one that wins with 'overrides: true')"))
        #expect(!report.registeredServices.contains("ServiceFixtureInterfaces.FixtureDuplicated"))
        #expect(throws: ServiceError.self) { try router.services.service((any FixtureDuplicated).self) }
    }

    @Test("the implementation marked as an override wins over the unmarked ones before and after it, and they are listed as overridden")
    func overridingImplementation() throws {
        let router = Router(discovery: .manual)
        let report = router.registerRoutes()
        #expect(try router.services.service((any FixtureOverridden).self).name == "marked")
        #expect(!report.serviceProblems.contains { $0.service == "ServiceFixtureInterfaces.FixtureOverridden" })
        let lines = report.overridden.filter { $0.hasPrefix("service 'ServiceFixtureInterfaces.FixtureOverridden'") }
        #expect(lines.count == 2, "\(report.overridden)")
        for plain in ["PlainFixtureBefore", "PlainFixtureAfter"] {
            #expect(lines.contains { $0.contains("'accessor of ServiceFixtures.\(plain).__linkRouterService'") })
        }
        #expect(lines.allSatisfy {
            $0.contains(" is overridden by 'ServiceFixtureInterfaces.FixtureOverridden' ('accessor of ServiceFixtures.MarkedFixture.__linkRouterService') in \(executable) at offset 0x")
        })
    }

    @Test("a record whose accessor refuses, or that names another protocol, is unresolved, with file and symbol")
    func unresolvedRecords() throws {
        let router = Router(discovery: .manual)
        let report = router.registerRoutes()
        let unresolved = report.serviceProblems.compactMap { problem -> (String, ServiceOrigin, String)? in
            guard case .unresolved(let service, let record, let reason) = problem else { return nil }
            return (service, record, reason)
        }
        let refused = try #require(unresolved.first { $0.0 == "FixtureClock" })
        #expect(refused.1.file == executable)
        #expect(refused.1.symbol == "accessor of LinkRouterDiscoveryTests.refusingServiceRecord")
        #expect(refused.2.hasPrefix("its accessor refused this copy of LinkRouter (the image carries a private copy of LinkRouter: link it with the LinkRouterDynamic product"))
        let mismatched = try #require(unresolved.first { $0.0 == "NotTheClock" })
        #expect(mismatched.1.symbol == "accessor of LinkRouterDiscoveryTests.mismatchedServiceRecord")
        #expect(mismatched.2 == "the record names 'NotTheClock' but implements 'ServiceFixtureInterfaces.FixtureClock'")
        // Neither took the protocol's place.
        #expect(try router.services.service((any FixtureClock).self).time == 42)
    }

    @Test("a required protocol without an implementation is reported by the discovery pass and by validation")
    func missingRequiredService() {
        let router = Router(discovery: .manual)
        router.services.require([(any FixtureNeverImplemented).self, (any FixtureClock).self])
        let report = router.registerRoutes()
        let missing = ServiceProblem.missing(service: "ServiceFixtureInterfaces.FixtureNeverImplemented")
        #expect(report.serviceProblems.filter { if case .missing = $0 { true } else { false } } == [missing])
        #expect(report.diagnostics.contains("missing service 'ServiceFixtureInterfaces.FixtureNeverImplemented': it is required, and no implementation is registered"))
        #expect(router.services.validate().contains(missing))
    }

    @Test("validation at start-up reports what automatic discovery found, running it first")
    func validateAfterAutomaticDiscovery() {
        let router = Router(discovery: .automatic)
        let problems = router.services.validate()
        #expect(problems.contains { if case .conflict = $0 { $0.service == "ServiceFixtureInterfaces.FixtureDuplicated" } else { false } })
        #expect(problems.contains { if case .unresolved = $0 { $0.service == "NotTheClock" } else { false } })
        #expect(!problems.contains { if case .missing = $0 { true } else { false } })
    }

    @Test("a fake registered by a test replaces the discovered implementation, before or after discovery")
    func fakeSwappedIn() throws {
        // Before the first use: discovery, which runs at the first request, leaves it in place.
        let automatic = Router(discovery: .automatic)
        automatic.services.register((any FixtureClock).self) { FakeClock() }
        #expect(try automatic.services.service((any FixtureClock).self).time == -1)
        #expect(automatic.canOpen("fixture/swift/echo"))   // discovery did run

        // After discovery: the manual registration replaces the discovered one, and a re-scan keeps it.
        let manual = Router(discovery: .manual)
        manual.registerRoutes()
        #expect(try manual.services.service((any FixtureClock).self).time == 42)
        manual.services.register((any FixtureClock).self, lifetime: .shared) { FakeClock() }
        #expect(try manual.services.service((any FixtureClock).self).time == -1)
        let rescan = manual.registerRoutes()
        #expect(rescan.registeredServices.isEmpty)
        #expect(try manual.services.service((any FixtureClock).self).time == -1)
    }

    @Test("the test binary's service records read from disk name their protocols and lifetimes")
    func recordsOnDisk() throws {
        let section = try #require(try RouteSectionReader.read(file: executable))
        let services = section.records.filter { $0.kind == .service }
        let counter = try #require(services.first { $0.pattern == "ServiceFixtureInterfaces.FixtureCounter" })
        #expect(counter.serviceLifetime == .shared)
        // FixedClock's, and the planted one whose accessor refuses.
        let clocks = services.filter { $0.pattern == "FixtureClock" }
        #expect(clocks.count == 2)
        #expect(clocks.allSatisfy { $0.serviceLifetime == .perRequest })
        #expect(services.filter { $0.pattern == "FixtureDuplicated" }.count == 2)
    }
}
