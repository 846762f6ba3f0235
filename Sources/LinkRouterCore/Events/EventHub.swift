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

    /// The delegate, held weakly.
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

    // What happened, told to the delegate and to every stream: each open reports each of its
    // events once, here.

    // Each checks in line, in its caller, whether anyone listens: an open that nobody hears
    // pays two atomic loads per event, not a call.

    /// An open starts: the streams are told, and the delegate decides whether it goes on.
    @inline(__always)
    func willOpen(_ url: String, source: OpenSource, router: Router) -> WillOpenDecision {
        hasListeners ? announceWillOpen(url, source: source, router: router) : .proceed
    }

    private func announceWillOpen(_ url: String, source: OpenSource, router: Router) -> WillOpenDecision {
        emit(.willOpen(url: url, source: source))
        return delegate?.router(router, willOpen: url, source: source) ?? .proceed
    }

    /// An unknown or disabled route fell back to another URL.
    func fellBack(from url: String, to fallback: String, router: Router) {
        guard hasListeners else { return }
        emit(.fellBack(from: url, to: fallback))
        delegate?.router(router, didFallBackFrom: url, to: fallback)
    }

    /// An open ended, opened or failed.
    @inline(__always)
    func finished(_ outcome: RouteOutcome, router: Router) {
        if hasListeners { announce(outcome, router: router) }
    }

    private func announce(_ outcome: RouteOutcome, router: Router) {
        let delegate = delegate
        if outcome.succeeded {
            emit(.didOpen(outcome))
            delegate?.router(router, didOpen: outcome)
        } else {
            emit(.failed(outcome))
            delegate?.router(router, didFailToOpen: outcome)
        }
    }

    /// Something worth knowing that did not change an outcome; streams only.
    func diagnostic(_ message: @autoclosure () -> String) {
        emit(.diagnostic(message()))
    }

    /// Sends an event to every stream; with none, the event is not even made.
    private func emit(_ event: @autoclosure () -> RouterEvent) {
        guard subscriberCount.load(ordering: .acquiring) > 0 else { return }
        let streams = subscribers.withLock { Array($0.streams.values) }
        let event = event()
        for stream in streams { stream.yield(event) }
    }
}
