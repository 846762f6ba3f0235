import Foundation
import RouteInspection
import Testing

/// `routes match` in process: the pattern a URL resolves to, its parameters, and why a miss missed.
struct RouteMatchTests {
    @Test("a hit names the pattern as registered and merges the decoded parameters, path over query")
    func hit() throws {
        let match = try RouteMatch(
            url: "app://user/42?tab=a%20b&tab=c+d&id=7",
            in: .patterns(["user/:name", "user/<int:id>", "user/<int:id>/posts"]), host: nil
        )
        #expect(match.isMatch)
        #expect(match.report.match == "user/<int:id>")
        #expect(match.report.params == ["id": "42", "tab": "c d"])
        #expect(try match.json() == #"{"match":"user/<int:id>","params":{"id":"42","tab":"c d"},"serializationVersion":1,"url":"app://user/42?tab=a%20b&tab=c+d&id=7"}"#)
        #expect(match.text.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
            == ["url app://user/42?tab=a%20b&tab=c+d&id=7", "match user/<int:id>", "params id = 42", "tab = c d"])
    }

    @Test("a miss has match null and explains why the closest patterns did not match")
    func miss() throws {
        let match = try RouteMatch(url: "app://user/bob", in: .patterns(["user/<int:id>", "user/:name/posts"]), host: nil)
        #expect(!match.isMatch)
        #expect(try match.json() == #"{"match":null,"params":{},"serializationVersion":1,"url":"app://user/bob"}"#)
        let closest = match.closestPatterns()
        #expect(closest.key == "user/bob")
        #expect(Set(closest.patterns.map(\.reason)) == ["segment 2 'bob' is not a valid int", "the URL has 2 segments; the pattern needs 3"])
        #expect(match.text.contains("none for key 'user/bob'"))
        #expect(match.text.contains("closest:\n"))
    }

    @Test("a miss is explained with the URL's decoded segments: an escaped slash stays inside its segment")
    func missWithEscapedSlash() throws {
        let match = try RouteMatch(url: "app://x/a%2Fb", in: .patterns(["x/:p/c", "x/a/b"]), host: nil)
        #expect(!match.isMatch)
        #expect(match.closestPatterns().key == "x/a/b")
        #expect(match.text.contains("the URL has 2 segments; the pattern needs 3"))
        #expect(!match.text.contains("segment 3"))
    }

    @Test("a fixed host makes the key the path alone; another host matches nothing, and says why")
    func fixedHost() throws {
        let hit = try RouteMatch(url: "shop://shop/cart/9", in: .patterns(["cart/:item"]), host: "shop")
        #expect(hit.report.params == ["item": "9"])
        let other = try RouteMatch(url: "app://other/cart/9", in: .patterns(["cart/:item"]), host: "shop")
        #expect(!other.isMatch)
        // The router's own reason, from its admission: the tool does not restate the host rule.
        #expect(other.refusal == "host 'other' is not handled by this router")
        #expect(other.text.contains("none: host 'other' is not handled by this router"))
    }

    @Test("a miss is explained with the key the router's admission gives: a web link is keyed by its path, another link by its host and path")
    func missKeyedAsAdmitted() async throws {
        let app = RouteMatch.App(webHosts: ["shop.example.com"], source: .external)
        let web = try await RouteMatch(url: "https://shop.example.com/catalog/x", in: .patterns(["catalog/:a/:b"]), app: app)
        #expect(!web.isMatch)
        #expect(web.closestPatterns().key == "catalog/x")
        let scheme = try await RouteMatch(url: "app://catalog/x", in: .patterns(["catalog/:a/:b"]), app: app)
        #expect(scheme.closestPatterns().key == "catalog/x")
        let hosted = try RouteMatch(url: "app://shop/catalog/x", in: .patterns(["catalog/:a/:b"]), host: nil)
        #expect(hosted.closestPatterns().key == "shop/catalog/x")
        let fixed = try RouteMatch(url: "app://shop/catalog/x", in: .patterns(["catalog/:a/:b"]), host: "shop")
        #expect(fixed.closestPatterns().key == "catalog/x")
    }

    @Test("the routes of a binary: a hit with a <path:> parameter, and a miss naming the closest pattern")
    func binary() throws {
        let hit = try RouteMatch(url: "shop://catalog/mugs/enamel?ref=push", in: .binary(InspectionInputs.demo), host: nil)
        #expect(hit.report.match == "catalog/<path:category>")
        #expect(hit.report.params["category"] == "mugs/enamel")
        let miss = try RouteMatch(url: "shop://account/profile", in: .binary(InspectionInputs.demo), host: nil)
        #expect(!miss.isMatch)
        #expect(miss.text.contains("account/profile/:user(/:tab)"))
    }

    @Test("a service record is no route: matching its protocol's name misses")
    func serviceIsNoRoute() throws {
        let scratch = try ScratchFolder()
        let file = try scratch.object("services", [.service("SessionService")])
        #expect(try !RouteMatch(url: "app://SessionService", in: .binary(file), host: nil).isMatch)
    }

    @Test("a pattern or URL that cannot be used is an error, not a miss", arguments: [
        (["user/<in:id>"], "app://x"),
        (["a", "a"], "app://a"),
        (["a"], "app://a/%zz"),
    ])
    func badInput(patterns: [String], url: String) {
        #expect(throws: RouteInspectionError.self) { try RouteMatch(url: url, in: .patterns(patterns), host: nil) }
    }

    @Test("with the app's set-up, match opens the link on the app's router and keeps its trace: redirect hops, exposure, query contract, disabled routes")
    func appDecision() async throws {
        let scratch = try ScratchFolder()
        let table = try RouteMatch.App.routeTable(file: try Self.routeTableFile(in: scratch))
        let routes = RouteMatch.Routes.patterns(["item/:id", "old/:id", "cart/checkout", "cart"])
        let app = RouteMatch.App(webHosts: ["shop.example.com"], source: .app, routeTable: table)

        // A link to a web host comes from outside, whatever the source (the admission decides):
        // the internal route it redirects to is hidden from it.
        let web = try await RouteMatch(url: "https://shop.example.com/old/7", in: routes, app: app)
        #expect(web.decision?.opens == false)
        #expect(web.decision?.steps.map(\.kind) == ["start", "redirect", "match", "exposure", "failure"])

        let redirected = try await RouteMatch(url: "app://old/7", in: routes, app: app)
        let decision = try #require(redirected.decision)
        #expect(decision.opens)
        #expect(decision.chain.count == 2)
        #expect(decision.chain.last?.hasSuffix("item/7") == true)
        #expect(decision.steps.map(\.kind).contains("redirect"))
        #expect(redirected.text.contains("redirects"))
        #expect(redirected.text.contains("\ntrace:\n"))

        let disabled = try await RouteMatch(url: "app://cart/checkout", in: routes, app: app)
        #expect(disabled.report.match == "cart/checkout")
        // A bare key: the tool knows no fallback allowlist, and a table is held to it.
        #expect(disabled.decision?.chain.last == "cart", "\(disabled.text)")

        var external = app
        external.source = .external
        let hidden = try await RouteMatch(url: "app://item/7", in: routes, app: external)
        #expect(hidden.report.match == "item/:id")
        #expect(hidden.decision?.opens == false)
        #expect(!hidden.isMatch)
        #expect(hidden.decision?.steps.map(\.kind).contains("exposure") == true)
        let json = try hidden.json()
        #expect(json.contains(#""opens":false"#) && json.contains(#""trace":[{"#))
    }

    @Test("a route table that would expose an internal route is refused: match shows the route staying internal, and why")
    func tableExposureRefused() async throws {
        let scratch = try ScratchFolder()
        let path = try scratch.write(Data(#"{"version":1,"exposure":[{"pattern":"**","exposure":"external"}]}"#.utf8), "table.json")
        let app = RouteMatch.App(source: .external, routeTable: try RouteMatch.App.routeTable(file: path))
        let match = try await RouteMatch(url: "app://account/signin/ada", in: .patterns(["account/signin/:user"]), app: app)
        #expect(match.decision?.opens == false)
        #expect(match.decision?.failure == "no route matches 'account/signin/ada'")
        let exposure = match.decision?.steps.filter { $0.kind == "exposure" }.map(\.detail) ?? []
        #expect(exposure.first?.contains("refused, the route does not consent") == true, "\(match.text)")
    }

    @Test("without the app's set-up, match only resolves: no decision, the report's JSON unchanged")
    func resolveOnly() async throws {
        let match = try await RouteMatch(url: "app://item/7", in: .patterns(["item/:id"]), app: RouteMatch.App())
        #expect(match.decision == nil)
        #expect(try match.json() == #"{"match":"item/:id","params":{"id":"7"},"serializationVersion":1,"url":"app://item/7"}"#)
    }

    @Test("a route table file that does not parse is an error naming the file")
    func badRouteTable() throws {
        let scratch = try ScratchFolder()
        let path = try scratch.write(Data("{\"version\": 9}".utf8), "table.json")
        #expect(throws: RouteInspectionError.self) { try RouteMatch.App.routeTable(file: path) }
        do { _ = try RouteMatch.App.routeTable(file: path) } catch { #expect(error.description.hasPrefix(path)) }
    }

    /// A route table in `scratch`: `old/:id` redirects to `item/:id`, `cart/checkout` is disabled
    /// and falls back to the cart.
    static func routeTableFile(in scratch: ScratchFolder) throws -> String {
        try scratch.write(Data(#"""
            {"version": 1, "redirects": [{"from": "old/:id", "to": "item/:id"}],
             "disabled": [{"pattern": "cart/checkout", "fallback": "cart"}]}
            """#.utf8), "table.json")
    }
}
