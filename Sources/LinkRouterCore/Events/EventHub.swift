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

    var delegate: (any RouterDelegate)? {
        get { delegateBox.withLock { $0.value } }
        set { delegateBox.withLock { $0.value = newValue } }
    }

    func stream() -> AsyncStream<RouterEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: RouterEvent.self, bufferingPolicy: .bufferingNewest(Self.bufferLimit))
        let id = subscribers.withLock { subscribers in
            defer { subscribers.next += 1 }
            subscribers.streams[subscribers.next] = continuation
            return subscribers.next
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.subscribers.withLock { $0.streams.removeValue(forKey: id) }
        }
        return stream
    }

    func emit(_ event: RouterEvent) {
        let streams = subscribers.withLock { Array($0.streams.values) }
        for stream in streams { stream.yield(event) }
    }
}
