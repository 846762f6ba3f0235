import LinkRouter

// Guards declared by annotation in the test binary, the mistakes of issue 46 among them, each
// reaching only the `fixture/guards/` routes below. Every router that discovers this binary
// registers them; a library the guard tests load adds `loaded/guards/` routes (GuardDiscoveryTests).

/// The group the login interceptors of this module and of ServiceFixtures guard.
extension RouteGroup {
    @DeclaredGroup static var guardFixtureLogin: RouteGroup
}

enum GuardFixtureRoutes {
    #route("fixture/guards/settings/profile") { _ in "profile" }
    #route("fixture/guards/contested/page") { _ in "contested" }
    #route("fixture/guards/orders", groups: [.guardFixtureLogin]) { parameters in
        "\(parameters.string("testsLogin", default: "-")) \(parameters.string("fixturesLogin", default: "-"))"
    }
    #route("fixture/guards/audited") { parameters in parameters.string("audit", default: "unaudited") }
}

/// A sign-in guard whose scope has a typo: `setting/**` for the `settings/**` routes. It matches
/// no route, and the checks say so; `fixture/guards/settings/profile` is not guarded.
@RouteInterceptor(scope: .pattern("fixture/guards/setting/**"), priority: 100)
struct GuardFixtureSignIn: RouteInterceptor {
    func intercept(_ request: InterceptionRequest, decision: InterceptorDecision) {
        decision.stop(reason: "not signed in")
    }
}

/// One of two interceptors of one name, neither replacing the other: a contest, so neither is
/// added, and the routes in their scopes refuse to open.
@RouteInterceptor(name: "guardFixtureContested", scope: .pattern("fixture/guards/contested/**"))
struct GuardFixtureContestedFirst: RouteInterceptor {
    func intercept(_ request: InterceptionRequest, decision: InterceptorDecision) { decision.proceed() }
}

/// The other.
@RouteInterceptor(name: "guardFixtureContested", scope: .pattern("fixture/guards/contested/**"))
struct GuardFixtureContestedSecond: RouteInterceptor {
    func intercept(_ request: InterceptionRequest, decision: InterceptorDecision) { decision.proceed() }
}

/// This module's `LoginInterceptor`; ServiceFixtures declares one of the same type name.
@RouteInterceptor(scope: .group(.guardFixtureLogin))
struct LoginInterceptor: RouteInterceptor {
    func intercept(_ request: InterceptionRequest, decision: InterceptorDecision) {
        decision.proceed(rewriting: ["testsLogin": "ran"])
    }
}

/// This module's `AppModule`; ServiceFixtures declares one of the same type name.
@RouterModule
enum AppModule {
    static func configure(_ router: Router) throws {
        try router.addRedirect(from: "fixture/guards/module/tests", to: "fixture/guards/orders")
    }
}

/// The app's audit. The library the guard tests load declares one of its name marked
/// `overrides: true`, which is refused there: this one still runs.
@RouteInterceptor(name: "guardFixtureAudit", scope: .pattern("fixture/guards/audited"))
struct GuardFixtureAudit: RouteInterceptor {
    func intercept(_ request: InterceptionRequest, decision: InterceptorDecision) {
        decision.proceed(rewriting: ["audit": "app"])
    }
}
