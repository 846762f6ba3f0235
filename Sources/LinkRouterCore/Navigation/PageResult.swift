import Synchronization

/// What a page opened for a result delivered when it closed.
///
/// Closed for good: no case is added before a major version, so a `switch` over it needs no
/// `default` (README, "Versioning").
public enum PageResult<Value: Sendable>: Sendable {
    /// The value the page set before it left the stack.
    case value(Value)
    /// The page left the stack without setting a value.
    case cancelled
}

extension PageResult: Equatable where Value: Equatable {}

/// Why a page result could not be delivered.
///
/// May gain cases in a minor version (`@nonexhaustive`): a `switch` over it outside LinkRouter's
/// package ends with `@unknown default` (README, "Versioning").
@nonexhaustive
public enum PageResultError: Error, Sendable, CustomStringConvertible {
    /// The open failed, so there is no page to wait for.
    case openFailed(RouteFailure)
    /// The URL opened an action or a dispatcher, not a page.
    case notAPage(url: String)
    /// The router has no navigator, so the page is never shown and never closes.
    case noNavigator
    /// The page set a value of another type than the one expected.
    case typeMismatch(expected: String, actual: String)

    /// One line saying why no page result was delivered.
    public var description: String {
        switch self {
        case .openFailed(let failure): "no page result: \(failure)"
        case .notAPage(let url): "no page result: '\(url)' did not open a page"
        case .noNavigator: "no page result: the router has no navigator to show the page"
        case .typeMismatch(let expected, let actual): "the page's result is a \(actual), not a \(expected)"
        }
    }
}

/// Where a page puts its result. The result is delivered exactly once, when the page leaves the
/// navigation stack (popped, dismissed, taken off by going back, or replaced): the last value set
/// by then, or ``PageResult/cancelled`` when none was. Values set after that are ignored.
///
/// A page finds its slot in its parameters:
///
/// ```swift
/// struct AddressPicker: Routable {
///     let result: PageResultSlot
///     init?(parameters: RouteParameters) throws { result = parameters.resultSlot }
///     func pick(_ address: Address) { result.set(address) }   // then the page closes
/// }
/// ```
public final class PageResultSlot: Sendable {
    private struct State {
        var value: (any Sendable)?
        var delivered: (any Sendable)??
        var receivers: [@Sendable ((any Sendable)?) -> Void] = []
    }

    private let state = Mutex(State())

    /// Creates an empty slot; the router makes one for each page it opens for a result.
    package init() {}

    /// Sets the page's result, replacing any earlier value; ignored once the page has left the stack.
    public func set(_ value: any Sendable) {
        state.withLock { state in
            if state.delivered == nil { state.value = value }
        }
    }

    /// Whether the result has been delivered.
    public var isDelivered: Bool {
        state.withLock { $0.delivered != nil }
    }

    /// Delivers the result, once: called by navigators when the page leaves the stack.
    public func close() {
        let (value, receivers): ((any Sendable)?, [@Sendable ((any Sendable)?) -> Void]) = state.withLock { state in
            guard state.delivered == nil else { return (nil, []) }
            state.delivered = .some(state.value)
            defer { state.receivers = [] }
            return (state.value, state.receivers)
        }
        for receiver in receivers { receiver(value) }
    }

    /// Calls `receiver` with the result when it is delivered, or now if it was.
    func onClose(_ receiver: @escaping @Sendable ((any Sendable)?) -> Void) {
        let delivered: (any Sendable)?? = state.withLock { state in
            if state.delivered == nil { state.receivers.append(receiver) }
            return state.delivered
        }
        if let delivered { receiver(delivered) }
    }

    /// Delivers this slot's result to `other` too, when it is delivered: a later opener of a page
    /// updated in place waits for the same result as the first.
    func forward(to other: PageResultSlot) {
        guard other !== self else { return }
        onClose { value in
            if let value { other.set(value) }
            other.close()
        }
    }

    /// Waits for the result.
    func result() async -> (any Sendable)? {
        await withCheckedContinuation { continuation in
            onClose { continuation.resume(returning: $0) }
        }
    }

    /// The delivered value as the expected type.
    static func typed<Value: Sendable>(_ raw: (any Sendable)?, as type: Value.Type) -> Result<PageResult<Value>, PageResultError> {
        guard let raw else { return .success(.cancelled) }
        guard let value = raw as? Value else {
            return .failure(.typeMismatch(expected: "\(Value.self)", actual: "\(Swift.type(of: raw))"))
        }
        return .success(.value(value))
    }
}
