import LinkRouterCore
import Testing

private struct Profile: Routable {
    init?(parameters: RouteParameters) throws {}
}

/// A page type that sends its URL on to the `cart/count` action.
private struct OldCount: Routable {
    init?(parameters: RouteParameters) throws {}
    static func redirect(for parameters: RouteParameters) -> String? { "cart/count" }
}

private struct NoDispatch: RouteDispatcher {
    func dispatch(_ request: DispatchRequest) async -> DispatchResult { .failed("never asked by a call") }
}

private struct Refused: Error {}

/// An `Equatable` summary of a ``RouteCallError``, for table tests.
enum CallErrorSummary: Equatable, Sendable {
    case failed(FailureSummary)
    case notAnAction(pattern: String)
    case asynchronousAction(pattern: String)
    case interceptorsApply(pattern: String, interceptors: [String])
    case dispatcherScheme(String)
    case unexpectedResult(expected: String, actual: String)
}

extension RouteCallError {
    var summary: CallErrorSummary {
        switch self {
        case .failed(_, let failure): .failed(failure.summary)
        case .notAnAction(_, let pattern): .notAnAction(pattern: pattern)
        case .asynchronousAction(_, let pattern): .asynchronousAction(pattern: pattern)
        case .interceptorsApply(_, let pattern, let interceptors): .interceptorsApply(pattern: pattern, interceptors: interceptors)
        case .dispatcherScheme(_, let scheme): .dispatcherScheme(scheme)
        case .unexpectedResult(_, let expected, let actual): .unexpectedResult(expected: expected, actual: actual)
        }
    }
}

/// Synchronous and asynchronous actions, pages, a guarded group, a redirect and a dispatcher.
private func shop() throws -> Router {
    let router = Router()
    try router.register("cart/count", options: RouteOptions(exposure: .external), action: { _ in 3 })
    try router.register("math/add/<int:a>/<int:b>", action: { parameters in try parameters.int("a") + parameters.int("b") })
    try router.register("greet", action: { parameters in "hello \(try parameters.string("name"))" })
    try router.register("fail", action: { _ in throw Refused() })
    try router.register("nothing", action: { _ in nil })
    try router.register("slow", action: { _ async in "late" })
    try router.register("profile", page: Profile.self)
    try router.register("old/count", page: OldCount.self)
    try router.register("orders/count", options: RouteOptions(groups: ["requiresLogin"]), action: { _ in 1 })
    try router.register("hidden", action: { _ in "internal" })
    try router.addRedirect(from: "basket/count", to: "cart/count")
    try router.addRedirect(from: "loop/a", to: "loop/b")
    try router.addRedirect(from: "loop/b", to: "loop/a")
    try router.addInterceptor("login", scope: .group("requiresLogin")) { _ in .stop(reason: "not logged in") }
    try router.addInterceptor("audit", scope: .pattern("admin/**")) { _ in .proceed }
    router.setDispatcher(NoDispatch(), forSchemes: ["mailto"])
    return router
}

@Suite("Synchronous calls")
struct CallTests {
    @Test("A call returns a synchronous action's value, with path, query and caller parameters")
    func returnsValues() throws {
        let router = try shop()
        #expect(try router.call("app://cart/count") as? Int == 3)
        #expect(try router.call("app://math/add/2/40") as? Int == 42)
        #expect(try router.call("app://greet?name=Ada") as? String == "hello Ada")
        #expect(try router.call("greet", parameters: ["name": "Lin"]) as? String == "hello Lin")
        #expect(try router.call("nothing") == nil)
    }

    @Test("A call follows static redirects and a page type's redirect to an action")
    func followsRedirects() throws {
        let router = try shop()
        #expect(try router.call("app://basket/count") as? Int == 3)
        #expect(try router.call("app://old/count") as? Int == 3)
    }

    @Test(
        "What a call cannot do at once is a typed error, not a wait",
        arguments: [
            ("app://profile", CallErrorSummary.notAnAction(pattern: "profile")),
            ("app://slow", .asynchronousAction(pattern: "slow")),
            ("app://orders/count", .interceptorsApply(pattern: "orders/count", interceptors: ["login"])),
            ("mailto:ada@example.com", .dispatcherScheme("mailto")),
            ("app://unknown?route_fallback_url=app://cart/count", .failed(.noRoute("unknown"))),
            ("app://loop/a", .failed(.redirectLoop(["app://loop/a", "app://loop/b", "app://loop/a"]))),
            ("app://fail", .failed(.actionFailed(pattern: "fail"))),
            ("app://greet", .failed(.actionFailed(pattern: "greet"))),
        ]
    )
    func refusals(url: String, expected: CallErrorSummary) throws {
        let router = try shop()
        #expect(throws: RouteCallError.self) { try router.call(url) }
        do {
            try router.call(url)
        } catch {
            #expect(error.summary == expected)
        }
    }

    @Test("An external source reaches only external actions")
    func exposure() throws {
        let router = try shop()
        #expect(try router.call("app://cart/count", source: .external) as? Int == 3)
        #expect(throws: RouteCallError.self) { try router.call("app://hidden", source: .external) }
    }

    @Test("A typed action's link returns its declared result; a route registered by hand that returns another type is named")
    func typedMismatch() async throws {
        let router = try shop()
        try router.register("count/text", action: RouteAction(CountText.self, on: router))
        #expect(await router.open(ActionLink<CountText>(RouteLink("count/text", values: [:]))).actionResult as? String == "3 items")
        do {
            _ = try router.call(ActionLink<CountText>(RouteLink("cart/count", values: [:]).with(scheme: "app")))
            Issue.record("an Int was returned as a String")
        } catch {
            #expect(error.summary == .unexpectedResult(expected: "String", actual: "Int"))
            #expect(error.description == "the action for 'app://cart/count' returned Int, not String")
        }
        do {
            _ = try router.call(ActionLink<CountText>(RouteLink("nothing", values: [:])))
            Issue.record("nil was returned as a String")
        } catch {
            #expect(error.summary == .unexpectedResult(expected: "String", actual: "nil"))
        }
    }

    @Test("A typed action runs with the router that runs it, whose services it asks for")
    func typedActionGetsItsRouter() async throws {
        let first = Router()
        let second = Router()
        for (router, name) in [(first, "first"), (second, "second")] {
            router.services.register((any Naming).self, lifetime: .shared) { FixedName(name: name) }
            try router.register("whoami", action: RouteAction(WhoAmI.self, on: router))
        }
        #expect(await first.open("whoami").actionResult as? String == "first")
        #expect(await second.open("whoami").actionResult as? String == "second")
    }

    @Test("An interceptor that does not apply to the route leaves the call alone; one added later stops it")
    func interceptorScope() throws {
        let router = try shop()
        #expect(try router.call("app://cart/count") as? Int == 3)
        try router.addInterceptor("everything") { _ in .proceed }
        do {
            try router.call("app://cart/count")
            Issue.record("an interceptor applies, yet the call ran")
        } catch {
            #expect(error.summary == .interceptorsApply(pattern: "cart/count", interceptors: ["everything"]))
            #expect(error.description.contains("'everything'"))
        }
    }

    @Test("The action a call refuses for its interceptor still runs through open")
    func openStillWorks() async throws {
        let router = try shop()
        router.removeInterceptors(named: "login")
        #expect(try router.call("app://orders/count") as? Int == 1)
        #expect(await router.open("app://slow").actionResult as? String == "late")
    }
}

/// A typed action: the cart's count as text.
private struct CountText: RoutableAction {
    init?(parameters: RouteParameters) throws {}
    func run(on router: Router) async throws -> String { "3 items" }
}

private protocol Naming: Sendable { var name: String { get } }
private struct FixedName: Naming { let name: String }

/// A typed action that names the router running it, by its service.
private struct WhoAmI: RoutableAction {
    init?(parameters: RouteParameters) throws {}
    func run(on router: Router) async throws -> String { try router.services.service((any Naming).self).name }
}
