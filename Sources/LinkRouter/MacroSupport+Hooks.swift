// Symbols that exist only for the expansions of `@RouteInterceptor` and `@RouterModule`. Do not
// use them directly.

/// Stores how to make an interceptor for a record's accessor, if the caller expects this copy's
/// `DiscoveredInterceptor`.
///
/// `make` is `{ Interceptor() }`, written in the expansion, so that the compiler checks the type has `init()`.
///
/// - Warning: Exists for macro expansions; do not call it directly.
@_alwaysEmitIntoClient
public func __storeInterceptor<Interceptor: RouteInterceptor>(
    _ interceptor: Interceptor.Type, to outValue: UnsafeMutableRawPointer, ifExpected expectedType: UnsafeRawPointer,
    make: @escaping @Sendable () -> Interceptor
) -> Bool {
    __linkRouterBuildMark()
    return storeInterceptor(interceptor, to: outValue, ifExpected: expectedType, make: make)
}

@usableFromInline
func storeInterceptor<Interceptor: RouteInterceptor>(
    _ interceptor: Interceptor.Type, to outValue: UnsafeMutableRawPointer, ifExpected expectedType: UnsafeRawPointer,
    make: @escaping @Sendable () -> Interceptor
) -> Bool {
    store(DiscoveredInterceptor(typeName: String(reflecting: interceptor), make: make), to: outValue, ifExpected: expectedType)
}

/// Stores a module's set-up for a record's accessor, if the caller expects this copy's `DiscoveredModule`.
///
/// - Warning: Exists for macro expansions; do not call it directly.
@_alwaysEmitIntoClient
public func __storeModule<Module: RouterModule>(
    _ module: Module.Type, to outValue: UnsafeMutableRawPointer, ifExpected expectedType: UnsafeRawPointer
) -> Bool {
    __linkRouterBuildMark()
    return storeModule(module, to: outValue, ifExpected: expectedType)
}

@usableFromInline
func storeModule<Module: RouterModule>(
    _ module: Module.Type, to outValue: UnsafeMutableRawPointer, ifExpected expectedType: UnsafeRawPointer
) -> Bool {
    store(DiscoveredModule(typeName: String(reflecting: module)) { try Module.configure($0) }, to: outValue, ifExpected: expectedType)
}
