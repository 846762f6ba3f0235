import LinkRouterCore
import Synchronization
import Testing

/// The account tab's front page, in the `requiresLogin` group.
private struct Account: Routable {
    init?(parameters: RouteParameters) throws {}
}

/// An order, above the account page; not itself in the group.
private struct Order: Routable {
    init?(parameters: RouteParameters) throws { _ = try parameters.int("id") }
    static func parentURL(for parameters: RouteParameters) -> String? { "shop://account" }
}

/// An order's receipt, above the order: a chain of two parents.
private struct Receipt: Routable {
    init?(parameters: RouteParameters) throws { _ = try parameters.int("id") }
    static func parentURL(for parameters: RouteParameters) -> String? { "shop://account/orders/\(parameters["id"] ?? "")" }
}

private struct Home: Routable {
    init?(parameters: RouteParameters) throws {}
}

/// Whether the user has signed in.
private final class Session: Sendable {
    private let state = Atomic<Bool>(false)
    var isSignedIn: Bool { state.load(ordering: .acquiring) }
    func signIn() { state.store(true, ordering: .releasing) }
}

/// The shop's account feature: `account` (in `requiresLogin`), `account/orders/<int:id>` and
/// `account/orders/<int:id>/receipt` (external), a web host, an in-memory navigator.
private func shop() throws -> (Router, InMemoryNavigator) {
    let router = Router(configuration: RouterConfiguration(allowedSchemes: ["shop"], webHosts: ["shop.example.com"]))
    try router.register("home", page: Home.self)
    try router.register("account", options: RouteOptions(exposure: .external, groups: ["requiresLogin"]), page: Account.self)
    try router.register("account/orders/<int:id>", options: RouteOptions(exposure: .external), page: Order.self)
    try router.register("account/orders/<int:id>/receipt", options: RouteOptions(exposure: .external), page: Receipt.self)
    try router.register("account/login", action: { _ in "signed in" })
    let navigator = InMemoryNavigator()
    router.navigator = navigator
    return (router, navigator)
}

@Suite("Parents under the policy")
struct ParentPolicyTests {
    @Test("A link to an order rebuilds the account page only after the login: the interceptor runs for the parent, once, with the link's source")
    func loginBeforeParent() async throws {
        let (router, navigator) = try shop()
        let session = Session()
        let asked = Recorder<String>()
        // As the desktop shop's: opens the login, then lets the open go on.
        try router.addInterceptor("login", scope: .group("requiresLogin"), priority: 100) { request, decision in
            asked.append("\(request.pattern.text) from \(request.source) over [\(navigator.stack.map(\.route.text).joined(separator: ", "))]")
            if session.isSignedIn { return decision.proceed() }
            Task {
                let login = await request.router.open("shop://account/login")
                if login.succeeded { session.signIn() }
                session.isSignedIn ? decision.proceed() : decision.stop(reason: "not signed in")
            }
        }
        let outcome = await router.open("https://shop.example.com/account/orders/7")
        #expect(outcome.succeeded)
        #expect(navigator.stack.map(\.route.text) == ["account", "account/orders/<int:id>"])
        // Asked once, about the parent, before anything was shown, with the web link's source.
        #expect(asked.values == ["account from external over []"])
        #expect(session.isSignedIn)

        // The account page shown: the rebuild stops there, nothing is asked again.
        #expect(await router.open("shop://account/orders/8").succeeded)
        #expect(asked.values.count == 1)
    }

    @Test("An interceptor that stops a parent stops the rebuild there; the page itself opens")
    func stoppedParent() async throws {
        let (router, navigator) = try shop()
        try router.addInterceptor("login", scope: .group("requiresLogin")) { _ in .stop(reason: "not signed in") }
        let outcome = await router.open("shop://account/orders/7/receipt", options: OpenOptions(recordsTrace: true))
        #expect(outcome.succeeded)
        // The nearer parent (the order) is built; the account page and anything beneath it is not.
        #expect(navigator.stack.map(\.route.text) == ["account/orders/<int:id>", "account/orders/<int:id>/receipt"])
        #expect(outcome.trace.steps.map(\.detail).contains("the interceptors did not let parent 'account' through; stopped"))
    }

    @Test("An interceptor is asked once per open: not about a parent when it let the page through, nor twice for two parents")
    func oncePerOpen() async throws {
        let (router, navigator) = try shop()
        let everywhere = Recorder<String>()
        let onAccount = Recorder<String>()
        try router.addInterceptor("audit") { request in
            everywhere.append(request.pattern.text)
            return .proceed
        }
        try router.addInterceptor("account-only", scope: .pattern("account/**")) { request in
            onAccount.append(request.pattern.text)
            return .rewrite(["seen": "1"])
        }
        #expect(await router.open("shop://account/orders/7/receipt").succeeded)
        #expect(navigator.stack.map(\.route.text) == ["account", "account/orders/<int:id>", "account/orders/<int:id>/receipt"])
        #expect(everywhere.values == ["account/orders/<int:id>/receipt"])
        #expect(onAccount.values == ["account/orders/<int:id>/receipt"])
    }

    @Test("An interceptor whose scope covers a parent only is asked about the nearest such parent, and its rewrite reaches that parent")
    func parentOnlyInterceptor() async throws {
        let (router, navigator) = try shop()
        let asked = Recorder<String>()
        try router.addInterceptor("orders", scope: .pattern("account/orders/<int:id>")) { request in
            asked.append(request.pattern.text)
            return .rewrite(["via": "interceptor"])
        }
        #expect(await router.open("shop://account/orders/7/receipt").succeeded)
        #expect(asked.values == ["account/orders/<int:id>"])
        #expect(navigator.stack.map { $0.parameters["via"] } == [nil, "interceptor", nil])
    }

    @Test("A parent whose route the route table disables stops the rebuild there")
    func disabledParent() async throws {
        let (router, navigator) = try shop()
        router.routeTable = try DynamicRouteTable(disabledRoutes: [.init(pattern: "account", fallback: "shop://home")])
        let outcome = await router.open("shop://account/orders/7/receipt", options: OpenOptions(recordsTrace: true))
        #expect(outcome.succeeded)
        #expect(navigator.stack.map(\.route.text) == ["account/orders/<int:id>", "account/orders/<int:id>/receipt"])
        #expect(outcome.trace.steps.map(\.detail).contains { $0.contains("disabled by the route table; stopped") })
    }

    @Test("An internal parent is rebuilt for the app's own open and left out for a link from outside, as the route table says")
    func internalParent() async throws {
        let (router, navigator) = try shop()
        router.routeTable = try DynamicRouteTable(exposureOverrides: [.init(pattern: "account", exposure: .internal)])
        #expect(await router.open("https://shop.example.com/account/orders/7").succeeded)
        #expect(navigator.stack.map(\.route.text) == ["account/orders/<int:id>"])
        #expect(await router.open("shop://account/orders/8", source: .app).succeeded)
        #expect(navigator.stack.map(\.route.text) == ["account/orders/<int:id>", "account", "account/orders/<int:id>"])
    }
}
