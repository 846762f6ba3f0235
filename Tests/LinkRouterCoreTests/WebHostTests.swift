import LinkRouterCore
import Synchronization
import Testing

struct WebHostTests {
    private let webConfiguration = RouterConfiguration(allowedSchemes: ["shop", "https"], webHosts: ["Shop.Example.com"])

    private func shopRouter(_ configuration: RouterConfiguration) throws -> Router {
        let router = Router(configuration: configuration)
        try router.register("catalog/product/<int:id>", options: RouteOptions(exposure: .external), action: { parameters in try parameters.int("id") })
        try router.register("catalog/search", action: { _ in "search" })
        try router.register("help", options: RouteOptions(exposure: .external), action: { _ in "help" })
        return router
    }

    @Test("A link to a web host is keyed by its path, so the app's scheme and its web links reach the same routes", arguments: [
        MatchCase("shop://catalog/product/42", "catalog/product/<int:id>"),
        MatchCase("https://shop.example.com/catalog/product/42", "catalog/product/<int:id>"),
        MatchCase("HTTPS://SHOP.EXAMPLE.COM/catalog/product/42?ref=mail#top", "catalog/product/<int:id>"),
        MatchCase("https://shop.example.com:443/help/", "help"),
        MatchCase("https://shop.example.com/shop.example.com/help", nil),
        MatchCase("https://shop.example.com", nil),
    ])
    func sameRoutes(_ match: MatchCase) throws {
        let router = try shopRouter(webConfiguration)
        #expect(router.matchedPattern(match.url) == match.expected)
    }

    @Test("An https link to another host is refused, naming the host")
    func otherHost() async throws {
        let router = try shopRouter(webConfiguration)
        #expect(router.failure("https://evil.example.com/catalog/product/42")?.summary == .hostNotHandled("evil.example.com"))
        #expect(router.failure("https://shop.example.com.evil.net/help")?.summary == .hostNotHandled("shop.example.com.evil.net"))
        #expect(!router.canOpen("https://evil.example.com/help", source: .external))
        let outcome = await router.open("https://evil.example.com/help")
        #expect(outcome.failure?.summary == .hostNotHandled("evil.example.com"))
    }

    @Test("Web links are admitted even when https is not an allowed scheme; other https links are not")
    func httpsNotAllowed() throws {
        let router = try shopRouter(RouterConfiguration(allowedSchemes: ["shop"], webHosts: ["shop.example.com"]))
        #expect(router.matchedPattern("https://shop.example.com/help") == "help")
        #expect(router.failure("https://other.example.com/help")?.summary == .schemeNotAllowed("https"))
        #expect(router.failure("http://shop.example.com/help")?.summary == .schemeNotAllowed("http"))
    }

    @Test("A link from the web is external, whatever source it is opened with")
    func webLinksAreExternal() async throws {
        let router = try shopRouter(webConfiguration)
        #expect(router.canOpen("shop://catalog/search", source: .app))
        #expect(!router.canOpen("https://shop.example.com/catalog/search", source: .app))
        #expect(router.canOpen("https://shop.example.com/catalog/product/7", source: .app))
        let outcome = await router.open("https://shop.example.com/catalog/search")
        #expect(outcome.failure?.summary == .noRoute("catalog/search"))
        #expect(await router.open("https://shop.example.com/catalog/product/7").actionResult as? Int == 7)
        #expect(throws: RouteCallError.self) { try router.call("https://shop.example.com/catalog/search") }
    }

    @Test("A web link's fallback and not-found handler run as for an external source: neither reaches an internal route")
    func fallbackStaysExternal() async throws {
        let router = try shopRouter(webConfiguration)
        let fallback = await router.open("https://shop.example.com/nothing?route_fallback_url=catalog/search", source: .app)
        #expect(fallback.chain == ["https://shop.example.com/nothing?route_fallback_url=catalog/search", "catalog/search"])
        #expect(fallback.failure?.summary == .noRoute("catalog/search"))

        let sources = SourceLog()
        router.setNotFoundHandler { request in
            sources.record(request.source)
            return request.url.string == "catalog/search" ? nil : "catalog/search"
        }
        let handled = await router.open("https://shop.example.com/nothing", source: .app)
        #expect(handled.failure?.summary == .noRoute("catalog/search"))
        #expect(sources.recorded == [.external, .external])
    }

    @Test("A redirect of a web link stays on its host")
    func redirectKeepsHost() async throws {
        let router = try shopRouter(webConfiguration)
        try router.addRedirect(from: "product/<int:id>", to: "catalog/product/:id")
        let outcome = await router.open("https://shop.example.com/product/5")
        #expect(outcome.chain == ["https://shop.example.com/product/5", "https://shop.example.com/catalog/product/5"])
        #expect(outcome.actionResult as? Int == 5)
    }

    @Test("An https dispatcher does not take the links of the app's own web hosts")
    func dispatcherLeavesWebHosts() async throws {
        let router = try shopRouter(webConfiguration)
        try router.register("web", options: RouteOptions(exposure: .external), action: { parameters in try parameters.string("url") })
        router.setDispatcher(WebPageDispatcher(route: "web"), forSchemes: ["https"])
        #expect(await router.open("https://shop.example.com/help").actionResult as? String == "help")
        #expect(await router.open("https://news.example.org/a").actionResult as? String == "https://news.example.org/a")
    }

    @Test("A fixed host and web hosts work together")
    func fixedHostAndWebHosts() throws {
        let router = try shopRouter(RouterConfiguration(host: "shop", webHosts: ["shop.example.com"]))
        #expect(router.matchedPattern("shop://shop/catalog/product/1") == "catalog/product/<int:id>")
        #expect(router.matchedPattern("https://shop.example.com/catalog/product/1") == "catalog/product/<int:id>")
        #expect(router.failure("shop://other/help")?.summary == .hostNotHandled("other"))
    }

    @Test("Web hosts are compared ignoring case and kept lowercased")
    func lowercased() {
        var configuration = RouterConfiguration(webHosts: ["A.Example.COM"])
        #expect(configuration.webHosts == ["a.example.com"])
        configuration.webHosts.insert("B.EXAMPLE.com")
        #expect(configuration.webHosts == ["a.example.com", "b.example.com"])
    }
}

/// The sources a not-found handler saw.
private final class SourceLog: Sendable {
    private let sources = Mutex<[OpenSource]>([])

    func record(_ source: OpenSource) { sources.withLock { $0.append(source) } }
    var recorded: [OpenSource] { sources.withLock { $0 } }
}
