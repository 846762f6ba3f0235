import LinkRouter
import Testing

/// A page and an action declared as launcher actions: their records carry flag bit 7.
@Routable("fixture/launcher/cart", exposure: .external, summary: "Cart", launcherAction: true)
struct LauncherCartPage {}

enum LauncherFixtureActions {
    #route("fixture/launcher/clear", exposure: .external, summary: "Clear the cart", launcherAction: true) { _ in "cleared" }
}

struct LauncherActionDiscoveryTests {
    @Test("launcherAction: true reaches the registered route's options, from @Routable and #route; other routes are not launcher actions")
    func launcherActionOptions() throws {
        let router = Router(discovery: .manual)
        router.registerRoutes()
        let launchers = router.routes.filter(\.options.isLauncherAction).map(\.pattern.text)
        #expect(launchers == ["fixture/launcher/cart", "fixture/launcher/clear"] || launchers == ["fixture/launcher/clear", "fixture/launcher/cart"])
        let cart = try #require(router.routes.first { $0.pattern.text == "fixture/launcher/cart" })
        #expect(cart.options == RouteOptions(exposure: .external, summary: "Cart", launcherAction: true))
    }
}
