import LinkRouterCore
import Testing

@Suite("Fallback, not found, exposure and limits")
struct FallbackAndExposureTests {
    private func shop(_ configuration: RouterConfiguration = RouterConfiguration(fallbackAllowlist: ["app", "https://help.example.com"])) throws -> Router {
        let router = Router(configuration: configuration)
        try router.register("home", options: RouteOptions(exposure: .external), action: { _ in "home" })
        try router.register("promo/:id", options: RouteOptions(exposure: .external), action: { _ in "promo" })
        try router.register("debug/menu", action: { _ in "debug" })
        try router.register("reset", action: { _ in "reset" })
        return router
    }

    @Test("An unknown route opens its route_fallback_url when the allowlist permits it")
    func allowedFallback() async throws {
        let router = try shop()
        let outcome = await router.open("app://gone?route_fallback_url=app%3A%2F%2Fhome")
        #expect(outcome.actionResult as? String == "home")
        #expect(outcome.fellBack)
        #expect(outcome.chain == ["app://gone?route_fallback_url=app%3A%2F%2Fhome", "app://home"])
        #expect(await router.open("gone?route_fallback_url=home").actionResult as? String == "home")
    }

    @Test("A crafted fallback to a foreign site is refused", arguments: [
        "https://evil.example.com/phish", "javascript:alert(1)", "HTTPS://help.example.com.evil.com/x", "%zz",
    ])
    func foreignFallback(target: String) async throws {
        let router = try shop()
        let encoded = RouteLink.encode(target)
        let outcome = await router.open("app://gone?route_fallback_url=\(encoded)", options: OpenOptions(recordsTrace: true))
        #expect(outcome.failure?.summary == .noRoute("gone"))
        #expect(!outcome.fellBack)
        #expect(outcome.chain.count == 1)
        #expect(outcome.trace.steps.contains { $0.kind == .fallback && $0.detail.hasPrefix("refused") })
    }

    @Test("An allow-listed host is accepted; the fallback goes through its dispatcher")
    func allowListedHost() async throws {
        let router = try shop()
        try router.register("web", action: { parameters in try parameters.string("url") })
        router.setDispatcher(WebPageDispatcher(route: "web"), forSchemes: ["https"])
        let target = "https://HELP.example.com/faq"
        let outcome = await router.open("app://gone?route_fallback_url=\(RouteLink.encode(target))")
        // The dispatcher receives the URL as the router read it: the host lowercased.
        #expect(outcome.actionResult as? String == "https://help.example.com/faq")
    }

    @Test("Then the not-found handler; then failure with the reason")
    func notFoundHandler() async throws {
        let router = try shop()
        #expect(await router.open("app://nowhere").failure?.summary == .noRoute("nowhere"))
        router.setNotFoundHandler { request in request.url.routeKey == "ignored" ? nil : "app://home" }
        let outcome = await router.open("app://nowhere")
        #expect(outcome.actionResult as? String == "home")
        #expect(outcome.fellBack)
        #expect(await router.open("app://ignored").failure?.summary == .noRoute("ignored"))
    }

    @Test("A not-found handler that points at another unknown route ends in a loop failure, not recursion")
    func notFoundLoop() async throws {
        let router = try shop()
        router.setNotFoundHandler { _ in "app://also-missing" }
        let outcome = await router.open("app://missing")
        #expect(outcome.failure?.summary == .redirectLoop(["app://missing", "app://also-missing", "app://also-missing"]))
    }

    @Test("External sources reach external routes only; internal routes and actions answer not found")
    func exposure() async throws {
        let router = try shop()
        #expect(await router.open("app://promo/1", source: .external).actionResult as? String == "promo")
        #expect(await router.open("app://reset", source: .external).failure?.summary == .noRoute("reset"))
        #expect(await router.open("app://debug/menu", source: .external).failure?.summary == .noRoute("debug/menu"))
        #expect(await router.open("app://reset").actionResult as? String == "reset")
        #expect(router.canOpen("app://reset"))
        #expect(!router.canOpen("app://reset", source: .external))
        #expect(router.canOpen("app://home", source: .external))
    }

    @Test("An external link cannot reach an internal route through a redirect either")
    func exposureAfterRedirect() async throws {
        let router = try shop()
        try router.addRedirect(from: "old-reset", to: "reset")
        #expect(await router.open("app://old-reset", source: .external).failure?.summary == .noRoute("reset"))
    }

    @Test("Parameter count is limited: query items and caller values together")
    func parameterLimit() async throws {
        let router = try shop(RouterConfiguration(maximumParameterCount: 3))
        #expect(await router.open("app://home?a=1&b=2&c=3").succeeded)
        #expect(await router.open("app://home?a=1&b=2", parameters: ["c": 3, "d": 4]).failure?.summary == .tooManyParameters(count: 4, limit: 3))
    }

    @Test("URL length is limited")
    func lengthLimit() async throws {
        let router = try shop(RouterConfiguration(maximumURLLength: 32))
        let outcome = await router.open("app://home?padding=" + String(repeating: "x", count: 40))
        #expect(outcome.failure?.summary == .invalidURL(.tooLong(limit: 32), offset: 32))
    }
}
