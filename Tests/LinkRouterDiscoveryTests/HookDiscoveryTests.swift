import LinkRouter
import RouteInspection
import RouteRecordReader
import Testing

/// The interceptors and modules that HookFixtures.swift declares by annotation, registered by
/// discovery: no test names them to the router.
struct HookDiscoveryTests {
    let executable = LoadedImage.all().first { $0.isMainProgram }!.path

    @Test("a declared interceptor runs on an open of a route in its scope, and only there")
    func interceptorInScope() async throws {
        let router = Router(discovery: .automatic)
        let stopped = await router.open("app://fixture/hooks/guarded")
        guard case .failure(.interceptorStopped(let interceptor, let reason)) = stopped.result else {
            Issue.record("expected the interceptor to stop the open: \(stopped.result)")
            return
        }
        #expect(interceptor == "hookFixtureGuard")
        #expect(reason == "no pass")
        #expect(await router.open("app://fixture/hooks/guarded?pass=1").actionResult as? String == "guarded")
        #expect(await router.open("app://fixture/hooks/target").actionResult as? String == "target")
    }

    @Test("a module's configure runs once per router, after the routes are registered and before the first open")
    func moduleOnceBeforeFirstOpen() async throws {
        let router = Router(discovery: .automatic)
        #expect(HookFixtureLog.entry(for: router).configured == 0)
        // The first open already goes through the redirect the module added.
        #expect(await router.open("app://fixture/hooks/moved/3").actionResult as? String == "target")
        #expect(await router.open("app://fixture/hooks/moved/4").actionResult as? String == "target")
        router.registerRoutes()
        let entry = HookFixtureLog.entry(for: router)
        #expect(entry.configured == 1)
        #expect(entry.secondConfigured == 1)
        #expect(entry.sawGuardedRoute)
    }

    @Test("the report lists the interceptors added and the modules configured")
    func report() throws {
        let router = Router(discovery: .manual)
        let report = router.registerRoutes()
        #expect(report.registeredInterceptors.contains("hookFixtureGuard"))
        #expect(report.registeredInterceptors.filter { $0 == "hookFixtureContest" }.count == 1)
        #expect(report.configuredModules.contains { $0.hasSuffix(".HookFixtureModule") })
        #expect(report.configuredModules.contains { $0.hasSuffix(".HookFixtureSecondModule") })
        #expect(report.moduleFailures.isEmpty)
        // A second pass finds nothing new: each module ran once.
        let again = router.registerRoutes()
        #expect(again.configuredModules.isEmpty)
        #expect(HookFixtureLog.entry(for: router).configured == 1)
    }

    @Test("a module that throws is reported; the other records of the pass still register, the next module still runs")
    func throwingModule() throws {
        let router = Router(configuration: RouterConfiguration(host: "throwing.hooks.test"), discovery: .manual)
        let report = router.registerRoutes()
        let failure = try #require(report.moduleFailures.first)
        #expect(report.moduleFailures.count == 1)
        #expect(failure.module.hasSuffix(".HookFixtureModule"))
        #expect("\(failure.error)" == "the fixture module refuses this router")
        #expect(failure.location.hasPrefix(executable))
        #expect(report.diagnostics.contains(failure.description))
        #expect(report.configuredModules.contains { $0.hasSuffix(".HookFixtureSecondModule") })
        #expect(report.registeredInterceptors.contains("hookFixtureGuard"))
        #expect(report.registered.contains("fixture/hooks/guarded"))
        #expect(HookFixtureLog.entry(for: router).secondConfigured == 1)
        // What the module did before it threw stays.
        #expect(router.removeRedirect(from: "fixture/hooks/moved/:id"))
    }

    @Test("an interceptor added before discovery keeps its place: the declared one of its name is reported, not added")
    func earlierInterceptorKeepsItsPlace() async throws {
        let router = Router(discovery: .manual)
        try router.addInterceptor("hookFixtureGuard", scope: .group("hookFixtureGroup")) { _ in .proceed }
        let report = router.registerRoutes()
        #expect(!report.registeredInterceptors.contains("hookFixtureGuard"))
        #expect(report.diagnostics.contains {
            $0.hasPrefix("skipped record: \(executable)") && $0.hasSuffix("interceptor 'hookFixtureGuard': an interceptor named 'hookFixtureGuard' was added earlier and keeps its place")
        }, "\(report.diagnostics)")
        #expect(await router.open("app://fixture/hooks/guarded").actionResult as? String == "guarded")
        #expect(router.removeInterceptors(named: "hookFixtureGuard") == 1)
    }

    @Test("of two interceptors of one name, the override wins and the other is reported as overridden, not added")
    func overrideRule() async throws {
        let router = Router(discovery: .manual)
        let report = router.registerRoutes()
        let line = try #require(report.overridden.first { $0.hasPrefix("interceptor 'hookFixtureContest'") })
        #expect(line.contains("HookFixtureLibraryInterceptor"))
        #expect(line.contains("is overridden by 'hookFixtureContest'"))
        #expect(line.contains("HookFixtureAppInterceptor"))
        #expect(!report.diagnostics.contains { $0.contains("hookFixtureContest") })
        let outcome = await router.open("app://fixture/hooks/contest")
        #expect(outcome.actionResult as? String == "contest")
        #expect(router.removeInterceptors(named: "hookFixtureContest") == 1)
    }

    @Test("routes dump lists the test binary's interceptors and modules; routes check finds no problem with their scopes and names")
    func tools() throws {
        let dump = try RouteDump(binaries: [executable])
        let guardRow = try #require(dump.interceptorRows.first { $0.pattern == "hookFixtureGuard" })
        #expect(guardRow.scope == "group:hookFixtureGroup")
        #expect(guardRow.priority == 7)
        #expect(guardRow.symbol?.contains("HookFixtureGuard") == true)
        #expect(dump.interceptorRows.filter { $0.pattern == "hookFixtureContest" }.map(\.overrides).sorted { !$0 && $1 } == [false, true])
        #expect(Set(dump.moduleRows.map(\.pattern)).isSuperset(of: ["LinkRouterDiscoveryTests.HookFixtureModule", "LinkRouterDiscoveryTests.HookFixtureSecondModule"]))
        let table = try dump.text(.table)
        #expect(table.contains("INTERCEPTOR"))
        #expect(table.contains("MODULE"))
        // These fixtures are sound; GuardFixtures.swift's are not, on purpose (GuardDiscoveryTests).
        let check = try RouteCheck(binaries: [executable])
        let hookProblems = check.problems.filter { [.duplicateHook, .unmatchedScope, .refusedOverride, .unknownOverrideTarget].contains($0.kind) }
        #expect(hookProblems.map(\.subject) == ["guardFixtureContested", "LinkRouterDiscoveryTests.GuardFixtureSignIn"], "\(hookProblems)")
    }
}
