import LinkRouterCore
import Synchronization

extension RouteOutcome {
    /// The pattern text returned by a `makeRouter` action, or `nil` when nothing opened.
    var openedPattern: String? { actionResult as? String }
}

/// Collects values from concurrent code, for assertions.
final class Recorder<Value: Sendable>: Sendable {
    private let storage = Mutex<[Value]>([])

    func append(_ value: Value) { storage.withLock { $0.append(value) } }
    var values: [Value] { storage.withLock { $0 } }
}
