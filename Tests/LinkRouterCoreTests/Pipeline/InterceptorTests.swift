import LinkRouterCore
import Synchronization
import Testing

/// The app's login state in these tests.
private final class Session: Sendable {
    private let state = Atomic<Bool>(false)
    var isLoggedIn: Bool { state.load(ordering: .acquiring) }
    func logIn() { state.store(true, ordering: .releasing) }
}

@Suite("Interceptors")
struct InterceptorTests {
    @Test("Interceptors run by priority, ties in the order they were added, and only where they apply")
    func orderAndScope() async throws {
        let router = Router()
        try router.register("account/settings", options: RouteOptions(groups: ["requiresLogin"]), action: { _ in "settings" })
        try router.register("catalog/item/:id", action: { _ in "item" })
        let calls = Recorder<String>()
        for (name, scope, priority) in [
            ("global-low", InterceptorScope.all, -1), ("global", .all, 0), ("group", .group("requiresLogin"), 10),
            ("wildcard", .pattern("account/**"), 10), ("item", .pattern("catalog/item/:any"), 5), ("global-2", .all, 0),
        ] {
            try router.addInterceptor(name, scope: scope, priority: priority) { _ in
                calls.append(name)
                return .proceed
            }
        }
        #expect(await router.open("app://account/settings").actionResult as? String == "settings")
        #expect(calls.values == ["group", "wildcard", "global", "global-2", "global-low"])
        _ = await router.open("app://catalog/item/3")
        #expect(calls.values.suffix(4) == ["item", "global", "global-2", "global-low"])
    }

    @Test("stop fails the open with the interceptor's reason; nothing is built")
    func stop() async throws {
        let router = Router()
        let built = Recorder<Int>()
        try router.register("admin", action: { _ in built.append(1); return nil })
        try router.addInterceptor("admin-only") { _ in .stop(reason: "not an admin") }
        let outcome = await router.open("app://admin")
        #expect(outcome.failure?.summary == .interceptorStopped(interceptor: "admin-only", reason: "not an admin"))
        #expect(outcome.route?.pattern.text == "admin")
        #expect(built.values.isEmpty)
    }

    @Test("redirect opens another URL instead, through the whole pipeline")
    func redirect() async throws {
        let router = try makeRouter(["old", "new"])
        try router.addInterceptor("move", scope: .pattern("old")) { _ in .redirect(to: "app://new") }
        let outcome = await router.open("app://old")
        #expect(outcome.openedPattern == "new")
        #expect(outcome.chain == ["app://old", "app://new"])
    }

    @Test("An interceptor may rewrite parameters before the page sees them; path values included")
    func rewrite() async throws {
        let router = Router()
        try router.register("user/:id", action: { parameters in "\(parameters["id"]!) \(parameters["tab"]!)" })
        try router.addInterceptor("normalize") { request in
            .rewrite(["id": request.parameters["id"]!.lowercased(), "tab": "posts"])
        }
        #expect(await router.open("app://user/ADA?tab=likes").actionResult as? String == "ada posts")
    }

    @Test("A login interceptor opens the login page, waits, then continues the original open")
    func asynchronousLogin() async throws {
        let router = Router()
        let session = Session()
        let opened = Recorder<String>()
        try router.register("cart", options: RouteOptions(groups: ["requiresLogin"]), action: { _ in "cart" })
        try router.register("login", action: { _ in
            opened.append("login")
            return "login"
        })
        try router.addInterceptor("login", scope: .group("requiresLogin")) { request, decision in
            if session.isLoggedIn { return decision.proceed() }
            Task {
                // An open from inside an interceptor: no deadlock, no re-entrancy problem.
                let login = await request.router.open("app://login")
                try? await Task.sleep(for: .milliseconds(20))
                session.logIn()
                login.succeeded && session.isLoggedIn ? decision.proceed() : decision.stop(reason: "login failed")
            }
        }
        let outcome = await router.open("app://cart")
        #expect(outcome.actionResult as? String == "cart")
        #expect(opened.values == ["login"])
        #expect(await router.open("app://cart").succeeded)
        #expect(opened.values == ["login"])
    }

    @Test("An interceptor that never answers is cut off at its deadline")
    func neverAnswers() async throws {
        let router = try makeRouter(["slow", "fast"], configuration: RouterConfiguration(interceptorDeadline: .milliseconds(50)))
        try router.addInterceptor("black-hole", scope: .pattern("slow")) { _, _ in }
        try router.addInterceptor("sleeper", scope: .pattern("fast"), deadline: .milliseconds(30)) { _ in
            try? await Task.sleep(for: .seconds(3600))
            return .proceed
        }
        #expect(await router.open("app://slow").failure?.summary == .interceptorTimedOut(interceptor: "black-hole"))
        let clock = ContinuousClock()
        let start = clock.now
        #expect(await router.open("app://fast").failure?.summary == .interceptorTimedOut(interceptor: "sleeper"))
        // Generous bound: proves the sleeping interceptor was cut off, not waited for.
        #expect(clock.now - start < .seconds(60))
    }

    @Test("Only the first answer counts; a second one is ignored and reported as a diagnostic")
    func answersTwice() async throws {
        let router = try makeRouter(["page"])
        let events = router.eventStream()
        try router.addInterceptor("twice") { _, decision in
            decision.proceed()
            decision.stop(reason: "changed my mind")
        }
        #expect(await router.open("app://page").openedPattern == "page")
        var diagnostic: String?
        // The open has finished, so its events are all in the stream, ending with `didOpen`.
        for await event in events {
            if case .diagnostic(let message) = event { diagnostic = message }
            if case .didOpen = event { break }
        }
        #expect(diagnostic?.contains("'twice' answered stop (changed my mind) after its decision was taken") == true)
    }

    @Test("A late answer after the deadline is ignored")
    func lateAnswer() async throws {
        let router = try makeRouter(["page"], configuration: RouterConfiguration(interceptorDeadline: .milliseconds(20)))
        let decisions = Recorder<InterceptorDecision>()
        try router.addInterceptor("late") { _, decision in decisions.append(decision) }
        let outcome = await router.open("app://page")
        #expect(outcome.failure?.summary == .interceptorTimedOut(interceptor: "late"))
        decisions.values.first?.proceed()
        #expect(outcome.failure != nil)
    }

    @Test("Cancelling the task that opens ends a pending interception")
    func cancellation() async throws {
        let router = try makeRouter(["page"])
        let (asked, interceptorAsked) = AsyncStream.makeStream(of: Void.self)
        try router.addInterceptor("waits") { _, _ in interceptorAsked.yield() }
        let open = Task { await router.open("app://page") }
        // Cancelled once the open waits for the interceptor's answer, however long it took to get there.
        for await _ in asked { break }
        open.cancel()
        let outcome = await open.value
        #expect(outcome.failure?.summary == .cancelled("the task opening the URL was cancelled"))
    }

    @Test("An open shows its page with the navigator the router had when it started, whichever is set while it waits")
    func navigatorOfTheStart() async throws {
        struct Waited: Routable {
            init?(parameters: RouteParameters) throws {}
        }
        let router = Router()
        try router.register("page", page: Waited.self)
        let (first, second) = (InMemoryNavigator(), InMemoryNavigator())
        router.navigator = first
        let decisions = Recorder<InterceptorDecision>()
        let (asked, interceptorAsked) = AsyncStream.makeStream(of: Void.self)
        try router.addInterceptor("waits") { _, decision in
            decisions.append(decision)
            interceptorAsked.yield()
        }
        let open = Task { await router.open("app://page") }
        for await _ in asked { break }
        router.navigator = second
        decisions.values.first?.proceed()
        let outcome = await open.value
        #expect(outcome.page is Waited)
        #expect(first.stack.map(\.route.text) == ["page"])
        #expect(second.stack.isEmpty)
    }

    @Test("A pattern scope that does not parse is refused; interceptors can be removed by name")
    func registration() async throws {
        let router = try makeRouter(["page"])
        #expect(throws: RouteRegistrationError.self) {
            try router.addInterceptor("bad", scope: .pattern("a/<int:")) { _ in .proceed }
        }
        try router.addInterceptor("block") { _ in .stop(reason: "blocked") }
        #expect(await router.open("app://page").failure != nil)
        #expect(router.removeInterceptors(named: "block") == 1)
        #expect(await router.open("app://page").openedPattern == "page")
    }
}
