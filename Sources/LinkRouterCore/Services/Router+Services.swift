/// Services: modules reach each other's implementations through protocols declared in a shared
/// interface module, without importing each other.
extension Router {
    /// The implementation registered for a service protocol, typed.
    ///
    /// ```swift
    /// let session = try router.service((any SessionService).self)   // any SessionService
    /// if session.currentUser == nil { ... }
    /// ```
    ///
    /// Implementations come from `@RoutableService` annotations, registered by route discovery
    /// (a router with automatic discovery runs it first), and from
    /// ``registerService(_:lifetime:make:)``. Without the `ExistentialAny` feature the protocol may
    /// be written `SessionService.self`.
    ///
    /// - Parameter service: The protocol, as `(any SessionService).self`.
    /// - Returns: A new instance, or the shared one, as the registration's ``ServiceLifetime`` says.
    /// - Throws: ``ServiceError/notRegistered(service:)`` naming the protocol when nothing implements it;
    ///   ``ServiceError/cycle(_:)`` when making the service asks for the service itself.
    public func service<Service: Sendable>(_ service: Service.Type) throws(ServiceError) -> Service {
        prepareForFirstUse()
        return try serviceRegistry.instance(of: service)
    }

    /// Registers an implementation of a service protocol by hand.
    ///
    /// ```swift
    /// router.registerService((any SessionService).self, lifetime: .shared) { FakeSession(user: "ada") }
    /// ```
    ///
    /// A manual registration replaces any earlier registration of the protocol, manual or
    /// discovered, and discovery never replaces it: a test swaps in a fake this way, before or
    /// after the router's first use.
    ///
    /// - Parameters:
    ///   - service: The protocol, as `(any SessionService).self`.
    ///   - lifetime: A new instance per request, or one shared instance made at the first request.
    ///   - make: Makes an instance; called on the thread that requests the service. The router
    ///     keeps it, so a factory that asks this router for other services should capture the
    ///     router weakly, or the two keep each other alive.
    public func registerService<Service: Sendable>(
        _ service: Service.Type,
        lifetime: ServiceLifetime = .perRequest,
        make: @escaping @Sendable () -> Service
    ) {
        serviceRegistry.register(service, lifetime: lifetime, make: make)
    }

    /// Marks service protocols the app cannot run without: each discovery pass, and
    /// ``validateServices()``, report those that have no implementation.
    ///
    /// ```swift
    /// router.requireServices([(any SessionService).self, (any AnalyticsService).self])
    /// ```
    public func requireServices(_ services: [any Sendable.Type]) {
        serviceRegistry.require(services.map { ServiceKey($0) })
    }

    /// Checks the services at start-up: the problems discovery found (two implementations of one
    /// protocol, records that cannot be resolved), and the required protocols that have no
    /// implementation. A router with automatic discovery runs it first.
    ///
    /// ```swift
    /// assert(router.validateServices().isEmpty, "\(router.validateServices())")
    /// ```
    ///
    /// - Returns: The problems; empty when every service is sound.
    public func validateServices() -> [ServiceProblem] {
        prepareForFirstUse()
        return serviceRegistry.problems + serviceRegistry.missing()
    }

    /// Registers an implementation found by route discovery; see ``DiscoveredServiceOutcome``.
    package func registerDiscoveredService<Service: Sendable>(
        _ service: Service.Type,
        lifetime: ServiceLifetime,
        origin: ServiceOrigin,
        make: @escaping @Sendable () -> Service
    ) -> DiscoveredServiceOutcome {
        serviceRegistry.registerDiscovered(service, lifetime: lifetime, origin: origin, make: make)
    }

    /// Keeps the problems a discovery pass found, for ``validateServices()``.
    package func recordServiceProblems(_ problems: [ServiceProblem]) {
        serviceRegistry.record(problems)
    }

    /// The required protocols that have no implementation now.
    package var missingRequiredServices: [ServiceProblem] {
        serviceRegistry.missing()
    }
}
