import LinkRouterCore
import Testing

@Suite("Dynamic route table")
struct DynamicRouteTableTests {
    private func shop() throws -> Router {
        // A table's fallback to `app://cart` is held to the allowlist, as `route_fallback_url` is.
        let router = Router(configuration: RouterConfiguration(fallbackAllowlist: ["app"]))
        // Internal, and consents to a route table exposing it.
        try router.register(
            "catalog/item/<int:id>", options: RouteOptions(routeTableMayExpose: true), action: { parameters in "item \(try parameters.int("id"))" }
        )
        try router.register("cart", action: { _ in "cart" })
        try router.register("cart/checkout", action: { _ in "checkout" })
        try router.register("orders/:id", action: { _ in "order" })
        return router
    }

    @Test("Redirects, disabled routes, groups and exposure overrides take effect when loaded")
    func rulesApply() async throws {
        let router = try shop()
        let guarded = Recorder<String>()
        try router.addInterceptor("login", scope: .group("requiresLogin")) { request in
            guarded.append(request.url.routeKey)
            return .proceed
        }
        router.routeTable = try DynamicRouteTable(
            redirects: [.init(from: "promo/:id", to: "catalog/item/:id")],
            disabledRoutes: [.init(pattern: "cart/checkout", fallback: "app://cart")],
            groupMemberships: [.init(pattern: "orders/**", groups: ["requiresLogin"])],
            exposureOverrides: [.init(pattern: "catalog/**", exposure: .external)]
        )

        #expect(await router.open("app://promo/9").actionResult as? String == "item 9")
        let checkout = await router.open("app://cart/checkout")
        #expect(checkout.actionResult as? String == "cart")
        #expect(checkout.fellBack)
        #expect(await router.open("app://orders/1").succeeded)
        #expect(guarded.values == ["orders/1"])
        #expect(await router.open("app://catalog/item/3", source: .external).actionResult as? String == "item 3")
        #expect(await router.open("app://cart", source: .external).failure?.summary == .noRoute("cart"))
        #expect(router.canOpen("app://promo/9", source: .external))

        router.routeTable = .empty
        #expect(await router.open("app://cart/checkout").actionResult as? String == "checkout")
        #expect(await router.open("app://promo/9").failure?.summary == .noRoute("promo/9"))
    }

    @Test("A table redirect wins over a code redirect with the same source")
    func tableWinsOverCode() async throws {
        let router = try shop()
        try router.addRedirect(from: "go/:id", to: "orders/:id")
        #expect(await router.open("app://go/1").actionResult as? String == "order")
        router.routeTable = try DynamicRouteTable(redirects: [.init(from: "go/:x", to: "catalog/item/:x")])
        #expect(await router.open("app://go/1").actionResult as? String == "item 1")
    }

    @Test("A route table restricts; it does not expose: an internal route stays internal unless it consents in code")
    func tableDoesNotExpose() async throws {
        let router = Router()
        try router.register("account/signin/:user", action: { _ in "signed in" })
        try router.register("promo/:id", options: RouteOptions(routeTableMayExpose: true), action: { _ in "promo" })
        try router.register("home", options: RouteOptions(exposure: .external), action: { _ in "home" })
        // The issue's table: every route external.
        router.routeTable = try DynamicRouteTable(exposureOverrides: [.init(pattern: "**", exposure: .external)])
        let refused = await router.open("app://account/signin/ada", source: .external, options: OpenOptions(recordsTrace: true))
        #expect(refused.failure?.summary == .noRoute("account/signin/ada"))
        #expect(refused.trace.steps.contains { $0.kind == .exposure && $0.detail.contains("refused, the route does not consent") })
        #expect(!router.canOpen("app://account/signin/ada", source: .external))
        #expect(throws: RouteCallError.self) { try router.call("app://account/signin/ada", source: .external) }
        await #expect(throws: RouteFailure.self) { try await router.page(for: "app://account/signin/ada", source: .external) }
        #expect(await router.open("app://account/signin/ada").actionResult as? String == "signed in")
        // The route that consents is exposed; an external route stays so.
        #expect(await router.open("app://promo/1", source: .external).actionResult as? String == "promo")
        #expect(await router.open("app://home", source: .external).actionResult as? String == "home")

        // Making a route internal needs no consent.
        router.routeTable = try DynamicRouteTable(exposureOverrides: [.init(pattern: "home", exposure: .internal)])
        #expect(await router.open("app://home", source: .external).failure?.summary == .noRoute("home"))
        #expect(await router.open("app://home").actionResult as? String == "home")
    }

    @Test("A route table's redirects and disabled-route fallbacks lead only where the fallback allowlist allows")
    func tableTargetsUnderTheAllowlist() async throws {
        let router = Router(configuration: RouterConfiguration(fallbackAllowlist: ["https://help.example.com"]))
        try router.register("home", action: { _ in "home" })
        try router.register("cart", action: { _ in "cart" })
        try router.register("cart/:item", action: { _ in "item" })
        try router.register("web", action: { parameters in try parameters.string("url") })
        router.setDispatcher(WebPageDispatcher(route: "web"), forSchemes: ["https"])
        // The app's own code is trusted: its redirect leads anywhere.
        try router.addRedirect(from: "blog/:post", to: "https://blog.example.com/:post")
        router.routeTable = try DynamicRouteTable(
            redirects: [
                .init(from: "help/:topic", to: "https://help.example.com/:topic"),
                .init(from: "phish/:x", to: "https://evil.example/:x"),
                .init(from: "start", to: "home"),
            ],
            disabledRoutes: [.init(pattern: "cart", fallback: "https://evil.example/cart"), .init(pattern: "cart/*", fallback: "home")]
        )
        #expect(await router.open("app://help/faq").actionResult as? String == "https://help.example.com/faq")
        #expect(await router.open("app://start").actionResult as? String == "home")
        #expect(await router.open("app://cart/old").actionResult as? String == "home")
        #expect(await router.open("app://blog/1").actionResult as? String == "https://blog.example.com/1")
        let phish = await router.open("app://phish/1", options: OpenOptions(recordsTrace: true))
        #expect(phish.failure?.summary == .routeTableTargetRefused(pattern: "phish/:x", target: "https://evil.example/1"))
        #expect(phish.chain == ["app://phish/1"])
        #expect(phish.trace.steps.contains { $0.detail.hasSuffix("is not in the fallback allowlist: refused") })
        let cart = await router.open("app://cart")
        #expect(cart.failure?.summary == .routeTableTargetRefused(pattern: "cart", target: "https://evil.example/cart"))
        #expect(!cart.fellBack)
        #expect(!router.canOpen("app://phish/1"))
        #expect(cart.failure?.description == "the route table's rule 'cart' leads to 'https://evil.example/cart', which the fallback allowlist does not allow")
    }

    @Test("A table with bad rules is refused with every problem listed")
    func everyProblem() throws {
        #expect {
            try DynamicRouteTable(
                redirects: [.init(from: "ok/:id", to: "fine/:id"), .init(from: "a/<int:", to: "b"), .init(from: "c/:x", to: "d/:y")],
                disabledRoutes: [.init(pattern: "x//y", fallback: "app://%zz")],
                groupMemberships: [.init(pattern: "**/a", groups: ["g"])],
                exposureOverrides: [.init(pattern: "(/a", exposure: .external)]
            )
        } throws: { error in
            guard let error = error as? RouteTableError else { return false }
            return error.problems.map(\.location) == [
                "redirects[1].from", "redirects[2].to", "disabled[0].pattern", "disabled[0].fallback",
                "groups[0].pattern", "exposure[0].pattern",
            ]
        }
    }

    @Test("Opens keep working, each with one consistent table, while tables are swapped")
    func concurrentSwap() async throws {
        let router = try shop()
        let toItem = try DynamicRouteTable(redirects: [.init(from: "go/:id", to: "catalog/item/:id")])
        let toOrder = try DynamicRouteTable(redirects: [.init(from: "go/:id", to: "orders/:id")])
        // Loaded before any open starts: an open that ran before the swapping task's first load
        // would find no redirect at all.
        router.routeTable = toItem
        let results = await withTaskGroup(of: [String].self) { group in
            group.addTask {
                for index in 0..<2_000 { router.routeTable = index.isMultiple(of: 2) ? toItem : toOrder }
                return []
            }
            for _ in 0..<4 {
                group.addTask {
                    var seen: [String] = []
                    for _ in 0..<500 {
                        let outcome = await router.open("app://go/5")
                        seen.append(outcome.actionResult as? String ?? "failed: \(outcome.result)")
                    }
                    return seen
                }
            }
            return await group.reduce(into: []) { $0 += $1 }
        }
        #expect(results.count == 2_000)
        #expect(results.allSatisfy { $0 == "item 5" || $0 == "order" })
    }
}
