import Testing
import RoutePatterns

/// One pattern and what it must parse to.
struct ParsedPatternCase: Sendable, CustomTestStringConvertible {
    let text: String
    let segments: [RoutePattern.Segment]
    var groups: [[RoutePattern.Segment]] = []
    var testDescription: String { "'\(text)'" }
}

struct RoutePatternParsingTests {
    static let cases: [ParsedPatternCase] = [
        ParsedPatternCase(text: "", segments: []),
        ParsedPatternCase(text: "/", segments: []),
        ParsedPatternCase(text: "user", segments: [.literal("user")]),
        ParsedPatternCase(text: "/user/:id", segments: [.literal("user"), .parameter("id")]),
        ParsedPatternCase(text: "user/:_user_Id9", segments: [.literal("user"), .parameter("_user_Id9")]),
        ParsedPatternCase(text: "user/<int:id>", segments: [.literal("user"), .typed(.int, "id")]),
        ParsedPatternCase(
            text: "<uuid:u>/<bool:b>/<double:d>",
            segments: [.typed(.uuid, "u"), .typed(.bool, "b"), .typed(.double, "d")]
        ),
        ParsedPatternCase(text: "files/<path:rest>", segments: [.literal("files"), .path("rest")]),
        ParsedPatternCase(text: "a/*/b", segments: [.literal("a"), .wildcard, .literal("b")]),
        ParsedPatternCase(text: "a/**", segments: [.literal("a"), .catchAll]),
        ParsedPatternCase(text: "**", segments: [.catchAll]),
        ParsedPatternCase(text: "list(/:page)", segments: [.literal("list")], groups: [[.parameter("page")]]),
        ParsedPatternCase(
            text: "a(/b)(/:c/<int:d>)",
            segments: [.literal("a")],
            groups: [[.literal("b")], [.parameter("c"), .typed(.int, "d")]]
        ),
        ParsedPatternCase(text: "(/:opt)", segments: [], groups: [[.parameter("opt")]]),
        ParsedPatternCase(text: "a/*(/*)", segments: [.literal("a"), .wildcard], groups: [[.wildcard]]),
        // Literals are percent-decoded; `+` stays a plus; `:` inside a literal is text.
        ParsedPatternCase(
            text: "caf%C3%A9/a%2Fb/a+b/x:y/é",
            segments: [.literal("café"), .literal("a/b"), .literal("a+b"), .literal("x:y"), .literal("é")]
        ),
    ]

    @Test("Every syntax element parses to its segment", arguments: cases)
    func parses(_ expected: ParsedPatternCase) throws {
        let pattern = try RoutePattern(expected.text)
        #expect(pattern.text == expected.text)
        #expect(pattern.segments == expected.segments)
        #expect(pattern.optionalGroups == expected.groups)
    }

    @Test("The empty pattern and a lone slash are the root route")
    func root() throws {
        for text in ["", "/"] {
            let pattern = try RoutePattern(text)
            #expect(pattern.segments.isEmpty)
            #expect(pattern.optionalGroups.isEmpty)
            #expect(pattern.variants == [[]])
            #expect(pattern.parameterNames.isEmpty)
        }
    }

    @Test("Parameter names are listed in pattern order, optional groups included")
    func parameterNames() throws {
        let pattern = try RoutePattern("user/<int:id>/*/:tab(/:page)(/<bool:flag>)")
        #expect(pattern.parameterNames == ["id", "tab", "page", "flag"])
        #expect(try RoutePattern("a/<path:rest>").parameterNames == ["rest"])
        #expect(try RoutePattern("a/*/**").parameterNames == [])
    }

    @Test("Variants take each optional group or not, independently, the earlier groups first")
    func variants() throws {
        let pattern = try RoutePattern("a(/:b)(/c/d)")
        #expect(pattern.variants == [
            [.literal("a"), .parameter("b"), .literal("c"), .literal("d")],
            [.literal("a"), .parameter("b")],
            [.literal("a"), .literal("c"), .literal("d")],
            [.literal("a")],
        ])
        #expect(try RoutePattern("a/b").variants == [[.literal("a"), .literal("b")]])
    }

    @Test("Groups may sit anywhere; elements keep the order written")
    func groupsAnywhere() throws {
        let pattern = try RoutePattern("(/:lang)/docs(/x/:y)/:page(/end)")
        #expect(pattern.segments == [.literal("docs"), .parameter("page")])
        #expect(pattern.optionalGroups == [[.parameter("lang")], [.literal("x"), .parameter("y")], [.literal("end")]])
        #expect(pattern.elements == [
            .optionalGroup([.parameter("lang")]), .segment(.literal("docs")), .optionalGroup([.literal("x"), .parameter("y")]),
            .segment(.parameter("page")), .optionalGroup([.literal("end")]),
        ])
        #expect(pattern.parameterNames == ["lang", "y", "page"])
        #expect(pattern.variants.count == 8)
        #expect(pattern.variants.first == [.parameter("lang"), .literal("docs"), .literal("x"), .parameter("y"), .parameter("page"), .literal("end")])
        #expect(pattern.variants.last == [.literal("docs"), .parameter("page")])
        // A group in the middle is another shape than one at the end.
        #expect(try RoutePattern("a(/b)/c").shape != RoutePattern("a/c(/b)").shape)
        #expect(try RoutePattern("a(/:b)/c").shape == RoutePattern("a(/:x)/c").shape)
    }

    @Test("A pattern prints as written; a segment prints in pattern syntax")
    func descriptions() throws {
        #expect(try RoutePattern("/user/<int:id>(/:tab)").description == "/user/<int:id>(/:tab)")
        let segments: [RoutePattern.Segment] = [
            .literal("a"), .parameter("p"), .typed(.uuid, "u"), .path("rest"), .wildcard, .catchAll,
        ]
        #expect(segments.map(\.description) == ["a", ":p", "<uuid:u>", "<path:rest>", "*", "**"])
        #expect(segments.map(\.parameterName) == [nil, "p", "u", "rest", nil, nil])
    }

    @Test("The shape erases parameter names but keeps literals, types and groups")
    func shapes() throws {
        #expect(try RoutePattern("user/:id").shape == RoutePattern("user/:name").shape)
        #expect(try RoutePattern("/user/:id").shape == RoutePattern("user/:name").shape)
        #expect(try RoutePattern("user/<int:id>").shape == RoutePattern("user/<int:n>").shape)
        #expect(try RoutePattern("files/<path:a>").shape == RoutePattern("files/<path:b>").shape)
        #expect(try RoutePattern("list(/:a)").shape == RoutePattern("list(/:b)").shape)

        #expect(try RoutePattern("user/<int:id>").shape != RoutePattern("user/:id").shape)
        #expect(try RoutePattern("user/<int:id>").shape != RoutePattern("user/<double:id>").shape)
        #expect(try RoutePattern("user/:id").shape != RoutePattern("user/*").shape)
        #expect(try RoutePattern("a/**").shape != RoutePattern("a/<path:p>").shape)
        #expect(try RoutePattern("a(/:b)").shape != RoutePattern("a/:b").shape)
        #expect(try RoutePattern("a(/b)(/c)").shape != RoutePattern("a(/b/c)").shape)
        #expect(try RoutePattern("user/id").shape != RoutePattern("user/:id").shape)
    }

    @Test(
        "Literals that decode to pattern syntax do not share a shape with that syntax",
        arguments: [
            ("a%2F%3A", "a/:x"),           // literal "a/:" vs literal a + parameter
            ("a%2F%3Db", "a/b"),           // literal "a/=b" vs two literals
            ("a%28%2F%3Db%29", "a(/b)"),   // literal "a(/=b)" vs an optional group
            ("a%252F", "a%2F"),            // literal "a%2F" vs literal "a/"
            ("a%2F%2A", "a/*"),            // literal "a/*" vs literal a + wildcard
        ]
    )
    func shapeIsUnambiguous(_ first: String, _ second: String) throws {
        #expect(try RoutePattern(first).shape != RoutePattern(second).shape)
    }

    @Test("Canonically equivalent but differently encoded literals have different shapes")
    func shapeIsByteExact() throws {
        // The matcher compares literals byte for byte, so "é" (U+00E9) and "e" + U+0301 match
        // different URLs; registering both is not a duplicate.
        let composed = try RoutePattern("caf\u{E9}")
        let decomposed = try RoutePattern("cafe\u{301}")
        #expect(composed.shape != decomposed.shape)
    }

    @Test("A pattern with exactly the maximum number of parameters and segments parses")
    func limits() throws {
        let sixteen = (1...RoutePattern.maximumParameterCount).map { ":p\($0)" }.joined(separator: "/")
        #expect(try RoutePattern(sixteen).parameterNames.count == 16)
        let sixtyFour = Array(repeating: "a", count: RoutePattern.maximumSegmentCount).joined(separator: "/")
        #expect(try RoutePattern(sixtyFour).segments.count == 64)
    }
}
