#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A JSON value, read from a deployed link file.
enum JSONValue: Decodable, Sendable, Hashable {
    case object([String: JSONValue])
    case array([JSONValue])
    case string(String)
    case bool(Bool)
    case number(Double)
    case null

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// The most arrays and objects nested in one another: an `apple-app-site-association` file
    /// nests six. (Foundation's decoder stops at 512 too, with a message that does not say why.)
    static let maximumDepth = 64

    /// Parses a document.
    /// - Throws: the decoder's error, as text, or that the document nests deeper than ``maximumDepth``.
    static func parse(_ text: String) throws(JSONTextError) -> JSONValue {
        var depth = 0
        var (inString, escaped) = (false, false)
        for byte in text.utf8 {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") {
                depth += 1
                guard depth <= maximumDepth else { throw JSONTextError(message: "arrays and objects nested deeper than \(maximumDepth)") }
            } else if byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") {
                depth -= 1
            }
        }
        do { return try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)) } catch {
            throw JSONTextError(message: "not valid JSON (\(error))")
        }
    }

    subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { members[key] } else { nil }
    }

    var string: String? { if case .string(let value) = self { value } else { nil } }
    var bool: Bool? { if case .bool(let value) = self { value } else { nil } }
    var array: [JSONValue]? { if case .array(let values) = self { values } else { nil } }
    var object: [String: JSONValue]? { if case .object(let members) = self { members } else { nil } }
}

/// Why a deployed file's JSON cannot be read.
struct JSONTextError: Error {
    let message: String
}

/// JSON written by hand, so that the generated files read well and never change between runs: keys
/// in the order given, short objects on one line.
enum JSONText {
    /// A string literal: `"`, `\` and control characters escaped, `/` left as it is.
    static func string(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// An object on one line: `{ "a": 1, "b": "x" }`, its values already JSON.
    static func inlineObject(_ members: [(String, String)]) -> String {
        "{ " + members.map { string($0.0) + ": " + $0.1 }.joined(separator: ", ") + " }"
    }

    /// An array on one line: `["a", "b"]`, its values already JSON.
    static func inlineArray(_ values: [String]) -> String {
        "[" + values.joined(separator: ", ") + "]"
    }

    /// An object over several lines, indented by `indent`, its values already JSON (they may span
    /// lines themselves, indented for their place).
    static func object(_ members: [(String, String)], indent: String) -> String {
        guard !members.isEmpty else { return "{}" }
        let inner = indent + "  "
        return "{\n" + members.map { inner + string($0.0) + ": " + $0.1 }.joined(separator: ",\n") + "\n" + indent + "}"
    }

    /// An array over several lines, one value a line.
    static func array(_ values: [String], indent: String) -> String {
        guard !values.isEmpty else { return "[]" }
        let inner = indent + "  "
        return "[\n" + values.map { inner + $0 }.joined(separator: ",\n") + "\n" + indent + "]"
    }
}
