import RoutePatterns
import RouteRecordLayout
import Testing

/// The pattern ↔ compiled-segments mapping beside the codec: what the macros write, the reader reads back.
struct CompiledPatternMappingTests {
    @Test("every segment kind has the code of the pattern part kind of its name")
    func kindCodes() {
        let kinds: [(RoutePattern.Part.Kind, CompiledPattern.SegmentKind)] = [
            (.literal, .literal), (.parameter, .parameter), (.int, .int), (.uuid, .uuid), (.bool, .bool), (.double, .double),
            (.path, .path), (.wildcard, .wildcard), (.catchAll, .catchAll),
        ]
        #expect(kinds.count == CompiledPattern.SegmentKind.allCases.count)
        for (part, segment) in kinds { #expect(part.rawValue == segment.rawValue, "\(segment)") }
    }

    @Test("a pattern's compiled segments, stored and read back in place, make the same pattern", arguments: [
        "user/<int:id>(/:tab)", "a/*/b/**", "files/<path:rest>", "caf%C3%A9/:name(/<uuid:id>)(/<bool:flag>)", "",
    ])
    func roundTrip(text: String) throws {
        let pattern = try RoutePattern(text)
        let bytes = CompiledPattern(pattern).bytes
        let read = try bytes.withUnsafeBytes { bytes in
            let view = try #require(CompiledPattern.view(of: bytes))
            return try #require(RoutePattern(text: text, compiled: view))
        }
        #expect(read.hasSameParts(as: pattern))
    }
}
