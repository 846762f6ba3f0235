// The core's one use of Foundation: `uuid(_:)` returns the `UUID` apps already use. Only the
// struct is imported, from FoundationEssentials where it exists (it does on Linux).
#if canImport(FoundationEssentials)
public import struct FoundationEssentials.UUID
#else
public import struct Foundation.UUID
#endif
internal import RoutePatterns
internal import ByteParsing

/// The parameters of one open: path parameters, query items and the caller's values, merged.
///
/// A name is looked up in this order: a path parameter (the route's identity: never overridden by
/// a query item or a caller value of the same name), then the caller's value, then the query item:
/// wherever the app and a link both give a value, the app's own wins. Values an interceptor
/// rewrites come before all three. For a repeated query key the single-value accessors take the
/// last value; ``values(_:)`` returns all of them.
///
/// A page whose `init?(parameters:)` `@Routable` writes reads a narrower view for each property:
/// a link sets only the pattern's placeholders and the query items the route declares.
///
/// ```swift
/// // pattern "user/<int:id>", URL "app://user/42?tab=posts&tag=a&tag=b"
/// try parameters.int("id")              // 42
/// parameters["tab"]                     // "posts"
/// parameters.values("tag")              // ["a", "b"]
/// try parameters.bool("compact", default: false)
/// ```
public struct RouteParameters: Sendable {
    /// The URL being opened.
    public let url: RouteURL
    /// The path parameters the match captured; none in a view that must not read the path
    /// (``restricted(to:)``).
    var path: PathCaptures
    /// The URL's query items; a query contract may drop some (``RouteParameters+Contract.swift``).
    var query: [QueryItem]
    /// The caller's values; a query contract adds its defaults beneath them.
    var callerValues: [String: any Sendable]
    private(set) var overrides: [String: any Sendable] = [:]
    var resultSlotStorage: PageResultSlot?

    /// Where the page puts the result it returns to its opener when it closes (see
    /// ``PageResultSlot``). Outside a navigator this is a slot nobody reads.
    public var resultSlot: PageResultSlot { resultSlotStorage ?? PageResultSlot() }

    init(url: RouteURL, path: PathCaptures, callerValues: [String: any Sendable]) {
        self.url = url
        self.path = path
        self.query = url.queryStart >= 0 ? url.queryItems : []
        self.callerValues = callerValues
    }

    /// These parameters with `values` taking precedence over every source.
    func overriding(_ values: [String: any Sendable]) -> RouteParameters {
        var copy = self
        copy.overrides.merge(values) { _, new in new }
        return copy
    }

    /// The path parameters alone, decoded, by name.
    public var pathParameters: [String: String] {
        var result: [String: String] = [:]
        for (index, name) in path.names.enumerated() { result[name] = path.value(index, in: url) }
        return result
    }

    /// The segments a path parameter captured, each percent-decoded on its own, or `nil` when no
    /// path parameter has this name.
    ///
    /// A `<path:>` value read as text joins its segments with `/`, so an escaped slash inside a
    /// segment reads like a separator; its segments keep them apart:
    ///
    /// ```swift
    /// // pattern "files/<path:rest>"
    /// // app://files/a/b%2Fc   parameters["rest"] == "a/b/c"   pathSegments("rest") == ["a", "b/c"]
    /// // app://files/a/b/c     parameters["rest"] == "a/b/c"   pathSegments("rest") == ["a", "b", "c"]
    /// ```
    /// A `:name` or typed placeholder gives one segment. Path parameters only: interceptor
    /// rewrites, query items and caller values of the same name are not consulted.
    public func pathSegments(_ name: String) -> [String]? {
        path.index(of: name).map { path.segments($0, in: url) }
    }

    /// The text a path parameter captured as the URL wrote it, still percent-encoded
    /// (`a/b%2Fc`), or `nil` when no path parameter has this name. A `<path:>` capture's segments
    /// are joined by one `/`; decode each segment yourself, or use ``pathSegments(_:)``.
    public func rawPathValue(_ name: String) -> String? {
        path.index(of: name).map { path.rawValue($0, in: url) }
    }

    /// The query items alone, in order.
    public var queryItems: [QueryItem] { query }

    /// Every parameter name: path parameters, then query names, then caller keys, each once.
    public var names: [String] {
        var seen = Set<String>()
        return (overrides.keys.sorted() + Array(path.names) + query.map(\.name) + callerValues.keys.sorted()).filter { seen.insert($0).inserted }
    }

    /// Whether any source has a parameter of this name.
    public func contains(_ name: String) -> Bool {
        overrides[name] != nil || path.index(of: name) != nil || query.contains { $0.name == name } || callerValues[name] != nil
    }

    /// The parameter as text, or `nil` when no source has it. A caller value that is not a
    /// `String` is described with `String(describing:)`.
    public subscript(name: String) -> String? {
        switch lookup(name) {
        case .text(let text): text
        case .value(let value): String(describing: value)
        case nil: nil
        }
    }

    /// Every value of the parameter: one for a path parameter; the elements of a caller-supplied
    /// array; every value of a repeated query key.
    public func values(_ name: String) -> [String] {
        if let value = overrides[name] { return Self.strings(value) }
        if let index = path.index(of: name) { return [path.value(index, in: url)] }
        if let value = callerValues[name] { return Self.strings(value) }
        return query.filter { $0.name == name }.map(\.value)
    }

    private static func strings(_ value: any Sendable) -> [String] {
        switch value {
        case let strings as [String]: strings
        case let array as [any Sendable]: array.map { String(describing: $0) }
        default: [value as? String ?? String(describing: value)]
        }
    }

    // MARK: Typed access

    /// The required parameter as text.
    /// - Throws: ``RouteParameterError`` when it is missing.
    public func string(_ name: String) throws(RouteParameterError) -> String {
        guard let text = self[name] else { throw RouteParameterError(name: name, reason: .missing) }
        return text
    }

    /// The required parameter as an `Int`.
    /// - Throws: ``RouteParameterError`` when it is missing or not an integer.
    public func int(_ name: String) throws(RouteParameterError) -> Int {
        try typed(name, expected: "an int") { value in
            value as? Int ?? (value as? String).flatMap { Int($0) }
        }
    }

    /// The required parameter as a `Double`.
    /// - Throws: ``RouteParameterError`` when it is missing or not a number.
    public func double(_ name: String) throws(RouteParameterError) -> Double {
        try typed(name, expected: "a double") { value in
            value as? Double ?? (value as? Int).map(Double.init) ?? (value as? String).flatMap(Self.parseDouble)
        }
    }

    /// The required parameter as a `Bool`: `true`/`false`, `yes`/`no` or `1`/`0`, any letter case.
    /// - Throws: ``RouteParameterError`` when it is missing or not a boolean.
    public func bool(_ name: String) throws(RouteParameterError) -> Bool {
        try typed(name, expected: "a bool") { value in
            value as? Bool ?? (value as? String).flatMap(Self.parseBool)
        }
    }

    /// The required parameter as a `UUID`.
    /// - Throws: ``RouteParameterError`` when it is missing or not a UUID.
    public func uuid(_ name: String) throws(RouteParameterError) -> UUID {
        try typed(name, expected: "a UUID") { value in
            value as? UUID ?? (value as? String).flatMap { UUID(uuidString: $0) }
        }
    }

    /// The parameter as text, or `defaultValue` when it is missing.
    public func string(_ name: String, default defaultValue: String) -> String {
        self[name] ?? defaultValue
    }

    /// The parameter as an `Int`, or `defaultValue` when it is missing.
    /// - Throws: ``RouteParameterError`` when it is present but not an integer.
    public func int(_ name: String, default defaultValue: Int) throws(RouteParameterError) -> Int {
        contains(name) ? try int(name) : defaultValue
    }

    /// The parameter as a `Double`, or `defaultValue` when it is missing.
    /// - Throws: ``RouteParameterError`` when it is present but not a number.
    public func double(_ name: String, default defaultValue: Double) throws(RouteParameterError) -> Double {
        contains(name) ? try double(name) : defaultValue
    }

    /// The parameter as a `Bool`, or `defaultValue` when it is missing.
    /// - Throws: ``RouteParameterError`` when it is present but not a boolean.
    public func bool(_ name: String, default defaultValue: Bool) throws(RouteParameterError) -> Bool {
        contains(name) ? try bool(name) : defaultValue
    }

    /// A value the caller passed to `open`, of any type.
    ///
    /// ```swift
    /// let image = try parameters.value("image", as: Photo.self)
    /// ```
    /// - Throws: ``RouteParameterError`` when it is missing or of another type.
    public func value<Value: Sendable>(_ name: String, as type: Value.Type) throws(RouteParameterError) -> Value {
        try typed(name, expected: "a value of type \(Value.self)") { $0 as? Value }
    }

    // MARK: Internals

    enum Source {
        case text(String)
        case value(any Sendable)
    }

    func lookup(_ name: String) -> Source? {
        if !overrides.isEmpty, let value = overrides[name] { return (value as? String).map(Source.text) ?? .value(value) }
        if let index = path.index(of: name) { return .text(path.value(index, in: url)) }
        if let value = callerValues[name] { return (value as? String).map(Source.text) ?? .value(value) }
        if let item = query.last(where: { $0.name == name }) { return .text(item.value) }
        return nil
    }

    private func typed<Value>(_ name: String, expected: String, _ convert: (any Sendable) -> Value?) throws(RouteParameterError) -> Value {
        let raw: any Sendable
        switch lookup(name) {
        case .text(let text): raw = text
        case .value(let value): raw = value
        case nil: throw RouteParameterError(name: name, reason: .missing)
        }
        guard let value = convert(raw) else {
            throw RouteParameterError(name: name, reason: .malformed(value: String(describing: raw), expected: expected))
        }
        return value
    }

    static func parseBool(_ text: String) -> Bool? {
        var copy = text
        return copy.withUTF8 { ScalarSyntax.parseBool($0) }
    }

    /// A finite number: `1e999` (infinity once read) is refused as `inf` and `nan` are.
    static func parseDouble(_ text: String) -> Double? {
        var copy = text
        guard copy.withUTF8({ ScalarSyntax.isDouble($0) }), let value = Double(text), value.isFinite else { return nil }
        return value
    }
}
