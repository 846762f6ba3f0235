import Testing
import LinkRouterCore

/// What the fuzz targets (`scripts/fuzz`, Tests/Fuzz) found, kept so it stays fixed. Each input is
/// also in its target's seed corpus.
struct FuzzFindingsTests {
    /// Found by the matcher target: `mismatch(forKey:)` compared literals with `String`'s `==`,
    /// which calls canonically equivalent spellings equal, while the router compares bytes; so
    /// `routes match` explained that a route matched a URL the router did not send to it.
    @Test("mismatch(forKey:) compares literals byte for byte, as the router does", arguments: [
        ("caf\u{E9}", "cafe\u{301}"),
        ("cafe\u{301}", "caf\u{E9}"),
    ])
    func mismatchComparesBytes(literal: String, keySegment: String) throws {
        #expect(literal == keySegment)   // equal as Strings, different as bytes
        let pattern = try RoutePattern("(/:p1/:p2)(/:p3/\(literal))")
        let key = ["1e3", "a", "b", keySegment]
        let mismatch = try #require(pattern.mismatch(forKey: key))
        #expect(mismatch.matchedSegments == 3)
        #expect(mismatch.reason == "segment 4 is '\(keySegment)', the pattern expects '\(literal)'")
        #expect(pattern.mismatch(forKey: ["1e3", "a", "b", literal]) == nil)

        let router = try makeRouter([pattern.text])
        #expect(router.matchedPattern("app://" + key.joined(separator: "/")) == nil)
        #expect(router.matchedPattern("app://1e3/a/b/" + literal) == pattern.text)
    }
}
