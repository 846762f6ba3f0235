import Foundation
import LinkRouterCore
import Synchronization
import Testing

/// A counter shared by tasks.
private final class Counter: Sendable {
    let value = Atomic<Int>(0)
}

/// A count that threads raise and a thread blocks on until it reaches a value: the wait ends
/// when the last one arrives, not after a number of polls.
private final class ArrivalCount: @unchecked Sendable {
    private let condition = NSCondition()
    private var count = 0

    /// Counts one arrival and wakes the waiter.
    func arrive() {
        condition.withLock {
            count += 1
            condition.broadcast()
        }
    }

    /// Blocks until `target` arrived, or `timeout` passed (a bound for a broken router, not a
    /// wait); returns how many arrived.
    func wait(for target: Int, timeout: Duration) -> Int {
        let deadline = Date().addingTimeInterval(Double(timeout.components.seconds))
        return condition.withLock {
            while count < target, condition.wait(until: deadline) {}
            return count
        }
    }
}

struct FirstUseTests {
    @Test("64 concurrent first opens wait for the first use's registrations by suspending: every one starts meanwhile, and all succeed")
    func concurrentFirstOpens() async throws {
        let router = Router()
        let started = ArrivalCount()
        let startedDuringRegistration = Counter()
        router.registerOnFirstUse { router in
            // Holds its thread as discovery does, until every open has started. Opens that waited
            // by blocking would hold the pool's other threads, and the others could never start.
            startedDuringRegistration.value.store(started.wait(for: 64, timeout: .seconds(300)), ordering: .releasing)
            try? router.register("item/<int:id>", action: { parameters in try parameters.int("id") })
        }
        let results = await withTaskGroup(of: Int?.self, returning: [Int].self) { group in
            for index in 0..<64 {
                group.addTask {
                    started.arrive()
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
        let entered = ArrivalCount()
        /// The resolving thread's id once it is about to resolve; -1 once it has resolved.
        let resolver = Counter()
        router.registerOnFirstUse { router in
            entered.arrive()
            // Registers only once the resolving thread sleeps in the kernel, blocked on the lock
            // the registrations hold: then resolve has been seen to wait, however slow the machine.
            // A resolve that did not wait returns (and fails the test) first.
            while case let id = resolver.value.load(ordering: .acquiring), id != -1, !ThreadState.isBlocked(id) {
                usleep(1_000)
            }
            try? router.register("late", action: { _ in "late" })
        }
        // Resolved on a thread of its own, started before the open runs the registrations and
        // resolving once they do: blocked, it holds none of the pool's threads, which the suites
        // running meanwhile need (one may hold a thread while it waits for others to start).
        let (results, result) = AsyncStream.makeStream(of: Result<ResolvedRoute, RouteFailure>.self)
        Thread {
            _ = entered.wait(for: 1, timeout: .seconds(300))
            resolver.value.store(ThreadState.currentID, ordering: .releasing)
            let resolved = Result { () throws(RouteFailure) in try router.resolve("app://late") }
            resolver.value.store(-1, ordering: .releasing)
            result.yield(resolved)
            result.finish()
        }.start()
        #expect(await router.open("app://late").actionResult as? String == "late")
        var resolved = results.makeAsyncIterator()
        #expect(try await resolved.next()?.get().pattern.text == "late")
    }
}

/// What the kernel says a thread of this process is doing.
private enum ThreadState {
    /// The calling thread's id (`/proc/thread-self` links to `PID/task/TID`).
    static var currentID: Int {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self")).flatMap { Int($0.split(separator: "/").last ?? "") } ?? 0
    }

    /// Whether thread `id` sleeps in the kernel (state `S`, from `/proc/self/task/ID/stat`).
    static func isBlocked(_ id: Int) -> Bool {
        guard id > 0, let stat = try? String(contentsOfFile: "/proc/self/task/\(id)/stat", encoding: .utf8),
              let end = stat.lastIndex(of: ")") else { return false }
        // After "pid (name) ": the state letter.
        return stat[stat.index(end, offsetBy: 2)...].first == "S"
    }
}
