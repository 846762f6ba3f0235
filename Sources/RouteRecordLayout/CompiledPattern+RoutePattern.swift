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
    /// The pattern a record's compiled segments make, checked (``compiled(text:_:)``), or `nil`.
    package init?(text: String, compiled: CompiledPattern.View) {
        guard let pattern = Self.compiled(text: text, compiled) else { return nil }
        self = pattern
    }

    /// The pattern a record's compiled segments make, checked
    /// (`init(text:parts:decodedLiterals:)`), or `nil`: what ``init(text:compiled:)`` makes,
    /// returned rather than delegated to, so that the pattern is not copied on its way out (as a
    /// delegating failable initializer of a type of another module copies it).
    package static func compiled(text: String, _ compiled: CompiledPattern.View) -> RoutePattern? {
        // The parts made in one allocation, the size the pattern keeps, and checked where they
        // are. Appended to a reserved array: that path is specialized for `Part`, where
        // `init(unsafeUninitializedCapacity:)` looks its metadata up at every call.
        var parts: [Part] = []
        parts.reserveCapacity(compiled.count)
        for index in 0..<compiled.count {
            let (kind, group, start, end) = compiled.bounds(at: index)
            guard let part = Part(kindCode: kind, group: group, start: start, end: end) else { return nil }
            parts.append(part)
        }
        return RoutePattern(text: text, parts: parts, decodedLiterals: compiled.decodedLiterals)
    }
}
