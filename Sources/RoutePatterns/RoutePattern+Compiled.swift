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
    ///   - partCount: How many parts there are.
    ///   - decodedLiterals: The decoded bytes of the literals written with percent escapes, which
    ///     ranges past the text's bytes point into; UTF-8.
    ///   - part: The part at an index: its kind's code (``Part/Kind/rawValue``), its group, and the
    ///     start and end of its range.
    /// - Returns: `nil` when the parts break one of those rules.
    package init?(
        text: String, partCount: Int, decodedLiterals: UnsafeRawBufferPointer,
        part: (Int) -> (kind: UInt8, group: UInt8, start: Int, end: Int)
    ) {
        guard partCount <= Self.maximumSegmentCount else { return nil }
        let partText: String?
        if decodedLiterals.isEmpty {
            partText = nil
        } else {
            guard let decoded = UTF8Validator.string(validating: decodedLiterals) else { return nil }
            partText = text + decoded
        }
        let textCount = text.utf8.count
        // Appended to a reserved array, as the parser does: that path is specialized for `Part`.
        var parts: [Part] = []
        parts.reserveCapacity(partCount)
        let digest = (partText ?? text).utf8.withContiguousStorageIfAvailable { bytes in
            Self.checkedParts(into: &parts, count: partCount, bytes: bytes, textCount: textCount, part: part)
        } ?? Array((partText ?? text).utf8).withUnsafeBufferPointer { bytes in
            Self.checkedParts(into: &parts, count: partCount, bytes: bytes, textCount: textCount, part: part)
        }
        guard let digest else { return nil }
        self.text = text
        self.parts = parts
        self.partText = partText
        self.shapeDigest = digest
    }

    /// Appends the parts to `buffer` in order, checking each against those before it, and returns the parser's shape digest of
    /// them, or `nil` when one breaks a rule of ``init(text:partCount:decodedLiterals:part:)``.
    private static func checkedParts(
        into buffer: inout [Part], count: Int, bytes: UnsafeBufferPointer<UInt8>, textCount: Int,
        part: (Int) -> (kind: UInt8, group: UInt8, start: Int, end: Int)
    ) -> UInt64? {
        var digest = Shape.Digest()
        var captures = 0
        var lastGroup: UInt8 = 0
        var previousGroup: UInt8 = 0
        for index in 0..<count {
            let (code, group, start, end) = part(index)
            guard let kind = Part.Kind(rawValue: code), start <= end, end <= bytes.count else { return nil }
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
                for earlier in 0..<index where buffer[earlier].capturesParameter {
                    let other = buffer[earlier].range
                    guard other.count == end - start else { continue }
                    var same = true
                    for offset in 0..<(end - start) where bytes[other.lowerBound + offset] != bytes[start + offset] {
                        same = false
                        break
                    }
                    if same { return nil }
                }
                captures += 1
            }
            if kind == .catchAll || kind == .path {
                guard index == count - 1, group == 0 else { return nil }
            }
            digest.add(Int(group))
            digest.add(kind.rawValue)
            if kind == .literal {
                for offset in start..<end { digest.add(bytes[offset]) }
                digest.add(end - start)
            }
            buffer.append(Part(kind, group: Int(group), range: start..<end))
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

    /// The part's kind's code, group and range bounds, as stored elsewhere.
    package var encoded: (kind: UInt8, group: UInt8, start: Int, end: Int) {
        (kind.rawValue, group, range.lowerBound, range.upperBound)
    }
}
