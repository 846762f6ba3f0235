internal import ByteParsing
/// A parsed route pattern such as `user/:id`, `files/<path:rest>` or `list(/:page)`.
///
/// Patterns are written as `host/path` or `path`, segments separated by `/`:
///
/// | segment        | matches                                                    | captured |
/// |----------------|------------------------------------------------------------|----------|
/// | `user`         | exactly that text (after percent-decoding the URL)         | no       |
/// | `:name`        | any one segment                                            | yes      |
/// | `<int:name>`   | one segment that parses as that type (`int`, `double`, `bool`, `uuid`) | yes |
/// | `<path:name>`  | one or more trailing segments, joined by `/`               | yes      |
/// | `*`            | any one segment                                            | no       |
/// | `**`           | zero or more trailing segments                             | no       |
/// | `(/seg/...)`   | an optional trailing group, all or nothing, in order       | —        |
///
/// The empty pattern `""` is the root route.
///
/// ```swift
/// let pattern = try RoutePattern("user/<int:id>(/:tab)")
/// pattern.parameterNames   // ["id", "tab"]
/// ```
public struct RoutePattern: Sendable, Hashable, CustomStringConvertible {
    /// The pattern as it was written.
    public let text: String
    /// The segments every match must have.
    public let segments: [Segment]
    /// The optional trailing groups, in order; a match takes a prefix of them, each group whole.
    public let optionalGroups: [[Segment]]

    /// Parses a pattern.
    ///
    /// - Parameter text: The pattern; a leading `/` is ignored.
    /// - Throws: ``PatternError`` naming the problem and its column.
    public init(_ text: String) throws(PatternError) {
        var parser = PatternParser(text)
        let parsed = try parser.parse()
        self.text = text
        self.segments = parsed.segments
        self.optionalGroups = parsed.groups
    }

    /// The most captures one pattern may hold; the matcher keeps captures inline, without allocating.
    public static let maximumParameterCount = 16

    /// The most segments one expanded pattern may hold.
    public static let maximumSegmentCount = 64

    public var description: String { text }

    /// The names of all captured parameters, in pattern order, optional groups included.
    public var parameterNames: [String] {
        (segments + optionalGroups.joined()).compactMap(\.parameterName)
    }

    /// Every concrete form the pattern matches: the required segments, then each prefix of the
    /// optional groups (`a(/:b)(/c)` gives `a`, `a/:b`, `a/:b/c`).
    public var variants: [[Segment]] {
        var result = [segments]
        var current = segments
        for group in optionalGroups {
            current += group
            result.append(current)
        }
        return result
    }

    /// The pattern with parameter names erased, e.g. `user/:/<int>(/:)`.
    ///
    /// Two patterns with the same shape match exactly the same keys: registering both is a duplicate.
    public var shape: String {
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for (index, segment) in segments.enumerated() {
            if index > 0 { result += "/" }
            result += segment.shapeText
        }
        for group in optionalGroups {
            result += "("
            for segment in group { result += "/" + segment.shapeText }
            result += ")"
        }
        return result
    }
}

extension RoutePattern {
    /// One segment of a route pattern.
    public enum Segment: Sendable, Hashable, CustomStringConvertible {
        /// Literal text, compared with the percent-decoded URL segment.
        case literal(String)
        /// `:name`: any one segment, captured.
        case parameter(String)
        /// `<type:name>`: one segment that must parse as `type`, captured.
        case typed(PlaceholderType, String)
        /// `<path:name>`: one or more trailing segments joined by `/`, captured.
        case path(String)
        /// `*`: any one segment, not captured.
        case wildcard
        /// `**`: zero or more trailing segments, not captured.
        case catchAll

        /// The captured parameter's name, if the segment captures one.
        public var parameterName: String? {
            switch self {
            case .parameter(let name), .typed(_, let name), .path(let name): name
            case .literal, .wildcard, .catchAll: nil
            }
        }

        public var description: String {
            switch self {
            case .literal(let text): text
            case .parameter(let name): ":" + name
            case .typed(let type, let name): "<\(type.rawValue):\(name)>"
            case .path(let name): "<path:\(name)>"
            case .wildcard: "*"
            case .catchAll: "**"
            }
        }

        var shapeText: String {
            switch self {
            case .literal(let text): "=" + Self.shapeEscaped(text)
            case .parameter: ":"
            case .typed(let type, _): "<\(type.rawValue)>"
            case .path: "<path>"
            case .wildcard: "*"
            case .catchAll: "**"
            }
        }

        /// A literal's text for ``RoutePattern/shape``: `%`, `/`, `(`, `)` and non-ASCII bytes
        /// percent-encoded, so a literal can never read as pattern syntax (`a%2F%3A` is not
        /// `a/:x`) and literals compare byte for byte, as the matcher compares them.
        private static func shapeEscaped(_ text: String) -> String {
            let needsEscape: (UInt8) -> Bool = { byte in
                byte >= 0x80 || byte == ASCII.percent || byte == ASCII.slash || byte == ASCII.openParen || byte == ASCII.closeParen
            }
            guard text.utf8.contains(where: needsEscape) else { return text }
            let hex = Array("0123456789ABCDEF".utf8)
            var bytes: [UInt8] = []
            for byte in text.utf8 {
                if needsEscape(byte) {
                    bytes += [ASCII.percent, hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
                } else {
                    bytes.append(byte)
                }
            }
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    /// The type a typed placeholder such as `<int:id>` requires of its segment.
    public enum PlaceholderType: String, Sendable, Hashable, CaseIterable {
        /// A decimal integer that fits `Int`, with an optional sign: `42`, `-7`.
        case int
        /// A UUID in its 8-4-4-4-12 hexadecimal form.
        case uuid
        /// `true`, `false`, `yes`, `no`, `1` or `0`, in any letter case.
        case bool
        /// A decimal floating-point number: `3`, `-0.5`, `1e9`.
        case double

        /// Whether `text` is a valid value of this type.
        public func accepts(_ text: some StringProtocol) -> Bool {
            var copy = String(text)
            return copy.withUTF8 { accepts(bytes: $0) }
        }

        /// Whether the UTF-8 bytes are a valid value of this type.
        package func accepts(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            switch self {
            case .int: ScalarSyntax.parseInt(bytes) != nil
            case .uuid: ScalarSyntax.isUUID(bytes)
            case .bool: ScalarSyntax.parseBool(bytes) != nil
            case .double: ScalarSyntax.isDouble(bytes)
            }
        }
    }
}
