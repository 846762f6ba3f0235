// Symbols that exist only for the expansions of `@Routable`, `#route` and `@RoutableService`. Do not
// use them directly.

/// The Swift layout of one route record (see `Documentation/ABI/RouteRecord.md`), as the macros
/// write it from the codec's bytes: the header's two little-endian words (magic, version and
/// flags; kind and lengths), the accessor, the layout word (version 2's compiled length and
/// writer; 0 in version 1) and the body's `bodyWords` words (text and compiled pattern; 12 for a
/// record of one 128-byte block, 16 more for each block after it).
///
/// A static constant has a getter. For a tuple of plain integers, a debug build compiles that
/// getter with the whole value rebuilt field by field, about 2 ms a record; inline arrays are
/// copied whole instead.
///
/// - Warning: Exists for macro expansions; do not use it directly.
public typealias __RouteRecord<let bodyWords: Int> = (
    header: InlineArray<2, UInt64>,
    accessor: __RouteRecordAccessor,
    layout: UInt64,
    body: InlineArray<bodyWords, UInt64>
)

/// A record's accessor: writes its value into the first argument when the second points to the
/// `Any.Type` the caller expects, and returns whether it did.
///
/// - Warning: Exists for macro expansions; do not use it directly.
public typealias __RouteRecordAccessor = @convention(c) (UnsafeMutableRawPointer, UnsafeRawPointer, UnsafeRawPointer?) -> Bool

/// Stores a page type for a record's accessor, if the caller expects `any Routable.Type`.
///
/// The type comparison keeps two copies of the library in one process from confusing each
/// other: a copy that expects its own `Routable` gets nothing from the other's records.
///
/// - Warning: Exists for macro expansions; do not call it directly.
///
/// Emitted into the caller with a call of the build-identity symbol (``__linkRouterBuildMark()``),
/// so that the image of every record names the LinkRouter build it was compiled against.
@_alwaysEmitIntoClient
public func __storePage<Page: Routable>(_ page: Page.Type, to outValue: UnsafeMutableRawPointer, ifExpected expectedType: UnsafeRawPointer) -> Bool {
    __linkRouterBuildMark()
    return storePage(page, to: outValue, ifExpected: expectedType)
}

@usableFromInline
func storePage<Page: Routable>(_ page: Page.Type, to outValue: UnsafeMutableRawPointer, ifExpected expectedType: UnsafeRawPointer) -> Bool {
    store(page as any Routable.Type, to: outValue, ifExpected: expectedType)
}

/// Stores an action for a record's accessor, if the caller expects a `RouteAction`.
///
/// - Warning: Exists for macro expansions; do not call it directly.
@_alwaysEmitIntoClient
public func __storeAction(_ action: RouteAction, to outValue: UnsafeMutableRawPointer, ifExpected expectedType: UnsafeRawPointer) -> Bool {
    __linkRouterBuildMark()
    return storeAction(action, to: outValue, ifExpected: expectedType)
}

@usableFromInline
func storeAction(_ action: RouteAction, to outValue: UnsafeMutableRawPointer, ifExpected expectedType: UnsafeRawPointer) -> Bool {
    store(action, to: outValue, ifExpected: expectedType)
}

/// A typed action's route as discovery reads it from its record: the function that makes the
/// route's action for the router that registers it (``RoutableAction``).
///
/// - Warning: Exists for macro expansions; do not use it directly.
public struct __TypedAction: Sendable {
    /// Makes the action, run with `router`.
    let make: @Sendable (Router) -> RouteAction
}

/// Stores a typed action's function of the router for a record's accessor (flag bit 7), if the
/// caller expects this copy's ``__TypedAction``.
///
/// - Warning: Exists for macro expansions; do not call it directly.
public func __storeTypedAction(
    _ make: @escaping @Sendable (Router) -> RouteAction, to outValue: UnsafeMutableRawPointer, ifExpected expectedType: UnsafeRawPointer
) -> Bool {
    store(__TypedAction(make: make), to: outValue, ifExpected: expectedType)
}

/// A typed action whose `run(on:)` is synchronous, as a route's action run with `router`, which
/// it holds weakly: `call(_:parameters:source:)` runs it on the calling thread.
///
/// - Warning: Exists for macro expansions; do not call it directly.
public func __typedAction<Action: RoutableAction>(
    _ action: Action.Type, on router: Router, run: @escaping @Sendable (Action, Router) throws -> Action.Output
) -> RouteAction {
    RouteAction { [weak router] parameters throws -> (any Sendable)? in
        try run(try made(Action.self, from: parameters), try alive(router, Action.self))
    }
}

/// A typed action whose `run(on:)` is `async`, as a route's action run with `router`, which it
/// holds weakly.
///
/// - Warning: Exists for macro expansions; do not call it directly.
public func __typedAction<Action: RoutableAction>(
    _ action: Action.Type, on router: Router, run: @escaping @Sendable (Action, Router) async throws -> Action.Output
) -> RouteAction {
    RouteAction { [weak router] parameters async throws -> (any Sendable)? in
        try await run(try made(Action.self, from: parameters), try alive(router, Action.self))
    }
}

private func made<Action: RoutableAction>(_ action: Action.Type, from parameters: RouteParameters) throws -> Action {
    guard let made = try Action(parameters: parameters) else {
        throw RoutableActionError(action: "\(Action.self)", reason: "refused its parameters")
    }
    return made
}

private func alive<Action>(_ router: Router?, _ action: Action.Type) throws -> Router {
    guard let router else { throw RoutableActionError(action: "\(Action.self)", reason: "ran after its router was released") }
    return router
}

/// Stores a service implementation for a record's accessor, if the caller expects this copy's
/// ``DiscoveredService``: the protocol, and how to make an implementation.
///
/// `upcast` is `{ $0 }`, written in the expansion where the compiler converts the implementation
/// to the protocol's existential, so the conformance is checked at compile time.
///
/// - Warning: Exists for macro expansions; do not call it directly.
@_alwaysEmitIntoClient
public func __storeService<Implementation: RoutableService, Service: Sendable>(
    _ implementation: Implementation.Type,
    as service: Service.Type,
    to outValue: UnsafeMutableRawPointer,
    ifExpected expectedType: UnsafeRawPointer,
    upcast: @escaping @Sendable (Implementation) -> Service
) -> Bool {
    __linkRouterBuildMark()
    return storeService(implementation, as: service, to: outValue, ifExpected: expectedType, upcast: upcast)
}

@usableFromInline
func storeService<Implementation: RoutableService, Service: Sendable>(
    _ implementation: Implementation.Type,
    as service: Service.Type,
    to outValue: UnsafeMutableRawPointer,
    ifExpected expectedType: UnsafeRawPointer,
    upcast: @escaping @Sendable (Implementation) -> Service
) -> Bool {
    store(DiscoveredService(service) { upcast(Implementation()) }, to: outValue, ifExpected: expectedType)
}

func store<Value>(_ value: Value, to outValue: UnsafeMutableRawPointer, ifExpected expectedType: UnsafeRawPointer) -> Bool {
    guard ObjectIdentifier(expectedType.load(as: Any.Type.self)) == ObjectIdentifier(Value.self) else { return false }
    outValue.initializeMemory(as: Value.self, to: value)
    return true
}

/// Asks a record's accessor for a value of `type`; `nil` when it produces another type.
func loadValue<Value>(_ type: Value.Type, fromAccessorAt address: UInt) -> Value? {
    guard let pointer = UnsafeRawPointer(bitPattern: address) else { return nil }
    let accessor = unsafeBitCast(pointer, to: __RouteRecordAccessor.self)
    let expected: Any.Type = Value.self
    return withUnsafeTemporaryAllocation(of: Value.self, capacity: 1) { buffer in
        let stored = withUnsafePointer(to: expected) { accessor(buffer.baseAddress!, UnsafeRawPointer($0), nil) }
        return stored ? buffer.baseAddress!.move() : nil
    }
}
