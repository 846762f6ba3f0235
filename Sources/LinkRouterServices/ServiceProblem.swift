/// A problem with the services of a registry, found when discovery registers them or by
/// ``ServiceRegistry/validate()``.
///
/// May gain cases in a minor version (`@nonexhaustive`): a `switch` over it outside LinkRouter's
/// package ends with `@unknown default` (README, "Versioning").
@nonexhaustive
public enum ServiceProblem: Sendable, Hashable, CustomStringConvertible {
    /// A second implementation of a protocol that an earlier discovery pass registered one for:
    /// `ignored` is not used, `winner` (registered earlier) is.
    case duplicate(service: String, ignored: ServiceOrigin, winner: ServiceOrigin)
    /// Several implementations of a protocol in one discovery pass of which none wins: none is
    /// marked as an override (`allOverrides` is `false`), or several are (`true`). None of them
    /// is registered.
    case conflict(service: String, records: [ServiceOrigin], allOverrides: Bool)
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
        case .duplicate(let service, _, _), .conflict(let service, _, _), .unresolved(let service, _, _), .missing(let service): service
        }
    }

    /// One line naming the protocol and the records involved (file, offset, accessor symbol).
    public var description: String {
        switch self {
        case .duplicate(let service, let ignored, let winner):
            "duplicate service '\(service)' at \(ignored) ignored: the implementation at \(winner) registered earlier wins"
        case .conflict(let service, let records, let allOverrides):
            "duplicate service '\(service)': \(records.count) implementations, "
                + (allOverrides ? "all marked as overrides: " : "none marked as an override: ")
                + records.map(\.description).joined(separator: "; ")
                + "; none is registered ("
                + (allOverrides ? "keep 'overrides: true' on one of them)" : "mark the one that wins with 'overrides: true')")
        case .unresolved(let service, let record, let reason):
            "unresolved service '\(service)' at \(record): \(reason)"
        case .missing(let service):
            "missing service '\(service)': it is required, and no implementation is registered"
        }
    }
}
