// The conversions the initializer `@Routable` writes calls, one per property: the macro sees a
// property's type only as written, not its conformances, so the compiler picks the overload by the
// type (`as: Int.self`): a concrete one for the placeholder types and `PageResultSlot`, then
// `RawRepresentable` enums, `Decodable` types, and any other `Sendable` type as a caller value.
// Each returns `nil` when no source has the parameter and throws when its value does not convert;
// each is declared `throws`, so that the `try` the expansion writes before every one is never idle.
// Do not call them directly.
#if canImport(FoundationEssentials)
public import struct FoundationEssentials.UUID
#else
public import struct Foundation.UUID
#endif

/// The parameter as text (a caller value that is not a `String` described), or `nil`.
///
/// - Warning: Exists for macro expansions; do not call it directly.
public func __parameter(_ name: String, as type: String.Type, in parameters: RouteParameters) throws(RouteParameterError) -> String? {
    parameters[name]
}

/// The parameter as an `Int`, or `nil`.
///
/// - Warning: Exists for macro expansions; do not call it directly.
public func __parameter(_ name: String, as type: Int.Type, in parameters: RouteParameters) throws(RouteParameterError) -> Int? {
    parameters.contains(name) ? try parameters.int(name) : nil
}

/// The parameter as a `Double`, or `nil`.
///
/// - Warning: Exists for macro expansions; do not call it directly.
public func __parameter(_ name: String, as type: Double.Type, in parameters: RouteParameters) throws(RouteParameterError) -> Double? {
    parameters.contains(name) ? try parameters.double(name) : nil
}

/// The parameter as a `Bool`, or `nil`.
///
/// - Warning: Exists for macro expansions; do not call it directly.
public func __parameter(_ name: String, as type: Bool.Type, in parameters: RouteParameters) throws(RouteParameterError) -> Bool? {
    parameters.contains(name) ? try parameters.bool(name) : nil
}

/// The parameter as a `UUID`, or `nil`.
///
/// - Warning: Exists for macro expansions; do not call it directly.
public func __parameter(_ name: String, as type: UUID.Type, in parameters: RouteParameters) throws(RouteParameterError) -> UUID? {
    parameters.contains(name) ? try parameters.uuid(name) : nil
}

/// The segments of a `<path:>` placeholder, each decoded on its own; else every value of the
/// parameter (a repeated query item); `nil` when no source has it.
///
/// - Warning: Exists for macro expansions; do not call it directly.
public func __parameter(_ name: String, as type: [String].Type, in parameters: RouteParameters) throws(RouteParameterError) -> [String]? {
    parameters.pathSegments(name) ?? (parameters.contains(name) ? parameters.values(name) : nil)
}

/// The open's result slot, whatever the name: a page keeps it to return a result to its opener.
///
/// - Warning: Exists for macro expansions; do not call it directly.
public func __parameter(_ name: String, as type: PageResultSlot.Type, in parameters: RouteParameters) throws(RouteParameterError) -> PageResultSlot? {
    parameters.resultSlot
}

/// The open's result slot as the page's typed result, whatever the name: a page declares the
/// result it returns with a `PageReturn<Value>` property.
///
/// - Warning: Exists for macro expansions; do not call it directly.
public func __parameter<Value>(_ name: String, as type: PageReturn<Value>.Type, in parameters: RouteParameters) throws(RouteParameterError) -> PageReturn<Value>? {
    PageReturn(parameters.resultSlot)
}

/// The parameter as a `RawRepresentable` value: a caller value of the type as it is, else the raw
/// value parsed from the text; `nil` when no source has it.
///
/// - Warning: Exists for macro expansions; do not call it directly.
public func __parameter<Value: RawRepresentable & Sendable>(
    _ name: String, as type: Value.Type, in parameters: RouteParameters
) throws(RouteParameterError) -> Value? where Value.RawValue: LosslessStringConvertible {
    try rawValueParameter(name, as: Value.self, in: parameters)
}

/// A type both `RawRepresentable` and `Decodable` (an enum with raw values that is `Codable`):
/// read by its raw value.
///
/// - Warning: Exists for macro expansions; do not call it directly.
public func __parameter<Value: RawRepresentable & Decodable & Sendable>(
    _ name: String, as type: Value.Type, in parameters: RouteParameters
) throws(RouteParameterError) -> Value? where Value.RawValue: LosslessStringConvertible {
    try rawValueParameter(name, as: Value.self, in: parameters)
}

/// The parameter decoded as a `Decodable` value (every value of a repeated query item for an
/// array), or `nil`.
///
/// - Warning: Exists for macro expansions; do not call it directly.
public func __parameter<Value: Decodable & Sendable>(
    _ name: String, as type: Value.Type, in parameters: RouteParameters
) throws(RouteParameterError) -> Value? {
    try parameters.decodeParameter(name, as: Value.self)
}

/// A caller value of any other type, or `nil`.
///
/// - Warning: Exists for macro expansions; do not call it directly.
public func __parameter<Value: Sendable>(_ name: String, as type: Value.Type, in parameters: RouteParameters) throws(RouteParameterError) -> Value? {
    parameters.contains(name) ? try parameters.value(name, as: Value.self) : nil
}

private func rawValueParameter<Value: RawRepresentable & Sendable>(
    _ name: String, as type: Value.Type, in parameters: RouteParameters
) throws(RouteParameterError) -> Value? where Value.RawValue: LosslessStringConvertible {
    if let value = parameters.callerValue(name, as: Value.self) { return value }
    guard let text = parameters[name] else { return nil }
    guard let value = Value.RawValue(text).flatMap(Value.init(rawValue:)) else {
        throw RouteParameterError(name: name, reason: .malformed(value: text, expected: "a raw value of \(Value.self)"))
    }
    return value
}

/// The value of a property that has no default and is not optional.
/// - Throws: ``RouteParameterError/Reason/missing`` when it is `nil`.
///
/// - Warning: Exists for macro expansions; do not call it directly.
public func __required<Value>(_ value: Value?, _ name: String) throws(RouteParameterError) -> Value {
    guard let value else { throw RouteParameterError(name: name, reason: .missing) }
    return value
}

/// The parameters a property filled from one source sees (``RouteParameters/restricted(to:)``):
/// a placeholder marked `.path`, a declared query item (`.query`: the caller's value, else the
/// link's), or the caller's values alone (`.caller`, and every property the route does not declare).
///
/// - Warning: Exists for macro expansions; do not call it directly.
public func __parameters(_ parameters: RouteParameters, from source: RouteParameterSource) -> RouteParameters {
    parameters.restricted(to: source)
}

/// The parameters a property named like a placeholder of its page's own patterns sees: the path
/// parameters, then the caller's values; no query item.
///
/// - Warning: Exists for macro expansions; do not call it directly.
public func __placeholderParameters(_ parameters: RouteParameters) -> RouteParameters {
    parameters.placeholderView
}
