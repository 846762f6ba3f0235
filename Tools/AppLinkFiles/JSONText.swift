/// JSON text as `routes links` writes it: keys in the order given, and each array or object on
/// one line or over several, as the file reads best (an `apple-app-site-association` file has a
/// component a line), so the files read well and never change between runs.
///
/// The one writer of JSON in the app-link files: a value is built as a tree and written once, so
/// every string goes through the one escaper (``written(indent:)``) and no text is pasted in
/// unescaped. The files are read back by conforming parsers in the tests (Python's `json`).
///
/// ```swift
/// JSONText.object([("relation", .array([.string("delegate_permission/common.handle_all_urls")], layout: .inline))]).written()
/// // {
/// //   "relation": ["delegate_permission/common.handle_all_urls"]
/// // }
/// ```
indirect enum JSONText {
    /// Whether an array or object is written on one line or over several.
    enum Layout {
        /// On one line: `["a", "b"]`, `{ "a": 1 }`.
        case inline
        /// A value a line, indented.
        case lines
    }

    case string(String)
    case bool(Bool)
    case array([JSONText], layout: Layout = .lines)
    case object([(key: String, value: JSONText)], layout: Layout = .lines)

    /// The value as JSON text, its later lines indented by `indent` (the indentation of the line
    /// it starts on); no final newline.
    func written(indent: String = "") -> String {
        let inner = indent + "  "
        switch self {
        case .string(let text):
            return Self.quoted(text)
        case .bool(let value):
            return value ? "true" : "false"
        case .array(let values, .inline):
            return "[" + values.map { $0.written(indent: indent) }.joined(separator: ", ") + "]"
        case .array(let values, .lines):
            guard !values.isEmpty else { return "[]" }
            return "[\n" + values.map { inner + $0.written(indent: inner) }.joined(separator: ",\n") + "\n" + indent + "]"
        case .object(let members, .inline):
            return "{ " + members.map { Self.quoted($0.key) + ": " + $0.value.written(indent: indent) }.joined(separator: ", ") + " }"
        case .object(let members, .lines):
            guard !members.isEmpty else { return "{}" }
            return "{\n" + members.map { inner + Self.quoted($0.key) + ": " + $0.value.written(indent: inner) }.joined(separator: ",\n") + "\n" + indent + "}"
        }
    }

    /// A string literal: `"`, `\` and control characters escaped (RFC 8259, section 7), `/` and
    /// every other character left as it is.
    private static func quoted(_ text: String) -> String {
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
}
