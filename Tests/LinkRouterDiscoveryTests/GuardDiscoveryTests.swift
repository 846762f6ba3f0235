import Foundation
import LinkRouter
import LinkRouterTesting
import Logging
import RouteInspection
import RouteRecordReader
import Synchronization
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Guards that fail closed (issue 46): the mistakes GuardFixtures.swift and the library below
/// make, and what discovery, the router, `AppRoutes.validate()` and `routes check` do with each.
@Suite(.serialized)
struct GuardDiscoveryTests {
    let executable = LoadedImage.all().first { $0.isMainProgram }!.path

    /// A dependency of the app, built and loaded once: a `LoginInterceptor` of its own for its own
    /// route, and an audit of the app's audit's name marked `overrides: true`, naming nothing.
    static let dependencySource = """
        import LinkRouter

        enum GuardDependencyRoutes {
            #route("loaded/guards/dependency/page") { parameters in parameters.string("dependencyLogin", default: "-") }
            #route("loaded/guards/dependency/audited") { parameters in parameters.string("audit", default: "unaudited") }
        }

        @RouteInterceptor(scope: .pattern("loaded/guards/dependency/page"))
        struct LoginInterceptor: RouteInterceptor {
            func intercept(_ request: InterceptionRequest, decision: InterceptorDecision) {
                decision.proceed(rewriting: ["dependencyLogin": "ran"])
            }
        }

        @RouteInterceptor(name: "guardFixtureAudit", scope: .pattern("loaded/guards/dependency/audited"), overrides: true)
        struct DependencyAudit: RouteInterceptor {
            func intercept(_ request: InterceptionRequest, decision: InterceptorDecision) {
                decision.proceed(rewriting: ["audit": "dependency"])
            }
        }
        """

    /// The dependency's library, loaded for the rest of the process (``CTools/loadedLibraryMarker``).
    static let dependency: Result<String, any Error> = Result {
        let library = try SwiftTools.sharedLibrary("GuardDependency", source: dependencySource)
        guard dlopen(library.path, RTLD_NOW | RTLD_GLOBAL) != nil else {
            throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: dlerror().map { String(cString: $0) } ?? "dlopen failed"])
        }
        return library.path
    }

    /// The guard and the reason of an open refused for a guard not in place; `nil` for another outcome.
    static func refusal(_ outcome: RouteOutcome) -> (guard: String, reason: String)? {
        guard case .failure(.guardUnavailable(let name, let reason)) = outcome.result else { return nil }
        return (name, reason)
    }

    @Test("two modules' LoginInterceptors and AppModules are four hooks of module-qualified names, and all run")
    func twoHooksOfOneTypeName() async throws {
        let router = Router(discovery: .manual)
        let report = router.registerRoutes()
        #expect(report.registeredInterceptors.contains("LinkRouterDiscoveryTests.LoginInterceptor"))
        #expect(report.registeredInterceptors.contains("ServiceFixtures.LoginInterceptor"))
        #expect(report.configuredModules.contains("LinkRouterDiscoveryTests.AppModule"))
        #expect(report.configuredModules.contains("ServiceFixtures.AppModule"))
        #expect(!report.diagnostics.contains { $0.contains("LoginInterceptor'") || $0.contains("AppModule'") }, "\(report.diagnostics)")
        // Both interceptors let the open through, each leaving its mark; both modules' redirects are in.
        #expect(await router.open("app://fixture/guards/orders").actionResult as? String == "ran ran")
        #expect(await router.open("app://fixture/guards/module/tests").actionResult as? String == "ran ran")
        #expect(await router.open("app://fixture/guards/module/fixtures").actionResult as? String == "ran ran")
    }

    @Test("a contested interceptor is not added, and the routes in its scope refuse to open and to be called, naming the contest; it is logged as an error")
    func contestedInterceptor() async throws {
        let log = CapturedLog()
        let router = Router(discovery: .manual)
        let report = router.registerRoutes(logger: log.logger)
        #expect(!report.registeredInterceptors.contains("guardFixtureContested"))
        let line = try #require(report.diagnostics.first { $0.hasPrefix("duplicate interceptor 'guardFixtureContested': 2 records of one name") })
        #expect(line.contains("('accessor of LinkRouterDiscoveryTests.GuardFixtureContestedFirst.__linkRouterInterceptor') in \(executable)"))
        #expect(line.contains("('accessor of LinkRouterDiscoveryTests.GuardFixtureContestedSecond.__linkRouterInterceptor') in \(executable)"))
        #expect(line.hasSuffix("none is added, and the routes in their scopes refuse to open (give them different names, or make one replace the other: overrides: \"Module.Name\")"))
        #expect(log.messages(at: .error).contains(line))

        let outcome = await router.open("app://fixture/guards/contested/page")
        let refusal = try #require(Self.refusal(outcome))
        #expect(refusal.guard == "guardFixtureContested")
        #expect(refusal.reason == line)
        #expect(outcome.failure.map { "\($0)" }?.hasPrefix("the route's guard 'guardFixtureContested' is not in place, so it refuses to open: duplicate interceptor") == true)
        // `call` refuses it too; removing interceptors by the name does not lift the refusal.
        #expect(throws: (any Error).self) { try router.call("app://fixture/guards/contested/page") }
        #expect(router.removeInterceptors(named: "guardFixtureContested") == 0)
        #expect(await router.open("app://fixture/guards/contested/page").failure != nil)
        // Outside the scope, nothing changes.
        #expect(await router.open("app://fixture/guards/settings/profile").actionResult as? String == "profile")
    }

    @Test("a scope with a typo ('setting/**' for 'settings/**'): a validating discovery logs it, AppRoutes.validate() fails naming it, routes check fails")
    func scopeTypo() async throws {
        let log = CapturedLog()
        let report = Router(discovery: .manual).registerRoutes(validating: true, logger: log.logger)
        let line = try #require(report.diagnostics.first { $0.contains("interceptor 'LinkRouterDiscoveryTests.GuardFixtureSignIn'") })
        #expect(line.hasPrefix("\(executable) at 0x"))
        #expect(line.hasSuffix(": interceptor 'LinkRouterDiscoveryTests.GuardFixtureSignIn': its scope, pattern 'fixture/guards/setting/**', matches no route"))
        #expect(log.messages(at: .warning).contains(line))

        let routes = AppRoutes()
        #expect(routes.problems.contains(line))
        do {
            try routes.validate()
            Issue.record("validate() passed")
        } catch {
            #expect(error.problems.contains(line))
        }
        let check = try RouteCheck(binaries: [executable])
        #expect(check.problems.contains { $0.kind == .unmatchedScope && $0.subject == "LinkRouterDiscoveryTests.GuardFixtureSignIn" })
        #expect(check.hasProblems)
    }

    @Test("an interceptor's overrides: true in the executable is taken, logged as a warning, listed, and fails validate() and routes check until expected")
    func overrideFromTheExecutable() throws {
        let log = CapturedLog()
        let report = Router(discovery: .manual).registerRoutes(logger: log.logger)
        let line = try #require(report.overridden.first { $0.hasPrefix("interceptor 'hookFixtureContest'") })
        #expect(line.contains("is overridden by 'hookFixtureContest' ('accessor of LinkRouterDiscoveryTests.HookFixtureAppInterceptor"))
        #expect(log.messages(at: .warning).contains(line))
        #expect(report.registeredInterceptors.contains("hookFixtureContest"))

        let routes = AppRoutes()
        #expect(routes.overrides.contains { $0.replaced == "hookFixtureContest" && $0.line == line })
        #expect(!routes.problems.contains(line))
        #expect(throws: RouteTestFailure.self) { try routes.validate(expectingOverrides: ["hookFixtureContest"]) }
        do {
            try routes.validate()
        } catch {
            #expect(error.problems.contains("unexpected override: " + line))
        }
        do {
            try routes.validate(expectingOverrides: ["hookFixtureContest"])
        } catch {
            #expect(!error.problems.contains { $0.contains("hookFixtureContest") })
        }
        let check = try RouteCheck(binaries: [executable])
        #expect(check.problems.contains { $0.kind == .hookOverridden && $0.subject == "hookFixtureContest" })
        let expected = try RouteCheck(binaries: [executable], expectedOverrides: ["hookFixtureContest"])
        #expect(!expected.problems.contains { $0.kind == .hookOverridden })
        #expect(expected.overrides.contains { $0.kind == .hookOverridden && $0.subject == "hookFixtureContest" })
    }

    @Test("a dependency's overrides: true naming nothing is refused and reported; the app's hook of its name still runs, the dependency's routes it guarded refuse to open, its own LoginInterceptor runs")
    func dependencyOverrideRefused() async throws {
        let library = try Self.dependency.get()
        let log = CapturedLog()
        let router = Router(discovery: .manual)
        let report = router.registerRoutes(logger: log.logger)
        let line = try #require(report.diagnostics.first { $0.hasPrefix("override refused: interceptor 'guardFixtureAudit'") })
        #expect(line.contains("('accessor of GuardDependency.DependencyAudit.__linkRouterInterceptor') in \(library)"))
        #expect(line.contains("is marked 'overrides: true' but names no interceptor it replaces and is not in the program's executable"))
        #expect(log.messages(at: .error).contains(line))
        #expect(!report.overridden.contains { $0.contains("guardFixtureAudit") })
        // The app's audit runs; the dependency's route its audit guarded refuses, naming why.
        #expect(await router.open("app://fixture/guards/audited").actionResult as? String == "app")
        let refusal = try #require(Self.refusal(await router.open("app://loaded/guards/dependency/audited")))
        #expect(refusal.guard == "guardFixtureAudit")
        #expect(refusal.reason == line)
        // Three LoginInterceptors, one per module: the dependency's runs on its route.
        #expect(report.registeredInterceptors.contains("GuardDependency.LoginInterceptor"))
        #expect(await router.open("app://loaded/guards/dependency/page").actionResult as? String == "ran")

        #expect(AppRoutes().problems.contains(line))
        let check = try RouteCheck(binaries: [executable, library])
        #expect(check.problems.contains { $0.kind == .refusedOverride && $0.location?.file == library })
    }
}

extension GuardDiscoveryTests {
    /// A library whose module set-up is contested: two set-ups name the one they replace, so none
    /// of the three runs, and the routes of the module refuse to open.
    static let contestedModuleSource = """
        import LinkRouter

        enum GuardModulesRoutes {
            #route("loaded/guards/modules/page") { _ in "modules page" }
        }

        @RouterModule
        enum Base {
            static func configure(_ router: Router) throws { try router.addRedirect(from: "loaded/guards/modules/base", to: "loaded/guards/modules/page") }
        }

        @RouterModule(overrides: "GuardModules.Base")
        enum FirstReplacement {
            static func configure(_ router: Router) throws { try router.addRedirect(from: "loaded/guards/modules/first", to: "loaded/guards/modules/page") }
        }

        @RouterModule(overrides: "GuardModules.Base")
        enum SecondReplacement {
            static func configure(_ router: Router) throws { try router.addRedirect(from: "loaded/guards/modules/second", to: "loaded/guards/modules/page") }
        }
        """

    @Test("no set-up of a contested module runs, and the routes its Swift module declares refuse to open, naming the contest")
    func contestedModule() async throws {
        let library = try SwiftTools.sharedLibrary("GuardModules", source: Self.contestedModuleSource)
        let handle = try #require(dlopen(library.path, RTLD_NOW | RTLD_GLOBAL))
        let router = Router(discovery: .manual)
        let report = router.discoverRoutes(in: handle)
        #expect(report.registered == ["loaded/guards/modules/page"])
        #expect(report.configuredModules.isEmpty)
        let line = try #require(report.diagnostics.first { $0.hasPrefix("duplicate module 'GuardModules.Base': 2 records of one name, all marked as overrides") }, "\(report.diagnostics)")
        #expect(line.contains("('accessor of GuardModules.FirstReplacement.__linkRouterModule') in \(library.path)"))
        // The set-up they replace is not in place either, and said so.
        #expect(report.diagnostics.count == 2, "\(report.diagnostics)")
        #expect(report.diagnostics.last?.hasPrefix("module 'GuardModules.Base' ('accessor of GuardModules.Base.__linkRouterModule')") == true)
        #expect(report.diagnostics.last?.hasSuffix("is overridden by the duplicate overrides of its name") == true)
        // The replaced set-up loses to the overrides that leave none to win: none of the three ran.
        for redirect in ["base", "first", "second"] {
            #expect(!router.removeRedirect(from: "loaded/guards/modules/\(redirect)"), "\(redirect)")
        }
        let refusal = try #require(Self.refusal(await router.open("app://loaded/guards/modules/page")))
        #expect(refusal.guard == "GuardModules.Base")
        #expect(refusal.reason == line)
    }
}

extension GuardDiscoveryTests {
    /// A library whose interceptor and module records cannot be used (their accessors refuse, as
    /// a private copy of LinkRouter's would), with C routes in what they guard.
    static let refusingSource = """
        #include "LinkRouterRecord.h"
        #include <string.h>
        static bool answer(const char *const *names, const char *const *values, size_t count, char *result, size_t capacity) {
            strncpy(result, "opened", capacity - 1);
            return true;
        }
        static bool refuse(void *out_value, const void *expected_type, const void *reserved) { return false; }
        LINKROUTER_C_ACTION(in_scope, "loaded/guards/refused/page", answer);
        LINKROUTER_C_ACTION(in_file, "loaded/guards/refusedmodule/page", answer);
        #define GUARD_TEXT "loadedRefusedGuard\\0pattern:loaded/guards/refused/**\\0" "0"
        __attribute__((used, retain, section(LINKROUTER_SECTION_NAME), aligned(8)))
        static const linkrouter_route_record guard_record = {
            .magic = LINKROUTER_RECORD_MAGIC, .version = LINKROUTER_RECORD_VERSION, .kind = LINKROUTER_KIND_INTERCEPTOR,
            .text_length = sizeof(GUARD_TEXT) - 1, .accessor = refuse, .text = GUARD_TEXT };
        __attribute__((used, retain, section(LINKROUTER_SECTION_NAME), aligned(8)))
        static const linkrouter_route_record module_record = {
            .magic = LINKROUTER_RECORD_MAGIC, .version = LINKROUTER_RECORD_VERSION, .kind = LINKROUTER_KIND_MODULE,
            .text_length = sizeof("LoadedRefusedModule") - 1, .accessor = refuse, .text = "LoadedRefusedModule" };
        """

    @Test("an interceptor or module whose record cannot be used is skipped, and what it guards refuses to open: the interceptor's scope, the module's file when its module cannot be told")
    func unusableGuard() async throws {
        let library = try CTools.sharedLibrary("RefusingGuards", source: Self.refusingSource)
        let handle = try #require(dlopen(library.path, RTLD_NOW | RTLD_LOCAL))
        let router = Router(discovery: .manual)
        let report = router.discoverRoutes(in: handle)
        #expect(Set(report.registered) == ["loaded/guards/refused/page", "loaded/guards/refusedmodule/page"])
        #expect(report.registeredInterceptors.isEmpty && report.configuredModules.isEmpty)
        let skipped = report.diagnostics.filter { $0.hasPrefix("skipped record: \(library.path)") && $0.contains("its accessor refused this copy of LinkRouter") }
        #expect(skipped.count == 2, "\(report.diagnostics)")
        let inScope = try #require(Self.refusal(await router.open("app://loaded/guards/refused/page")))
        #expect(inScope.guard == "loadedRefusedGuard")
        #expect(inScope.reason == skipped.first)
        let inFile = try #require(Self.refusal(await router.open("app://loaded/guards/refusedmodule/page")))
        #expect(inFile.guard == "LoadedRefusedModule")
        #expect(inFile.reason == skipped.last)
    }
}

/// The messages a logger was given, by level.
final class CapturedLog: Sendable {
    private let entries = Mutex<[(level: Logger.Level, message: String)]>([])

    /// A logger that writes here.
    var logger: Logger {
        Logger(label: "captured") { _ in Handler(log: self) }
    }

    /// The messages logged at `level`.
    func messages(at level: Logger.Level) -> [String] {
        entries.withLock { $0.filter { $0.level == level }.map(\.message) }
    }

    private struct Handler: LogHandler {
        let log: CapturedLog
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            log.entries.withLock { $0.append((event.level, "\(event.message)")) }
        }
    }
}
