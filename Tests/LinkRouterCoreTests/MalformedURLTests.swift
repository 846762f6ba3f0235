import Testing
import LinkRouterCore

/// A malformed URL and the error it must produce.
struct MalformedURLCase: Sendable, CustomTestStringConvertible {
    let url: String
    let reason: URLParseError.Reason
    let offset: Int
    var testDescription: String { url.debugDescription }
}

struct MalformedURLTests {
    static let cases: [MalformedURLCase] = [
        // Bad percent escapes: the offset of the `%`.
        MalformedURLCase(url: "app://a/%zz", reason: .badPercentEscape, offset: 8),
        MalformedURLCase(url: "app://a/%2", reason: .badPercentEscape, offset: 8),
        MalformedURLCase(url: "app://a/b%", reason: .badPercentEscape, offset: 9),
        MalformedURLCase(url: "app://a/%g1", reason: .badPercentEscape, offset: 8),
        MalformedURLCase(url: "app://a/%1g", reason: .badPercentEscape, offset: 8),
        MalformedURLCase(url: "app://a/b?x=%", reason: .badPercentEscape, offset: 12),
        MalformedURLCase(url: "app://a/b#%%", reason: .badPercentEscape, offset: 10),
        MalformedURLCase(url: "app://%zz/b", reason: .badPercentEscape, offset: 6),
        // Decoded bytes that are not UTF-8: the offset of the sequence's first byte.
        MalformedURLCase(url: "app://a/%FF", reason: .invalidUTF8, offset: 8),
        MalformedURLCase(url: "app://a/%C3", reason: .invalidUTF8, offset: 8),
        MalformedURLCase(url: "app://a/%C3/b", reason: .invalidUTF8, offset: 8),
        MalformedURLCase(url: "app://a/%C3%28", reason: .invalidUTF8, offset: 8),
        MalformedURLCase(url: "app://a/x%C3x", reason: .invalidUTF8, offset: 9),
        MalformedURLCase(url: "app://a/%80", reason: .invalidUTF8, offset: 8),
        MalformedURLCase(url: "app://a/%C0%AF", reason: .invalidUTF8, offset: 8),
        MalformedURLCase(url: "app://a/%ED%A0%80", reason: .invalidUTF8, offset: 8),
        MalformedURLCase(url: "app://a/%F4%90%80%80", reason: .invalidUTF8, offset: 8),
        MalformedURLCase(url: "app://a/%C3é", reason: .invalidUTF8, offset: 8),
        MalformedURLCase(url: "app://a/é%A9", reason: .invalidUTF8, offset: 10),
        MalformedURLCase(url: "app://a/x?q=%E2%82", reason: .invalidUTF8, offset: 12),
        MalformedURLCase(url: "app://a/x#%E2%82%2F", reason: .invalidUTF8, offset: 10),
        // Raw control characters: their own offset.
        MalformedURLCase(url: "app://a/\u{01}", reason: .controlCharacter, offset: 8),
        MalformedURLCase(url: "app://a/b\nc", reason: .controlCharacter, offset: 9),
        MalformedURLCase(url: "app://a/\u{7F}", reason: .controlCharacter, offset: 8),
        MalformedURLCase(url: "\u{00}", reason: .controlCharacter, offset: 0),
        MalformedURLCase(url: "app://a\t/b", reason: .controlCharacter, offset: 7),
        MalformedURLCase(url: "app://a/b?x=\u{1F}", reason: .controlCharacter, offset: 12),
        MalformedURLCase(url: "app://a/b#\r", reason: .controlCharacter, offset: 10),
    ]

    @Test("A malformed URL throws URLParseError with the right reason and offset", arguments: cases)
    func rejects(_ expected: MalformedURLCase) {
        let error = #expect(throws: URLParseError.self) { try RouteURL(expected.url) }
        #expect(error?.reason == expected.reason)
        #expect(error?.offset == expected.offset)
        #expect(error?.url == expected.url)
    }

    @Test("Well-formed escapes of any byte that decodes to UTF-8 are accepted", arguments: [
        "app://a/%00", "app://a/%0A", "app://a/%7F", "app://a/%C3%A9", "app://a/%E2%82%AC", "app://a/%F0%9F%98%80",
        "app://a/%c3%a9", "app://a/é%C3%A9é",
    ])
    func acceptsGoodEscapes(_ url: String) {
        #expect(throws: Never.self) { try RouteURL(url) }
    }

    @Test("A problem is found at every position of a long URL, whatever its alignment")
    func everyPosition() throws {
        // Parsing steps over plain bytes eight at a time: put the byte that stops it at each
        // offset of a 40-byte path, so it falls at every position within a word.
        let prefix = "app://host/"
        for offset in prefix.utf8.count..<(prefix.utf8.count + 40) {
            let before = String(repeating: "a", count: offset - prefix.utf8.count)
            let after = String(repeating: "b", count: 40)
            let control = #expect(throws: URLParseError.self) { try RouteURL(prefix + before + "\u{01}" + after) }
            #expect(control?.reason == .controlCharacter && control?.offset == offset)
            let escape = #expect(throws: URLParseError.self) { try RouteURL(prefix + before + "%zz" + after) }
            #expect(escape?.reason == .badPercentEscape && escape?.offset == offset)
            let query = try RouteURL(prefix + before + "?q=1#f" + after)
            #expect(query.queryValue("q") == "1" && query.fragment == "f" + after)
            let accented = try RouteURL(prefix + before + "é" + after)
            #expect(accented.pathSegments == ["\(before)é\(after)"])
        }
    }

    @Test("The default limit is 8 KiB of UTF-8: 8192 bytes parse, 8193 do not")
    func defaultLimit() throws {
        #expect(RouteURL.defaultMaximumLength == 8192)
        let prefix = "app://a/"
        let atLimit = prefix + String(repeating: "x", count: 8192 - prefix.utf8.count)
        #expect(try RouteURL(atLimit).pathSegments.first?.utf8.count == 8192 - prefix.utf8.count)
        let error = #expect(throws: URLParseError.self) { try RouteURL(atLimit + "x") }
        #expect(error?.reason == .tooLong(limit: 8192))
        #expect(error?.offset == 8192)
    }

    @Test("A custom limit counts UTF-8 bytes, not characters")
    func customLimit() throws {
        #expect(try RouteURL("app://abcd", maximumLength: 10).host == "abcd")
        let tooLong = #expect(throws: URLParseError.self) { try RouteURL("app://abcde", maximumLength: 10) }
        #expect(tooLong?.reason == .tooLong(limit: 10))
        #expect(tooLong?.offset == 10)
        // "éé" is 4 bytes: 10 in all.
        #expect(try RouteURL("app://éé", maximumLength: 10).host == "éé")
        #expect(throws: URLParseError.self) { try RouteURL("app://éé", maximumLength: 9) }
    }

    @Test("The length check comes before any other check")
    func lengthFirst() {
        let error = #expect(throws: URLParseError.self) { try RouteURL("app://a/%zz", maximumLength: 4) }
        #expect(error?.reason == .tooLong(limit: 4))
    }

    @Test("The error keeps at most 200 bytes of a long URL and describes the problem")
    func errorDescription() {
        let error = URLParseError(.badPercentEscape, offset: 8, url: "app://a/%zz")
        #expect(error.description == "bad percent escape at offset 8 in 'app://a/%zz'")
        let long = URLParseError(.controlCharacter, offset: 0, url: String(repeating: "a", count: 300))
        #expect(long.url == String(repeating: "a", count: 200) + "…")
        #expect(URLParseError(.tooLong(limit: 10), offset: 10, url: "x").message == "URL longer than 10 bytes")
        #expect(URLParseError(.invalidUTF8, offset: 0, url: "x").message == "percent-decoded bytes are not UTF-8")
    }

    @Test("The router reports a malformed URL as invalidURL and never traps")
    func throughRouter() async throws {
        let router = try makeRouter(["**"], configuration: RouterConfiguration(maximumURLLength: 64))
        for expected in Self.cases {
            #expect(router.failure(expected.url)?.summary == .invalidURL(expected.reason, offset: expected.offset))
            #expect(!router.canOpen(expected.url))
            let outcome = await router.open(expected.url)
            #expect(outcome.failure?.summary == .invalidURL(expected.reason, offset: expected.offset))
            #expect(outcome.route == nil)
        }
        #expect(router.failure("app://a/" + String(repeating: "x", count: 57))?.summary == .invalidURL(.tooLong(limit: 64), offset: 64))
        #expect(router.matchedPattern("app://a/" + String(repeating: "x", count: 56)) == "**")
    }

    @Test("Arbitrary mixes of tricky characters parse or fail cleanly, with an offset inside the URL")
    func neverCrashes() throws {
        let pieces = ["a", "/", "//", "?", "#", "&", "=", "+", "%", "%2", "%2F", "%zz", "%C3", "%A9", "%FF", "é", "😀",
                      ":", "@", "[", "]", "\u{01}", "\u{7F}", " ", "*", "."]
        let router = try makeRouter(["**", ":a/:b", "a/<int:n>", "<path:p>", ""])
        var generator = SplitMix64(seed: 0x5EED)
        for _ in 0..<3000 {
            let length = Int(generator.next() % 12)
            let url = (0..<length).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
            do {
                let parsed = try RouteURL(url)
                _ = (parsed.routeKey, parsed.queryItems, parsed.fragment, parsed.pathSegments, parsed.host, parsed.scheme)
                // Everything parsed resolves: `**` matches any key.
                #expect(router.matchedPattern(url) != nil, "\(url.debugDescription)")
            } catch {
                #expect(error.offset >= 0 && error.offset < url.utf8.count, "\(url.debugDescription): \(error)")
                #expect(router.failure(url)?.summary == .invalidURL(error.reason, offset: error.offset))
            }
        }
    }
}

/// A small deterministic pseudo-random generator, so generated tests repeat exactly.
struct SplitMix64 {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
