package import RoutePatterns

// The pattern ↔ compiled-segments mapping, beside the codec that stores the segments: the macro
// writes a record's segments with `init(_:)`, the reader makes them a pattern with
// `RoutePattern(text:compiled:)`, and neither spells the mapping itself.
extension CompiledPattern {
    /// The segments a record stores for `pattern`, as the parser gave them.
    package init(_ pattern: RoutePattern) {
        let segments = pattern.parts.map { part in
            let (kind, group, start, end) = part.encoded
            // Every part kind has a segment kind of the same code (CompiledPatternTests pins them).
            return Segment(kind: SegmentKind(rawValue: kind) ?? .literal, group: group, start: UInt16(start), end: UInt16(end))
        }
        self.init(segments: segments, decodedLiterals: pattern.decodedLiteralBytes)
    }
}

extension RoutePattern {
    /// The pattern a record's compiled segments make, checked
    /// (`init(text:partCount:decodedLiterals:part:)`), or `nil`.
    package init?(text: String, compiled: CompiledPattern.View) {
        // A closure, not the method itself: a method reference would allocate its context each time.
        self.init(text: text, partCount: compiled.count, decodedLiterals: compiled.decodedLiterals) { compiled.fields(at: $0) }
    }
}
