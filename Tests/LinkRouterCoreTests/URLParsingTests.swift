import Testing
import LinkRouterCore

/// A URL and the components it must parse to.
struct URLComponentsCase: Sendable, CustomTestStringConvertible {
    let url: String
    var scheme: String?
    var host: String?
    var path: [String] = []
    let key: String
    var query: String?
    var fragment: String?
    var testDescription: String { "'\(url)'" }
}

struct URLParsingTests {
    static let components: [URLComponentsCase] = [
        URLComponentsCase(url: "app://user/42?tab=posts#top", scheme: "app", host: "user", path: ["42"], key: "user/42", query: "tab=posts", fragment: "top"),
        URLComponentsCase(url: "https://example.com/a", scheme: "https", host: "example.com", path: ["a"], key: "example.com/a"),
        URLComponentsCase(url: "app:/a", scheme: "app", path: ["a"], key: "a"),
        URLComponentsCase(url: "app:a/b", scheme: "app", path: ["a", "b"], key: "a/b"),
        URLComponentsCase(url: "user/42", path: ["user", "42"], key: "user/42"),
        URLComponentsCase(url: "/user/42", path: ["user", "42"], key: "user/42"),
        URLComponentsCase(url: "app://u:pw@host:8080/x", scheme: "app", host: "host", path: ["x"], key: "host/x"),
        URLComponentsCase(url: "app://[::1]:80/x", scheme: "app", host: "[::1]", path: ["x"], key: "[::1]/x"),
        URLComponentsCase(url: "app://", scheme: "app", host: "", key: ""),
        URLComponentsCase(url: "app:///a", scheme: "app", host: "", path: ["a"], key: "a"),
        URLComponentsCase(url: "app:", scheme: "app", key: ""),
        URLComponentsCase(url: "", key: ""),
        URLComponentsCase(url: "App+x.y-z://h", scheme: "App+x.y-z", host: "h", key: "h"),
        // Empty segments are dropped.
        URLComponentsCase(url: "app://a//b///c/", scheme: "app", host: "a", path: ["b", "c"], key: "a/b/c"),
        URLComponentsCase(url: "app://a/", scheme: "app", host: "a", key: "a"),
        // Split on `/` first, then decode each segment: `%2F` stays inside its segment.
        URLComponentsCase(url: "app://a/b%2Fc/d", scheme: "app", host: "a", path: ["b/c", "d"], key: "a/b/c/d"),
        // `+` in a path is a plus; escapes decode in either hex case.
        URLComponentsCase(url: "app://a/x+y/%7e%7E", scheme: "app", host: "a", path: ["x+y", "~~"], key: "a/x+y/~~"),
        URLComponentsCase(url: "app://a/caf%C3%A9/é", scheme: "app", host: "a", path: ["café", "é"], key: "a/café/é"),
        URLComponentsCase(url: "app://h%C3%A9/x", scheme: "app", host: "hé", path: ["x"], key: "hé/x"),
        // The query runs from the first `?` to the first `#`; the fragment is everything after `#`.
        URLComponentsCase(url: "app://a/b?x=1?y=2#f?g#h", scheme: "app", host: "a", path: ["b"], key: "a/b", query: "x=1?y=2", fragment: "f?g#h"),
        URLComponentsCase(url: "app://a/b#f?x=1", scheme: "app", host: "a", path: ["b"], key: "a/b", fragment: "f?x=1"),
        URLComponentsCase(url: "app://a/b?", scheme: "app", host: "a", path: ["b"], key: "a/b", query: ""),
        URLComponentsCase(url: "app://a?q", scheme: "app", host: "a", key: "a", query: "q"),
        URLComponentsCase(url: "app://a#", scheme: "app", host: "a", key: "a", fragment: ""),
        URLComponentsCase(url: "a/b?x=1#frag%20ment+x", path: ["a", "b"], key: "a/b", query: "x=1", fragment: "frag ment+x"),
        // A digit cannot start a scheme, so this is a bare key.
        URLComponentsCase(url: "1a:b/c", path: ["1a:b", "c"], key: "1a:b/c"),
    ]

    @Test("A URL parses into scheme, host, path segments, route key, query and fragment", arguments: components)
    func parsesComponents(_ expected: URLComponentsCase) throws {
        let url = try RouteURL(expected.url)
        #expect(url.string == expected.url)
        #expect(url.description == expected.url)
        #expect(url.scheme == expected.scheme)
        #expect(url.host == expected.host)
        #expect(url.pathSegments == expected.path)
        #expect(url.routeKey == expected.key)
        #expect(url.query.map(String.init) == expected.query)
        #expect(url.fragment == expected.fragment)
    }

    @Test("Query items split on '&', then on the first '='; names and values are decoded, '+' is a space", arguments: [
        ("a=1&b=2", [("a", "1"), ("b", "2")]),
        ("a+b=c+d", [("a b", "c d")]),
        ("a%20b=c%2Bd", [("a b", "c+d")]),
        ("flag", [("flag", "")]),
        ("flag=", [("flag", "")]),
        ("a=1=2", [("a", "1=2")]),
        ("&&a=1&", [("a", "1")]),
        ("=v", [("", "v")]),
        ("a=%26&b=%3D&c=%23", [("a", "&"), ("b", "="), ("c", "#")]),
        ("t=caf%C3%A9&t=%F0%9F%98%80", [("t", "café"), ("t", "😀")]),
        ("", []),
    ] as [(String, [(String, String)])])
    func queryItems(_ query: String, _ expected: [(String, String)]) throws {
        let url = try RouteURL("app://a/b?" + query + "#x=9")
        #expect(url.queryItems == expected.map { QueryItem(name: $0.0, value: $0.1) })
    }

    @Test("Repeated keys keep every value in order; the single-value view takes the last")
    func repeatedKeys() throws {
        let url = try RouteURL("app://a?t=x&u=1&t=y&t=z")
        #expect(url.queryValues("t") == ["x", "y", "z"])
        #expect(url.queryValue("t") == "z")
        #expect(url.queryValue("u") == "1")
        #expect(url.queryValues("missing") == [])
        #expect(url.queryValue("missing") == nil)
    }

    @Test("A URL without a query has no query items")
    func noQuery() throws {
        let url = try RouteURL("app://a/b#q=1")
        #expect(url.query == nil)
        #expect(url.queryItems.isEmpty)
        #expect(url.queryValue("q") == nil)
    }

    @Test("The fragment is kept, decoded, and takes no part in matching")
    func fragmentIsNotMatched() async throws {
        let router = try makeRouter(["user/:id"])
        let route = try router.resolve("app://user/42#section%201")
        #expect(route.pattern.text == "user/:id")
        #expect(route.parameters["id"] == "42")
        #expect(route.parameters.url.fragment == "section 1")
        #expect(router.matchedPattern("app://user#42") == nil)
    }

    @Test("The path is split on '/' before decoding, so '%2F' stays inside its segment when matched")
    func encodedSlashInCapture() throws {
        let router = try makeRouter(["user/:name", "user/:name/posts"])
        let route = try router.resolve("app://user/a%2Fb")
        #expect(route.pattern.text == "user/:name")
        #expect(route.parameters["name"] == "a/b")
        #expect(try router.resolve("app://user/a%2Fb/posts").parameters["name"] == "a/b")
        #expect(router.matchedPattern("app://user/a/b") == nil)
        #expect(try router.resolve("app://user/x+y%2By").parameters["name"] == "x+y+y")
    }

    @Test("Two parses of the same text are equal; different texts are not")
    func equality() throws {
        #expect(try RouteURL("app://a/b?c") == RouteURL("app://a/b?c"))
        #expect(try RouteURL("app://a/b?c") != RouteURL("app://a/b?d"))
    }
}
