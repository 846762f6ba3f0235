@testable import LinkRouterCore
import Testing

// The plan of a URL is a pure function of the router's snapshot: URL × source (× parameters) in,
// one step out, with the hops taken and the source the admission gave it. Every door shares it
// (OpenPlan.swift); this table holds what it decides, with nothing built, run or asked.

/// One row: a URL from a source, the step it plans to, and the chain of hops.
struct URLPlanCase: Sendable, CustomStringConvertible {
    let url: String
    let source: OpenSource
    let step: String
    let chain: [String]
    /// The source the plan ends with.
    let endsAs: OpenSource

    init(_ url: String, from source: OpenSource = .app, _ step: String, chain: [String]? = nil, endsAs: OpenSource? = nil) {
        self.url = url
        self.source = source
        self.step = step
        self.chain = chain ?? [url]
        self.endsAs = endsAs ?? source
    }

    var description: String { "\(url) from \(source) → \(step)" }
}

extension OpenPlan.Step {
    /// The step in a word and what it names.
    var summary: String {
        switch self {
        case .route(let route, _): "route \(route.pattern.text)"
        case .intercepted(let route, _, let interceptors, _):
            "intercepted \(route.pattern.text) by \(interceptors.map(\.name).joined(separator: ", "))"
        case .dispatch(let dispatch): "dispatch \(dispatch.scheme)"
        case .notFound(let notFound): "not found (\(notFound.failure))" + (notFound.fallback.map { ", fallback \($0)" } ?? "")
        case .failed(let failure): "failed (\(failure))"
        }
    }
}

private struct Unused: RouteDispatcher {
    func dispatch(_ request: DispatchRequest) async -> DispatchResult { .failed("a plan dispatches nothing") }
}

/// A page that sends its URL on to `act/external`.
private struct Moved: Routable {
    init?(parameters: RouteParameters) throws {}
    static func redirect(for parameters: RouteParameters) -> String? { "shop://act/external" }
}

@Suite("The plan of a URL")
struct OpenPlanTests {
    static let cases: [URLPlanCase] = [
        URLPlanCase("shop://act/internal", "route act/internal"),
        URLPlanCase("shop://act/internal", from: .external, "not found (no route matches 'act/internal')"),
        URLPlanCase("shop://act/external", from: .external, "route act/external"),
        // A web link is external whatever source it is given, and keyed by its path.
        URLPlanCase("https://shop.example.com/act/internal", "not found (no route matches 'act/internal')", endsAs: .external),
        URLPlanCase("https://shop.example.com/act/external", "route act/external", endsAs: .external),
        // Redirects are hops of the plan: the router's, the route table's, a page's own.
        URLPlanCase("shop://legacy/act/external", "route act/external", chain: ["shop://legacy/act/external", "shop://act/external"]),
        URLPlanCase("shop://table/act/external", "route act/external", chain: ["shop://table/act/external", "shop://act/external"]),
        URLPlanCase("shop://moved", "route act/external", chain: ["shop://moved", "shop://act/external"]),
        URLPlanCase("shop://loop/a", "failed (redirect loop: shop://loop/a -> shop://loop/b -> shop://loop/a)",
                 chain: ["shop://loop/a", "shop://loop/b", "shop://loop/a"]),
        // A disabled route's fallback is a hop too; the route table cannot expose what does not consent.
        URLPlanCase("shop://paused", "route act/external", chain: ["shop://paused", "shop://act/external"]),
        URLPlanCase("shop://promo/secret", from: .external, "not found (no route matches 'promo/secret')"),
        URLPlanCase("shop://promo/open", from: .external, "route promo/open"),
        // `route_fallback_url` is planned, not followed: the door decides.
        URLPlanCase("shop://gone?route_fallback_url=shop%3A%2F%2Fact%2Fexternal", from: .external,
                 "not found (no route matches 'gone'), fallback shop://act/external"),
        URLPlanCase("mailto://help", "dispatch mailto"),
        URLPlanCase("shop://guarded", "intercepted guarded by login"),
        URLPlanCase("ftp://files/x", "failed (scheme 'ftp' is not allowed)"),
    ]

    /// A shop: an internal and an external action, redirects of every kind, a dispatcher, a
    /// guarded route, and a route table that disables, exposes and redirects.
    static func shop() throws -> Router {
        let router = Router(configuration: RouterConfiguration(
            allowedSchemes: ["shop"], webHosts: ["shop.example.com"], fallbackAllowlist: ["shop"]
        ))
        try router.register("act/internal", action: { _ in "internal" })
        try router.register("act/external", options: RouteOptions(exposure: .external), action: { _ in "external" })
        try router.register("moved", page: Moved.self)
        try router.register("paused", action: { _ in "paused" })
        try router.register("promo/secret", action: { _ in "secret" })
        try router.register("promo/open", options: RouteOptions(routeTableMayExpose: true), action: { _ in "open" })
        try router.register("guarded", action: { _ in "guarded" })
        try router.addRedirect(from: "legacy/:kind/:x", to: "shop://:kind/:x")
        try router.addRedirect(from: "loop/a", to: "shop://loop/b")
        try router.addRedirect(from: "loop/b", to: "shop://loop/a")
        try router.addInterceptor("login", scope: .pattern("guarded")) { _ in .proceed }
        router.setDispatcher(Unused(), forSchemes: ["mailto"])
        router.routeTable = try DynamicRouteTable(
            redirects: [.init(from: "table/:kind/:x", to: "shop://:kind/:x")],
            disabledRoutes: [.init(pattern: "paused", fallback: "shop://act/external")],
            exposureOverrides: [.init(pattern: "promo/**", exposure: .external)]
        )
        return router
    }

    @Test("A URL from a source plans to one step, with its hops and the source the admission gave it", arguments: cases)
    func plan(_ row: URLPlanCase) throws {
        let snapshot = try Self.shop().snapshot
        let plan = snapshot.plan(row.url, from: row.source)
        #expect(plan.step.summary == row.step)
        #expect(plan.course.hops.chain == row.chain)
        #expect(plan.course.source == row.endsAs)
        #expect(plan.course.fellBack == (row.url == "shop://paused"))
    }

    @Test("The plan is a function of the snapshot: a change to the router makes a new snapshot and leaves the old plan as it was")
    func snapshotOnly() throws {
        let router = try Self.shop()
        let before = router.snapshot
        router.routeTable = .empty
        #expect(before.plan("shop://paused", from: .app).step.summary == "route act/external")
        #expect(router.snapshot.plan("shop://paused", from: .app).step.summary == "route paused")
    }
}
