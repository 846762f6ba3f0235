package import RoutePatterns

/// The routes a refusal covers (``Router/refuseRoutes(in:named:failure:)``).
package enum RefusedRoutes: Sendable {
    /// The routes an interceptor scope sees: the scope of the guard that is not in place.
    case scope(InterceptorScope)
    /// The routes of these patterns: those a module declared, whose set-up is not in place.
    case patterns([RoutePattern])
}

extension Router {
    /// Makes the routes a guard covered refuse to open with `failure`, for a guard that could not
    /// be put in place (``RouteFailure/guardUnavailable(guard:reason:)``): discovery adds one for
    /// each interceptor or module set-up that is contested or refused, so that the routes it
    /// guards never open unguarded.
    ///
    /// The refusal is asked before every interceptor, as an interceptor is (the open's route and
    /// each parent a deep link rebuilds; `call` refuses a route an interceptor covers), and
    /// answers at once; ``removeInterceptors(named:)`` leaves it in place.
    ///
    /// - Throws: ``RouteRegistrationError/invalidPattern(_:)`` for a pattern scope that does not parse.
    package func refuseRoutes(in routes: RefusedRoutes, named name: String, failure: RouteFailure) throws(RouteRegistrationError) {
        let scope: InterceptorScope
        let filter: InterceptorEntry.Filter
        switch routes {
        case .scope(.all):
            (scope, filter) = (.all, .all)
        case .scope(.group(let group)):
            (scope, filter) = (.group(group), .group(group))
        case .scope(.pattern(let route)):
            do { filter = .pattern(RouteTrie(patternsOf: [try RoutePattern(route.rawValue)])) } catch { throw .invalidPattern(error) }
            scope = .pattern(route)
        case .patterns(let patterns):
            guard !patterns.isEmpty else { return }
            filter = .pattern(RouteTrie(patternsOf: patterns))
            scope = .pattern(RouteID(rawValue: patterns[0].text))
        }
        rules.addInterceptor(name, scope: scope, filter: filter, priority: .max, deadline: nil, body: .refusal(failure))
    }
}
