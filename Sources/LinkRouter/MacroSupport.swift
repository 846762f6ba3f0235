// Symbols that exist only for the expansions of `@Routable`, `#route` and `@RoutableService`. Do not
// use them directly.

/// The Swift layout of one route record (see `Documentation/ABI/RouteRecord.md`): magic, version,
/// flags, kind, text length, accessor, reserved, and 96 bytes of text as 12 little-endian words.
///
/// - Warning: Exists for macro expansions; do not use it directly.
public typealias __RouteRecord = (
    UInt32, UInt16, UInt16, UInt32, UInt32, __RouteRecordAccessor, UInt64,
    UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64
)

/// The Swift layout of a route record that is a static member (`@Routable`, `@RoutableService`,
/// `#route` in a type): the same 128 bytes as ``__RouteRecord``, written as the header's two
/// little-endian words (magic, version and flags; kind and text length), the accessor, the
/// reserved word, and the text's 12 words.
///
/// A static constant has a getter. For a tuple of plain integers, a debug build compiles that
/// getter with the whole value rebuilt field by field, about 2 ms a record; inline arrays are
/// copied whole instead.
///
/// - Warning: Exists for macro expansions; do not use it directly.
public typealias __RouteMemberRecord = (InlineArray<2, UInt64>, __RouteRecordAccessor, UInt64, InlineArray<12, UInt64>)

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
public func __storePage<Page: Routable>(_ page: Page.Type, to outValue: UnsafeMutableRawPointer, ifExpected expectedType: UnsafeRawPointer) -> Bool {
    store(page as any Routable.Type, to: outValue, ifExpected: expectedType)
}

/// Stores an action for a record's accessor, if the caller expects a `RouteAction`.
///
/// - Warning: Exists for macro expansions; do not call it directly.
public func __storeAction(_ action: RouteAction, to outValue: UnsafeMutableRawPointer, ifExpected expectedType: UnsafeRawPointer) -> Bool {
    store(action, to: outValue, ifExpected: expectedType)
}

/// Stores a service implementation for a record's accessor, if the caller expects this copy's
/// ``DiscoveredService``: the protocol, and how to make an implementation.
///
/// `upcast` is `{ $0 }`, written in the expansion where the compiler converts the implementation
/// to the protocol's existential, so the conformance is checked at compile time.
///
/// - Warning: Exists for macro expansions; do not call it directly.
public func __storeService<Implementation: RoutableService, Service: Sendable>(
    _ implementation: Implementation.Type,
    as service: Service.Type,
    to outValue: UnsafeMutableRawPointer,
    ifExpected expectedType: UnsafeRawPointer,
    upcast: @escaping @Sendable (Implementation) -> Service
) -> Bool {
    store(DiscoveredService(service) { upcast(Implementation()) }, to: outValue, ifExpected: expectedType)
}

private func store<Value>(_ value: Value, to outValue: UnsafeMutableRawPointer, ifExpected expectedType: UnsafeRawPointer) -> Bool {
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
