import Testing
import LinkRouterCore

struct HostModeTests {
    @Test("By default the route key is host + path and the scheme is dropped", arguments: [
        MatchCase("app://user/42", "user/:id"),
        MatchCase("other://user/42", "user/:id"),
        MatchCase("app:/user/42", "user/:id"),
        MatchCase("app:user/42", "user/:id"),
        MatchCase("user/42", "user/:id"),
        MatchCase("app://me@user:1234/42", "user/:id"),
        MatchCase("app://user//42/", "user/:id"),
        MatchCase("https://example.com/a", "example.com/a"),
        MatchCase("https://example.com:8443/a?x#y", "example.com/a"),
        MatchCase("https://other.com/a", nil),
        MatchCase("app://phoenix/user/42", nil),
    ])
    func hostInKey(_ match: MatchCase) throws {
        let router = try makeRouter(["user/:id", "example.com/a"])
        #expect(router.matchedPattern(match.url) == match.expected)
    }

    @Test("The host segment is captured like any other segment")
    func hostCaptured() throws {
        let router = try makeRouter([":host/a"])
        #expect(try router.resolve("https://example.com/a").parameters["host"] == "example.com")
    }

    @Test("With a fixed host the key is the path alone", arguments: [
        MatchCase("app://phoenix/user/42", "user/:id"),
        MatchCase("app://PHOENIX/user/42", "user/:id"),
        MatchCase("app:/user/42", "user/:id"),
        MatchCase("app:///user/42", "user/:id"),
        MatchCase("user/42", "user/:id"),
        MatchCase("app://phoenix", ""),
        MatchCase("app://phoenix/", ""),
        MatchCase("app://phoenix/phoenix/user/42", "phoenix/user/:id2"),
        MatchCase("app://phoenix/other/user/42", nil),
    ])
    func fixedHost(_ match: MatchCase) throws {
        let router = try makeRouter(["user/:id", "", "phoenix/user/:id2"], configuration: RouterConfiguration(host: "phoenix"))
        #expect(router.matchedPattern(match.url) == match.expected)
    }

    @Test("With a fixed host another host is not handled")
    func otherHost() async throws {
        let router = try makeRouter(["user/:id"], configuration: RouterConfiguration(host: "phoenix"))
        #expect(router.failure("app://other/user/42")?.summary == .hostNotHandled("other"))
        #expect(!router.canOpen("app://other/user/42"))
        let outcome = await router.open("app://other/user/42")
        #expect(outcome.failure?.summary == .hostNotHandled("other"))
    }

    @Test("With a fixed host a miss reports the path as the key")
    func fixedHostMiss() throws {
        let router = try makeRouter(["user/:id"], configuration: RouterConfiguration(host: "phoenix"))
        #expect(router.failure("app://phoenix/nothing/here")?.summary == .noRoute("nothing/here"))
    }

    @Test("Both modes agree on parameters")
    func parametersInBothModes() throws {
        let byHost = try makeRouter(["user/<int:id>"])
        let fixed = try makeRouter(["user/<int:id>"], configuration: RouterConfiguration(host: "phoenix"))
        #expect(try byHost.resolve("app://user/42?tab=a").parameters.int("id") == 42)
        #expect(try fixed.resolve("app://phoenix/user/42?tab=a").parameters.int("id") == 42)
        #expect(try fixed.resolve("app://phoenix/user/42?tab=a").parameters["tab"] == "a")
    }
}
