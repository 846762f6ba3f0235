// The annotations of interceptors and modules, apart from Macros.swift (whose signatures
// AnnotationParametersTests reads against the route annotations' parameter table).

/// Declares an interceptor in the module that needs it: discovery adds it to the router at
/// start-up, as `addInterceptor(_:named:scope:priority:deadline:)` would, with no line in the app.
///
/// ```swift
/// @RouteInterceptor(scope: .group(.requiresLogin), priority: 100)
/// struct LoginInterceptor: RouteInterceptor {
///     func intercept(_ request: InterceptionRequest, decision: InterceptorDecision) {
///         Session.shared.isSignedIn ? decision.proceed() : decision.redirect(to: LoginPage.link(returnTo: request.url.routeKey))
///     }
/// }
/// ```
///
/// The router makes the interceptor with `init()`, once, when it registers it. The compiler checks
/// the annotation: the type must conform to ``/LinkRouterCore/RouteInterceptor`` (the macro adds
/// the conformance when the type does not declare it) and have `init()`; the scope must be
/// `.all`, `.group(.declaredGroup)` (a ``/LinkRouterCore/RouteGroup`` member), `.group("name")` or
/// `.pattern("pattern")` with a string literal (a pattern that does not parse is an error on it),
/// the priority an integer literal. A group that no module declares is reported by the checks.
///
/// The record stores the name, scope and priority (`Documentation/ABI/RouteRecord.md`, kind
/// `'icpt'`), so `routes dump` lists the interceptor and `routes check` reports a scope that no
/// route is in. Of two interceptors of one name in one app, the one with `overrides: true` wins
/// (an app's over a library's); none marked, or both, and neither is added.
///
/// - Parameters:
///   - name: The name for traces, failures, `removeInterceptors(named:)` and the override rule; by
///     default the type's name.
///   - scope: Which opens it sees.
///   - priority: Higher runs earlier; equal priorities run in registration order.
///   - overrides: Whether this interceptor wins over the unmarked ones of its name.
///
/// - Note: Applies to a non-generic struct, class or actor declared at file scope.
@attached(extension, conformances: RouteInterceptor, names: named(__linkRouterInterceptor))
public macro RouteInterceptor(
    name: StaticString? = nil,
    scope: InterceptorScope = .all,
    priority: Int = 0,
    overrides: Bool = false
) = #externalMacro(module: "LinkRouterMacros", type: "RouteInterceptorMacro")

/// Declares a module's one-time set-up, which discovery runs once per router after it registered
/// the module's routes, services and interceptors, before the first open (see ``RouterModule-protocol``).
///
/// ```swift
/// @RouterModule
/// struct AccountModule: RouterModule {
///     static func configure(_ router: Router) throws {
///         try router.addRedirect(from: "profile", to: "account")
///     }
/// }
/// ```
///
/// The type must conform to ``RouterModule-protocol`` (the macro adds the conformance when the type does
/// not declare it). The record stores the type's name (kind `'modl'`), so `routes dump` lists it.
///
/// - Parameter overrides: Whether this module's set-up replaces the unmarked ones of the same type
///   name in the app (an app's `AccountModule` over a library's).
///
/// - Note: Applies to a non-generic struct, class, enum or actor declared at file scope.
@attached(extension, conformances: RouterModule, names: named(__linkRouterModule))
public macro RouterModule(
    overrides: Bool = false
) = #externalMacro(module: "LinkRouterMacros", type: "RouterModuleMacro")
