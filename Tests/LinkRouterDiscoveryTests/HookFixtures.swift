import LinkRouter
import Synchronization

// Interceptors and modules declared by annotation, registered by discovery in every router that
// discovers this test binary. Their scopes reach only the `fixture/hooks/` routes below; the
// module throws only for a router whose host is `throwing.hooks.test`.

enum HookFixtureRoutes {
    #route("fixture/hooks/guarded", groups: ["hookFixtureGroup"]) { _ in "guarded" }
    #route("fixture/hooks/target") { _ in "target" }
    #route("fixture/hooks/contest") { _ in "contest" }
}

/// Lets an open of the `hookFixtureGroup` routes through only with `pass=1`.
@RouteInterceptor(name: "hookFixtureGuard", scope: .group("hookFixtureGroup"), priority: 7)
struct HookFixtureGuard: RouteInterceptor {
    func intercept(_ request: InterceptionRequest, decision: InterceptorDecision) {
        request.parameters.string("pass", default: "0") == "1" ? decision.proceed() : decision.stop(reason: "no pass")
    }
}

/// A library's interceptor of the name the app's override below takes.
@RouteInterceptor(name: "hookFixtureContest", scope: .pattern("fixture/hooks/contest"))
struct HookFixtureLibraryInterceptor: RouteInterceptor {
    func intercept(_ request: InterceptionRequest, decision: InterceptorDecision) {
        decision.stop(reason: "the library's interceptor ran")
    }
}

/// The app's interceptor of that name, marked as the override: it wins, the library's is not added.
@RouteInterceptor(name: "hookFixtureContest", scope: .pattern("fixture/hooks/contest"), overrides: true)
struct HookFixtureAppInterceptor: RouteInterceptor {
    func intercept(_ request: InterceptionRequest, decision: InterceptorDecision) {
        decision.proceed(rewriting: ["by": "app"])
    }
}

/// How many times each router had each fixture module configure it, and what it saw then.
///
/// An entry is kept by the router's address and holds the router weakly: a router made after
/// another one was freed may get its address, and must not inherit its counts.
enum HookFixtureLog {
    struct Entry {
        weak var router: Router?
        var configured = 0
        var secondConfigured = 0
        var sawGuardedRoute = false
    }

    private static let entries = Mutex<[ObjectIdentifier: Entry]>([:])

    static func entry(for router: Router) -> Entry {
        entries.withLock { liveEntry(for: router, in: $0) }
    }

    static func update(for router: Router, _ change: (inout Entry) -> Void) {
        entries.withLock { entries in
            var entry = liveEntry(for: router, in: entries)
            change(&entry)
            entries[ObjectIdentifier(router)] = entry
        }
    }

    private static func liveEntry(for router: Router, in entries: [ObjectIdentifier: Entry]) -> Entry {
        guard let entry = entries[ObjectIdentifier(router)], entry.router === router else { return Entry(router: router) }
        return entry
    }
}

struct HookFixtureError: Error, CustomStringConvertible {
    var description: String { "the fixture module refuses this router" }
}

/// Adds a redirect, `fixture/hooks/moved/:id` to `fixture/hooks/target`, and notes whether the
/// annotated routes were registered before it ran.
@RouterModule
enum HookFixtureModule {
    static func configure(_ router: Router) throws {
        let sawGuardedRoute = router.routes.contains { $0.pattern.text == "fixture/hooks/guarded" }
        HookFixtureLog.update(for: router) { entry in
            entry.configured += 1
            entry.sawGuardedRoute = sawGuardedRoute
        }
        try router.addRedirect(from: "fixture/hooks/moved/:id", to: "fixture/hooks/target")
        if router.configuration.host == "throwing.hooks.test" { throw HookFixtureError() }
    }
}

/// A second module, configured after the first whether or not the first threw.
@RouterModule
struct HookFixtureSecondModule {
    static func configure(_ router: Router) {
        HookFixtureLog.update(for: router) { $0.secondConfigured += 1 }
    }
}
