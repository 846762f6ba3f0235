// The account module's login rule, declared here, where the sign-in page lives: the app names
// neither. Discovery adds it to the router at start-up.
import DesktopShopRoutes
import LinkRouter
import Synchronization

/// Who is signed in: the name the sign-in page returned, or `nil`.
enum SignedInUser {
    static let name = Mutex<String?>(nil)
}

/// Routes in the `requiresLogin` group (the cart) need a signed-in user: the interceptor presents
/// the login page, waits for its result (the name), and lets the open go on or stops it.
@RouteInterceptor(name: "login", scope: .group(.requiresLogin), priority: 100)
struct LoginInterceptor: RouteInterceptor {
    func intercept(_ request: InterceptionRequest, decision: InterceptorDecision) {
        if SignedInUser.name.withLock({ $0 }) != nil { return decision.proceed() }
        Task {
            await request.router.open(LoginPage.link(returnTo: request.url.routeKey)) { result in
                guard case .success(.value(let user)) = result else { return decision.stop(reason: "not signed in") }
                SignedInUser.name.withLock { $0 = user }
                decision.proceed()
            }
        }
    }
}
