import LinkRouterCore
import Testing

/// Actions that return their pattern, `cart` registered in `requiresLogin`, and a login
/// interceptor on that group that stops every open.
private func guardedShop() throws -> Router {
    let router = Router()
    try router.register("cart", options: RouteOptions(groups: ["requiresLogin"]), action: { _ in "cart" })
    for pattern in ["orders/<int:id>", "catalog", "help"] {
        try router.register(pattern, action: { _ in pattern })
    }
    try router.addInterceptor("login", scope: .group("requiresLogin")) { _ in .stop(reason: "not logged in") }
    return router
}

extension RouteOutcome {
    fileprivate var stoppedByLogin: Bool {
        failure?.summary == .interceptorStopped(interceptor: "login", reason: "not logged in")
    }
}

@Suite("Groups at run time")
struct RouteGroupTests {
    @Test("A route added to a group meets the group's interceptors from the next open, and is listed")
    func addToGroup() async throws {
        let router = try guardedShop()
        #expect(await router.open("app://orders/7").openedPattern == "orders/<int:id>")
        #expect(router.routes(inGroup: "requiresLogin").map(\.pattern.text) == ["cart"])

        try router.addRoute("orders/<int:id>", toGroup: "requiresLogin")

        #expect(await router.open("app://orders/7").stoppedByLogin)
        #expect(router.routes(inGroup: "requiresLogin").map(\.pattern.text) == ["cart", "orders/<int:id>"])
        #expect(await router.open("app://catalog").openedPattern == "catalog")
    }

    @Test("A route removed from the group it was registered in no longer meets its interceptors")
    func removeFromGroup() async throws {
        let router = try guardedShop()
        #expect(await router.open("app://cart").stoppedByLogin)

        #expect(try router.removeRoute("cart", fromGroup: "requiresLogin"))

        #expect(await router.open("app://cart").openedPattern == "cart")
        #expect(router.routes(inGroup: "requiresLogin").isEmpty)
        #expect(try router.removeRoute("cart", fromGroup: "requiresLogin") == false)
        try router.addRoute("cart", toGroup: "requiresLogin")
        #expect(await router.open("app://cart").stoppedByLogin)
    }

    @Test("A route is named by its pattern's shape: parameter names do not matter")
    func sameShape() async throws {
        let router = try guardedShop()
        try router.addRoute("orders/<int:number>", toGroup: "requiresLogin")
        #expect(await router.open("app://orders/7").stoppedByLogin)
    }

    @Test("Leaving a group overrides the dynamic route table's membership")
    func overridesTable() async throws {
        let router = try guardedShop()
        router.routeTable = try DynamicRouteTable(groupMemberships: [.init(pattern: "help", groups: ["requiresLogin"])])
        #expect(await router.open("app://help").stoppedByLogin)
        try router.removeRoute("help", fromGroup: "requiresLogin")
        #expect(await router.open("app://help").openedPattern == "help")
    }

    @Test("A synchronous call sees the run-time groups too")
    func callSeesGroups() throws {
        let router = try guardedShop()
        #expect(try router.call("app://catalog") as? String == "catalog")
        try router.addRoute("catalog", toGroup: "requiresLogin")
        #expect(throws: RouteCallError.self) { try router.call("app://catalog") }
    }

    @Test(
        "A pattern that does not parse or names no route is an error that says so",
        arguments: [
            ("orders/<int:", nil as String?),
            ("nowhere/:id", "no route of the pattern 'nowhere/:id' is registered"),
        ]
    )
    func errors(pattern: String, message: String?) throws {
        let router = try guardedShop()
        #expect(throws: RouteGroupError.self) { try router.addRoute(pattern, toGroup: "requiresLogin") }
        #expect(throws: RouteGroupError.self) { try router.removeRoute(pattern, fromGroup: "requiresLogin") }
        do {
            try router.addRoute(pattern, toGroup: "requiresLogin")
        } catch {
            if let message { #expect(error == .noRoute(pattern: pattern) && error.description == message) }
            if message == nil, case .noRoute = error { Issue.record("a bad pattern was reported as a missing route") }
        }
        #expect(router.routes(inGroup: "requiresLogin").map(\.pattern.text) == ["cart"])
    }
}
