/// An interceptor as a type: what `addInterceptor(_:scope:priority:deadline:_:)` takes as a
/// closure, written as a method, so that a feature module can declare it where it lives
/// (`@RouteInterceptor` in the `LinkRouter` module, found at start-up like a route) or an app can
/// add an instance of it by hand with a closure that calls it (``Router/addInterceptor(_:scope:priority:deadline:_:)-(_,_,_,_,(InterceptionRequest,InterceptorDecision)->Void)``).
/// Either way it runs as the closure interceptors do.
///
/// ```swift
/// @RouteInterceptor(scope: .group("requiresLogin"), priority: 100)
/// struct LoginInterceptor: RouteInterceptor {
///     func intercept(_ request: InterceptionRequest, decision: InterceptorDecision) {
///         Session.shared.isSignedIn ? decision.proceed() : decision.redirect(to: "app://login")
///     }
/// }
/// ```
///
/// A declared interceptor is made with `init()`, once, when the router registers it; one added at
/// run time may take any initializer.
public protocol RouteInterceptor: Sendable {
    /// Asked about each open in the interceptor's scope, after the route matched and before
    /// anything is built; answers through `decision`, once, now or later, from any thread.
    func intercept(_ request: InterceptionRequest, decision: InterceptorDecision)
}

extension Router {
    /// Adds an interceptor instance: the same as the closure form, the closure being `interceptor`'s
    /// ``RouteInterceptor/intercept(_:decision:)``.
    ///
    /// ```swift
    /// try router.addInterceptor(LoginInterceptor(session: session), scope: .group("requiresLogin"), priority: 100)
    /// ```
    /// - Parameters:
    ///   - interceptor: The interceptor.
    ///   - name: A name for traces, failures and ``removeInterceptors(named:)``; by default the type's name.
    ///   - scope: Which opens it sees.
    ///   - priority: Higher runs earlier.
    ///   - deadline: How long it may take to answer; defaults to ``RouterConfiguration/interceptorDeadline``.
    /// - Throws: ``RouteRegistrationError/invalidPattern(_:)`` for a pattern scope that does not parse.
    package func addInterceptor(
        _ interceptor: some RouteInterceptor, named name: String? = nil, scope: InterceptorScope = .all, priority: Int = 0,
        deadline: Duration? = nil
    ) throws(RouteRegistrationError) {
        try addInterceptor(name ?? String(describing: type(of: interceptor)), scope: scope, priority: priority, deadline: deadline) { request, decision in
            interceptor.intercept(request, decision: decision)
        }
    }

    /// Whether an interceptor of this name was added (by hand, or by discovery), for discovery:
    /// a declared interceptor does not take the place of one added before it.
    package func hasInterceptor(named name: String) -> Bool {
        rules.interceptorNames.contains(name)
    }
}
