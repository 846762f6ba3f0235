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
/// | `(/seg/...)`   | an optional group, anywhere, taken whole or not at all     | —        |
///
/// Each optional group is taken or left out independently of the others, so a pattern with `n`
/// groups has `2^n` forms: `path/:thing(/new)(/more/:another)` matches
/// `path/1`, `path/1/new`, `path/1/more/2` and `path/1/new/more/2`. The empty pattern `""` is the
/// root route.
///
/// ```swift
/// let pattern = try RoutePattern("user/<int:id>(/:tab)")
/// pattern.parameterNames   // ["id", "tab"]
/// ```
public struct RoutePattern: Sendable, Hashable, CustomStringConvertible {
    /// The pattern as it was written.
    public let text: String
    /// Every segment, the required ones first, then each optional group's in order. Compact and
    /// free of strings, so that registering thousands of routes builds no string and counts no
    /// reference per segment; ``segments`` and ``optionalGroups`` spell them out on demand.
    package let parts: [Part]
    /// `text` followed by the decoded literals that were written with percent escapes, when
    /// there are any: the bytes that `parts` point into. `nil` when they point into `text`.
    @usableFromInline let partText: String?
    /// A digest of ``shape``, computed while parsing.
    package let shapeDigest: UInt64

    /// Parses a pattern.
    ///
    /// - Parameter text: The pattern; a leading `/` is ignored.
    /// - Throws: ``PatternError`` naming the problem and its column.
    public init(_ text: String) throws(PatternError) {
        let parsed = try PatternParser.parse(text)
        self.text = text
        self.parts = parsed.parts
        self.partText = parsed.partText
        self.shapeDigest = parsed.shapeDigest
    }

    /// The most captures one pattern may hold; the matcher keeps captures inline, without allocating.
    package static let maximumParameterCount = 16

    /// The most segments one expanded pattern may hold.
    package static let maximumSegmentCount = 64

    /// The most optional groups one pattern may hold: each doubles the pattern's forms, and the
    /// routing table holds every form (8 groups: 256 forms).
    package static let maximumOptionalGroupCount = 8

    /// The pattern's text, as written.
    public var description: String { text }

    /// Two patterns are equal when they are written the same way.
    public static func == (lhs: RoutePattern, rhs: RoutePattern) -> Bool {
        lhs.text == rhs.text
    }

    /// Hashes the pattern's text, as ``==(_:_:)`` compares it.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(text)
    }

    /// The segments every match must have, in order (those outside optional groups).
    public var segments: [Segment] {
        withPartBytes { bytes in parts.filter { $0.group == 0 }.map { $0.segment(in: bytes) } }
    }

    /// The optional groups, in order; a match takes any of them, each group whole.
    public var optionalGroups: [[Segment]] {
        withPartBytes { bytes in
            var groups: [[Segment]] = []
            for part in parts where part.group > 0 {
                if groups.count < Int(part.group) { groups.append([]) }
                groups[groups.count - 1].append(part.segment(in: bytes))
            }
            return groups
        }
    }

    /// How many optional groups the pattern has.
    package var optionalGroupCount: Int {
        // Groups are numbered in the order written.
        Int(parts.last { $0.group > 0 }?.group ?? 0)
    }

    /// The names of all captured parameters, in pattern order, optional groups included.
    public var parameterNames: [String] {
        withPartBytes { bytes in
            parts.filter(\.capturesParameter).map { $0.text(in: bytes) }
        }
    }

    /// One element of a pattern as written: a segment outside any group, or an optional group.
    public enum Element: Sendable, Hashable {
        /// A segment every match has.
        case segment(Segment)
        /// An optional group's segments, taken whole or not at all.
        case optionalGroup([Segment])
    }

    /// The pattern's segments and optional groups in the order written: `a(/b)/:c` gives
    /// `.segment(a)`, `.optionalGroup([b])`, `.segment(:c)`.
    public var elements: [Element] {
        withPartBytes { bytes in
            var result: [Element] = []
            var openGroup: UInt8 = 0
            var groupSegments: [Segment] = []
            for part in parts {
                if part.group != openGroup, openGroup != 0 {
                    result.append(.optionalGroup(groupSegments))
                    groupSegments = []
                }
                openGroup = part.group
                if part.group == 0 {
                    result.append(.segment(part.segment(in: bytes)))
                } else {
                    groupSegments.append(part.segment(in: bytes))
                }
            }
            if openGroup != 0 { result.append(.optionalGroup(groupSegments)) }
            return result
        }
    }

    /// Every concrete form the pattern matches, in precedence order: a form that takes an earlier
    /// optional group comes before one that leaves it out, group by group from the first, so
    /// `a(/:b)(/c)` gives `a/:b/c`, `a/:b`, `a/c`, `a`.
    package var variants: [[Segment]] {
        let all = withPartBytes { bytes in parts.map { ($0.group, $0.segment(in: bytes)) } }
        return Self.formMasks(groupCount: optionalGroupCount).map { mask in
            all.filter { Self.form(mask, takes: $0.0) }.map(\.1)
        }
    }

    /// The forms of a pattern with `groupCount` optional groups, each as the set of groups it
    /// takes (bit `k - 1` for group `k`), in precedence order: a form that takes an earlier group
    /// comes before one that leaves it out, group by group from the first. The first form takes
    /// every group, the last none; `(/:a)(/:b)` gives {a, b}, {a}, {b}, {}. Where two forms of one
    /// pattern match the same key (`list(/:a)(/:b)` and `list/7`), the earlier form wins (`a`).
    package static func formMasks(groupCount: Int) -> [UInt32] {
        // Counting down with group 1 as the most significant bit, then reversing the bits.
        let count = UInt32(1) << UInt32(groupCount)
        return (0..<count).reversed().map { ordered in
            var mask: UInt32 = 0
            for group in 0..<groupCount where ordered & (1 << UInt32(groupCount - 1 - group)) != 0 {
                mask |= 1 << UInt32(group)
            }
            return mask
        }
    }

    /// Whether the form `mask` takes a part of group `group` (0: outside any group).
    @inline(__always)
    package static func form(_ mask: UInt32, takes group: UInt8) -> Bool {
        group == 0 || mask & (1 << UInt32(group - 1)) != 0
    }

    /// The pattern with parameter names erased: `user/:id` and `user/:name` have the same shape.
    ///
    /// Two patterns with the same shape match exactly the same keys: registering both is a duplicate.
    package var shape: Shape {
        Shape(pattern: self)
    }

    /// Calls `body` with the UTF-8 bytes that ``parts`` point into.
    @inlinable package func withPartBytes<Value>(_ body: (UnsafeBufferPointer<UInt8>) -> Value) -> Value {
        let text = partText ?? text
        return text.utf8.withContiguousStorageIfAvailable(body) ?? Array(text.utf8).withUnsafeBufferPointer(body)
    }

    /// Whether the two patterns have the same shape: the same parts, names aside.
    package func hasSameShape(as other: RoutePattern) -> Bool {
        guard parts.count == other.parts.count else { return false }
        return withPartBytes { bytes in
            other.withPartBytes { otherBytes in
                zip(parts, other.parts).allSatisfy { part, otherPart in
                    part.kind == otherPart.kind && part.group == otherPart.group
                        && (part.kind != .literal || bytes[part.range].elementsEqual(otherBytes[otherPart.range]))
                }
            }
        }
    }
}

extension RoutePattern {
    /// One segment in compact form: what it is, which group it belongs to, and where its literal
    /// text (decoded) or parameter name is in the pattern's bytes.
    package struct Part: Sendable, BitwiseCopyable {
        /// What a segment is; typed placeholders by their type.
        package enum Kind: UInt8, Sendable, BitwiseCopyable {
            case literal, parameter, int, uuid, bool, double, path, wildcard, catchAll
        }

        /// What the segment is.
        package let kind: Kind
        /// 0 for a required segment, `k` for one in the `k`-th optional group.
        package let group: UInt8
        /// Where the literal text or parameter name starts and ends (``range``); the start is
        /// not after the end once the part is checked (a pattern's parts always are).
        @usableFromInline let start: UInt32
        @usableFromInline let end: UInt32

        init(_ kind: Kind, group: Int, range: Range<Int> = 0..<0) {
            self.kind = kind
            self.group = UInt8(group)
            self.start = UInt32(range.lowerBound)
            self.end = UInt32(range.upperBound)
        }

        @inlinable
        init(kind: Kind, group: UInt8, start: UInt32, end: UInt32) {
            self.kind = kind
            self.group = group
            self.start = start
            self.end = end
        }

        /// Where the literal text or the parameter name is in the pattern's bytes.
        package var range: Range<Int> { Int(start)..<Int(end) }

        /// Whether the segment captures a parameter.
        package var capturesParameter: Bool {
            switch kind {
            case .parameter, .int, .uuid, .bool, .double, .path: true
            case .literal, .wildcard, .catchAll: false
            }
        }

        /// The placeholder type of a typed segment.
        package var placeholderType: PlaceholderType? {
            switch kind {
            case .int: .int
            case .uuid: .uuid
            case .bool: .bool
            case .double: .double
            case .literal, .parameter, .path, .wildcard, .catchAll: nil
            }
        }

        /// The literal text or the parameter name, from the pattern's bytes.
        package func text(in bytes: UnsafeBufferPointer<UInt8>) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        }

        func segment(in bytes: UnsafeBufferPointer<UInt8>) -> Segment {
            let text = text(in: bytes)
            return switch kind {
            case .literal: .literal(text)
            case .parameter: .parameter(text)
            case .int, .uuid, .bool, .double: .typed(placeholderType!, text)
            case .path: .path(text)
            case .wildcard: .wildcard
            case .catchAll: .catchAll
            }
        }
    }

    /// A pattern with its parameter names erased, for finding patterns that match the same keys.
    ///
    /// Literals compare byte for byte, as the matcher compares them (`é` precomposed and
    /// decomposed are different shapes). Its description reads like `user/=me/:/<int>(/:)`.
    package struct Shape: Hashable, Sendable, CustomStringConvertible {
        let pattern: RoutePattern

        package static func == (lhs: Shape, rhs: Shape) -> Bool {
            lhs.pattern.shapeDigest == rhs.pattern.shapeDigest && lhs.pattern.hasSameShape(as: rhs.pattern)
        }

        package func hash(into hasher: inout Hasher) {
            hasher.combine(pattern.shapeDigest)
        }

        package var description: String {
            var result = ""
            for element in pattern.elements {
                switch element {
                case .segment(let segment): result += (result.isEmpty ? "" : "/") + segment.shapeText
                case .optionalGroup(let group): result += "(" + group.map { "/" + $0.shapeText }.joined() + ")"
                }
            }
            return result
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

        /// The segment as a pattern writes it: `user`, `:id`, `<int:id>`, `*`, `**`.
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
