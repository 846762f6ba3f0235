// A second module's interceptor and module set-up of the type names the discovery tests declare
// too (GuardFixtures.swift): their default names are qualified by their modules, so both of each run.
import LinkRouter

/// Lets the `guardFixtureLogin` routes through, marking that it ran.
@RouteInterceptor(scope: .group("guardFixtureLogin"))
struct LoginInterceptor: RouteInterceptor {
    func intercept(_ request: InterceptionRequest, decision: InterceptorDecision) {
        decision.proceed(rewriting: ["fixturesLogin": "ran"])
    }
}

/// Adds a redirect that shows it ran.
@RouterModule
enum AppModule {
    static func configure(_ router: Router) throws {
        try router.addRedirect(from: "fixture/guards/module/fixtures", to: "fixture/guards/orders")
    }
}
