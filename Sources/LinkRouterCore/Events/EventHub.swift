import Synchronization

/// The router's events: fans each out to the delegate and to every event stream.
final class EventHub: Sendable {
    /// Events a slow stream consumer has not read yet, beyond which the oldest are dropped.
    static let bufferLimit = 1024

    private struct WeakDelegate {
        weak var value: (any RouterDelegate)?
    }

    private struct Subscribers {
        var next = 0
        var streams: [Int: AsyncStream<RouterEvent>.Continuation] = [:]
    }

    private let delegateBox = Mutex(WeakDelegate())
    private let subscribers = Mutex(Subscribers())
    /// Read without a lock on every open, so that a router with no delegate and no stream pays
    /// two atomic loads for its events, not two locks.
    private let hasDelegate = Atomic<Bool>(false)
    private let subscriberCount = Atomic<Int>(0)

    var delegate: (any RouterDelegate)? {
        get {
            guard hasDelegate.load(ordering: .acquiring) else { return nil }
            return delegateBox.withLock { $0.value }
        }
        set {
            delegateBox.withLock { box in
                box.value = newValue
                hasDelegate.store(newValue != nil, ordering: .releasing)
            }
        }
    }

    /// Whether a delegate or a stream may be listening; when not, an open skips building its events.
    var hasListeners: Bool {
        hasDelegate.load(ordering: .acquiring) || subscriberCount.load(ordering: .acquiring) > 0
    }

    func stream() -> AsyncStream<RouterEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: RouterEvent.self, bufferingPolicy: .bufferingNewest(Self.bufferLimit))
        let id = subscribers.withLock { subscribers in
            defer { subscribers.next += 1 }
            subscribers.streams[subscribers.next] = continuation
            subscriberCount.store(subscribers.streams.count, ordering: .releasing)
            return subscribers.next
        }
        continuation.onTermination = { [weak self] _ in
            guard let self else { return }
            subscribers.withLock { subscribers in
                subscribers.streams.removeValue(forKey: id)
                subscriberCount.store(subscribers.streams.count, ordering: .releasing)
            }
        }
        return stream
    }

    /// Sends an event to every stream; with none, the event is not even made.
    func emit(_ event: @autoclosure () -> RouterEvent) {
        guard subscriberCount.load(ordering: .acquiring) > 0 else { return }
        let streams = subscribers.withLock { Array($0.streams.values) }
        let event = event()
        for stream in streams { stream.yield(event) }
    }
}
