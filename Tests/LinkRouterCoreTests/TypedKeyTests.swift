import LinkRouterCore
import Testing

// Constants as `routes gen` writes them: found by `.settings` wherever a route is expected.
extension RouteReference where Self == RouteID {
    fileprivate static var settings: RouteID { "settings" }
    fileprivate static var userProfile: RouteID { "user/<int:id>(/:tab)" }
    fileprivate static var files: RouteID { "files/<path:rest>" }
    fileprivate static var anything: RouteID { "any/*" }
}

/// Builders as `routes gen` writes them.
private enum Routes {
    static var settings: RouteLink { RouteLink(route: .settings, path: "settings", scheme: "app") }
    static func userProfile(id: Int, tab: String? = nil) -> RouteLink {
        var path = "user/\(RouteLink.encode(id))"
        if let tab { path += "/\(RouteLink.encode(tab))" }
        return RouteLink(route: .userProfile, path: path, scheme: "app")
    }
}

/// A router with the three typed routes registered by their `RouteID`, each returning its parameters.
private func typedRouter() throws -> Router {
    let router = Router()
    try router.register(.settings, action: { _ in "settings" })
    try router.register(.userProfile, action: { parameters in
        "user \(try parameters.int("id")) \(parameters.string("tab", default: "-")) \(parameters.string("ref", default: "-"))"
    })
    try router.register(.files, action: { parameters in try parameters.string("rest") })
    try router.register(.anything, action: { _ in "any" })
    return router
}

@Suite("Typed keys: RouteID and RouteLink wherever a pattern or a URL is")
struct TypedKeyTests {
    @Test("routes registered by RouteID open by RouteLink, can be checked, called and resolved")
    func linkOpens() async throws {
        let router = try typedRouter()
        #expect(router.routes.map(\.pattern.text) == ["settings", "user/<int:id>(/:tab)", "files/<path:rest>", "any/*"])
        #expect(await router.open(Routes.userProfile(id: 42, tab: "likes")).actionResult as? String == "user 42 likes -")
        #expect(await router.open(Routes.settings).actionResult as? String == "settings")
        #expect(router.canOpen(Routes.userProfile(id: 7)))
        #expect(try router.call(Routes.userProfile(id: 7), parameters: ["ref": "mail"]) as? String == "user 7 - mail")
        #expect(try router.resolve(Routes.userProfile(id: 7)).pattern.text == "user/<int:id>(/:tab)")
    }

    @Test("a RouteID opens with its placeholders filled from the parameters; the others go to the route")
    func routeIDOpens() async throws {
        let router = try typedRouter()
        #expect(await router.open(.settings).actionResult as? String == "settings")
        #expect(await router.open(.userProfile, parameters: ["id": 42]).actionResult as? String == "user 42 - -")
        #expect(await router.open(.userProfile, parameters: ["id": 42, "tab": "likes", "ref": "mail"]).actionResult as? String == "user 42 likes mail")
        #expect(await router.open(.files, parameters: ["rest": "a b/c"]).actionResult as? String == "a b/c")
        #expect(try router.call(.userProfile, parameters: ["id": 3]) as? String == "user 3 - -")
        #expect(router.canOpen(.userProfile, parameters: ["id": 3]))
        #expect(!router.canOpen(.userProfile))
        #expect(try RouteID.userProfile.link(["id": 42, "tab": "a/b"]).url == "user/42/a%2Fb")
    }

    @Test("a RouteID whose values do not fill it fails naming the placeholder, and no other route answers", arguments: [
        (RouteID.userProfile, [String: String](), "route 'user/<int:id>(/:tab)' rejected its parameters: no value for the placeholder 'id'"),
        (.userProfile, ["id": "me"], "route 'user/<int:id>(/:tab)' rejected its parameters: 'me' is not a valid int for the placeholder 'id'"),
        (.files, ["rest": ""], "route 'files/<path:rest>' rejected its parameters: the value of the placeholder 'rest' is empty"),
        (.anything, [:], "route 'any/*' rejected its parameters: the pattern has a '*' segment, which no value can fill"),
        ("user/<int", [:], "route 'user/<int' rejected its parameters: "),
    ])
    func routeIDRefused(route: RouteID, values: [String: String], message: String) async throws {
        let router = try typedRouter()
        try router.register("user/:name", action: { _ in "someone else" })
        var events = router.eventStream().makeAsyncIterator()
        let outcome = await router.open(route, parameters: values)
        let failure = try #require(outcome.failure)
        #expect("\(failure)".hasPrefix(message))
        #expect(outcome.failure?.summary == .parametersRejected(pattern: route.rawValue, hasUnderlying: true))
        guard case .failed(let reported)? = await events.next() else { Issue.record("no failure event"); return }
        #expect(reported.url == route.rawValue)
        #expect(throws: RouteCallError.self) { try router.call(route, parameters: values) }
    }

    @Test("unregister, groups, redirects and interceptor scopes take a RouteID")
    func scopesAndGroups() async throws {
        let router = try typedRouter()
        try router.addInterceptor("guard", scope: .pattern(.userProfile)) { _ in .stop(reason: "no") }
        #expect(await router.open(Routes.userProfile(id: 1)).failure?.summary == .interceptorStopped(interceptor: "guard", reason: "no"))
        #expect(await router.open(.settings).succeeded)

        try router.addInterceptor("members", scope: .group("members")) { _ in .stop(reason: "members only") }
        try router.addRoute(.settings, toGroup: "members")
        #expect(await router.open(.settings).failure?.summary == .interceptorStopped(interceptor: "members", reason: "members only"))
        #expect(try router.removeRoute(.settings, fromGroup: "members"))
        #expect(await router.open(.settings).succeeded)

        try router.addRedirect(from: "archive/<path:rest>", to: .files)
        #expect(await router.open("app://archive/a/b").actionResult as? String == "a/b")
        #expect(router.removeRedirect(from: RouteID(rawValue: "archive/<path:other>")))

        #expect(router.unregister(.settings))
        #expect(!router.canOpen(Routes.settings))
    }

    @Test("a built link's URL carries the query after the path")
    func linkQuery() {
        let link = RouteLink(route: "user/<int:id>", path: "user/42", query: "tab=likes", scheme: "app")
        #expect(link.url == "app://user/42?tab=likes")
        #expect(link.with(scheme: "web").url == "web://user/42?tab=likes")
        #expect(RouteLink(route: "a", path: "a").url == "a")
    }
}
