import Testing
import LinkRouterCore

struct RegistrationTests {
    @Test("Registering a pattern of the same shape throws duplicate, naming both", arguments: [
        ("user/:id", "user/:name"), ("user/:id", "/user/:id"), ("user/<int:id>", "user/<int:n>"),
        ("f/<path:a>", "f/<path:b>"), ("l(/:a)", "l(/:b)"), ("a/*", "a/*"), ("", "/"),
    ])
    func duplicate(_ first: String, _ second: String) throws {
        let router = try makeRouter([first])
        #expect(throws: RouteRegistrationError.duplicate(pattern: second, existing: first)) {
            try router.register(second, action: { _ in nil })
        }
        // The first registration still answers.
        #expect(router.routes.map(\.pattern.text) == [first])
    }

    @Test("Patterns that differ in shape are not duplicates", arguments: [
        ("user/:id", "user/<int:id>"), ("user/:id", "user/*"), ("a/**", "a/<path:p>"), ("a(/:b)", "a/:b"),
        ("a", "a/**"), ("user/id", "user/:id"), ("a%2F%3A", "a/:x"), ("caf\u{E9}", "cafe\u{301}"),
    ])
    func notDuplicate(_ first: String, _ second: String) throws {
        let router = try makeRouter([first, second])
        #expect(router.routes.map(\.pattern.text) == [first, second])
    }

    @Test("A bad pattern is rejected with the parser's error")
    func invalidPattern() {
        let router = Router()
        #expect(throws: RouteRegistrationError.invalidPattern(PatternError(.emptySegment, pattern: "a//b", column: 3))) {
            try router.register("a//b", action: { _ in nil })
        }
        #expect(router.routes.isEmpty)
    }

    @Test("Unregistering removes the route: it stops matching and others keep matching")
    func unregister() throws {
        let router = try makeRouter(["user/:id", "user/:id/posts", "user/me"])
        #expect(router.matchedPattern("app://user/42") == "user/:id")
        #expect(router.unregister("user/:id"))
        #expect(router.failure("app://user/42")?.summary == .noRoute("user/42"))
        #expect(router.matchedPattern("app://user/42/posts") == "user/:id/posts")
        #expect(router.matchedPattern("app://user/me") == "user/me")
        #expect(router.routes.map(\.pattern.text) == ["user/:id/posts", "user/me"])
    }

    @Test("Unregistering goes by shape, reports whether anything was removed, and allows re-registration")
    func unregisterByShape() throws {
        let router = try makeRouter(["user/:id"])
        #expect(router.unregister("/user/:name"))
        #expect(!router.unregister("user/:id"))
        #expect(!router.unregister("never/registered"))
        #expect(!router.unregister("bad//pattern"))
        #expect(router.matchedPattern("app://user/1") == nil)
        try router.register("user/:other", action: { _ in "again" })
        #expect(router.matchedPattern("app://user/1") == "user/:other")
    }

    @Test("After a route in the middle is unregistered, the others are still refused as duplicates")
    func duplicatesAfterUnregister() throws {
        let router = try makeRouter(["a/:x", "b/<int:y>", "c(/:z)", "d/%41"])
        #expect(router.unregister("b/<int:other>"))
        for (pattern, existing) in [("a/:other", "a/:x"), ("c(/:other)", "c(/:z)"), ("d/A", "d/%41")] {
            #expect(throws: RouteRegistrationError.duplicate(pattern: pattern, existing: existing)) {
                try router.register(pattern, action: { _ in nil })
            }
        }
        try router.register("b/<int:again>", action: { _ in nil })
        #expect(router.matchedPattern("app://b/7") == "b/<int:again>")
        #expect(router.matchedPattern("app://d/A") == "d/%41")
    }

    @Test("A literal is matched byte for byte, so composed and decomposed spellings are different routes")
    func byteExactLiterals() throws {
        // Two routes that share a canonically equivalent first literal.
        let router = try makeRouter(["caf\u{E9}/a", "cafe\u{301}/b"])
        #expect(router.matchedPattern("app://caf%C3%A9/a") == "caf\u{E9}/a")
        #expect(router.matchedPattern("app://cafe%CC%81/b") == "cafe\u{301}/b")
        #expect(router.matchedPattern("app://caf%C3%A9/b") == nil)
        #expect(router.matchedPattern("app://cafe%CC%81/a") == nil)
    }

    @Test("Registration after the first lookup is seen by the next lookup")
    func registrationInvalidatesTable() throws {
        let router = try makeRouter(["a"])
        #expect(router.matchedPattern("app://b") == nil)
        try router.register("b", action: { _ in nil })
        #expect(router.matchedPattern("app://b") == "b")
        #expect(router.matchedPattern("app://a") == "a")
    }
}
