import Foundation
import LinkRouter
import Synchronization
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Discovery and opens under sustained load: eight tasks open URLs, two register and unregister
/// routes, one loads plugins with `dlopen`, discovers them and closes them again, for
/// `LINKROUTER_SOAK_SECONDS` seconds (3 in the suite; `scripts/soak` runs 600). No open that should
/// succeed may fail, and over a run of a minute or more the resident memory may grow by less than
/// 1% after the warm-up (the first fifth): the peak of the last tenth against the peak of the
/// tenth after the warm-up.
struct SoakTests {
    static let seconds = ProcessInfo.processInfo.environment["LINKROUTER_SOAK_SECONDS"].flatMap(Double.init) ?? 3
    static let stableRoutes = 1_000
    static let pluginCount = 4

    /// Resident memory of this process, from /proc/self/statm.
    static func residentBytes() -> Int {
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = statm.split(separator: " ")
        return fields.count > 1 ? (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE))) : 0
    }

    /// What the tasks count and what went wrong.
    final class Tally: Sendable {
        let opens = Atomic<Int>(0)
        let registrations = Atomic<Int>(0)
        let pluginCycles = Atomic<Int>(0)
        let failures = Mutex<[String]>([])
        /// The plugins whose routes are registered: their routes must open from then on.
        let registeredPlugins = Mutex<Set<Int>>([])

        func fail(_ message: String) { failures.withLock { if $0.count < 20 { $0.append(message) } } }
    }

    @Test("eight tasks open URLs while two register and unregister routes and one loads and closes plugins; no open fails, memory stays flat")
    func soak() async throws {
        let plugins = try (0..<Self.pluginCount).map { index in
            try CTools.sharedLibrary("Soak\(index)", source: """
                #include "LinkRouterRecord.h"
                #include <stdio.h>
                #include <string.h>
                static bool answer(const char *const *names, const char *const *values, size_t count, char *result, size_t capacity) {
                    for (size_t i = 0; i < count; i++)
                        if (strcmp(names[i], "n") == 0) { snprintf(result, capacity, "soak\(index):%s", values[i]); return true; }
                    return false;
                }
                LINKROUTER_C_ACTION(soak_route, "loaded/soak/\(index)/<int:n>", answer);
                """)
        }
        defer { for plugin in plugins { try? FileManager.default.removeItem(at: plugin.deletingLastPathComponent()) } }

        let router = Router(discovery: .manual)
        for index in 0..<Self.stableRoutes {
            try router.register("soak/stable/\(index)/:p", action: { parameters in "\(index):\(parameters["p"] ?? "")" })
        }
        let tally = Tally()
        let clock = ContinuousClock()
        let end = clock.now + .seconds(Self.seconds)
        let warmUpEnd = clock.now + .seconds(Self.seconds / 5)
        let paths = plugins.map(\.path)

        let memory = await withTaskGroup(of: (warm: Int, end: Int)?.self) { group in
            for opener in 0..<8 {
                group.addTask {
                    var generator = SystemRandomNumberGenerator()
                    var round = 0
                    // At least a few rounds each, should the pool start the task late (the suite
                    // runs other tests beside this one).
                    while clock.now < end || round < 20 {
                        let index = Int.random(in: 0..<Self.stableRoutes, using: &generator)
                        let url = "app://soak/stable/\(index)/o\(opener)r\(round)"
                        let answer = await router.open(url).actionResult as? String
                        if answer != "\(index):o\(opener)r\(round)" { tally.fail("\(url) answered \(answer ?? "nothing")") }
                        if let plugin = tally.registeredPlugins.withLock({ $0.randomElement() }) {
                            let pluginURL = "app://loaded/soak/\(plugin)/\(round)"
                            let pluginAnswer = await router.open(pluginURL).actionResult as? String
                            if pluginAnswer != "soak\(plugin):\(round)" { tally.fail("\(pluginURL) answered \(pluginAnswer ?? "nothing")") }
                        }
                        tally.opens.add(1, ordering: .relaxed)
                        round += 1
                        // An open that finds its table built never suspends: let the other tasks in.
                        await Task.yield()
                    }
                    return nil
                }
            }
            for registrar in 0..<2 {
                group.addTask {
                    var round = 0
                    while clock.now < end || round < 2 {
                        round += 1
                        let patterns = (0..<50).map { "soak/churn/\(registrar)/\($0)/:x" }
                        for (index, pattern) in patterns.enumerated() {
                            do { try router.register(pattern, action: { parameters in "churn\(index):\(parameters["x"] ?? "")" }) } catch {
                                tally.fail("register \(pattern): \(error)")
                            }
                        }
                        let answer = await router.open("app://soak/churn/\(registrar)/7/y").actionResult as? String
                        if answer != "churn7:y" { tally.fail("churn route answered \(answer ?? "nothing")") }
                        for pattern in patterns where !router.unregister(pattern) { tally.fail("unregister \(pattern) failed") }
                        tally.registrations.add(patterns.count, ordering: .relaxed)
                        try? await Task.sleep(for: .milliseconds(10))
                    }
                    return nil
                }
            }
            group.addTask {
                var cycle = 0
                while clock.now < end || cycle < paths.count {
                    let index = cycle % paths.count
                    guard let handle = dlopen(paths[index], RTLD_NOW | RTLD_LOCAL) else {
                        tally.fail("dlopen \(paths[index]): \(dlerror().map { String(cString: $0) } ?? "")")
                        return nil
                    }
                    let report = router.discoverRoutes(in: handle)
                    if !report.diagnostics.isEmpty { tally.fail("discovery: \(report.diagnostics)") }
                    tally.registeredPlugins.withLock { _ = $0.insert(index) }
                    let answer = await router.open("app://loaded/soak/\(index)/\(cycle)").actionResult as? String
                    if answer != "soak\(index):\(cycle)" { tally.fail("plugin \(index) answered \(answer ?? "nothing")") }
                    dlclose(handle)
                    if cycle % 16 == 0 { router.registerRoutes() }
                    tally.pluginCycles.add(1, ordering: .relaxed)
                    cycle += 1
                    try? await Task.sleep(for: .milliseconds(5))
                }
                return nil
            }
            group.addTask {
                // Resident memory swings with the tables rebuilt after each change, so the peaks of
                // two windows are compared: the tenth after the warm-up and the last tenth.
                let window = Duration.seconds(max(Self.seconds / 10, 0.5))
                var warm = 0
                var last = 0
                try? await Task.sleep(until: warmUpEnd)
                repeat {
                    let now = clock.now
                    let resident = Self.residentBytes()
                    if now < warmUpEnd + window || warm == 0 { warm = max(warm, resident) }
                    if now >= end - window { last = max(last, resident) }
                    try? await Task.sleep(for: .milliseconds(100))
                } while clock.now < end
                return (warm, last == 0 ? Self.residentBytes() : last)
            }
            var memory: (warm: Int, end: Int)?
            for await result in group { if let result { memory = result } }
            return memory
        }

        let failures = tally.failures.withLock { $0 }
        #expect(failures.isEmpty, "\(failures)")
        let (warm, last) = try #require(memory)
        let growth = Double(last - warm) / Double(warm) * 100
        print("""
            soak: \(Self.seconds) s, \(tally.opens.load(ordering: .relaxed)) rounds of opens, \
            \(tally.registrations.load(ordering: .relaxed)) registrations, \(tally.pluginCycles.load(ordering: .relaxed)) plugin cycles; \
            peak resident memory just after the warm-up \(warm / 1024) KiB, at the end \(last / 1024) KiB (\(String(format: "%+.2f", growth))%)
            """)
        #expect(tally.opens.load(ordering: .relaxed) > 0 && tally.pluginCycles.load(ordering: .relaxed) > 0)
        if Self.seconds >= 60 { #expect(growth < 1, "resident memory grew \(growth)% after the warm-up") }
    }
}
