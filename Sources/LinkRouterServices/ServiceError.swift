/// Why ``ServiceRegistry/service(_:)`` returned no instance.
///
/// May gain cases in a minor version (`@nonexhaustive`): a `switch` over it outside LinkRouter's
/// package ends with `@unknown default` (README, "Versioning").
@nonexhaustive
public enum ServiceError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No implementation of the protocol is registered: none was annotated with `@RoutableService`
    /// in a loaded module, or registered by hand.
    case notRegistered(service: String)
    /// Making the service asked for the service itself, directly or through other services: the
    /// chain of requests, the repeated service first and last.
    ///
    /// A cycle is caught on the thread (or task) that closes it. Two threads that enter a cycle of
    /// shared services from both ends at once can still block each other, each holding the
    /// instance the other waits for: such a cycle is a bug to fix, which a single thread reports.
    case cycle([String])

    /// One line naming the protocol, and what to do.
    public var description: String {
        switch self {
        case .notRegistered(let service):
            "no implementation of the service '\(service)' is registered "
                + "(annotate one with @RoutableService, or register one with services.register(_:lifetime:make:))"
        case .cycle(let chain):
            "the service '\(chain.first ?? "")' was requested while being made: \(chain.joined(separator: " → "))"
        }
    }
}
