import Testing
import LinkRouterCore

struct OptionalGroupTests {
    @Test("An optional trailing parameter may be present or absent")
    func optionalParameter() throws {
        let router = try makeRouter(["list(/:page)"])
        let bare = try router.resolve("app://list")
        #expect(bare.pattern.text == "list(/:page)")
        #expect(!bare.parameters.contains("page"))
        #expect(try bare.parameters.int("page", default: 1) == 1)

        let paged = try router.resolve("app://list/3")
        #expect(try paged.parameters.int("page") == 3)
        #expect(router.matchedPattern("app://list/3/4") == nil)
    }

    @Test("Optional literals match all or nothing, in order", arguments: [
        MatchCase("app://a", "a(/b)(/c)"), MatchCase("app://a/b", "a(/b)(/c)"), MatchCase("app://a/b/c", "a(/b)(/c)"),
        MatchCase("app://a/c", nil), MatchCase("app://a/b/c/d", nil), MatchCase("app://a/c/b", nil),
    ])
    func optionalLiterals(_ match: MatchCase) throws {
        let router = try makeRouter(["a(/b)(/c)"])
        #expect(router.matchedPattern(match.url) == match.expected)
    }

    @Test("A group with several segments is taken whole or not at all")
    func wholeGroups() throws {
        let router = try makeRouter(["a(/:x/:y)", "b(/c/:z)"])
        #expect(router.matchedPattern("app://a") == "a(/:x/:y)")
        #expect(router.matchedPattern("app://a/1") == nil)
        let both = try router.resolve("app://a/1/2")
        #expect(both.parameters.pathParameters == ["x": "1", "y": "2"])
        #expect(router.matchedPattern("app://b/c") == nil)
        #expect(try router.resolve("app://b/c/9").parameters["z"] == "9")
    }

    @Test("Later groups need the earlier ones")
    func groupsInOrder() throws {
        let router = try makeRouter(["p/:a(/<int:b>)(/:c)"])
        #expect(try router.resolve("app://p/1").parameters.pathParameters == ["a": "1"])
        #expect(try router.resolve("app://p/1/2").parameters.pathParameters == ["a": "1", "b": "2"])
        #expect(try router.resolve("app://p/1/2/3").parameters.pathParameters == ["a": "1", "b": "2", "c": "3"])
        // "x" is not an int, so the second group cannot be taken without the first.
        #expect(router.matchedPattern("app://p/1/x") == nil)
    }

    @Test("A root pattern made of an optional group matches the root and one segment")
    func rootGroup() throws {
        let router = try makeRouter(["(/:opt)"])
        #expect(router.matchedPattern("app://") == "(/:opt)")
        #expect(try router.resolve("app://x").parameters["opt"] == "x")
        #expect(router.matchedPattern("app://x/y") == nil)
    }

    @Test("Optional variants obey segment precedence")
    func precedence() throws {
        let router = try makeRouter(["a(/:x)", "a/b"])
        #expect(router.matchedPattern("app://a/b") == "a/b")
        #expect(router.matchedPattern("app://a/c") == "a(/:x)")
        #expect(router.matchedPattern("app://a") == "a(/:x)")
    }

    @Test("When two routes produce the same variant, the earlier registration wins it")
    func overlappingVariants() throws {
        let plainFirst = try makeRouter(["a/:c", "a(/:b)"])
        #expect(plainFirst.matchedPattern("app://a/1") == "a/:c")
        #expect(plainFirst.matchedPattern("app://a") == "a(/:b)")
        #expect(try plainFirst.resolve("app://a/1").parameters.pathParameters == ["c": "1"])

        let groupFirst = try makeRouter(["a(/:b)", "a/:c"])
        #expect(groupFirst.matchedPattern("app://a/1") == "a(/:b)")
        #expect(try groupFirst.resolve("app://a/1").parameters.pathParameters == ["b": "1"])

        let bareSecond = try makeRouter(["a(/b)", "a"])
        #expect(bareSecond.matchedPattern("app://a") == "a(/b)")
    }
}
