/// Services: modules reach each other's implementations through protocols declared in a shared
/// interface module, without importing each other. The router offers its
/// ``/LinkRouterServices/ServiceRegistry`` (``services``: register, require, validate, look up),
/// and a router with automatic discovery registers the annotated implementations first.
extension Router {
    /// The router's services, after its first-use discovery has run: the one door to register an
    /// implementation by hand, mark the services the app needs, and check them.
    ///
    /// ```swift
    /// router.services.register((any SessionService).self, lifetime: .shared) { FakeSession(user: "ada") }
    /// router.services.require([(any SessionService).self, (any AnalyticsService).self])
    /// assert(router.services.validate().isEmpty, "\(router.services.validate())")
    /// ```
    ///
    /// The router keeps what is registered, so a factory that asks this router for other services
    /// should capture the router weakly, or the two keep each other alive.
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
    /// ``/LinkRouterServices/ServiceRegistry/register(_:lifetime:make:)`` on ``services``.
    ///
    /// - Parameter service: The protocol, as `(any SessionService).self`.
    /// - Returns: A new instance, or the shared one, as the registration's ``/LinkRouterServices/ServiceLifetime`` says.
    /// - Throws: ``/LinkRouterServices/ServiceError/notRegistered(service:)`` naming the protocol when nothing implements it;
    ///   ``/LinkRouterServices/ServiceError/cycle(_:)`` when making the service asks for the service itself.
    public func service<Service: Sendable>(_ service: Service.Type) throws(ServiceError) -> Service {
        try services.service(service)
    }
}
