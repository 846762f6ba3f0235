/// Services: modules reach each other's implementations through protocols declared in a shared
/// interface module, without importing each other. The router offers its
/// ``/LinkRouterServices/ServiceRegistry`` (``services``: register, require, validate, look up: `try router.services.service((any SessionService).self)`),
/// and a router with automatic discovery registers the annotated implementations first.
extension Router {
    /// The router's services, after its first-use discovery has run: the one door to look an
    /// implementation up, register one by hand, mark the services the app needs, and check them.
    ///
    /// ```swift
    /// let session = try router.services.service((any SessionService).self)   // any SessionService
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
}
