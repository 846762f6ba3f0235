import Testing
import RoutePatterns

struct PlaceholderTypeTests {
    @Test("All four typed placeholders exist, in precedence order")
    func order() {
        #expect(RoutePattern.PlaceholderType.allCases == [.int, .uuid, .bool, .double])
    }

    @Test("int accepts optionally signed decimal integers that fit Int", arguments: [
        "0", "42", "-7", "+7", "007", "9223372036854775807", "-9223372036854775808",
    ])
    func intAccepts(_ text: String) {
        #expect(RoutePattern.PlaceholderType.int.accepts(text))
    }

    @Test("int rejects anything else", arguments: [
        "", "-", "+", "4.2", "1e3", " 1", "1 ", "0x10", "9223372036854775808", "-9223372036854775809", "١٢", "12a",
    ])
    func intRejects(_ text: String) {
        #expect(!RoutePattern.PlaceholderType.int.accepts(text))
    }

    @Test("uuid accepts the 8-4-4-4-12 hex form in any letter case", arguments: [
        "123e4567-e89b-12d3-a456-426614174000", "123E4567-E89B-12D3-A456-426614174000", "00000000-0000-0000-0000-000000000000",
    ])
    func uuidAccepts(_ text: String) {
        #expect(RoutePattern.PlaceholderType.uuid.accepts(text))
    }

    @Test("uuid rejects other forms", arguments: [
        "", "123e4567e89b12d3a456426614174000", "123e4567-e89b-12d3-a456-42661417400", "123e4567-e89b-12d3-a456-4266141740000",
        "123e4567-e89b-12d3-a456_426614174000", "123e4567-e89b-12d3-a456-42661417400g", "{123e4567-e89b-12d3-a456-426614174000}",
        "123e456-7e89b-12d3-a456-426614174000",
    ])
    func uuidRejects(_ text: String) {
        #expect(!RoutePattern.PlaceholderType.uuid.accepts(text))
    }

    @Test("bool accepts true/false, yes/no and 1/0 in any letter case", arguments: [
        "true", "FALSE", "True", "yes", "NO", "Yes", "1", "0",
    ])
    func boolAccepts(_ text: String) {
        #expect(RoutePattern.PlaceholderType.bool.accepts(text))
    }

    @Test("bool rejects other words and numbers", arguments: ["", "2", "-1", "t", "f", "y", "n", "truee", "on", "off", "01"])
    func boolRejects(_ text: String) {
        #expect(!RoutePattern.PlaceholderType.bool.accepts(text))
    }

    @Test("double accepts decimal numbers with optional sign, fraction and exponent", arguments: [
        "3", "-0.5", "+2", "1e9", "1.5E-3", "2e+4", ".5", "5.", "0.0",
    ])
    func doubleAccepts(_ text: String) {
        #expect(RoutePattern.PlaceholderType.double.accepts(text))
    }

    @Test("double rejects non-numbers, special values and hex", arguments: [
        "", ".", "-", "e5", "1e", "1e+", "inf", "nan", "Infinity", "1.2.3", "0x1p3", "1,5", " 1", "1 ",
    ])
    func doubleRejects(_ text: String) {
        #expect(!RoutePattern.PlaceholderType.double.accepts(text))
    }

    @Test("accepts works on substrings")
    func substrings() {
        let text = "id=42"
        #expect(RoutePattern.PlaceholderType.int.accepts(text.dropFirst(3)))
        #expect(!RoutePattern.PlaceholderType.int.accepts(text.dropLast(3)))
    }
}
