import Synchronization

/// Registrations deferred until a router's first use (automatic discovery), run once.
///
/// The first use runs them on its own thread. Other first uses wait until they have finished:
/// an `async` one (every `open`) by suspending, so that a crowd of first opens does not take the
/// cooperative pool's threads away while discovery runs; a synchronous one (`resolve`, `canOpen`,
/// `routes`) by blocking, which it cannot avoid. A use from inside the registrations (one that
/// lists the routes registered so far) does not wait for itself.
final class FirstUseRegistrations: Sendable {
    private typealias Registration = @Sendable (Router) -> Void

    private enum Phase {
        case pending([Registration])
        /// Registrations added meanwhile are queued, and run at the next use.
        case running(waiters: [CheckedContinuation<Void, Never>], queued: [Registration])
        case done
    }

    private let phase = Mutex(Phase.done)
    /// Read without the lock on every use: `true` until the registrations have run.
    private let isPending = Atomic<Bool>(false)
    /// Held while the registrations run, so that synchronous first uses wait on it.
    private let runLock = Mutex(())
    /// The router whose deferred registrations the current task is running.
    @TaskLocal private static var running: ObjectIdentifier?

    /// Adds a registration to run at first use.
    func append(_ body: @escaping @Sendable (Router) -> Void) {
        phase.withLock { phase in
            switch phase {
            case .pending(let bodies): phase = .pending(bodies + [body])
            case .done: phase = .pending([body])
            case .running(let waiters, let queued): phase = .running(waiters: waiters, queued: queued + [body])
            }
        }
        isPending.store(true, ordering: .releasing)
    }

    /// Runs the pending registrations for `router`, or waits, blocking, until they have run.
    func runOrBlock(for router: Router) {
        guard isPending.load(ordering: .acquiring), Self.running != ObjectIdentifier(router) else { return }
        runLock.withLock { _ in
            if let bodies = claim() { runClaimed(bodies, for: router) }
        }
    }

    /// Whether registrations may be pending: one atomic load, so that a use that finds none pays
    /// for no call (an `async` one costs a frame and an executor check).
    var mayBePending: Bool { isPending.load(ordering: .acquiring) }

    /// Runs the pending registrations for `router`, or waits, suspended, until they have run.
    ///
    /// Never blocks on the run lock: two first opens that both found the registrations pending
    /// would otherwise each take a thread of the cooperative pool, one running them and one
    /// blocked behind it, and on a two-core machine leave no thread for the other opens a
    /// registration may be waiting for.
    func runOrSuspend(for router: Router) async {
        guard isPending.load(ordering: .acquiring), Self.running != ObjectIdentifier(router) else { return }
        while true {
            let phaseNow: PhaseKind = phase.withLock { phase in
                switch phase {
                case .pending: .pending
                case .running: .running
                case .done: .done
                }
            }
            switch phaseNow {
            case .done:
                return
            case .running:
                await waitForRunning()
                return
            case .pending:
                // Claimed under the run lock, as a synchronous use does, so that whoever holds the
                // lock has run the registrations or is running them.
                let ran: Bool? = runLock.withLockIfAvailable { _ in
                    if let bodies = claim() { runClaimed(bodies, for: router) }
                    return true
                }
                if ran != nil { return }
                // Another use holds the lock: it claims the registrations next, or has just run
                // them. Look again once it has had the chance.
                await Task.yield()
            }
        }
    }

    /// What ``phase`` is, without its payload.
    private enum PhaseKind { case pending, running, done }

    /// Suspends until the registrations running now have run.
    private func waitForRunning() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let finished: Bool = phase.withLock { phase in
                guard case .running(let waiters, let queued) = phase else { return true }
                phase = .running(waiters: waiters + [continuation], queued: queued)
                return false
            }
            if finished { continuation.resume() }
        }
    }

    /// Takes the pending registrations to run them, or `nil` when there are none.
    private func claim() -> [Registration]? {
        phase.withLock { phase in
            guard case .pending(let bodies) = phase else { return nil }
            phase = .running(waiters: [], queued: [])
            return bodies
        }
    }

    /// Runs claimed registrations, then wakes the uses that waited for them.
    private func runClaimed(_ bodies: [Registration], for router: Router) {
        Self.$running.withValue(ObjectIdentifier(router)) {
            for body in bodies { body(router) }
        }
        let waiters: [CheckedContinuation<Void, Never>] = phase.withLock { phase in
            guard case .running(let waiters, let queued) = phase else { return [] }
            phase = queued.isEmpty ? .done : .pending(queued)
            if queued.isEmpty { isPending.store(false, ordering: .releasing) }
            return waiters
        }
        for waiter in waiters { waiter.resume() }
    }
}
