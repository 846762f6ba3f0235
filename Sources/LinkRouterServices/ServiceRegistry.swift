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

/// Services: an implementation per protocol, so that modules reach each other's code through
/// protocols declared in a shared interface module, without importing each other.
///
/// ```swift
/// let services = ServiceRegistry()
/// services.register((any SessionService).self, lifetime: .shared) { AppSession() }
/// let session = try services.service((any SessionService).self)
/// ```
///
/// A router has one (`Router.services`, which runs the router's discovery first), and an app
/// that uses services without routes makes its own; `registerAnnotatedServices()` (in
/// `LinkRouter`) registers the `@RoutableService` implementations of every loaded module.
///
/// Rules: a manual registration replaces whatever the protocol had, and discovery never replaces
/// a manual registration; among the records of one discovery pass, the one marked as an override
/// wins, and when none is (or several are) none is registered; a record of a later pass never
/// replaces one registered by an earlier pass.
public final class ServiceRegistry: Sendable {
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
        /// The sources (loaded objects) whose records were registered, so each is read once.
        var sources: Set<String> = []
    }

    private let state = Mutex(State())

    /// The services being made by the current task, outermost first, to catch a service that
    /// asks for itself while it is made.
    @TaskLocal private static var beingMade: [ServiceKey] = []

    /// Creates an empty registry.
    public init() {}

    /// Registers an implementation of a service protocol by hand.
    ///
    /// ```swift
    /// services.register((any SessionService).self, lifetime: .shared) { FakeSession(user: "ada") }
    /// ```
    ///
    /// A manual registration replaces any earlier registration of the protocol, manual or
    /// discovered, and discovery never replaces it: a test swaps in a fake this way, before or
    /// after the first request.
    ///
    /// - Parameters:
    ///   - type: The protocol, as `(any SessionService).self`.
    ///   - lifetime: A new instance per request, or one shared instance made at the first request.
    ///   - make: Makes an instance; called on the thread that requests the service. The registry
    ///     keeps it, so a factory that asks for other services should capture their owner weakly.
    public func register<Service: Sendable>(
        _ type: Service.Type, lifetime: ServiceLifetime = .perRequest, make: @escaping @Sendable () -> Service
    ) {
        let provider = ServiceProvider(lifetime: lifetime, make: make)
        state.withLock { state in
            var slot = state.slots[ObjectIdentifier(type)] ?? Slot()
            slot.provider = provider
            slot.isManual = true
            state.slots[ObjectIdentifier(type)] = slot
        }
    }

    /// Registers a service found by discovery (the winner of its pass), unless a manual
    /// registration or a record of an earlier pass holds the protocol.
    package func registerDiscovered<Service: Sendable>(
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

    /// The implementation registered for a service protocol, typed.
    ///
    /// ```swift
    /// let session = try services.service((any SessionService).self)   // any SessionService
    /// ```
    ///
    /// Without the `ExistentialAny` feature the protocol may be written `SessionService.self`.
    ///
    /// - Parameter type: The protocol, as `(any SessionService).self`.
    /// - Returns: A new instance, or the shared one, as the registration's ``ServiceLifetime`` says.
    /// - Throws: ``ServiceError/notRegistered(service:)`` naming the protocol when nothing implements it;
    ///   ``ServiceError/cycle(_:)`` when making the service asks for the service itself.
    public func service<Service: Sendable>(_ type: Service.Type) throws(ServiceError) -> Service {
        let key = ServiceKey(type)
        let provider = state.withLock { $0.slots[key.id]?.provider } as? ServiceProvider<Service>
        guard let provider else { throw .notRegistered(service: key.name) }
        let chain = Self.beingMade
        if let start = chain.firstIndex(of: key) { throw .cycle((chain[start...] + [key]).map(\.name)) }
        return Self.$beingMade.withValue(chain + [key]) { provider.instance() }
    }

    /// Marks service protocols the app cannot run without: each discovery pass, and
    /// ``validate()``, report those that have no implementation.
    ///
    /// ```swift
    /// services.require([(any SessionService).self, (any AnalyticsService).self])
    /// ```
    public func require(_ services: [any Sendable.Type]) {
        state.withLock { state in
            for key in services.map(ServiceKey.init) where !state.required.contains(key) { state.required.append(key) }
        }
    }

    /// Checks the services: the problems discovery found (two implementations of one protocol,
    /// records that cannot be resolved), and the required protocols that have no implementation.
    ///
    /// - Returns: The problems; empty when every service is sound.
    public func validate() -> [ServiceProblem] {
        problems + missing()
    }

    /// The required protocols without a registration, in the order they were required.
    package func missing() -> [ServiceProblem] {
        state.withLock { state in
            state.required.filter { state.slots[$0.id]?.provider == nil }.map { .missing(service: $0.name) }
        }
    }

    /// Keeps problems that discovery found, for ``validate()``.
    package func record(_ problems: [ServiceProblem]) {
        state.withLock { $0.problems += problems }
    }

    /// The problems discovery found so far.
    var problems: [ServiceProblem] { state.withLock { $0.problems } }

    /// Claims a named source of service records, such as one loaded object file.
    /// - Returns: `true` the first time a name is claimed on this registry, `false` after.
    package func claimSource(_ name: String) -> Bool {
        state.withLock { $0.sources.insert(name).inserted }
    }
}
