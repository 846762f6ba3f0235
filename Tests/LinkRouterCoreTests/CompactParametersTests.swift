import Testing
import LinkRouterCore

/// A resolved route keeps its path parameters as offsets into the URL's text (up to four packed
/// in one integer, more or farther ones in an object beside the match): what they read must not
/// depend on which of the two holds them, nor on the text the URL was made from.
struct CompactParametersTests {
    /// Parameters resolved from a URL text built at run time (not a literal), in a router that is
    /// gone when this returns.
    private func parametersOfABuiltURL(name: String) throws -> RouteParameters {
        let router = try makeRouter(["user/<int:id>/:name"])
        var text = "app://user/"
        text += String(6 * 7)
        text += "/" + name
        return try router.resolve(text).parameters
    }

    @Test("Parameters read right after the URL text they were cut from and their router are gone")
    func outliveTheirText() throws {
        let name = String(repeating: "long-name-", count: 8)
        let parameters = try parametersOfABuiltURL(name: name)
        #expect(try parameters.int("id") == 42)
        #expect(parameters["name"] == name)
        #expect(parameters.rawPathValue("name") == name)
        #expect(parameters.pathParameters == ["id": "42", "name": name])
        #expect(parameters.url.string == "app://user/42/\(name)")
    }

    @Test("Percent-encoded and raw unicode path values decode; the raw value keeps the escapes")
    func unicode() throws {
        let router = try makeRouter(["user/<int:id>/:name"])
        let escaped = try router.resolve("app://user/7/J%C3%BCrgen%20%F0%9F%98%80").parameters
        #expect(escaped["name"] == "Jürgen 😀")
        #expect(escaped.rawPathValue("name") == "J%C3%BCrgen%20%F0%9F%98%80")
        #expect(escaped.pathSegments("name") == ["Jürgen 😀"])
        let raw = try router.resolve("app://user/7/Zoë🙂").parameters
        #expect(raw["name"] == "Zoë🙂")
        #expect(try raw.int("id") == 7)
    }

    @Test("Four captures and more than four read alike, a <path:> capture's segments included")
    func manyCaptures() throws {
        let router = try makeRouter(["four/:a/:b/:c/<path:rest>", "six/:a/:b/:c/:d/:e/<path:rest>"])
        let four = try router.resolve("app://four/1/2/3/x/y%2Fz").parameters
        #expect(four.pathParameters == ["a": "1", "b": "2", "c": "3", "rest": "x/y/z"])
        #expect(four.pathSegments("rest") == ["x", "y/z"])
        #expect(four.rawPathValue("rest") == "x/y%2Fz")
        let six = try router.resolve("app://six/1/2/3/4/5/x/y%2Fz?q=1").parameters
        #expect(six.pathParameters == ["a": "1", "b": "2", "c": "3", "d": "4", "e": "5", "rest": "x/y/z"])
        #expect(six.pathSegments("rest") == ["x", "y/z"])
        #expect(six.rawPathValue("rest") == "x/y%2Fz")
        #expect(six.names == ["a", "b", "c", "d", "e", "rest", "q"])
        #expect(six["q"] == "1")
    }

    @Test("A capture that starts past 65,535 bytes of the URL reads right")
    func farCapture() throws {
        let router = try makeRouter(["long/:filler/<int:id>/:tail"], configuration: RouterConfiguration(maximumURLLength: 200_000))
        let filler = String(repeating: "x", count: 70_000)
        let parameters = try router.resolve("app://long/\(filler)/42/t%C3%A9").parameters
        #expect(parameters["filler"] == filler)
        #expect(try parameters.int("id") == 42)
        #expect(parameters["tail"] == "té")
        #expect(parameters.rawPathValue("tail") == "t%C3%A9")
    }

    @Test("The query items are the URL's, in order, read again after the route is copied")
    func queryFromTheURL() throws {
        let router = try makeRouter(["user/<int:id>"])
        let route = try router.resolve("app://user/1?tag=a&tag=b&q=x%20y")
        let copy = route
        #expect(copy.parameters.queryItems == [
            QueryItem(name: "tag", value: "a"), QueryItem(name: "tag", value: "b"), QueryItem(name: "q", value: "x y"),
        ])
        #expect(copy.parameters.values("tag") == ["a", "b"])
        #expect(route.parameters["q"] == "x y")
        #expect(try router.resolve("app://user/1").parameters.queryItems.isEmpty)
    }
}
