import LinkRouterCore
import Testing

@Suite("Dynamic route table")
struct DynamicRouteTableTests {
    private func shop() throws -> Router {
        let router = Router()
        try router.register("catalog/item/<int:id>", action: { parameters in "item \(try parameters.int("id"))" })
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
