import LinkRouter
import LinkRouterTesting
import ShopInterfaces
import Testing

/// The demo's feature modules, linked into this test and never imported by it, checked in process
/// with LinkRouterTesting as an app's own test target would check its routes.
struct DemoRoutesTests {
    let routes = AppRoutes(configuration: RouterConfiguration(allowedSchemes: ["shop"]), requiring: [(any SessionService).self])

    @Test("the demo's modules add no problem to the test binary's routes and services")
    func valid() {
        // This binary holds every test target's records, the discovery tests' bad records and
        // duplicates too; `demo --check-routes` (EndToEndTests) runs `validate()` on the demo alone.
        let demoProblems = routes.problems.filter { line in
            ["Feature", "ShopInterfaces", "greet/", "account/", "catalog", "cart"].contains { line.contains($0) }
        }
        #expect(demoProblems == [])
        #expect(routes.report.registeredServices.contains("ShopInterfaces.SessionService"))
        let demoPatterns = [
            "account/login", "account/logout", "account/profile/:user(/:tab)", "account/addresses/pick", "account/signin/:user",
            "catalog", "catalog/product/<int:id>", "catalog/<path:category>", "catalog/search",
            "cart", "cart/add", "cart/checkout", "cart/total", "greet/:name",
        ]
        #expect(demoPatterns.allSatisfy { routes.report.registered.contains($0) }, "\(routes.report.registered)")
    }

    @Test("URLs of every feature module resolve to their routes")
    func urlsResolve() throws {
        try routes.expect(resolving: [
            "shop://catalog/product/42": "catalog/product/<int:id>",
            "shop://catalog/shoes/running": "catalog/<path:category>",
            "shop://account/profile/ada/posts": "account/profile/:user(/:tab)",
            "shop://cart/add?product=1": "cart/add",
            "shop://greet/ada": "greet/:name",
        ])
    }

    @Test("every required service has an implementation")
    func servicesImplemented() throws {
        try routes.expectImplementations()
        #expect(routes.missingServices() == [])
    }

    @Test("a failed check says what is wrong, URL by URL, service by service")
    func failures() {
        #expect(routes.mismatches(resolving: ["shop://catalog/product/42": "catalog", "shop://nowhere": "nowhere"]) == [
            "'shop://catalog/product/42' resolves to 'catalog/product/<int:id>', not 'catalog'",
            "'shop://nowhere' does not resolve to 'nowhere': no route matches 'nowhere'",
        ])
        #expect(throws: RouteTestFailure.self) { try routes.expect(resolving: ["shop://nowhere": "nowhere"]) }
        let failure = RouteTestFailure(check: "URLs and their routes", problems: ["a", "b"])
        #expect(failure.description == "2 problem(s) in URLs and their routes:\n  - a\n  - b")
        #expect(routes.missingServices([(any UnimplementedService).self]) == [
            "missing service 'DemoRoutesTests.UnimplementedService': it is required, and no implementation is registered",
        ])
    }
}

/// A service protocol nothing implements.
protocol UnimplementedService: Sendable {}
