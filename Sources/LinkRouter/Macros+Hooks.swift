// The annotations of interceptors and modules, apart from Macros.swift (whose signatures
// AnnotationParametersTests reads against the route annotations' parameter table).

/// Declares an interceptor in the module that needs it: discovery adds it to the router at
/// start-up, as an interceptor added by hand would be, with no line in the app.
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
/// The record stores the name, scope and priority and the module that declares it
/// (`Documentation/ABI/RouteRecord.md`, kind `'icpt'`), so `routes dump` lists the interceptor and
/// `routes check` reports a scope that no route is in.
///
/// **Names.** By default an interceptor is named by its type, qualified by its module
/// (`AccountFeature.LoginInterceptor`): two modules' `LoginInterceptor`s are two interceptors, and
/// both run. An explicit `name:` is the name as written; two interceptors of one name in one app
/// are a *contest*: unless one replaces the others (below), neither is added, and the routes in
/// either's scope refuse to open (``/LinkRouterCore/RouteFailure/guardUnavailable(guard:reason:)``)
/// rather than open unguarded.
///
/// **Replacing another interceptor.** `overrides: "Auth.LoginInterceptor"` names the interceptor
/// this one replaces, by its module-qualified name: that one is not added, this one is. `overrides: true` replaces the interceptors of this one's own name, and is taken
/// only from the program's executable; from a library or a plugin it is refused (reported, and
/// the routes in its scope refuse to open). Every replacement taken is reported by discovery,
/// `routes check` and `AppRoutes.validate()`, which fails unless the test expects it.
///
/// - Parameters:
///   - name: The name for traces, failures, `removeInterceptors(named:)` and the override rule; by
///     default the module-qualified type name.
///   - scope: Which opens it sees.
///   - priority: Higher runs earlier; equal priorities run in registration order.
///   - overrides: The interceptor this one replaces: `"Module.Name"`, or `true` for the others of
///     its own name (from the executable only); by default none.
///
/// - Note: Applies to a non-generic struct, class or actor declared at file scope.
@attached(extension, conformances: RouteInterceptor, names: named(__linkRouterInterceptor))
public macro RouteInterceptor(
    name: StaticString? = nil,
    scope: InterceptorScope = .all,
    priority: Int = 0,
    overrides: HookOverride = false
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
/// not declare it). The record stores the type's name qualified by its module
/// (`AccountFeature.AccountModule`, kind `'modl'`), so `routes dump` lists it, and two modules'
/// `AppModule`s are two set-ups that both run. Two records of one name (a module linked twice, a
/// library built by an older LinkRouter) are a contest: neither runs, and the routes of their
/// Swift modules refuse to open (``/LinkRouterCore/RouteFailure/guardUnavailable(guard:reason:)``).
///
/// - Parameter overrides: The set-up this one replaces: its module-qualified type name
///   (`"Auth.AuthModule"`: that one does not run, this one does), or `true` for the others of its
///   own name, taken only from the program's executable (as an interceptor's); by default none.
///
/// - Note: Applies to a non-generic struct, class, enum or actor declared at file scope.
@attached(extension, conformances: RouterModule, names: named(__linkRouterModule))
public macro RouterModule(
    overrides: HookOverride = false
) = #externalMacro(module: "LinkRouterMacros", type: "RouterModuleMacro")

/// What an interceptor's or a module's `overrides:` says: `false` (the default: it replaces
/// nothing), `true` (it replaces the hooks of its own name, taken only from the program's
/// executable), or the module-qualified name of the hook it replaces
/// (`overrides: "Auth.LoginInterceptor"`).
///
/// Only the annotations read it, from the literal written; a value made otherwise is refused by
/// the macro.
public struct HookOverride: Sendable, Hashable, ExpressibleByBooleanLiteral, ExpressibleByStringLiteral {
    /// The hook replaced, by its module-qualified name, or `nil`.
    public let replaced: String?
    /// Whether it replaces the hooks of its own name.
    public let replacesItsName: Bool

    /// `true` or `false`.
    public init(booleanLiteral value: Bool) {
        replaced = nil
        replacesItsName = value
    }

    /// The module-qualified name of the hook replaced.
    public init(stringLiteral value: String) {
        replaced = value
        replacesItsName = false
    }
}
