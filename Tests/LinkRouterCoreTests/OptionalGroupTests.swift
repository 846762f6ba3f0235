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

    @Test("Optional literals match all or nothing, each group on its own, in the order written", arguments: [
        MatchCase("app://a", "a(/b)(/c)"), MatchCase("app://a/b", "a(/b)(/c)"), MatchCase("app://a/b/c", "a(/b)(/c)"),
        MatchCase("app://a/c", "a(/b)(/c)"), MatchCase("app://a/b/c/d", nil), MatchCase("app://a/c/b", nil),
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

    @Test("A later group is taken without the earlier ones")
    func groupsIndependent() throws {
        let router = try makeRouter(["p/:a(/<int:b>)(/:c)"])
        #expect(try router.resolve("app://p/1").parameters.pathParameters == ["a": "1"])
        #expect(try router.resolve("app://p/1/2").parameters.pathParameters == ["a": "1", "b": "2"])
        #expect(try router.resolve("app://p/1/2/3").parameters.pathParameters == ["a": "1", "b": "2", "c": "3"])
        // "x" is not an int: the third group alone takes it.
        #expect(try router.resolve("app://p/1/x").parameters.pathParameters == ["a": "1", "c": "x"])
    }

    @Test("path/:thing(/new)(/anotherpath/:another) matches all four forms", arguments: [
        ("app://path/1", ["thing": "1"]),
        ("app://path/1/new", ["thing": "1"]),
        ("app://path/1/anotherpath/2", ["thing": "1", "another": "2"]),
        ("app://path/1/new/anotherpath/2", ["thing": "1", "another": "2"]),
    ])
    func fourForms(url: String, parameters: [String: String]) throws {
        let router = try makeRouter(["path/:thing(/new)(/anotherpath/:another)"])
        #expect(try router.resolve(url).parameters.pathParameters == parameters)
        #expect(router.matchedPattern("app://path/1/anotherpath/2/new") == nil)
        #expect(router.matchedPattern("app://path/1/anotherpath") == nil)
    }

    @Test("A group may sit in the middle of a pattern or at its start", arguments: [
        MatchCase("app://shop/item/7", "shop(/:region)/item/<int:id>"),
        MatchCase("app://shop/eu/item/7", "shop(/:region)/item/<int:id>"),
        MatchCase("app://shop/eu/item/x", nil),
        MatchCase("app://shop/eu/7", nil),
        MatchCase("app://docs", "(/:lang)/docs(/:page)"),
        MatchCase("app://fr/docs", "(/:lang)/docs(/:page)"),
        MatchCase("app://fr/docs/intro", "(/:lang)/docs(/:page)"),
        MatchCase("app://docs/intro", "(/:lang)/docs(/:page)"),
    ])
    func middleGroups(_ match: MatchCase) throws {
        let router = try makeRouter(["shop(/:region)/item/<int:id>", "(/:lang)/docs(/:page)"])
        #expect(router.matchedPattern(match.url) == match.expected)
    }

    @Test("A RouteID fills each group on its own, and its link opens the form it names")
    func linksOfIndependentGroups() async throws {
        let route: RouteID = "shop(/:region)/item/<int:id>(/v/:variant)"
        let router = try makeRouter([route.rawValue])
        #expect(try route.link(["id": 7]).url == "shop/item/7")
        #expect(try route.link(["id": 7, "variant": "red"]).url == "shop/item/7/v/red")
        #expect(try route.link(["id": 7, "region": "eu"]).url == "shop/eu/item/7")
        #expect(try router.resolve(route.link(["id": 7, "variant": "red"])).parameters.pathParameters == ["id": "7", "variant": "red"])
        #expect(await router.open(route, parameters: ["id": 7, "region": "eu"]).succeeded)
    }

    @Test("Where two forms of one pattern match a key, the form that takes the earlier group wins")
    func precedenceAmongForms() throws {
        let router = try makeRouter(["list(/:page)(/:sort)", "a(/:x)(/:y)(/:z/:w)"])
        #expect(try router.resolve("app://list/7").parameters.pathParameters == ["page": "7"])
        #expect(try router.resolve("app://a/1/2").parameters.pathParameters == ["x": "1", "y": "2"])
        #expect(try router.resolve("app://a/1/2/3").parameters.pathParameters == ["x": "1", "z": "2", "w": "3"])
        // Segment precedence still comes first: a literal form beats a parameter form.
        let literal = try makeRouter(["b(/:x)(/new)"])
        #expect(try literal.resolve("app://b/new").parameters.pathParameters == [:])
        // One pattern's own forms are no conflict; two of its forms tying with another route are one.
        #expect(router.validate().isEmpty)
        #expect(literal.validate().isEmpty)
        let tied = try makeRouter(["list/:n", "list(/:page)(/:sort)"])
        #expect(tied.validate().map(\.description) == [
            "'list(/:page)(/:sort)' and 'list/:n' match the same keys, e.g. 'list/~'; 'list/:n' was registered first and wins",
        ])
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
