// The account module's implementation of the shop's session service, found by CartFeature through
// the router; one instance is shared by the whole app.
import LinkRouter
import ShopInterfaces
import Synchronization

@RoutableService((any SessionService).self, lifetime: .shared)
final class AccountSession: SessionService {
    private let user = Mutex<String?>(nil)

    init() {}

    var currentUser: String? { user.withLock { $0 } }

    func signIn(_ user: String) { self.user.withLock { $0 = user } }
}

/// Signs a user in through the session service of the router that runs it.
@RoutableAction("account/signin/:user", summary: "Sign in through the session service")
struct SignIn {
    let user: String

    func run(on router: Router) throws -> String {
        try router.services.service((any SessionService).self).signIn(user)
        return "signed in as \(user)"
    }
}
