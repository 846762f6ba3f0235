import Testing
import LinkRouterCore

/// A set of routes and the URLs it must resolve, each to one pattern or to none.
struct PrecedenceCase: Sendable, CustomTestStringConvertible {
    let name: String
    let routes: [String]
    let matches: [MatchCase]
    var testDescription: String { name }
}

struct MatchingPrecedenceTests {
    static let cases: [PrecedenceCase] = [
        PrecedenceCase(name: "literal beats typed placeholder", routes: ["user/<int:id>", "user/42"], matches: [
            MatchCase("app://user/42", "user/42"), MatchCase("app://user/43", "user/<int:id>"),
        ]),
        PrecedenceCase(name: "typed placeholder beats :param", routes: ["user/:name", "user/<int:id>"], matches: [
            MatchCase("app://user/7", "user/<int:id>"), MatchCase("app://user/bob", "user/:name"),
        ]),
        PrecedenceCase(name: ":param beats *", routes: ["a/*", "a/:x"], matches: [
            MatchCase("app://a/b", "a/:x"),
        ]),
        PrecedenceCase(name: "* beats **", routes: ["a/**", "a/*"], matches: [
            MatchCase("app://a/b", "a/*"), MatchCase("app://a/b/c", "a/**"), MatchCase("app://a", "a/**"),
        ]),
        PrecedenceCase(name: ":param beats <path:>", routes: ["a/<path:p>", "a/:x"], matches: [
            MatchCase("app://a/b", "a/:x"), MatchCase("app://a/b/c", "a/<path:p>"), MatchCase("app://a", nil),
        ]),
        PrecedenceCase(name: "literal beats everything at the same position", routes: ["a/**", "a/*", "a/:x", "a/<int:n>", "a/7"], matches: [
            MatchCase("app://a/7", "a/7"), MatchCase("app://a/8", "a/<int:n>"), MatchCase("app://a/x", "a/:x"),
            MatchCase("app://a/x/y", "a/**"),
        ]),
        PrecedenceCase(
            name: "typed sub-order is int, uuid, bool, double",
            routes: ["v/<double:x>", "v/<bool:x>", "v/<uuid:x>", "v/<int:x>"],
            matches: [
                MatchCase("app://v/1", "v/<int:x>"), MatchCase("app://v/0", "v/<int:x>"), MatchCase("app://v/-3", "v/<int:x>"),
                MatchCase("app://v/yes", "v/<bool:x>"), MatchCase("app://v/FALSE", "v/<bool:x>"),
                MatchCase("app://v/1.5", "v/<double:x>"), MatchCase("app://v/1e3", "v/<double:x>"),
                MatchCase("app://v/123e4567-e89b-12d3-a456-426614174000", "v/<uuid:x>"),
                MatchCase("app://v/abc", nil),
            ]
        ),
        PrecedenceCase(name: "bool beats double", routes: ["w/<double:x>", "w/<bool:x>"], matches: [
            MatchCase("app://w/1", "w/<bool:x>"), MatchCase("app://w/2", "w/<double:x>"),
        ]),
        PrecedenceCase(name: "uuid beats :param", routes: ["u/:s", "u/<uuid:x>"], matches: [
            MatchCase("app://u/123E4567-E89B-12D3-A456-426614174000", "u/<uuid:x>"), MatchCase("app://u/123", "u/:s"),
        ]),
        PrecedenceCase(name: "the first differing segment decides", routes: ["a/:x/c", "a/b/:y"], matches: [
            MatchCase("app://a/b/c", "a/b/:y"), MatchCase("app://a/z/c", "a/:x/c"),
        ]),
        PrecedenceCase(name: "the first differing segment decides, at the host", routes: [":x/b/c", "a/:y/:z"], matches: [
            MatchCase("app://a/b/c", "a/:y/:z"), MatchCase("app://q/b/c", ":x/b/c"),
        ]),
        PrecedenceCase(name: "first difference decides even against a catch-all", routes: ["a/b/**", "a/:x"], matches: [
            MatchCase("app://a/b", "a/b/**"), MatchCase("app://a/c", "a/:x"),
        ]),
        PrecedenceCase(name: "backtracking out of a literal", routes: ["a/b/c", "a/:x/d"], matches: [
            MatchCase("app://a/b/d", "a/:x/d"), MatchCase("app://a/b/c", "a/b/c"), MatchCase("app://a/b/e", nil),
        ]),
        PrecedenceCase(
            name: "backtracking several levels",
            routes: ["a/b/c/d", "a/b/:x/e", "a/:y/c/f", ":z/b/c/g", "**"],
            matches: [
                MatchCase("app://a/b/c/d", "a/b/c/d"), MatchCase("app://a/b/c/e", "a/b/:x/e"),
                MatchCase("app://a/b/c/f", "a/:y/c/f"), MatchCase("app://a/b/c/g", ":z/b/c/g"),
                MatchCase("app://a/b/c/h", "**"),
            ]
        ),
        PrecedenceCase(
            name: "backtracking through typed placeholders, parameters and wildcards",
            routes: ["a/<int:n>/x", "a/:s/y", "a/*/z", "a/<bool:b>/w"],
            matches: [
                MatchCase("app://a/1/x", "a/<int:n>/x"), MatchCase("app://a/1/y", "a/:s/y"), MatchCase("app://a/1/z", "a/*/z"),
                MatchCase("app://a/1/w", "a/<bool:b>/w"), MatchCase("app://a/2/w", nil), MatchCase("app://a/q/x", nil),
            ]
        ),
        PrecedenceCase(name: "a route must consume the whole key", routes: ["a/b"], matches: [
            MatchCase("app://a/b", "a/b"), MatchCase("app://a/b/c", nil), MatchCase("app://a", nil), MatchCase("app://b", nil),
        ]),
        PrecedenceCase(name: "** matching zero segments loses to the route without it", routes: ["a/**", "a"], matches: [
            MatchCase("app://a", "a"), MatchCase("app://a/x", "a/**"), MatchCase("app://a/x/y/z", "a/**"),
        ]),
        PrecedenceCase(name: "** alone matches zero segments", routes: ["a/**"], matches: [
            MatchCase("app://a", "a/**"), MatchCase("app://a/", "a/**"), MatchCase("app://b", nil),
        ]),
        PrecedenceCase(name: "a root ** matches every key, the root route wins the empty key", routes: ["**", ""], matches: [
            MatchCase("app://", ""), MatchCase("", ""), MatchCase("app://x/y", "**"),
        ]),
        PrecedenceCase(name: "* matches exactly one segment", routes: ["a/*"], matches: [
            MatchCase("app://a/b", "a/*"), MatchCase("app://a", nil), MatchCase("app://a/b/c", nil),
        ]),
        PrecedenceCase(name: "<path:> needs at least one segment", routes: ["files/<path:rest>"], matches: [
            MatchCase("app://files/a", "files/<path:rest>"), MatchCase("app://files/a/b/c", "files/<path:rest>"),
            MatchCase("app://files", nil), MatchCase("app://files/", nil),
        ]),
        PrecedenceCase(name: "** and <path:> at the same place: the earlier registration wins", routes: ["a/**", "a/<path:p>"], matches: [
            MatchCase("app://a/x", "a/**"), MatchCase("app://a", "a/**"),
        ]),
        PrecedenceCase(name: "<path:> and ** at the same place: the earlier registration wins", routes: ["a/<path:p>", "a/**"], matches: [
            MatchCase("app://a/x", "a/<path:p>"), MatchCase("app://a", "a/**"),
        ]),
        PrecedenceCase(name: "a deeper catch-all is tried before a shallower one", routes: ["a/**", "a/b/**"], matches: [
            MatchCase("app://a/b/c", "a/b/**"), MatchCase("app://a/c/c", "a/**"),
        ]),
        PrecedenceCase(name: "literals are compared byte for byte after decoding", routes: ["user/:id", "caf%C3%A9", "a%2Fb"], matches: [
            MatchCase("app://User/1", nil), MatchCase("app://café", "caf%C3%A9"), MatchCase("app://caf%C3%A9", "caf%C3%A9"),
            MatchCase("app://caf%c3%a9", "caf%C3%A9"), MatchCase("app://a%2Fb", "a%2Fb"), MatchCase("app://a/b", nil),
            MatchCase("app://%75ser/1", "user/:id"),
        ]),
        PrecedenceCase(name: "the root route", routes: [""], matches: [
            MatchCase("app://", ""), MatchCase("app:", ""), MatchCase("app:///", ""), MatchCase("", ""), MatchCase("/", ""),
            MatchCase("app://?x=1#f", ""), MatchCase("app://a", nil),
        ]),
    ]

    @Test("Routes resolve by segment precedence with full backtracking", arguments: cases)
    func precedence(_ table: PrecedenceCase) throws {
        let router = try makeRouter(table.routes)
        for match in table.matches {
            #expect(router.matchedPattern(match.url) == match.expected, "\(match)")
        }
    }

    @Test("Precedence does not depend on registration order")
    func orderIndependent() throws {
        let routes = ["a/:x/c", "a/b/:y", "a/<int:n>/c", "a/*/d", "a/**", "a/b/c/<path:p>", "a"]
        let keys = ["app://a/b/c", "app://a/1/c", "app://a/q/c", "app://a/q/d", "app://a/q/e", "app://a/b/c/d/e", "app://a", "app://a/b/x"]
        let expected = try makeRouter(routes)
        let reversed = try makeRouter(routes.reversed())
        let rotated = try makeRouter(Array(routes[3...] + routes[..<3]))
        let answers = keys.map { expected.matchedPattern($0) }
        #expect(answers == ["a/b/:y", "a/<int:n>/c", "a/:x/c", "a/*/d", "a/**", "a/b/c/<path:p>", "a", "a/b/:y"])
        #expect(keys.map { reversed.matchedPattern($0) } == answers)
        #expect(keys.map { rotated.matchedPattern($0) } == answers)
    }

    @Test("A miss reports the route key it looked for")
    func noRoute() throws {
        let router = try makeRouter(["user/:id"])
        #expect(router.failure("app://user/42/posts?x=1#y")?.summary == .noRoute("user/42/posts"))
        #expect(router.failure("app://user")?.summary == .noRoute("user"))
        #expect(router.failure("app://")?.summary == .noRoute(""))
    }

    @Test("An empty router resolves nothing")
    func emptyRouter() {
        let router = Router()
        #expect(router.failure("app://a")?.summary == .noRoute("a"))
        #expect(router.failure("")?.summary == .noRoute(""))
    }

    @Test("Captures are correct after backtracking discards a partial match")
    func capturesAfterBacktracking() throws {
        let router = try makeRouter(["a/<int:n>/:m/x", "a/:s/:t/y", "<path:all>"])
        let first = try router.resolve("app://a/1/2/y")
        #expect(first.pattern.text == "a/:s/:t/y")
        #expect(first.parameters.pathParameters == ["s": "1", "t": "2"])
        let second = try router.resolve("app://a/1/2/z")
        #expect(second.pattern.text == "<path:all>")
        #expect(second.parameters.pathParameters == ["all": "a/1/2/z"])
    }
}
