import LinkRouterCore
import RoutePatterns
import RouteRecordReader

/// Route records made into routes as discovery makes them: a route per record whose pattern
/// parses, then the override rule (``OverrideRule``) decided on the whole pass. Of the records of
/// one shape, the one marked as an override wins; none marked, or several, and none is registered.
/// `routes check` reports what it finds; `routes links` reasons about the routes that win.
struct RecordPass {
    /// The records whose pattern parses, in pass order: the rule's claims.
    let claims: [RouteRecord]
    /// The records whose pattern does not parse, and why.
    let invalid: [(record: RouteRecord, error: PatternError)]
    /// The rule's decision over ``claims``.
    let decision: OverrideRule.Decision
    /// The routes of the claims that win, in pass order, each with the options `options` gave it
    /// and an action that returns `nil`.
    private(set) var routes: DiscoveredRoutes

    /// Makes the routes of `records` (route records, not services').
    init(_ records: [RouteRecord], options: (RouteRecord) -> RouteOptions) {
        var routes = DiscoveredRoutes(capacity: records.count)
        var claims: [RouteRecord] = []
        var invalid: [(RouteRecord, PatternError)] = []
        for record in records {
            do {
                routes.append(try record.parsedPattern(), options: options(record), action: RouteAction { _ in nil })
                claims.append(record)
            } catch {
                invalid.append((record, error))
            }
        }
        decision = OverrideRule.decide(
            count: routes.count, digest: routes.shapeDigest(at:), isOverride: { claims[$0].isOverride }, sameKey: routes.hasSameShape(_:_:)
        )
        routes.remove(at: decision.losers)
        self.routes = routes
        self.claims = claims
        self.invalid = invalid
    }

    /// Registers the routes that win on `router`, as discovery does.
    /// - Returns: The routes the router refused (their index among the winners, and the pattern
    ///   registered before them).
    @discardableResult
    consuming func register(on router: Router) -> [(index: Int, existing: String)] {
        router.register(discovered: routes)
    }
}
