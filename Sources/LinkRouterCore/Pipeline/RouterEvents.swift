import Synchronization

/// Something that happened while the router opened a URL.
public enum RouterEvent: Sendable {
    /// An open started.
    case willOpen(url: String, source: OpenSource)
    /// An open reached a page, an action or a dispatcher.
    case didOpen(RouteOutcome)
    /// An open failed; the outcome says why.
    case failed(RouteOutcome)
    /// An unknown or disabled route fell back to another URL.
    case fellBack(from: String, to: String)
    /// Something worth knowing that did not change the outcome, e.g. an interceptor that answered twice.
    case diagnostic(String)
}

/// What the delegate decides about an open that is about to start.
public enum WillOpenDecision: Sendable {
    /// Open the URL as given.
    case proceed
    /// Open this URL instead.
    case rewrite(String)
    /// Do not open anything; the open fails with ``RouteFailure/cancelled(reason:)``.
    case cancel(reason: String)
}

/// Observes and steers the router's opens. Every method has a default that does nothing.
///
/// The router holds its delegate weakly. The methods are called on the task running the open.
public protocol RouterDelegate: AnyObject, Sendable {
    /// An open is about to start; the delegate may rewrite the URL or cancel.
    func router(_ router: Router, willOpen url: String, source: OpenSource) -> WillOpenDecision
    /// An open reached a page, an action or a dispatcher.
    func router(_ router: Router, didOpen outcome: RouteOutcome)
    /// An open failed.
    func router(_ router: Router, didFailToOpen outcome: RouteOutcome)
    /// An unknown or disabled route fell back to `fallback`.
    func router(_ router: Router, didFallBackFrom url: String, to fallback: String)
}

extension RouterDelegate {
    /// Proceeds.
    public func router(_ router: Router, willOpen url: String, source: OpenSource) -> WillOpenDecision { .proceed }
    /// Does nothing.
    public func router(_ router: Router, didOpen outcome: RouteOutcome) {}
    /// Does nothing.
    public func router(_ router: Router, didFailToOpen outcome: RouteOutcome) {}
    /// Does nothing.
    public func router(_ router: Router, didFallBackFrom url: String, to fallback: String) {}
}

/// Fans events out to the delegate and to every event stream.
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
