#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Any JSON value, read from a document with Foundation's decoder: the package's one JSON value,
/// read by the route table's reader (``/LinkRouterCore/DynamicRouteTable/init(json:)``) and by
/// the `routes` tool's readers of app-link files.
package enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// The most arrays and objects a document may nest in one another: a route table nests
    /// three, an `apple-app-site-association` file six. Checked before the document is decoded
    /// (Foundation's decoder stops at 512, with a message that does not say why).
    package static let maximumDepth = 64

    /// Why a document cannot be read.
    package struct ReadError: Error, Sendable, Hashable, CustomStringConvertible {
        /// `not valid JSON: …` with the decoder's reason, or `arrays and objects nested deeper than 64`.
        package let description: String
    }

    /// Reads a document from its UTF-8 bytes.
    ///
    /// A value that cannot be read reports its own error and path, and object members are read in
    /// key order, so a document gets the same error on every reading, whatever the hashing.
    ///
    /// - Throws: ``ReadError``: the document nests deeper than ``maximumDepth``, or is not JSON.
    package static func read(_ bytes: some Collection<UInt8>) throws(ReadError) -> JSONValue {
        var depth = 0
        var (inString, escaped) = (false, false)
        for byte in bytes {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") {
                depth += 1
                guard depth <= maximumDepth else { throw ReadError(description: "arrays and objects nested deeper than \(maximumDepth)") }
            } else if byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") {
                depth -= 1
            }
        }
        do { return try JSONDecoder().decode(Decoded.self, from: Data(bytes)).value } catch {
            throw ReadError(description: "not valid JSON: \(explain(error))")
        }
    }

    /// Reads a document from its text.
    ///
    /// - Throws: as ``read(_:)-(Collection<UInt8>)``.
    package static func read(_ text: String) throws(ReadError) -> JSONValue {
        try read(Array(text.utf8))
    }

    private static func explain(_ error: any Error) -> String {
        guard let decoding = error as? DecodingError else { return "\(error)" }
        switch decoding {
        case .dataCorrupted(let context):
            return context.underlyingError.map { "\($0)" } ?? context.debugDescription
        default:
            return "\(decoding)"
        }
    }

    /// The member `key` of an object; `nil` for a missing member or a value that is no object.
    package subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { members[key] } else { nil }
    }

    /// The text of a string.
    package var string: String? { if case .string(let value) = self { value } else { nil } }
    /// The value of a boolean.
    package var bool: Bool? { if case .bool(let value) = self { value } else { nil } }
    /// The values of an array.
    package var array: [JSONValue]? { if case .array(let values) = self { values } else { nil } }
    /// The members of an object.
    package var object: [String: JSONValue]? { if case .object(let members) = self { members } else { nil } }

    /// What kind of value it is, for messages: `a string`, `an array`...
    package var kind: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// A value decoded by its own kind: an object, an array, else a single value.
private struct Decoded: Decodable {
    let value: JSONValue

    init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: Key.self) {
            var fields: [String: JSONValue] = [:]
            for key in object.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
                fields[key.stringValue] = try object.decode(Decoded.self, forKey: key).value
            }
            value = .object(fields)
        } else if var array = try? decoder.unkeyedContainer() {
            var items: [JSONValue] = []
            while !array.isAtEnd { items.append(try array.decode(Decoded.self).value) }
            value = .array(items)
        } else {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                value = .null
            } else if let flag = try? container.decode(Bool.self) {
                value = .bool(flag)
            } else {
                do { value = .number(try container.decode(Double.self)) } catch let numberError {
                    // Not a string either: a number that does not fit a Double; say so.
                    do { value = .string(try container.decode(String.self)) } catch DecodingError.typeMismatch { throw numberError }
                }
            }
        }
    }

    private struct Key: CodingKey {
        let stringValue: String
        init(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }
}
