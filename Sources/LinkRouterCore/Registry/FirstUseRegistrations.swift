import Synchronization

/// Registrations deferred until a router's first use (automatic discovery), run once.
///
/// Concurrent first uses wait until they have finished; a use from inside them (a registration
/// that lists the routes so far) does not wait for itself.
final class FirstUseRegistrations: Sendable {
    private let pending = Mutex<[@Sendable (Router) -> Void]>([])
    private let hasPending = Atomic<Bool>(false)
    /// The router whose deferred registrations the current task is running.
    @TaskLocal private static var running: ObjectIdentifier?

    /// Adds a registration to run at first use.
    func append(_ body: @escaping @Sendable (Router) -> Void) {
        pending.withLock { $0.append(body) }
        hasPending.store(true, ordering: .releasing)
    }

    /// Runs the pending registrations for `router`, once; returns at once when none are pending.
    func run(for router: Router) {
        guard hasPending.load(ordering: .acquiring), Self.running != ObjectIdentifier(router) else { return }
        pending.withLock { pending in
            let bodies = pending
            pending.removeAll()
            Self.$running.withValue(ObjectIdentifier(router)) {
                for body in bodies { body(router) }
            }
            hasPending.store(false, ordering: .releasing)
        }
    }
}
