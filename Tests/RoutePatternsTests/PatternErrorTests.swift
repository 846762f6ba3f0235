import Testing
import RoutePatterns

/// A bad pattern and the error it must produce.
struct BadPatternCase: Sendable, CustomTestStringConvertible {
    let text: String
    let reason: PatternError.Reason
    let column: Int
    var testDescription: String { "'\(text)'" }
}

struct PatternErrorTests {
    static let cases: [BadPatternCase] = [
        // Empty segments.
        BadPatternCase(text: "a//b", reason: .emptySegment, column: 3),
        BadPatternCase(text: "a/", reason: .emptySegment, column: 3),
        BadPatternCase(text: "//a", reason: .emptySegment, column: 2),
        BadPatternCase(text: "a(/)", reason: .emptySegment, column: 4),
        // Parameter names.
        BadPatternCase(text: ":", reason: .invalidParameterName, column: 2),
        BadPatternCase(text: "user/:", reason: .invalidParameterName, column: 7),
        BadPatternCase(text: ":1id", reason: .invalidParameterName, column: 2),
        BadPatternCase(text: "a/:a-b", reason: .invalidParameterName, column: 5),
        BadPatternCase(text: "a/:é", reason: .invalidParameterName, column: 4),
        BadPatternCase(text: "user/<int:>", reason: .invalidParameterName, column: 11),
        BadPatternCase(text: "<path:>", reason: .invalidParameterName, column: 7),
        BadPatternCase(text: "<int:a>b>", reason: .invalidParameterName, column: 7),
        // Duplicate names: the column of the repeated name.
        BadPatternCase(text: ":id/:id", reason: .duplicateParameterName("id"), column: 6),
        BadPatternCase(text: "<int:id>/<uuid:id>", reason: .duplicateParameterName("id"), column: 16),
        BadPatternCase(text: "a/:x(/:x)", reason: .duplicateParameterName("x"), column: 8),
        BadPatternCase(text: ":rest/<path:rest>", reason: .duplicateParameterName("rest"), column: 13),
        // Placeholders.
        BadPatternCase(text: "<integer:id>", reason: .unknownPlaceholderType("integer"), column: 2),
        BadPatternCase(text: "a/<Int:id>", reason: .unknownPlaceholderType("Int"), column: 4),
        BadPatternCase(text: "<:id>", reason: .unknownPlaceholderType(""), column: 2),
        BadPatternCase(text: "<in:id>", reason: .unknownPlaceholderType("in"), column: 2),
        BadPatternCase(text: "<int\u{0}:id>", reason: .unknownPlaceholderType("int\u{0}"), column: 2),
        BadPatternCase(text: "<doubles:id>", reason: .unknownPlaceholderType("doubles"), column: 2),
        BadPatternCase(text: "<int:id", reason: .malformedPlaceholder, column: 7),
        BadPatternCase(text: "<id>", reason: .malformedPlaceholder, column: 1),
        BadPatternCase(text: "<int:id>x", reason: .malformedPlaceholder, column: 9),
        BadPatternCase(text: "a<b", reason: .malformedPlaceholder, column: 2),
        BadPatternCase(text: "x/a>", reason: .malformedPlaceholder, column: 4),
        // Wildcards.
        BadPatternCase(text: "a*", reason: .wildcardNotWholeSegment, column: 2),
        BadPatternCase(text: "x/*a", reason: .wildcardNotWholeSegment, column: 3),
        BadPatternCase(text: "x/***", reason: .wildcardNotWholeSegment, column: 3),
        BadPatternCase(text: "a/**/b", reason: .catchAllNotLast, column: 3),
        BadPatternCase(text: "**/**", reason: .catchAllNotLast, column: 1),
        BadPatternCase(text: "<path:p>/b", reason: .catchAllNotLast, column: 1),
        BadPatternCase(text: "a/**(/b)", reason: .catchAllNotLast, column: 3),
        // Optional groups.
        BadPatternCase(text: "a(/b", reason: .malformedOptionalGroup, column: 2),
        BadPatternCase(text: "a(b)", reason: .malformedOptionalGroup, column: 3),
        BadPatternCase(text: "a()", reason: .malformedOptionalGroup, column: 3),
        BadPatternCase(text: "a(/b(/c))", reason: .malformedOptionalGroup, column: 5),
        BadPatternCase(text: "a)", reason: .malformedOptionalGroup, column: 2),
        BadPatternCase(text: "a(/b)/", reason: .emptySegment, column: 7),
        BadPatternCase(text: "a(/b)/(/c)", reason: .emptySegment, column: 7),
        BadPatternCase(text: "a(/b)/c/**(/d)", reason: .catchAllNotLast, column: 9),
        BadPatternCase(text: "a" + String(repeating: "(/b)", count: 9), reason: .tooManyOptionalGroups, column: 34),
        BadPatternCase(text: "a(/b)c", reason: .segmentAfterOptionalGroup, column: 6),
        BadPatternCase(text: "a(/**)", reason: .catchAllInOptionalGroup, column: 4),
        BadPatternCase(text: "a(/<path:p>)", reason: .catchAllInOptionalGroup, column: 4),
        // Literals.
        BadPatternCase(text: "a%zz", reason: .invalidLiteral, column: 1),
        BadPatternCase(text: "x/a%2", reason: .invalidLiteral, column: 3),
        BadPatternCase(text: "x/%FF", reason: .invalidLiteral, column: 3),
        BadPatternCase(text: "x/a\u{01}", reason: .invalidLiteral, column: 3),
        BadPatternCase(text: "x/a\u{7F}", reason: .invalidLiteral, column: 3),
    ]

    @Test("A bad pattern throws the right reason at the right 1-based column", arguments: cases)
    func rejects(_ expected: BadPatternCase) {
        let error = #expect(throws: PatternError.self) { try RoutePattern(expected.text) }
        #expect(error?.reason == expected.reason)
        #expect(error?.column == expected.column)
        #expect(error?.pattern == expected.text)
    }

    @Test("More than 16 parameters is rejected at the 17th")
    func tooManyParameters() {
        let names = (1...17).map { ":p\($0)" }
        let text = names.joined(separator: "/")
        let error = #expect(throws: PatternError.self) { try RoutePattern(text) }
        #expect(error?.reason == .tooManyParameters)
        #expect(error?.column == text.utf8.count - ":p17".utf8.count + 1)
    }

    @Test("Parameters inside optional groups count towards the limit")
    func tooManyParametersWithGroups() {
        let text = (1...16).map { ":p\($0)" }.joined(separator: "/") + "(/:extra)"
        let error = #expect(throws: PatternError.self) { try RoutePattern(text) }
        #expect(error?.reason == .tooManyParameters)
        #expect(error?.column == text.utf8.count - ":extra)".utf8.count + 1)
    }

    @Test("More than 64 segments is rejected at the 65th")
    func tooManySegments() {
        let text = Array(repeating: "a", count: 65).joined(separator: "/")
        let error = #expect(throws: PatternError.self) { try RoutePattern(text) }
        #expect(error?.reason == .tooManySegments)
        #expect(error?.column == 129)
    }

    @Test("Columns count UTF-8 bytes")
    func columnsAreUTF8() {
        // "é" is two bytes, so the bad `*` is at byte 4.
        let error = #expect(throws: PatternError.self) { try RoutePattern("é/*x") }
        #expect(error?.column == 4)
    }

    @Test("An error describes the pattern, the column and the problem")
    func description() {
        let error = PatternError(.invalidParameterName, pattern: "user/<int:>", column: 11)
        #expect(error.description == "pattern 'user/<int:>' column 11: expected a parameter name (letters, digits and _, not starting with a digit)")
        #expect(PatternError(.duplicateParameterName("id"), pattern: "x", column: 1).message == "parameter 'id' appears twice")
        #expect(PatternError(.tooManyParameters, pattern: "x", column: 1).message == "more than 16 parameters")
    }
}
