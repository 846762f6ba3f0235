import Synchronization

/// A protocol (or any type) that services are registered for.
struct ServiceKey: Sendable, Hashable {
    let type: any Sendable.Type

    init(_ type: any Sendable.Type) { self.type = type }

    var id: ObjectIdentifier { ObjectIdentifier(type) }
    /// The full name, for messages: made only when needed, since it costs a demangling.
    var name: String { String(reflecting: type) }

    static func == (lhs: ServiceKey, rhs: ServiceKey) -> Bool { lhs.id == rhs.id }
    func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

/// What discovery's registration of one service record did.
package enum DiscoveredServiceOutcome: Sendable, Hashable {
    /// The implementation is now the protocol's.
    case registered
    /// A manual registration holds the protocol; it stays in place.
    case overriddenByManualRegistration
    /// An earlier record already implements the protocol; this one is ignored.
    case duplicate(winner: ServiceOrigin)
}

/// The services of one router: a provider per protocol, the protocols the app requires, and the
/// problems discovery reported.
///
/// Rules: a manual registration replaces whatever the protocol had, and discovery never replaces
/// a manual registration; among discovered records, the first one found for a protocol wins.
final class ServiceRegistry: Sendable {
    private struct Slot {
        /// A `ServiceProvider<Service>` for the slot's protocol.
        var provider: (any AnyObject & Sendable)?
        var isManual = false
        /// The first record discovery found for the protocol.
        var discovered: ServiceOrigin?
    }

    private struct State {
        var slots: [ObjectIdentifier: Slot] = [:]
        var required: [ServiceKey] = []
        var problems: [ServiceProblem] = []
    }

    private let state = Mutex(State())

    /// The services being made by the current task, outermost first, to catch a service that
    /// asks for itself while it is made.
    @TaskLocal private static var beingMade: [ServiceKey] = []

    /// Registers a service by hand, replacing any registration of the protocol.
    func register<Service: Sendable>(_ type: Service.Type, lifetime: ServiceLifetime, make: @escaping @Sendable () -> Service) {
        let provider = ServiceProvider(lifetime: lifetime, make: make)
        state.withLock { state in
            var slot = state.slots[ObjectIdentifier(type)] ?? Slot()
            slot.provider = provider
            slot.isManual = true
            state.slots[ObjectIdentifier(type)] = slot
        }
    }

    /// Registers a service found by discovery, unless a manual registration or an earlier record
    /// holds the protocol.
    func registerDiscovered<Service: Sendable>(
        _ type: Service.Type, lifetime: ServiceLifetime, origin: ServiceOrigin, make: @escaping @Sendable () -> Service
    ) -> DiscoveredServiceOutcome {
        state.withLock { state in
            var slot = state.slots[ObjectIdentifier(type)] ?? Slot()
            defer { state.slots[ObjectIdentifier(type)] = slot }
            if let winner = slot.discovered { return .duplicate(winner: winner) }
            slot.discovered = origin
            if slot.isManual { return .overriddenByManualRegistration }
            slot.provider = ServiceProvider(lifetime: lifetime, make: make)
            return .registered
        }
    }

    /// An instance of the service registered for `type`.
    func instance<Service: Sendable>(of type: Service.Type) throws(ServiceError) -> Service {
        let key = ServiceKey(type)
        let provider = state.withLock { $0.slots[key.id]?.provider } as? ServiceProvider<Service>
        guard let provider else { throw .notRegistered(service: key.name) }
        let chain = Self.beingMade
        if let start = chain.firstIndex(of: key) { throw .cycle((chain[start...] + [key]).map(\.name)) }
        return Self.$beingMade.withValue(chain + [key]) { provider.instance() }
    }

    /// Marks protocols as required, for ``missing()``.
    func require(_ keys: [ServiceKey]) {
        state.withLock { state in
            for key in keys where !state.required.contains(key) { state.required.append(key) }
        }
    }

    /// The required protocols without a registration, in the order they were required.
    func missing() -> [ServiceProblem] {
        state.withLock { state in
            state.required.filter { state.slots[$0.id]?.provider == nil }.map { .missing(service: $0.name) }
        }
    }

    /// Keeps problems that discovery found, for ``problems``.
    func record(_ problems: [ServiceProblem]) {
        state.withLock { $0.problems += problems }
    }

    /// The problems discovery found so far.
    var problems: [ServiceProblem] { state.withLock { $0.problems } }
}
