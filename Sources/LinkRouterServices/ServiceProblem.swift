/// A problem with the services of a registry, found when discovery registers them or by
/// ``ServiceRegistry/validate()``.
public enum ServiceProblem: Sendable, Hashable, CustomStringConvertible {
    /// A second implementation of a protocol that already has one from discovery: `ignored` is
    /// not used, `winner` (found first) is.
    case duplicate(service: String, ignored: ServiceOrigin, winner: ServiceOrigin)
    /// A service record that cannot be used: its accessor refused this copy of LinkRouter (a
    /// module carrying its own copy of the library), or it implements another protocol than the
    /// one its text names.
    case unresolved(service: String, record: ServiceOrigin, reason: String)
    /// A protocol marked required with ``ServiceRegistry/require(_:)`` has no implementation.
    case missing(service: String)

    /// The protocol's name: in full for a duplicate or a missing service; as the record writes it
    /// for an unresolved one.
    public var service: String {
        switch self {
        case .duplicate(let service, _, _), .unresolved(let service, _, _), .missing(let service): service
        }
    }

    /// One line naming the protocol and the records involved (file, offset, accessor symbol).
    public var description: String {
        switch self {
        case .duplicate(let service, let ignored, let winner):
            "duplicate service '\(service)' at \(ignored) ignored: the implementation at \(winner) is found first and wins"
        case .unresolved(let service, let record, let reason):
            "unresolved service '\(service)' at \(record): \(reason)"
        case .missing(let service):
            "missing service '\(service)': it is required, and no implementation is registered"
        }
    }
}
