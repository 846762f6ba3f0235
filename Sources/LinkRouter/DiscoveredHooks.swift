import LinkRouterCore

/// What an interceptor record's accessor yields: how to make the interceptor (`init()`).
///
/// Each copy of LinkRouter has its own type, so an accessor compiled against another copy refuses
/// to yield one (see `__storeInterceptor`).
struct DiscoveredInterceptor: Sendable {
    /// The interceptor type's full name (`AccountFeature.LoginInterceptor`).
    let typeName: String
    let make: @Sendable () -> any RouteInterceptor
}

/// What a module record's accessor yields: its set-up (`configure(_:)`).
struct DiscoveredModule: Sendable {
    /// The module type's full name (`AccountFeature.AccountModule`).
    let typeName: String
    let configure: @Sendable (Router) throws -> Void
}
