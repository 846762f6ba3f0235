// What the account module needs from the router beyond its annotated routes and service,
// declared here: the app names none of it.
import LinkRouter
import ShopContracts
import ShopInterfaces

/// The account module's one-time set-up, run by discovery before the first open: `user/:user`,
/// the address profiles had before they moved under `account/`, still reaches them.
@RouterModule
enum AccountModule {
    static func configure(_ router: Router) throws {
        try router.addRedirect(from: "user/:user", to: "account/profile/:user")
    }
}

/// Routes in the `requiresLogin` group (the cart) need a signed-in user: the interceptor presents
/// the login page, waits for its result (the name of who signed in), signs them in through the
/// session service and lets the original open go on, or stops it.
@RouteInterceptor(name: "login", scope: .group(.requiresLogin), priority: 100)
struct LoginInterceptor: RouteInterceptor {
    func intercept(_ request: InterceptionRequest, decision: InterceptorDecision) {
        guard let session = try? request.router.services.service((any SessionService).self) else { return decision.stop(reason: "no session") }
        if session.currentUser != nil { return decision.proceed() }
        Task {
            await request.router.open(LoginPage.link(returnTo: request.url.routeKey)) { result in
                guard case .success(.value(let user)) = result else { return decision.stop(reason: "not signed in") }
                session.signIn(user)
                decision.proceed()
            }
        }
    }
}

/// A user name is letters and digits: signing in as anything else stops before the action runs.
@RouteInterceptor(scope: .pattern("account/signin/:user"), priority: 50)
struct UserNameInterceptor: RouteInterceptor {
    func intercept(_ request: InterceptionRequest, decision: InterceptorDecision) {
        let user = (try? request.parameters.string("user")) ?? ""
        if !user.isEmpty, user.allSatisfy({ $0.isLetter || $0.isNumber }) { return decision.proceed() }
        decision.stop(reason: "'\(user)' is not a user name: letters and digits only")
    }
}
