import LinkRouterCore

/// What a service record's accessor yields: the protocol an implementation is registered for, and
/// a way to register it that keeps the protocol's static type.
///
/// Each copy of LinkRouter has its own `DiscoveredService` type, so an accessor compiled against
/// another copy refuses to yield one (see `__storeService`).
struct DiscoveredService: Sendable {
    /// The protocol's full name (`ShopInterfaces.SessionService`).
    let name: String
    private let registerOn: @Sendable (ServiceRegistry, ServiceLifetime, ServiceOrigin) -> DiscoveredServiceOutcome

    init<Service: Sendable>(_ service: Service.Type, make: @escaping @Sendable () -> Service) {
        name = String(reflecting: service)
        registerOn = { registry, lifetime, origin in
            registry.registerDiscovered(service, lifetime: lifetime, origin: origin, make: make)
        }
    }

    /// Whether a record's text names this protocol: its full name, or the end of it after a `.`
    /// (`SessionService` and `ShopInterfaces.SessionService` both name `ShopInterfaces.SessionService`).
    func isNamed(_ written: String) -> Bool {
        name == written || name.hasSuffix("." + written)
    }

    /// Registers the implementation in a registry.
    func register(in registry: ServiceRegistry, lifetime: ServiceLifetime, origin: ServiceOrigin) -> DiscoveredServiceOutcome {
        registerOn(registry, lifetime, origin)
    }
}
