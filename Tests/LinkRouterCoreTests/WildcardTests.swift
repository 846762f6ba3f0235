import Testing
import LinkRouterCore

struct WildcardTests {
    @Test("<path:rest> joins one or more trailing segments with '/'", arguments: [
        ("app://files/a", "a"), ("app://files/a/b/c", "a/b/c"), ("app://files//a///b/", "a/b"),
        ("app://files/a%2Fb/c", "a/b/c"), ("app://files/caf%C3%A9/x+y?q=1#f", "café/x+y"),
    ])
    func pathCapture(_ url: String, _ rest: String) throws {
        let router = try makeRouter(["files/<path:rest>"])
        let route = try router.resolve(url)
        #expect(route.parameters["rest"] == rest)
        #expect(route.parameters.values("rest") == [rest])
    }

    @Test("<path:> after other captures keeps them")
    func pathAfterCaptures() throws {
        let router = try makeRouter(["repo/:owner/<int:n>/<path:file>"])
        let route = try router.resolve("app://repo/me/7/src/main.swift")
        #expect(route.parameters.pathParameters == ["owner": "me", "n": "7", "file": "src/main.swift"])
    }

    @Test("<path:> at the root takes the host as its first segment")
    func pathAtRoot() throws {
        let router = try makeRouter(["<path:all>"])
        #expect(try router.resolve("app://a/b/c").parameters["all"] == "a/b/c")
        #expect(try router.resolve("app://host:80").parameters["all"] == "host")
        #expect(try router.resolve("a").parameters["all"] == "a")
        #expect(router.matchedPattern("app://") == nil)
    }

    @Test("* matches exactly one segment and captures nothing")
    func wildcardCapturesNothing() throws {
        let router = try makeRouter(["a/*/c/:d"])
        let route = try router.resolve("app://a/b/c/d")
        #expect(route.parameters.pathParameters == ["d": "d"])
        #expect(route.parameters.names == ["d"])
        #expect(router.matchedPattern("app://a/c/d") == nil)
    }

    @Test("** captures nothing")
    func catchAllCapturesNothing() throws {
        let router = try makeRouter([":first/**"])
        let route = try router.resolve("app://x/y/z?q=1")
        #expect(route.parameters.pathParameters == ["first": "x"])
        #expect(route.parameters.names == ["first", "q"])
    }
}
