/// A route pattern as the macro parsed it when it checked the annotation: its segments, each with
/// its kind, its optional group and where its text is, so that discovery registers the route
/// without parsing the pattern again. Swift records carry it after their text; C records, whose
/// patterns no compiler checks, do not.
///
/// Stored as: one byte, the segment count (at most 64); 6 bytes per segment, its
/// ``SegmentKind`` code, its group (0 outside any, `k` in the `k`-th) and the start and end of its
/// literal text or parameter name as little-endian `UInt16`s, offsets into the pattern's UTF-8
/// bytes followed by ``decodedLiterals``; then a little-endian `UInt16`, the length of
/// `decodedLiterals`, and those bytes: the literals written with percent escapes, decoded.
package struct CompiledPattern: Sendable, Hashable {
    /// What a segment is, as the record codes it.
    package enum SegmentKind: UInt8, Sendable, Hashable, CaseIterable {
        /// Literal text.
        case literal = 0
        /// `:name`.
        case parameter = 1
        /// `<int:name>`.
        case int = 2
        /// `<uuid:name>`.
        case uuid = 3
        /// `<bool:name>`.
        case bool = 4
        /// `<double:name>`.
        case double = 5
        /// `<path:name>`.
        case path = 6
        /// `*`.
        case wildcard = 7
        /// `**`.
        case catchAll = 8
    }

    /// One segment.
    package struct Segment: Sendable, Hashable {
        /// What the segment is.
        package var kind: SegmentKind
        /// 0 for a required segment, `k` for one in the `k`-th optional group.
        package var group: UInt8
        /// Where the literal text or the parameter name starts in the pattern's bytes followed by
        /// the decoded literals.
        package var start: UInt16
        /// Where it ends.
        package var end: UInt16

        /// A segment.
        package init(kind: SegmentKind, group: UInt8, start: UInt16, end: UInt16) {
            self.kind = kind
            self.group = group
            self.start = start
            self.end = end
        }
    }

    /// The most segments a compiled pattern holds (the pattern syntax's own limit).
    package static let maximumSegmentCount = 64

    /// The segments, in the order written.
    package var segments: [Segment]
    /// The decoded bytes of the literals written with percent escapes, in order.
    package var decodedLiterals: [UInt8]

    /// A compiled pattern.
    package init(segments: [Segment], decodedLiterals: [UInt8] = []) {
        self.segments = segments
        self.decodedLiterals = decodedLiterals
    }

    /// The pattern as stored.
    package var bytes: [UInt8] {
        var bytes: [UInt8] = [UInt8(segments.count)]
        bytes.reserveCapacity(encodedSize)
        for segment in segments {
            bytes += [segment.kind.rawValue, segment.group]
            bytes += littleEndianBytes(segment.start) + littleEndianBytes(segment.end)
        }
        bytes += littleEndianBytes(UInt16(decodedLiterals.count))
        return bytes + decodedLiterals
    }

    /// How many bytes ``bytes`` takes.
    package var encodedSize: Int { 1 + 6 * segments.count + 2 + decodedLiterals.count }

    /// Whether a reader of version 1 would read the pattern's optional groups otherwise than they
    /// mean: more than one group (each is taken or left on its own; before version 2 a later group
    /// needed the earlier ones), or a group followed by a required segment (not allowed before).
    package var hasGroupsVersion1Misreads: Bool {
        var lastGroup: UInt8 = 0
        for segment in segments {
            if segment.group > 1 || (segment.group == 0 && lastGroup > 0) { return true }
            lastGroup = segment.group
        }
        return false
    }

    /// Reads a compiled pattern as stored, in place.
    ///
    /// - Returns: `nil` when the bytes are not one compiled pattern, exactly: too short, too long,
    ///   more than ``maximumSegmentCount`` segments, or a segment kind this reader does not know.
    ///   Whether the segments make a valid pattern is for the pattern's own check to say.
    package static func view(of bytes: UnsafeRawBufferPointer) -> View? {
        guard let count = bytes.first.map(Int.init), count <= maximumSegmentCount else { return nil }
        let decodedAt = 1 + 6 * count
        guard bytes.count >= decodedAt + 2 else { return nil }
        let decodedCount = Int(UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: decodedAt, as: UInt16.self)))
        guard bytes.count == decodedAt + 2 + decodedCount else { return nil }
        for index in 0..<count where SegmentKind(rawValue: bytes[1 + 6 * index]) == nil { return nil }
        return View(
            segmentBytes: UnsafeRawBufferPointer(rebasing: bytes[1..<decodedAt]), count: count,
            decodedLiterals: UnsafeRawBufferPointer(rebasing: bytes[(decodedAt + 2)...])
        )
    }

    /// A compiled pattern read in place from a record, valid while the record's bytes are.
    package struct View {
        fileprivate let segmentBytes: UnsafeRawBufferPointer
        /// How many segments there are.
        package let count: Int
        /// The decoded literals' bytes.
        package let decodedLiterals: UnsafeRawBufferPointer

        /// The segment at `index`.
        @inline(__always)
        package subscript(index: Int) -> Segment {
            let offset = 6 * index
            return Segment(
                kind: SegmentKind(rawValue: segmentBytes[offset]) ?? .literal, group: segmentBytes[offset + 1],
                start: UInt16(littleEndian: segmentBytes.loadUnaligned(fromByteOffset: offset + 2, as: UInt16.self)),
                end: UInt16(littleEndian: segmentBytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt16.self))
            )
        }

        /// The segment at `index` as its four fields, as stored: kind code, group, start and end.
        @inline(__always)
        package func bounds(at index: Int) -> (kind: UInt8, group: UInt8, start: UInt16, end: UInt16) {
            let offset = 6 * index
            let head = UInt16(littleEndian: segmentBytes.loadUnaligned(fromByteOffset: offset, as: UInt16.self))
            let bounds = UInt32(littleEndian: segmentBytes.loadUnaligned(fromByteOffset: offset + 2, as: UInt32.self))
            return (UInt8(truncatingIfNeeded: head), UInt8(truncatingIfNeeded: head >> 8), UInt16(truncatingIfNeeded: bounds), UInt16(truncatingIfNeeded: bounds >> 16))
        }

        /// A copy that owns its bytes.
        package var compiledPattern: CompiledPattern {
            CompiledPattern(segments: (0..<count).map { self[$0] }, decodedLiterals: Array(decodedLiterals))
        }
    }
}

/// The bytes of `value`, least significant first.
func littleEndianBytes<Value: FixedWidthInteger>(_ value: Value) -> [UInt8] {
    (0..<(Value.bitWidth / 8)).map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
}
