import Synchronization
import Testing
import LinkRouterCore

/// A page with a failable initializer: refuses ids below 1.
private struct UserPage: Routable {
    let id: Int
    let tab: String?

    init?(parameters: RouteParameters) throws {
        let id = try parameters.int("id")
        guard id >= 1 else { return nil }
        self.id = id
        self.tab = parameters["tab"]
    }
}

/// A page whose initializer throws when a parameter is missing.
private struct SearchPage: Routable {
    let query: String
    init?(parameters: RouteParameters) throws {
        query = try parameters.string("q")
    }
}

private struct Settings: Routable {
    let section: String
    init(section: String) { self.section = section }
    init?(parameters: RouteParameters) { nil }
}

private struct ActionError: Error, Equatable {
    let code: Int
}

/// Counts calls from any thread.
private final class Counter: Sendable {
    private let storage = Atomic<Int>(0)
    func increment() { storage.add(1, ordering: .relaxed) }
    var value: Int { storage.load(ordering: .relaxed) }
}

struct RouterTests {
    @Test("A page type is constructed from the route's parameters")
    func pageType() async throws {
        let router = Router()
        try router.register("user/<int:id>", page: UserPage.self)
        let outcome = await router.open("app://user/42?tab=posts")
        #expect(outcome.succeeded)
        #expect(outcome.url == "app://user/42?tab=posts")
        #expect(outcome.route?.pattern.text == "user/<int:id>")
        let page = try #require(outcome.page as? UserPage)
        #expect(page.id == 42)
        #expect(page.tab == "posts")
        #expect(outcome.actionResult == nil)
        #expect(outcome.failure == nil)
    }

    @Test("A failable page initializer that returns nil rejects the parameters")
    func pageReturnsNil() async throws {
        let router = Router()
        try router.register("user/<int:id>", page: UserPage.self)
        let outcome = await router.open("app://user/0")
        #expect(!outcome.succeeded)
        #expect(outcome.page == nil)
        #expect(outcome.route?.pattern.text == "user/<int:id>")
        #expect(outcome.failure?.summary == .parametersRejected(pattern: "user/<int:id>", hasUnderlying: false))
    }

    @Test("A throwing page initializer rejects the parameters with its error")
    func pageThrows() async throws {
        let router = Router()
        try router.register("search", page: SearchPage.self)
        let found = await router.open("app://search?q=swift")
        #expect((found.page as? SearchPage)?.query == "swift")

        let outcome = await router.open("app://search")
        guard case .parametersRejected(let pattern, let underlying)? = outcome.failure else {
            Issue.record("expected parametersRejected, got \(String(describing: outcome.failure))")
            return
        }
        #expect(pattern == "search")
        #expect(underlying as? RouteParameterError == RouteParameterError(name: "q", reason: .missing))
    }

    @Test("A page factory builds the page, and may refuse with nil or an error")
    func pageFactory() async throws {
        let router = Router()
        try router.register("settings/:section", makePage: { parameters in
            let section = try parameters.string("section")
            if section == "secret" { throw ActionError(code: 403) }
            return section == "none" ? nil : Settings(section: section)
        })
        #expect((await router.open("app://settings/privacy").page as? Settings)?.section == "privacy")
        #expect(await router.open("app://settings/none").failure?.summary == .parametersRejected(pattern: "settings/:section", hasUnderlying: false))
        let refused = await router.open("app://settings/secret")
        guard case .parametersRejected(_, let underlying)? = refused.failure else {
            Issue.record("expected parametersRejected")
            return
        }
        #expect(underlying as? ActionError == ActionError(code: 403))
    }

    @Test("A synchronous action runs and its result is in actionResult")
    func syncAction() async throws {
        let router = Router()
        try router.register("share", action: { parameters in "shared " + (try parameters.string("text")) })
        let outcome = await router.open("app://share?text=hi+there")
        #expect(outcome.succeeded)
        #expect(outcome.actionResult as? String == "shared hi there")
        #expect(outcome.page == nil)
    }

    @Test("An asynchronous action runs and its result is in actionResult")
    func asyncAction() async throws {
        let router = Router()
        try router.register("sum/<int:a>/<int:b>", action: { parameters async throws -> (any Sendable)? in
            await Task.yield()
            return try parameters.int("a") + parameters.int("b")
        })
        let outcome = await router.open("app://sum/40/2")
        #expect(outcome.actionResult as? Int == 42)
    }

    @Test("An action registered as a RouteAction value runs")
    func routeActionValue() async throws {
        let router = Router()
        try router.register("ping", action: RouteAction { _ in "pong" })
        #expect(await router.open("app://ping").actionResult as? String == "pong")
    }

    @Test("An action that returns nothing succeeds with no result")
    func actionReturningNil() async throws {
        let router = Router()
        try router.register("noop", action: { _ in nil })
        let outcome = await router.open("app://noop")
        #expect(outcome.succeeded)
        #expect(outcome.actionResult == nil)
    }

    @Test("An action that throws fails with actionFailed and its error", arguments: [false, true])
    func actionThrows(async: Bool) async throws {
        let router = Router()
        if async {
            try router.register("fail", action: { _ async throws -> (any Sendable)? in throw ActionError(code: 7) })
        } else {
            try router.register("fail", action: { _ throws -> (any Sendable)? in throw ActionError(code: 7) })
        }
        let outcome = await router.open("app://fail")
        #expect(!outcome.succeeded)
        #expect(outcome.route?.pattern.text == "fail")
        guard case .actionFailed(let pattern, let underlying)? = outcome.failure else {
            Issue.record("expected actionFailed, got \(String(describing: outcome.failure))")
            return
        }
        #expect(pattern == "fail")
        #expect(underlying as? ActionError == ActionError(code: 7))
    }

    @Test("canOpen says whether a route matches, and runs nothing")
    func canOpen() async throws {
        let calls = Counter()
        let constructed = Counter()
        let router = Router()
        try router.register("count", action: { _ in calls.increment(); return nil })
        try router.register("page", makePage: { _ in constructed.increment(); return nil })
        #expect(router.canOpen("app://count"))
        #expect(router.canOpen("app://page"))
        #expect(!router.canOpen("app://other"))
        #expect(!router.canOpen("app://%zz"))
        #expect(calls.value == 0)
        #expect(constructed.value == 0)
        _ = await router.open("app://count")
        #expect(calls.value == 1)
    }

    @Test("A scheme outside the allowlist is refused; case does not matter; a bare key is accepted", arguments: [
        ("app://a", nil), ("APP://a", nil), ("App:/a", nil), ("a", nil),
        ("https://a", FailureSummary.schemeNotAllowed("https")), ("web://a", FailureSummary.schemeNotAllowed("web")),
    ] as [(String, FailureSummary?)])
    func schemeAllowlist(_ url: String, _ expected: FailureSummary?) async throws {
        let router = try makeRouter(["a"], configuration: RouterConfiguration(allowedSchemes: ["App"]))
        #expect(router.failure(url)?.summary == expected)
        #expect(await router.open(url).failure?.summary == expected)
        #expect(router.canOpen(url) == (expected == nil))
    }

    @Test("An allowlist set after the configuration is made ignores case too")
    func schemeAllowlistSetLater() throws {
        var configuration = RouterConfiguration()
        configuration.allowedSchemes = ["App"]
        #expect(configuration.allowedSchemes == ["app"])
        let router = try makeRouter(["a"], configuration: configuration)
        #expect(router.matchedPattern("APP://a") == "a")
        #expect(router.failure("web://a")?.summary == .schemeNotAllowed("web"))
    }

    @Test("Without an allowlist every scheme is accepted")
    func noAllowlist() throws {
        let router = try makeRouter(["a"])
        for url in ["app://a", "https://a", "x-y.z+w://a"] {
            #expect(router.matchedPattern(url) == "a")
        }
    }

    @Test("open reports no route and invalid URLs as failures, never throwing")
    func openFailures() async throws {
        let router = try makeRouter(["a"])
        let missing = await router.open("app://b/c")
        #expect(missing.failure?.summary == .noRoute("b/c"))
        #expect(missing.route == nil)
        let invalid = await router.open("app://a/%zz")
        #expect(invalid.failure?.summary == .invalidURL(.badPercentEscape, offset: 8))
    }

    @Test("The configured URL length limit applies to resolve and open")
    func urlLengthLimit() async throws {
        let router = try makeRouter(["**"], configuration: RouterConfiguration(maximumURLLength: 16))
        #expect(router.matchedPattern("app://0123456789") == "**")
        #expect(router.failure("app://0123456789a")?.summary == .invalidURL(.tooLong(limit: 16), offset: 16))
        #expect(await router.open("app://0123456789a").failure?.summary == .invalidURL(.tooLong(limit: 16), offset: 16))
    }

    @Test("resolve with a parsed RouteURL gives the same route")
    func resolveParsed() throws {
        let router = try makeRouter(["user/:id"])
        let route = try router.resolve(RouteURL("app://user/7"), parameters: ["extra": 1])
        #expect(route.pattern.text == "user/:id")
        #expect(route.parameters["id"] == "7")
        #expect(try route.parameters.int("extra") == 1)
    }

    @Test("A miss names its decoded key, equal to the key spelled out", arguments: [
        ("app://user/42/posts?tab=1#top", nil, "user/42/posts"),
        ("app://caf%C3%A9/a%2Fb//c/", nil, "café/a/b/c"),
        ("app://phoenix/users/42", "phoenix", "users/42"),
        ("app://", nil, ""),
    ] as [(String, String?, String)])
    func missKey(url: String, host: String?, key: String) throws {
        let router = Router(configuration: RouterConfiguration(host: host))
        try router.register("user/:id", action: { _ in nil })
        guard case .noRoute(let missed)? = router.failure(url) else {
            Issue.record("\(url) should miss")
            return
        }
        #expect(missed.string == key)
        #expect(missed == RouteKey(key))
        #expect(Set([missed, RouteKey(key)]).count == 1)
        #expect("\(missed)" == key)
    }

    @Test("Failures describe themselves")
    func failureDescriptions() {
        #expect(RouteFailure.noRoute(key: "a/b").description == "no route matches 'a/b'")
        #expect(RouteFailure.schemeNotAllowed(scheme: "web").description == "scheme 'web' is not allowed")
        #expect(RouteFailure.hostNotHandled(host: "h").description == "host 'h' is not handled by this router")
        #expect(RouteFailure.parametersRejected(pattern: "p", underlying: nil).description == "route 'p' rejected its parameters")
        #expect(RouteRegistrationError.duplicate(pattern: "a/:b", existing: "a/:c").description
            == "pattern 'a/:b' duplicates the registered pattern 'a/:c'")
    }
}
