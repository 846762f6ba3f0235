/// Services: modules reach each other's implementations through protocols declared in a shared
/// interface module, without importing each other. The router offers its
/// ``/LinkRouterServices/ServiceRegistry``, and a router with automatic discovery registers the
/// annotated implementations first.
extension Router {
    /// The router's services, after its first-use discovery has run.
    public var services: ServiceRegistry {
        prepareForFirstUse()
        return serviceRegistry
    }

    /// The implementation registered for a service protocol, typed; see ``/LinkRouterServices/ServiceRegistry/service(_:)``.
    ///
    /// ```swift
    /// let session = try router.service((any SessionService).self)   // any SessionService
    /// if session.currentUser == nil { ... }
    /// ```
    ///
    /// Implementations come from `@RoutableService` annotations, registered by route discovery
    /// (a router with automatic discovery runs it first), and from
    /// ``registerService(_:lifetime:make:)``.
    ///
    /// - Parameter service: The protocol, as `(any SessionService).self`.
    /// - Returns: A new instance, or the shared one, as the registration's ``/LinkRouterServices/ServiceLifetime`` says.
    /// - Throws: ``/LinkRouterServices/ServiceError/notRegistered(service:)`` naming the protocol when nothing implements it;
    ///   ``/LinkRouterServices/ServiceError/cycle(_:)`` when making the service asks for the service itself.
    public func service<Service: Sendable>(_ service: Service.Type) throws(ServiceError) -> Service {
        try services.service(service)
    }

    /// Registers an implementation of a service protocol by hand; see ``/LinkRouterServices/ServiceRegistry/register(_:lifetime:make:)``.
    ///
    /// ```swift
    /// router.registerService((any SessionService).self, lifetime: .shared) { FakeSession(user: "ada") }
    /// ```
    ///
    /// The router keeps `make`, so a factory that asks this router for other services should
    /// capture the router weakly, or the two keep each other alive.
    public func registerService<Service: Sendable>(
        _ service: Service.Type,
        lifetime: ServiceLifetime = .perRequest,
        make: @escaping @Sendable () -> Service
    ) {
        serviceRegistry.register(service, lifetime: lifetime, make: make)
    }

    /// Marks service protocols the app cannot run without; see ``/LinkRouterServices/ServiceRegistry/require(_:)``.
    ///
    /// ```swift
    /// router.requireServices([(any SessionService).self, (any AnalyticsService).self])
    /// ```
    public func requireServices(_ services: [any Sendable.Type]) {
        serviceRegistry.require(services)
    }

    /// Checks the services at start-up, after the router's first-use discovery; see
    /// ``/LinkRouterServices/ServiceRegistry/validate()``.
    ///
    /// ```swift
    /// assert(router.validateServices().isEmpty, "\(router.validateServices())")
    /// ```
    ///
    /// - Returns: The problems; empty when every service is sound.
    public func validateServices() -> [ServiceProblem] {
        services.validate()
    }
}
