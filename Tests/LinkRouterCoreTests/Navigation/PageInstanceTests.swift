import LinkRouterCore
import Testing

/// A product page an app may make itself, with what a URL cannot carry (a product already loaded).
private struct Product: UpdatableInPlace {
    let id: Int
    var loaded: String?
    var prepared = false
    init(id: Int, loaded: String) {
        self.id = id
        self.loaded = loaded
    }
    init?(parameters: RouteParameters) throws { id = try parameters.int("id") }
    static func parentURL(for parameters: RouteParameters) -> String? { "home" }
    static func updatesInPlace(for parameters: RouteParameters) -> UpdateInPlace { .onTop }
}

private struct Home: Routable {
    var prepared = false
    init?(parameters: RouteParameters) throws {}
}

private final class Delegate: RouterDelegate {
    let seen = Recorder<String>()
    func router(_ router: Router, didOpen outcome: RouteOutcome) { seen.append("did \(outcome.url)") }
    func router(_ router: Router, didFailToOpen outcome: RouteOutcome) { seen.append("failed \(outcome.url)") }
}

/// Marks pages as prepared and records what it was called for.
private func preparing(_ seen: Recorder<String>, refusing refused: String? = nil) -> @Sendable (any Routable, ResolvedRoute) throws -> any Routable {
    struct Refused: Error, CustomStringConvertible {
        var description: String { "no session" }
    }
    return { page, route in
        seen.append("\(route.pattern.text) \(route.parameters.url.routeKey)")
        if route.pattern.text == refused { throw Refused() }
        switch page {
        case var product as Product:
            product.prepared = true
            return product
        case var home as Home:
            home.prepared = true
            return home
        default:
            return page
        }
    }
}

private func shop(_ configuration: RouterConfiguration = RouterConfiguration()) throws -> (Router, InMemoryNavigator) {
    let router = Router(configuration: configuration)
    try router.register("home", page: Home.self)
    try router.register("product/<int:id>", options: RouteOptions(exposure: .external, groups: ["shop"]), page: Product.self)
    try router.register("secret/<int:id>", page: Product.self)
    try router.register("any/:name", makePage: { parameters in try Home(parameters: parameters) })
    try router.register("ping", action: { _ in "pong" })
    let navigator = InMemoryNavigator()
    router.navigator = navigator
    return (router, navigator)
}

@Suite("Page instances")
struct PageInstanceTests {
    @Test("A page the caller made goes through the whole pipeline: events, parents built under it, and it is the page shown")
    func wholePipeline() async throws {
        let (router, navigator) = try shop()
        let delegate = Delegate()
        router.delegate = delegate
        let outcome = await router.open("app://product/7", options: OpenOptions(page: Product(id: 7, loaded: "Mug")))
        #expect(outcome.succeeded)
        #expect((outcome.page as? Product)?.loaded == "Mug")
        #expect(navigator.description == "home > product/<int:id>")
        #expect((navigator.state.top?.page as? Product)?.loaded == "Mug")
        #expect(delegate.seen.values == ["did app://product/7"])
    }

    @Test("Interceptors and exposure apply to a page the caller made as to any open")
    func interceptorsAndExposure() async throws {
        let (router, navigator) = try shop()
        try router.addInterceptor("closed", scope: .group("shop")) { _ in .stop(reason: "the shop is closed") }
        let stopped = await router.open("app://product/7", options: OpenOptions(page: Product(id: 7, loaded: "Mug")))
        #expect(stopped.failure?.summary == .interceptorStopped(interceptor: "closed", reason: "the shop is closed"))
        let hidden = await router.open("app://secret/1", source: .external, options: OpenOptions(page: Product(id: 1, loaded: "Key")))
        #expect(hidden.failure?.summary == .noRoute("secret/1"))
        #expect(navigator.transitions.isEmpty)
    }

    @Test("A page of another type, or a page for an action, is refused with both types named")
    func mismatch() async throws {
        let (router, navigator) = try shop()
        let wrong = await router.open("app://home", options: OpenOptions(page: Product(id: 1, loaded: "Mug")))
        #expect(wrong.failure?.summary == .pageMismatch(pattern: "home", expected: "Home pages", actual: "Product"))
        #expect(wrong.failure?.description == "route 'home' opens Home pages, not the Product given")
        let action = await router.open("app://ping", options: OpenOptions(page: Product(id: 1, loaded: "Mug")))
        #expect(action.failure?.description == "route 'ping' opens an action, not the Product given")
        #expect(navigator.transitions.isEmpty)
        // A route made by a factory takes any page; a router without a navigator returns it.
        router.navigator = nil
        let any = await router.open("app://any/x", options: OpenOptions(page: Product(id: 3, loaded: "Cup")))
        #expect((any.page as? Product)?.loaded == "Cup")
    }

    @Test("The page on top updated in place takes the page the caller made")
    func updateWithInstance() async throws {
        let (router, navigator) = try shop()
        _ = await router.open("app://product/7")
        let outcome = await router.open("app://product/7", options: OpenOptions(page: Product(id: 7, loaded: "Mug, red")))
        #expect(outcome.result.isUpdated)
        #expect(navigator.stack.count == 2)
        #expect((navigator.state.top?.page as? Product)?.loaded == "Mug, red")
    }
}

@Suite("Prepare-page hook")
struct PreparePageTests {
    @Test("Every page is prepared before it is shown: built, given, a parent built for a deep link, updated in place; the prepared page is shown")
    func everyPage() async throws {
        let seen = Recorder<String>()
        let (router, navigator) = try shop(RouterConfiguration(preparePage: preparing(seen)))
        _ = await router.open("app://product/7")
        #expect(seen.values == ["product/<int:id> product/7", "home home"])
        #expect(navigator.stack.allSatisfy { ($0.page as? Product)?.prepared ?? ($0.page as? Home)?.prepared ?? false })
        _ = await router.open("app://product/7?color=red")
        _ = await router.open("app://product/8", options: OpenOptions(page: Product(id: 8, loaded: "Cup")))
        #expect(seen.values.suffix(2) == ["product/<int:id> product/7", "product/<int:id> product/8"])
        #expect((navigator.state.top?.page as? Product)?.prepared == true)
        // Without a navigator, pages are prepared too.
        router.navigator = nil
        #expect((await router.open("app://home").page as? Home)?.prepared == true)
    }

    @Test("A hook that throws fails the open, changing nothing; a parent it refuses is left out")
    func refuses() async throws {
        let seen = Recorder<String>()
        let (router, navigator) = try shop(RouterConfiguration(preparePage: preparing(seen, refusing: "product/<int:id>")))
        let outcome = await router.open("app://product/7", options: OpenOptions(recordsTrace: true))
        #expect(outcome.failure?.summary == .navigationFailed(pattern: "product/<int:id>"))
        #expect("\(outcome.failure!)" == "page 'product/<int:id>' could not be shown: no session")
        #expect(navigator.transitions.isEmpty)

        let seenHome = Recorder<String>()
        let (homeless, shown) = try shop(RouterConfiguration(preparePage: preparing(seenHome, refusing: "home")))
        let trace = await homeless.open("app://product/7", options: OpenOptions(recordsTrace: true)).trace
        #expect(shown.description == "product/<int:id>")
        #expect(trace.steps.contains { $0.detail == "parent 'home' did not build a page; stopped" })
    }
}
