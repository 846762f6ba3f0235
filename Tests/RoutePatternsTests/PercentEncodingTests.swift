import Testing
import RoutePatterns
import ByteParsing

struct PercentEncodingTests {
    private func decode(_ text: String, plusAsSpace: Bool) -> String? {
        var copy = text
        return copy.withUTF8 { PercentEncoding.decodeValidated($0, plusAsSpace: plusAsSpace) }
    }

    @Test("Escapes decode in either hex case; '+' is a space only when asked", arguments: [
        ("a%20b", false, "a b"), ("a%2fb", false, "a/b"), ("a%2Fb", false, "a/b"), ("a+b", false, "a+b"),
        ("a+b", true, "a b"), ("a%2Bb", true, "a+b"), ("caf%C3%A9", false, "café"), ("", false, ""),
    ])
    func decodes(_ input: String, _ plusAsSpace: Bool, _ expected: String) {
        #expect(decode(input, plusAsSpace: plusAsSpace) == expected)
    }

    @Test("Bad escapes, invalid UTF-8 and raw control characters do not decode", arguments: [
        "%", "%2", "a%zz", "%g0", "%FF", "%C3", "%C3%28", "%ED%A0%80", "%C0%AF", "a\u{01}", "a\u{7F}", "\n",
    ])
    func rejects(_ input: String) {
        #expect(decode(input, plusAsSpace: false) == nil)
    }

    @Test("The streaming validator agrees with the standard library on every 1- and 2-byte sequence")
    func validatorMatchesStandardLibrary() {
        var disagreements: [[UInt8]] = []
        for first in UInt8.min...UInt8.max {
            let sequences = [[first]] + (UInt8.min...UInt8.max).map { [first, $0] }
            for bytes in sequences {
                var validator = UTF8Validator()
                let valid = bytes.allSatisfy { validator.feed($0) } && validator.isComplete
                if valid != (String(validating: bytes, as: UTF8.self) != nil) { disagreements.append(bytes) }
            }
        }
        #expect(disagreements.isEmpty)
    }

    @Test("The streaming validator accepts and rejects the tricky 3- and 4-byte boundaries", arguments: [
        ([0xE0, 0xA0, 0x80], true), ([0xE0, 0x9F, 0xBF], false), ([0xED, 0x9F, 0xBF], true), ([0xED, 0xA0, 0x80], false),
        ([0xEF, 0xBF, 0xBF], true), ([0xF0, 0x90, 0x80, 0x80], true), ([0xF0, 0x8F, 0xBF, 0xBF], false),
        ([0xF4, 0x8F, 0xBF, 0xBF], true), ([0xF4, 0x90, 0x80, 0x80], false), ([0xF5, 0x80, 0x80, 0x80], false),
        ([0xE2, 0x82], false),
    ] as [([UInt8], Bool)])
    func validatorBoundaries(_ bytes: [UInt8], _ expected: Bool) {
        var validator = UTF8Validator()
        let valid = bytes.allSatisfy { validator.feed($0) } && validator.isComplete
        #expect(valid == expected)
        #expect(valid == (String(validating: bytes, as: UTF8.self) != nil))
    }

    @Test("A record's text becomes a string only when it is valid UTF-8, wherever a non-ASCII byte sits", arguments: [
        Array("bench/1234/:p".utf8), Array("sixteen/bytes/ok".utf8), [], Array("caf\u{E9}/x".utf8),
        Array("eight/by".utf8) + [0xC3, 0xA9], Array("eight/by".utf8) + [0xC3], Array("eight/by".utf8) + [0xFF, 0x41],
        [0x80], Array("seven/b".utf8) + [0xE2, 0x82, 0xAC],
    ] as [[UInt8]])
    func stringValidating(_ bytes: [UInt8]) {
        let text = bytes.withUnsafeBytes { UTF8Validator.string(validating: $0) }
        #expect(text == String(validating: bytes, as: UTF8.self))
    }
}
