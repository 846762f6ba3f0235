import Dispatch
import Foundation
import LinkRouter
import Synchronization
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Eight tasks open URLs while other threads register and unregister routes, swap the dynamic
/// route table, add and remove interceptors, and load a plugin with `dlopen` and re-scan for it.
///
/// Every open must resolve to one of the answers a consistent router could give at some moment —
/// never a mix of two states (a redirect from one table with the groups of the other), never a
/// value of another route — and no registration may be lost. The test asserts answers only, never
/// time. `scripts/test` also runs it under ThreadSanitizer.
@Suite("Concurrency stress")
struct ConcurrencyStressTests {
    static let openerCount = 8
    static let opensPerOpener = 1_000
    static let registrarRoutes = 200

    /// The C plugin: two actions, loaded with `dlopen` while the opens run.
    static let pluginSource = """
        #include "LinkRouterRecord.h"
        #include <stdio.h>
        #include <string.h>
        static bool answer(const char *const *names, const char *const *values, size_t count, char *result, size_t capacity) {
            for (size_t i = 0; i < count; i++)
                if (strcmp(names[i], "n") == 0) { snprintf(result, capacity, "plugin:%s", values[i]); return true; }
            return false;
        }
        LINKROUTER_C_ACTION(stress_number, "loaded/stress/<int:n>", answer);
        LINKROUTER_C_ACTION(stress_fixed, "loaded/stress/fixed", answer);
        """

    /// The two dynamic tables swapped in turn: each redirects `promo/:id` and puts `target/**` in
    /// a group, and the two must never mix within one open.
    static func table(_ name: String) -> String {
        """
        {"version": 1,
         "redirects": [{"from": "promo/<int:id>", "to": "target/:id?table=\(name)"}],
         "groups": [{"pattern": "target/**", "groups": ["group\(name)"]}]}
        """
    }

    /// Leaves the openers some of the machine's cores between two rounds of a looping mutator.
    static func pause() { usleep(100) }

    /// What the mutator threads share with the test.
    final class Shared: Sendable {
        /// Set when every opener has finished; the looping mutators stop then.
        let done = AtomicFlag()
        let reports = Mutex<[DiscoveryReport]>([])
        let failures = Mutex<[String]>([])

        var fail: @Sendable (String) -> Void {
            { [self] message in failures.withLock { $0.append(message) } }
        }
    }

    final class AtomicFlag: Sendable {
        private let value = Atomic<Bool>(false)
        func set() { value.store(true, ordering: .releasing) }
        var isSet: Bool { value.load(ordering: .acquiring) }
    }

    /// What one opener saw that no consistent router could have answered.
    enum Violation: Sendable, Equatable, CustomStringConvertible {
        case wrong(url: String, answer: String)
        case disappeared(url: String)

        var description: String {
            switch self {
            case .wrong(let url, let answer): "\(url) answered \(answer)"
            case .disappeared(let url): "\(url) stopped resolving after it had resolved"
            }
        }
    }

    @Test("opens stay consistent while routes, tables, interceptors and plugins change")
    func stress() async throws {
        let plugin = try CTools.sharedLibrary("StressPlugin", source: Self.pluginSource)
        defer { try? FileManager.default.removeItem(at: plugin.deletingLastPathComponent()) }

        let router = Router(discovery: .manual)
        try router.register("stable/<int:n>", action: { parameters in "stable:\(try parameters.int("n"))" })
        try router.register("target/<int:id>", action: { parameters in
            "\(parameters["table"] ?? "-")\(parameters["marker"] ?? "-")"
        })
        try router.register("toggle/:x", action: { parameters in parameters["toggled"] ?? "off" })
        for name in ["A", "B"] {
            try router.addInterceptor("group\(name)", scope: .group("group\(name)")) { _ in .rewrite(["marker": name]) }
        }
        router.routeTable = try DynamicRouteTable(json: Array(Self.table("A").utf8))

        let shared = Shared()
        let done = shared.done
        let fail = shared.fail

        // The mutators run on their own threads, truly in parallel with the opens.
        let mutators: [@Sendable () -> Void] = [
            { // Registers routes one by one; none may be lost.
                for index in 0..<Self.registrarRoutes {
                    do { try router.register("dyn\(index)/:x", action: { parameters in "dyn\(index):\(parameters["x"] ?? "")" }) } catch {
                        fail("register dyn\(index): \(error)")
                    }
                }
            },
            { // Registers and unregisters one route over and over.
                var rounds = 0
                while !done.isSet || rounds < 10 {
                    do { try router.register("flap/:x", action: { parameters in "flap:\(parameters["x"] ?? "")" }) } catch {
                        fail("register flap: \(error)")
                    }
                    if !router.unregister("flap/:x") { fail("unregister flap failed") }
                    Self.pause()
                    rounds += 1
                }
            },
            { // Swaps the dynamic table; a document with an error in the middle never takes effect.
                var rounds = 0
                while !done.isSet || rounds < 10 {
                    do { router.routeTable = try DynamicRouteTable(json: Array(Self.table(rounds % 2 == 0 ? "B" : "A").utf8)) } catch {
                        fail("table: \(error)")
                    }
                    if let bad = try? DynamicRouteTable(json: Array(#"{"version": 1, "redirects": [{"from": "promo/<int:id>", "to": "x/:nope"}]}"#.utf8)) {
                        router.routeTable = bad
                        fail("a bad table was accepted")
                    }
                    Self.pause()
                    rounds += 1
                }
            },
            { // Adds and removes an interceptor.
                var rounds = 0
                while !done.isSet || rounds < 10 {
                    do {
                        try router.addInterceptor("toggle", scope: .pattern("toggle/**"), priority: rounds % 3) { _ in .rewrite(["toggled": "on"]) }
                    } catch {
                        fail("add interceptor: \(error)")
                    }
                    if router.removeInterceptors(named: "toggle") != 1 { fail("remove interceptor did not remove exactly one") }
                    Self.pause()
                    rounds += 1
                }
            },
            { // Loads the plugin, then re-scans for it, by handle and by a full scan, over and over.
                guard let handle = dlopen(plugin.path, RTLD_NOW | RTLD_LOCAL) else {
                    return fail("dlopen: \(String(cString: dlerror()))")
                }
                var rounds = 0
                while !done.isSet || rounds < 4 {
                    let report = rounds % 2 == 0 ? router.discoverRoutes(in: handle) : router.registerRoutes()
                    shared.reports.withLock { $0.append(report) }
                    Self.pause()
                    rounds += 1
                }
            },
        ]
        // Threads of their own, not the global dispatch queue: on Linux Swift's tasks run on that
        // queue's threads, which busy mutators would take from the openers.
        let threads = DispatchGroup()
        for mutator in mutators {
            threads.enter()
            Thread {
                mutator()
                threads.leave()
            }.start()
        }

        let violations = await withTaskGroup(of: [Violation].self, returning: [Violation].self) { group in
            for opener in 0..<Self.openerCount {
                group.addTask { await Self.open(router, opener: opener) }
            }
            var all: [Violation] = []
            for await violations in group { all += violations }
            return all
        }
        done.set()
        await withCheckedContinuation { continuation in threads.notify(queue: .global()) { continuation.resume() } }

        #expect(violations == [])
        #expect(shared.failures.withLock { $0 } == [])

        // No registration lost: every route the registrar added resolves to its own action.
        let lost = (0..<Self.registrarRoutes).filter { index in
            (try? router.resolve("app://dyn\(index)/v"))?.pattern.text != "dyn\(index)/:x"
        }
        #expect(lost == [])
        for index in [0, Self.registrarRoutes - 1] {
            #expect(await router.open("app://dyn\(index)/v").actionResult as? String == "dyn\(index):v")
        }
        // The plugin's routes: registered exactly once however many scans raced, and they run.
        let registered = shared.reports.withLock { $0.flatMap(\.registered) }
        #expect(registered.filter { $0 == "loaded/stress/<int:n>" }.count == 1)
        #expect(registered.filter { $0 == "loaded/stress/fixed" }.count == 1)
        #expect(shared.reports.withLock { $0.flatMap(\.diagnostics) }.filter { $0.contains("loaded/stress") } == [])
        #expect(router.routes.filter { $0.pattern.text.hasPrefix("loaded/stress/") }.count == 2)
        #expect(await router.open("app://loaded/stress/7").actionResult as? String == "plugin:7")
        #expect(!router.canOpen("app://flap/v"))
        #expect(await router.open("app://toggle/v").actionResult as? String == "off")
    }

    /// One opener: opens URLs of every kind in turn and checks each answer against the answers
    /// a consistent router can give.
    static func open(_ router: Router, opener: Int) async -> [Violation] {
        var violations: [Violation] = []
        var resolvedOnce = Set<String>()   // registrations are never undone: once seen, always seen
        func answer(_ outcome: RouteOutcome) -> String {
            if let value = outcome.actionResult { return "\(value)" }
            if case .noRoute = outcome.failure { return "no route" }
            return "failure: \(outcome.failure.map { "\($0)" } ?? "none")"
        }
        for step in 0..<opensPerOpener {
            let n = opener * opensPerOpener + step
            let url: String
            let allowed: Set<String>
            var permanentOnceSeen = false
            switch step % 6 {
            case 0:
                url = "app://stable/\(n)"
                allowed = ["stable:\(n)"]
            case 1:
                let index = (n * 7) % registrarRoutes
                url = "app://dyn\(index)/v\(n)"
                allowed = ["dyn\(index):v\(n)", "no route"]
                permanentOnceSeen = true
            case 2:
                url = "app://flap/v\(n)"
                allowed = ["flap:v\(n)", "no route"]
            case 3:
                url = "app://promo/\(n)"
                allowed = ["AA", "BB"]
            case 4:
                url = "app://toggle/v\(n)"
                allowed = ["on", "off"]
            default:
                url = n % 2 == 0 ? "app://loaded/stress/\(n)" : "app://loaded/stress/fixed?n=\(n)"
                allowed = ["plugin:\(n)", "no route"]
                permanentOnceSeen = true
            }
            let seen = answer(await router.open(url))
            if !allowed.contains(seen) {
                violations.append(.wrong(url: url, answer: seen))
            } else if permanentOnceSeen {
                let family = String(url.split(separator: "/").dropLast().joined(separator: "/"))
                if seen != "no route" {
                    resolvedOnce.insert(family)
                } else if resolvedOnce.contains(family) {
                    violations.append(.disappeared(url: url))
                }
            }
        }
        return violations
    }
}
