// A helper of the service concurrency tests (core and discovery).
import Synchronization

/// Holds concurrent tasks until all have arrived, so that they go on together.
public final class StartingGate: Sendable {
    private let arrived = Atomic(0)
    private let count: Int

    /// A gate that opens when `count` tasks have arrived.
    public init(count: Int) { self.count = count }

    /// Arrives, and waits until the gate opens.
    public func pass() async {
        arrived.add(1, ordering: .relaxed)
        while arrived.load(ordering: .relaxed) < count { await Task.yield() }
    }
}
