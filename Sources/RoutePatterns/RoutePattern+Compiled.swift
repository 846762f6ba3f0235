internal import ByteParsing

// A pattern whose segments were parsed elsewhere: by the macro that checked the annotation, which
// stores them in the route record (RouteRecordLayout's `CompiledPattern`), so that discovery does
// not parse the pattern again.
extension RoutePattern {
    /// A pattern made of segments parsed before, checked for what matching relies on.
    ///
    /// The parts must be those the parser gives for `text` (`RoutePattern(text).parts`); only their
    /// structure is checked here, not that they agree with the text: at most 64 parts and 16
    /// captures, optional groups numbered from 1 in order, each one run of parts, at most 8, `**`
    /// and `<path:>` last and outside groups, ranges within the bytes, literals not empty, captures
    /// named by identifiers, each name once.
    ///
    /// - Parameters:
    ///   - text: The pattern as written.
    ///   - parts: The parts, as stored elsewhere (``Part/init(kindCode:group:start:end:)``): kept
    ///     as they are once checked, so that making a pattern of them allocates nothing more.
    ///   - decodedLiterals: The decoded bytes of the literals written with percent escapes, which
    ///     ranges past the text's bytes point into; UTF-8.
    /// - Returns: `nil` when the parts break one of those rules.
    package init?(text: String, parts: consuming [Part], decodedLiterals: UnsafeRawBufferPointer) {
        guard parts.count <= Self.maximumSegmentCount else { return nil }
        let partText: String?
        if decodedLiterals.isEmpty {
            partText = nil
        } else {
            guard let decoded = UTF8Validator.string(validating: decodedLiterals) else { return nil }
            partText = text + decoded
        }
        let textCount = text.utf8.count
        let digest = parts.withUnsafeBufferPointer { parts in
            (partText ?? text).utf8.withContiguousStorageIfAvailable { bytes in
                Self.checkedDigest(of: parts, bytes: bytes, textCount: textCount)
            } ?? Array((partText ?? text).utf8).withUnsafeBufferPointer { bytes in
                Self.checkedDigest(of: parts, bytes: bytes, textCount: textCount)
            }
        }
        guard let digest else { return nil }
        self.text = text
        self.parts = parts
        self.partText = partText
        self.shapeDigest = digest
    }

    /// The parser's shape digest of `parts`, each checked against those before it, or `nil` when
    /// one breaks a rule of ``init(text:parts:decodedLiterals:)``.
    private static func checkedDigest(of parts: UnsafeBufferPointer<Part>, bytes: UnsafeBufferPointer<UInt8>, textCount: Int) -> UInt64? {
        var digest = Shape.Digest()
        var captures = 0
        var lastGroup: UInt8 = 0
        var previousGroup: UInt8 = 0
        for index in parts.indices {
            let part = parts[index]
            let (kind, group, start, end) = (part.kind, part.group, Int(part.start), Int(part.end))
            guard start <= end, end <= bytes.count else { return nil }
            // Groups: 1, 2, ... in order, each a run of parts.
            if group != 0 && group != previousGroup {
                guard group == lastGroup &+ 1, Int(group) <= maximumOptionalGroupCount else { return nil }
                lastGroup = group
            }
            previousGroup = group
            switch kind {
            case .literal:
                guard start < end else { return nil }
            case .wildcard, .catchAll:
                guard start == end else { return nil }
            case .parameter, .int, .uuid, .bool, .double, .path:
                guard start < end, end <= textCount, captures < maximumParameterCount else { return nil }
                for offset in start..<end {
                    let byte = bytes[offset]
                    guard ASCII.isLetter(byte) || byte == ASCII.underscore || (offset > start && ASCII.isDigit(byte)) else { return nil }
                }
                // Each name once: compared with the captures written before it.
                for earlier in 0..<index where parts[earlier].capturesParameter {
                    let (otherStart, otherEnd) = (Int(parts[earlier].start), Int(parts[earlier].end))
                    guard otherEnd - otherStart == end - start else { continue }
                    var same = true
                    for offset in 0..<(end - start) where bytes[otherStart + offset] != bytes[start + offset] {
                        same = false
                        break
                    }
                    if same { return nil }
                }
                captures += 1
            }
            if kind == .catchAll || kind == .path {
                guard index == parts.count - 1, group == 0 else { return nil }
            }
            digest.add(Int(group))
            digest.add(kind.rawValue)
            if kind == .literal {
                for offset in start..<end { digest.add(bytes[offset]) }
                digest.add(end - start)
            }
        }
        return digest.value
    }

    /// The decoded bytes of the literals written with percent escapes, which ranges past the text's
    /// bytes point into; empty when there are none.
    package var decodedLiteralBytes: [UInt8] {
        guard let partText else { return [] }
        return Array(partText.utf8.dropFirst(text.utf8.count))
    }

    /// Whether the two patterns are made of the same parts over the same bytes: whether segments
    /// parsed elsewhere are the ones the parser gives for the text.
    package func hasSameParts(as other: RoutePattern) -> Bool {
        text == other.text && partText == other.partText && parts.count == other.parts.count
            && zip(parts, other.parts).allSatisfy { $0.kind == $1.kind && $0.group == $1.group && $0.range == $1.range }
    }
}

extension RoutePattern.Part {
    /// A part from its kind's code (``Kind/rawValue``), its group and its range, as stored elsewhere;
    /// `nil` for a code that is no kind.
    package init?(kindCode: UInt8, group: UInt8, range: Range<Int>) {
        guard let kind = Kind(rawValue: kindCode) else { return nil }
        self.init(kind, group: Int(group), range: range)
    }

    /// A part from its kind's code, its group and the bounds of its range as stored elsewhere,
    /// not checked yet (``RoutePattern/init(text:parts:decodedLiterals:)`` checks them); `nil`
    /// for a code that is no kind.
    @inlinable
    package init?(kindCode: UInt8, group: UInt8, start: UInt16, end: UInt16) {
        guard let kind = Kind(rawValue: kindCode) else { return nil }
        self.init(kind: kind, group: group, start: UInt32(start), end: UInt32(end))
    }

    /// The part's kind's code, group and range bounds, as stored elsewhere.
    package var encoded: (kind: UInt8, group: UInt8, start: Int, end: Int) {
        (kind.rawValue, group, range.lowerBound, range.upperBound)
    }
}
