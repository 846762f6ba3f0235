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
        let parsed = try PatternParser.parse(text)
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

    /// The pattern with parameter names erased: `user/:id` and `user/:name` have the same shape.
    ///
    /// Two patterns with the same shape match exactly the same keys: registering both is a duplicate.
    public var shape: Shape {
        Shape(pattern: self)
    }
}

extension RoutePattern {
    /// A pattern with its parameter names erased, for finding patterns that match the same keys.
    ///
    /// Literals compare byte for byte, as the matcher compares them (`é` precomposed and
    /// decomposed are different shapes). Its description reads like `user/=me/:/<int>(/:)`.
    public struct Shape: Hashable, Sendable, CustomStringConvertible {
        let segments: [Segment]
        let optionalGroups: [[Segment]]
        /// A digest of the shape, computed once: a dictionary of shapes hashes and rehashes a
        /// shape several times, and feeding it segment by segment to `Hasher` costs more than
        /// the rest of a registration.
        private let digest: UInt64

        init(pattern: RoutePattern) {
            segments = pattern.segments
            optionalGroups = pattern.optionalGroups
            var digest = Digest()
            digest.add(segments.count)
            for segment in segments { segment.addShape(to: &digest) }
            for group in optionalGroups {
                digest.add(group.count)
                for segment in group { segment.addShape(to: &digest) }
            }
            self.digest = digest.value
        }

        public static func == (lhs: Shape, rhs: Shape) -> Bool {
            lhs.digest == rhs.digest
                && sameShape(lhs.segments, rhs.segments)
                && lhs.optionalGroups.count == rhs.optionalGroups.count
                && zip(lhs.optionalGroups, rhs.optionalGroups).allSatisfy(sameShape)
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(digest)
        }

        public var description: String {
            var result = segments.map(\.shapeText).joined(separator: "/")
            for group in optionalGroups {
                result += "(" + group.map { "/" + $0.shapeText }.joined() + ")"
            }
            return result
        }

        private static func sameShape(_ lhs: [Segment], _ rhs: [Segment]) -> Bool {
            lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { $0.hasShape(of: $1) }
        }

        /// FNV-1a, enough to spread shapes over a dictionary (which seeds its own hashing on top).
        struct Digest {
            private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

            mutating func add(_ byte: UInt8) {
                value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            }

            mutating func add(_ number: Int) {
                add(UInt8(truncatingIfNeeded: number))
                add(UInt8(truncatingIfNeeded: number >> 8))
            }
        }
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

        /// Whether the two segments match the same URL segments (names aside).
        func hasShape(of other: Segment) -> Bool {
            switch (self, other) {
            case (.literal(let lhs), .literal(let rhs)): lhs.utf8.elementsEqual(rhs.utf8)
            case (.parameter, .parameter), (.path, .path), (.wildcard, .wildcard), (.catchAll, .catchAll): true
            case (.typed(let lhs, _), .typed(let rhs, _)): lhs == rhs
            default: false
            }
        }

        func addShape(to digest: inout Shape.Digest) {
            switch self {
            case .literal(let text):
                digest.add(0)
                for byte in text.utf8 { digest.add(byte) }
                digest.add(text.utf8.count)
            case .parameter: digest.add(1)
            case .typed(.int, _): digest.add(2)
            case .typed(.uuid, _): digest.add(3)
            case .typed(.bool, _): digest.add(4)
            case .typed(.double, _): digest.add(5)
            case .path: digest.add(6)
            case .wildcard: digest.add(7)
            case .catchAll: digest.add(8)
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
