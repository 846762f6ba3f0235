public import LinkRouterCore

/// A feature module's one-time set-up, declared in the module with `@RouterModule`: what the
/// module needs from the router beyond its annotated routes, services and interceptors: redirects,
/// groups, services whose implementations need arguments (an annotated service needs `init()`).
///
/// ```swift
/// @RouterModule
/// struct AccountModule: RouterModule {
///     static func configure(_ router: Router) throws {
///         try router.addRedirect(from: "profile", to: "account")
///         router.services.register((any AccountStore).self, lifetime: .shared) { DiskAccountStore(folder: "/var/lib/shop") }
///     }
/// }
/// ```
///
/// Discovery calls ``configure(_:)`` once per router and per loaded object, after it registered
/// the object's routes, services and interceptors, and before the router's first open (automatic
/// discovery), or before `registerRoutes()` or `discoverRoutes(in:)` returns. The modules of one
/// pass are configured in the order their records are read: objects in load order, records in
/// link order. An error thrown is reported in ``DiscoveryReport/moduleFailures`` and logged;
/// what the module did before it threw stays, and the other modules are configured.
public protocol RouterModule: SendableMetatype {
    /// Sets the router up for the module; called once per router.
    static func configure(_ router: Router) throws
}
