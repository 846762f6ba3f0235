// What the account module needs from the router beyond its annotated routes and service,
// declared here: the app names none of it.
import LinkRouter

/// The account module's one-time set-up, run by discovery before the first open: `user/:user`,
/// the address profiles had before they moved under `account/`, still reaches them.
@RouterModule
enum AccountModule {
    static func configure(_ router: Router) throws {
        try router.addRedirect(from: "user/:user", to: "account/profile/:user")
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
