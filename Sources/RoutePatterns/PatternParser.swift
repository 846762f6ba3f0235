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

    /// Parses `text`, whose UTF-8 bytes are `bytes` (borrowed for the parser's lifetime).
    init(_ text: String, bytes: UnsafeBufferPointer<UInt8>) {
        self.text = text
        self.bytes = bytes
    }

    /// Parses a pattern's text.
    static func parse(_ text: String) throws(PatternError) -> (segments: [RoutePattern.Segment], groups: [[RoutePattern.Segment]]) {
        var copy = text
        return try copy.withUTF8 { bytes in
            Result { () throws(PatternError) in
                var parser = PatternParser(text, bytes: bytes)
                return try parser.parse()
            }
        }.get()
    }

    mutating func parse() throws(PatternError) -> (segments: [RoutePattern.Segment], groups: [[RoutePattern.Segment]]) {
        if bytes.first == ASCII.slash { position = 1 }
        var segments: [RoutePattern.Segment] = []
        segments.reserveCapacity(bytes.count { $0 == ASCII.slash } + 1)
        var groups: [[RoutePattern.Segment]] = []
        var segmentCount = 0
        var captureCount = 0
        var lastRestColumn: Int?

        func account(_ segment: RoutePattern.Segment, column: Int, inGroup: Bool) throws(PatternError) {
            if let restColumn = lastRestColumn { throw PatternError(.catchAllNotLast, pattern: text, column: restColumn) }
            switch segment {
            case .catchAll, .path:
                if inGroup { throw PatternError(.catchAllInOptionalGroup, pattern: text, column: column) }
                lastRestColumn = column
            default: break
            }
            segmentCount += 1
            if segmentCount > RoutePattern.maximumSegmentCount {
                throw PatternError(.tooManySegments, pattern: text, column: column)
            }
            if segment.parameterName != nil {
                captureCount += 1
                if captureCount > RoutePattern.maximumParameterCount {
                    throw PatternError(.tooManyParameters, pattern: text, column: column)
                }
            }
        }

        // Required segments.
        if position < bytes.count && bytes[position] != ASCII.openParen {
            while true {
                let column = position + 1
                let segment = try parseSegment()
                try account(segment, column: column, inGroup: false)
                segments.append(segment)
                guard position < bytes.count, bytes[position] == ASCII.slash else { break }
                position += 1
            }
        }
        // Optional groups.
        while position < bytes.count {
            let groupColumn = position + 1
            guard bytes[position] == ASCII.openParen else {
                let reason: PatternError.Reason = groups.isEmpty ? .malformedOptionalGroup : .segmentAfterOptionalGroup
                throw PatternError(reason, pattern: text, column: groupColumn)
            }
            position += 1
            guard position < bytes.count, bytes[position] == ASCII.slash else {
                throw PatternError(.malformedOptionalGroup, pattern: text, column: position + 1)
            }
            var group: [RoutePattern.Segment] = []
            while position < bytes.count, bytes[position] == ASCII.slash {
                position += 1
                let column = position + 1
                let segment = try parseSegment()
                try account(segment, column: column, inGroup: true)
                group.append(segment)
            }
            guard position < bytes.count, bytes[position] == ASCII.closeParen else {
                throw PatternError(.malformedOptionalGroup, pattern: text, column: position < bytes.count ? position + 1 : groupColumn)
            }
            position += 1
            groups.append(group)
        }
        return (segments, groups)
    }

    /// Parses one segment starting at `position`, leaving `position` at the `/`, `(`, `)` or end after it.
    private mutating func parseSegment() throws(PatternError) -> RoutePattern.Segment {
        let start = position
        var end = start
        // One pass finds the segment's end and what a literal must be checked for.
        var star: Int?
        var angle: Int?
        var escaped = false
        var control = false
        scan: while end < bytes.count {
            switch bytes[end] {
            case ASCII.slash, ASCII.openParen, ASCII.closeParen: break scan
            case ASCII.star: star = star ?? end
            case ASCII.lessThan, ASCII.greaterThan: angle = angle ?? end
            case ASCII.percent: escaped = true
            case let byte where ASCII.isControl(byte): control = true
            default: break
            }
            end += 1
        }
        position = end
        guard start < end else { throw PatternError(.emptySegment, pattern: text, column: start + 1) }

        switch bytes[start] {
        case ASCII.colon:
            return .parameter(try parameterName(start + 1, end))
        case ASCII.lessThan:
            return try placeholder(start, end)
        default:
            break
        }
        if let star {
            switch end - start {
            case 1: return .wildcard
            case 2 where bytes[start] == ASCII.star && bytes[start + 1] == ASCII.star: return .catchAll
            default: throw PatternError(.wildcardNotWholeSegment, pattern: text, column: star + 1)
            }
        }
        if let angle {
            throw PatternError(.malformedPlaceholder, pattern: text, column: angle + 1)
        }
        let literal = UnsafeBufferPointer(rebasing: bytes[start..<end])
        // Most literals have no escape: take their text as it is (the pattern is valid UTF-8).
        let decoded = if !escaped {
            control ? nil : String(decoding: literal, as: UTF8.self)
        } else {
            PercentEncoding.decodeValidated(literal, plusAsSpace: false)
        }
        guard let decoded else { throw PatternError(.invalidLiteral, pattern: text, column: start + 1) }
        return .literal(decoded)
    }

    private mutating func placeholder(_ start: Int, _ end: Int) throws(PatternError) -> RoutePattern.Segment {
        guard bytes[end - 1] == ASCII.greaterThan, end - start >= 2 else {
            throw PatternError(.malformedPlaceholder, pattern: text, column: end)
        }
        guard let colon = bytes[(start + 1)..<(end - 1)].firstIndex(of: ASCII.colon) else {
            throw PatternError(.malformedPlaceholder, pattern: text, column: start + 1)
        }
        let typeName = String(decoding: bytes[(start + 1)..<colon], as: UTF8.self)
        let name = try parameterName(colon + 1, end - 1)
        if typeName == "path" { return .path(name) }
        guard let type = RoutePattern.PlaceholderType(rawValue: typeName) else {
            throw PatternError(.unknownPlaceholderType(typeName), pattern: text, column: start + 2)
        }
        return .typed(type, name)
    }

    private mutating func parameterName(_ start: Int, _ end: Int) throws(PatternError) -> String {
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
        return String(decoding: name, as: UTF8.self)
    }
}
