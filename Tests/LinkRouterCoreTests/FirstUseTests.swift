import Foundation
import LinkRouterCore
import Synchronization
import Testing

/// A counter shared by tasks.
private final class Counter: Sendable {
    let value = Atomic<Int>(0)
}

struct FirstUseTests {
    @Test("64 concurrent first opens wait for the first use's registrations by suspending: every one starts meanwhile, and all succeed")
    func concurrentFirstOpens() async throws {
        let router = Router()
        let started = Counter()
        let startedDuringRegistration = Counter()
        router.registerOnFirstUse { router in
            // Holds its thread as discovery does, until every open has started. Opens that waited
            // by blocking would hold the pool's other threads, and the others could never start.
            let deadline = ContinuousClock.now + .seconds(30)
            while started.value.load(ordering: .acquiring) < 64, ContinuousClock.now < deadline {
                Thread.sleep(forTimeInterval: 0.001)
            }
            startedDuringRegistration.value.store(started.value.load(ordering: .acquiring), ordering: .releasing)
            try? router.register("item/<int:id>", action: { parameters in try parameters.int("id") })
        }
        let results = await withTaskGroup(of: Int?.self, returning: [Int].self) { group in
            for index in 0..<64 {
                group.addTask {
                    started.value.add(1, ordering: .acquiringAndReleasing)
                    return await router.open("app://item/\(index)").actionResult as? Int
                }
            }
            return await group.reduce(into: []) { if let value = $1 { $0.append(value) } }
        }
        #expect(startedDuringRegistration.value.load(ordering: .acquiring) == 64)
        #expect(results.sorted() == Array(0..<64))
    }

    @Test("a synchronous first use (resolve) waits for registrations an open is running")
    func synchronousUseWaits() async throws {
        let router = Router()
        let entered = Counter()
        router.registerOnFirstUse { router in
            entered.value.store(1, ordering: .releasing)
            Thread.sleep(forTimeInterval: 0.2)
            try? router.register("late", action: { _ in "late" })
        }
        async let opened = router.open("app://late")
        while entered.value.load(ordering: .acquiring) == 0 { await Task.yield() }
        let resolved = try router.resolve("app://late")
        #expect(resolved.pattern.text == "late")
        #expect(await opened.actionResult as? String == "late")
    }
}
