internal import ByteParsing
/// Parses pattern text into segments; the single implementation used by the core and the macros.
struct PatternParser {
    private let text: String
    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0
    /// Where the parameter names so far are in `bytes`, inline: a pattern holds at most 16. Ranges
    /// rather than strings, so that a parser holds nothing to release.
    private var names = InlineArray<16, Range<Int>>(repeating: 0..<0)
    private var nameCount = 0
    /// The decoded bytes of the literals written with percent escapes, in order.
    private var decodedLiterals: [UInt8] = []

    /// Parses `text`, whose UTF-8 bytes are `bytes` (borrowed for the parser's lifetime).
    init(_ text: String, bytes: UnsafeBufferPointer<UInt8>) {
        self.text = text
        self.bytes = bytes
    }

    /// What parsing yields: the segments in compact form, the bytes they point into when that is
    /// not the text itself, and the shape's digest.
    struct Parsed {
        var parts: [RoutePattern.Part]
        var partText: String?
        var shapeDigest: UInt64
    }

    /// Parses a pattern's text.
    static func parse(_ text: String) throws(PatternError) -> Parsed {
        var copy = text
        return try copy.withUTF8 { bytes in
            Result { () throws(PatternError) in
                var parser = PatternParser(text, bytes: bytes)
                return try parser.parse()
            }
        }.get()
    }

    mutating func parse() throws(PatternError) -> Parsed {
        if bytes.first == ASCII.slash { position = 1 }
        var parts: [RoutePattern.Part] = []
        parts.reserveCapacity(bytes.count { $0 == ASCII.slash } + 1)
        /// The number of the last optional group opened: parts outside groups have group 0.
        var group = 0
        var captureCount = 0
        var lastRestColumn: Int?
        var digest = RoutePattern.Shape.Digest()

        func add(_ part: RoutePattern.Part, column: Int) throws(PatternError) {
            if let restColumn = lastRestColumn { throw PatternError(.catchAllNotLast, pattern: text, column: restColumn) }
            switch part.kind {
            case .catchAll, .path:
                if part.group > 0 { throw PatternError(.catchAllInOptionalGroup, pattern: text, column: column) }
                lastRestColumn = column
            default:
                break
            }
            if parts.count == RoutePattern.maximumSegmentCount {
                throw PatternError(.tooManySegments, pattern: text, column: column)
            }
            if part.capturesParameter {
                captureCount += 1
                if captureCount > RoutePattern.maximumParameterCount {
                    throw PatternError(.tooManyParameters, pattern: text, column: column)
                }
            }
            parts.append(part)
            digest.add(Int(part.group))
            digest.add(part.kind.rawValue)
            if case .literal = part.kind {
                let literal = part.range
                if literal.upperBound <= bytes.count {
                    for byte in bytes[literal] { digest.add(byte) }
                } else {
                    let decoded = literal.lowerBound - bytes.count..<literal.upperBound - bytes.count
                    for byte in decodedLiterals[decoded] { digest.add(byte) }
                }
                digest.add(literal.count)
            }
        }

        // Segments and optional groups in any order, separated by `/`: `a(/b)/:c(/d)`. A group
        // starts with `(/` and ends with `)`; after it come the end, another group or `/`.
        var expectsSegment = false
        while position < bytes.count {
            if bytes[position] == ASCII.openParen && !expectsSegment {
                let groupColumn = position + 1
                position += 1
                guard position < bytes.count, bytes[position] == ASCII.slash else {
                    throw PatternError(.malformedOptionalGroup, pattern: text, column: position + 1)
                }
                group += 1
                if group > RoutePattern.maximumOptionalGroupCount {
                    throw PatternError(.tooManyOptionalGroups, pattern: text, column: groupColumn)
                }
                while position < bytes.count, bytes[position] == ASCII.slash {
                    position += 1
                    let column = position + 1
                    try add(try parseSegment(group: group), column: column)
                }
                guard position < bytes.count, bytes[position] == ASCII.closeParen else {
                    throw PatternError(.malformedOptionalGroup, pattern: text, column: position < bytes.count ? position + 1 : groupColumn)
                }
                position += 1
                guard position < bytes.count else { break }
                switch bytes[position] {
                case ASCII.openParen: continue
                case ASCII.slash:
                    position += 1
                    expectsSegment = true
                default:
                    throw PatternError(.segmentAfterOptionalGroup, pattern: text, column: position + 1)
                }
            } else {
                let column = position + 1
                try add(try parseSegment(group: 0), column: column)
                expectsSegment = false
                guard position < bytes.count else { break }
                switch bytes[position] {
                case ASCII.slash:
                    position += 1
                    expectsSegment = true
                case ASCII.openParen: continue
                default:
                    throw PatternError(.malformedOptionalGroup, pattern: text, column: position + 1)
                }
            }
        }
        // A trailing `/`.
        if expectsSegment { throw PatternError(.emptySegment, pattern: text, column: position + 1) }
        let partText = decodedLiterals.isEmpty ? nil : text + String(decoding: decodedLiterals, as: UTF8.self)
        return Parsed(parts: parts, partText: partText, shapeDigest: digest.value)
    }

    /// Parses one segment starting at `position`, leaving `position` at the `/`, `(`, `)` or end after it.
    private mutating func parseSegment(group: Int) throws(PatternError) -> RoutePattern.Part {
        let start = position
        var end = start
        // One pass finds the segment's end and what a literal must be checked for.
        var star: Int?
        var angle: Int?
        var escaped = false
        var control = false
        scan: while end < bytes.count {
            let byte = bytes[end]
            // Most bytes are ordinary text: one test, no jump table.
            if !Self.mayBeSyntax(byte) {
                end += 1
                continue
            }
            switch byte {
            case ASCII.slash, ASCII.openParen, ASCII.closeParen: break scan
            case ASCII.star: star = star ?? end
            case ASCII.lessThan, ASCII.greaterThan: angle = angle ?? end
            case ASCII.percent: escaped = true
            case _ where ASCII.isControl(byte): control = true
            default: break
            }
            end += 1
        }
        position = end
        guard start < end else { throw PatternError(.emptySegment, pattern: text, column: start + 1) }

        switch bytes[start] {
        case ASCII.colon:
            return RoutePattern.Part(.parameter, group: group, range: try parameterName(start + 1, end))
        case ASCII.lessThan:
            return try placeholder(start, end, group: group)
        default:
            break
        }
        if let star {
            switch end - start {
            case 1: return RoutePattern.Part(.wildcard, group: group)
            case 2 where bytes[start] == ASCII.star && bytes[start + 1] == ASCII.star: return RoutePattern.Part(.catchAll, group: group)
            default: throw PatternError(.wildcardNotWholeSegment, pattern: text, column: star + 1)
            }
        }
        if let angle {
            throw PatternError(.malformedPlaceholder, pattern: text, column: angle + 1)
        }
        // Most literals have no escape: their text is the pattern's own (valid UTF-8) bytes.
        if !escaped && !control {
            return RoutePattern.Part(.literal, group: group, range: start..<end)
        }
        let decoded = escaped ? PercentEncoding.decodeValidated(UnsafeBufferPointer(rebasing: bytes[start..<end]), plusAsSpace: false) : nil
        guard let decoded else { throw PatternError(.invalidLiteral, pattern: text, column: start + 1) }
        let decodedStart = bytes.count + decodedLiterals.count
        decodedLiterals += decoded.utf8
        return RoutePattern.Part(.literal, group: group, range: decodedStart..<(bytes.count + decodedLiterals.count))
    }

    private mutating func placeholder(_ start: Int, _ end: Int, group: Int) throws(PatternError) -> RoutePattern.Part {
        guard bytes[end - 1] == ASCII.greaterThan, end - start >= 2 else {
            throw PatternError(.malformedPlaceholder, pattern: text, column: end)
        }
        guard let colon = bytes[(start + 1)..<(end - 1)].firstIndex(of: ASCII.colon) else {
            throw PatternError(.malformedPlaceholder, pattern: text, column: start + 1)
        }
        let typeName = UnsafeBufferPointer(rebasing: bytes[(start + 1)..<colon])
        guard let kind = Self.placeholderKind(named: typeName) else {
            let typeName = String(decoding: typeName, as: UTF8.self)
            throw PatternError(.unknownPlaceholderType(typeName), pattern: text, column: start + 2)
        }
        return RoutePattern.Part(kind, group: group, range: try parameterName(colon + 1, end - 1))
    }

    /// Whether `byte` may end a segment or need a look: `/ ( ) * < > %` and controls.
    @inline(__always)
    private static func mayBeSyntax(_ byte: UInt8) -> Bool {
        let syntaxBelow64: UInt64 = 0xFFFF_FFFF | 1 << 0x25 | 1 << 0x28 | 1 << 0x29 | 1 << 0x2A | 1 << 0x2F | 1 << 0x3C | 1 << 0x3E
        return byte < 64 ? syntaxBelow64 >> UInt64(byte) & 1 != 0 : byte == 0x7F
    }

    /// The placeholder kind that a type name such as `int` spells, if any.
    private static func placeholderKind(named name: UnsafeBufferPointer<UInt8>) -> RoutePattern.Part.Kind? {
        let kind: RoutePattern.Part.Kind
        let spelling: StaticString
        switch name.first {
        case UInt8(ascii: "i"): (kind, spelling) = (.int, "int")
        case UInt8(ascii: "p"): (kind, spelling) = (.path, "path")
        case UInt8(ascii: "u"): (kind, spelling) = (.uuid, "uuid")
        case UInt8(ascii: "b"): (kind, spelling) = (.bool, "bool")
        case UInt8(ascii: "d"): (kind, spelling) = (.double, "double")
        default: return nil
        }
        guard name.count == spelling.utf8CodeUnitCount else { return nil }
        for index in name.indices where name[index] != spelling.utf8Start[index] { return nil }
        return kind
    }

    /// Checks the parameter name at `start..<end` and returns its range.
    private mutating func parameterName(_ start: Int, _ end: Int) throws(PatternError) -> Range<Int> {
        guard start < end else { throw PatternError(.invalidParameterName, pattern: text, column: start + 1) }
        for index in start..<end {
            let byte = bytes[index]
            let valid = ASCII.isLetter(byte) || byte == ASCII.underscore || (index > start && ASCII.isDigit(byte))
            if !valid { throw PatternError(.invalidParameterName, pattern: text, column: index + 1) }
        }
        let name = bytes[start..<end]
        for index in 0..<nameCount where bytes[names[index]].elementsEqual(name) {
            throw PatternError(.duplicateParameterName(String(decoding: name, as: UTF8.self)), pattern: text, column: start + 1)
        }
        // A 17th name is refused as one too many right after this returns.
        if nameCount < names.count {
            names[nameCount] = start..<end
            nameCount += 1
        }
        return start..<end
    }
}
