/// Decoding parameters into a `Decodable` type: each stored property is a parameter name.
///
/// Scalars (`String`, integers, `Double`, `Float`, `Bool`) are parsed from the text; arrays take
/// every value of a repeated query key; any other `Decodable` decodes from the value's text (a
/// `UUID`, a `RawRepresentable` enum). A caller value that already has the property's type is used
/// as it is.
extension RouteParameters {
    /// Decodes the parameters into `type`.
    ///
    /// ```swift
    /// struct Query: Decodable { let id: Int; let tab: String?; let tags: [String] }
    /// let query = try parameters.decode(Query.self)
    /// ```
    /// - Throws: ``RouteParameterError`` naming the first missing or malformed parameter.
    public func decode<Value: Decodable>(_ type: Value.Type) throws(RouteParameterError) -> Value {
        try decoding(Value.self) { try Value(from: ParametersDecoder(parameters: self)) }
    }

    /// The one parameter `name` decoded as `type` (a caller value of that type as it is), or `nil`
    /// when no source has it: what `@Routable` fills a `Decodable` property with.
    /// - Throws: ``RouteParameterError`` when it is present but does not decode.
    package func decodeParameter<Value: Decodable>(_ name: String, as type: Value.Type) throws(RouteParameterError) -> Value? {
        guard contains(name) else { return nil }
        return try decoding(Value.self) {
            try ParametersContainer<ParameterKey>(parameters: self).decode(Value.self, forKey: ParameterKey(stringValue: name))
        }
    }

    /// `body`'s value, its errors as ``RouteParameterError``.
    private func decoding<Value>(_ type: Value.Type, _ body: () throws -> Value) throws(RouteParameterError) -> Value {
        do {
            return try body()
        } catch let error as RouteParameterError {
            throw error
        } catch let error as DecodingError {
            throw RouteParameterError(decodingError: error, parameters: self)
        } catch {
            throw RouteParameterError(name: "", reason: .malformed(value: "\(error)", expected: "decodable as \(Value.self)"))
        }
    }
}

extension RouteParameterError {
    init(decodingError: DecodingError, parameters: RouteParameters) {
        func path(_ context: DecodingError.Context) -> String {
            context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
        }
        /// The text that failed to decode: the parameter's value, or one element of a repeated key.
        func value(_ context: DecodingError.Context) -> String {
            guard let name = context.codingPath.first?.stringValue else { return context.debugDescription }
            let values = parameters.values(name)
            if context.codingPath.count > 1, let index = context.codingPath[1].intValue {
                return values.indices.contains(index) ? values[index] : context.debugDescription
            }
            return values.last ?? context.debugDescription
        }
        switch decodingError {
        case .keyNotFound(let key, let context):
            self.init(name: (context.codingPath + [key]).map(\.stringValue).joined(separator: "."), reason: .missing)
        case .valueNotFound(_, let context):
            self.init(name: path(context), reason: .missing)
        case .typeMismatch(let type, let context):
            self.init(name: path(context), reason: .malformed(value: value(context), expected: "a value of type \(type)"))
        case .dataCorrupted(let context):
            self.init(name: path(context), reason: .malformed(value: value(context), expected: "valid"))
        @unknown default:
            self.init(name: "", reason: .malformed(value: "\(decodingError)", expected: "decodable"))
        }
    }
}

/// A type parsed from one parameter's text.
protocol ParameterScalar {
    static func parse(_ text: String) -> Self?
}

extension String: ParameterScalar { static func parse(_ text: String) -> String? { text } }
extension Bool: ParameterScalar { static func parse(_ text: String) -> Bool? { RouteParameters.parseBool(text) } }
extension Double: ParameterScalar { static func parse(_ text: String) -> Double? { RouteParameters.parseDouble(text) } }
extension Float: ParameterScalar { static func parse(_ text: String) -> Float? { RouteParameters.parseDouble(text).map(Float.init).flatMap { $0.isFinite ? $0 : nil } } }
extension Int: ParameterScalar { static func parse(_ text: String) -> Int? { Int(text) } }
extension Int8: ParameterScalar { static func parse(_ text: String) -> Int8? { Int8(text) } }
extension Int16: ParameterScalar { static func parse(_ text: String) -> Int16? { Int16(text) } }
extension Int32: ParameterScalar { static func parse(_ text: String) -> Int32? { Int32(text) } }
extension Int64: ParameterScalar { static func parse(_ text: String) -> Int64? { Int64(text) } }
extension UInt: ParameterScalar { static func parse(_ text: String) -> UInt? { UInt(text) } }
extension UInt8: ParameterScalar { static func parse(_ text: String) -> UInt8? { UInt8(text) } }
extension UInt16: ParameterScalar { static func parse(_ text: String) -> UInt16? { UInt16(text) } }
extension UInt32: ParameterScalar { static func parse(_ text: String) -> UInt32? { UInt32(text) } }
extension UInt64: ParameterScalar { static func parse(_ text: String) -> UInt64? { UInt64(text) } }

private struct ParameterKey: CodingKey {
    let stringValue: String
    let intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue; self.intValue = nil }
    init(intValue: Int) { self.stringValue = String(intValue); self.intValue = intValue }
}

private func malformed(_ value: String, _ type: Any.Type, _ path: [any CodingKey]) -> RouteParameterError {
    RouteParameterError(
        name: path.map(\.stringValue).joined(separator: "."),
        reason: .malformed(value: value, expected: "a value of type \(type)")
    )
}

/// The top level: a keyed container over parameter names.
private struct ParametersDecoder: Decoder {
    let parameters: RouteParameters
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(ParametersContainer<Key>(parameters: parameters))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch([Any].self, .init(codingPath: [], debugDescription: "parameters are keyed by name"))
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        throw DecodingError.typeMismatch(Any.self, .init(codingPath: [], debugDescription: "parameters are keyed by name"))
    }
}

private struct ParametersContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let parameters: RouteParameters
    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { parameters.names.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { parameters.contains(key.stringValue) }
    func decodeNil(forKey key: Key) throws -> Bool { !parameters.contains(key.stringValue) }

    private func values(_ key: Key) -> ValueDecoder {
        ValueDecoder(values: parameters.values(key.stringValue), codingPath: [key])
    }

    func scalar<Value: ParameterScalar>(_ key: Key) throws -> Value {
        if case .value(let value) = parameters.lookup(key.stringValue), let typed = value as? Value { return typed }
        return try values(key).scalar()
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try scalar(key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try scalar(key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try scalar(key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try scalar(key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try scalar(key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try scalar(key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try scalar(key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try scalar(key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try scalar(key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try scalar(key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try scalar(key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try scalar(key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try scalar(key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try scalar(key) }

    func decode<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Value {
        if case .value(let value) = parameters.lookup(key.stringValue), let typed = value as? Value { return typed }
        guard parameters.contains(key.stringValue) else {
            throw RouteParameterError(name: key.stringValue, reason: .missing)
        }
        return try Value(from: values(key))
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        throw DecodingError.typeMismatch([String: Any].self, .init(codingPath: [key], debugDescription: "parameters are not nested"))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try values(key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { ParametersDecoder(parameters: parameters) }
    func superDecoder(forKey key: Key) throws -> any Decoder { values(key) }
}

/// The values of one parameter: a single value, or a list for a repeated query key.
private struct ValueDecoder: Decoder, SingleValueDecodingContainer {
    let values: [String]
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        throw malformed(values.last ?? "", [String: Any].self, codingPath)
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        ValuesContainer(values: values, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    func decodeNil() -> Bool { values.isEmpty }

    func scalar<Value: ParameterScalar>() throws -> Value {
        guard let text = values.last else {
            throw RouteParameterError(name: codingPath.map(\.stringValue).joined(separator: "."), reason: .missing)
        }
        guard let value = Value.parse(text) else { throw malformed(text, Value.self, codingPath) }
        return value
    }

    func decode(_ type: Bool.Type) throws -> Bool { try scalar() }
    func decode(_ type: String.Type) throws -> String { try scalar() }
    func decode(_ type: Double.Type) throws -> Double { try scalar() }
    func decode(_ type: Float.Type) throws -> Float { try scalar() }
    func decode(_ type: Int.Type) throws -> Int { try scalar() }
    func decode(_ type: Int8.Type) throws -> Int8 { try scalar() }
    func decode(_ type: Int16.Type) throws -> Int16 { try scalar() }
    func decode(_ type: Int32.Type) throws -> Int32 { try scalar() }
    func decode(_ type: Int64.Type) throws -> Int64 { try scalar() }
    func decode(_ type: UInt.Type) throws -> UInt { try scalar() }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try scalar() }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try scalar() }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try scalar() }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try scalar() }

    func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
        try Value(from: self)
    }
}

/// Every value of a repeated query key, for an array property.
private struct ValuesContainer: UnkeyedDecodingContainer {
    let values: [String]
    let codingPath: [any CodingKey]
    var currentIndex = 0
    var count: Int? { values.count }
    var isAtEnd: Bool { currentIndex >= values.count }

    private mutating func next() -> ValueDecoder {
        defer { currentIndex += 1 }
        let path = codingPath + [ParameterKey(intValue: currentIndex)]
        return ValueDecoder(values: isAtEnd ? [] : [values[currentIndex]], codingPath: path)
    }

    mutating func scalar<Value: ParameterScalar>() throws -> Value { try next().scalar() }
    mutating func decodeNil() throws -> Bool { isAtEnd }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try scalar() }
    mutating func decode(_ type: String.Type) throws -> String { try scalar() }
    mutating func decode(_ type: Double.Type) throws -> Double { try scalar() }
    mutating func decode(_ type: Float.Type) throws -> Float { try scalar() }
    mutating func decode(_ type: Int.Type) throws -> Int { try scalar() }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try scalar() }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try scalar() }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try scalar() }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try scalar() }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try scalar() }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try scalar() }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try scalar() }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try scalar() }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try scalar() }

    mutating func decode<Value: Decodable>(_ type: Value.Type) throws -> Value { try Value(from: next()) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next().container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try next().unkeyedContainer() }
    mutating func superDecoder() throws -> any Decoder { next() }
}
