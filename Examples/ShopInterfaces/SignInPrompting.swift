/// A sign-in page that says why it is shown. AccountFeature's login page offers it
/// (`@Routable("account/login", as: (any SignInPrompting).self, ...)`); a module that does not
/// import AccountFeature configures the page through it before it is shown:
///
/// ```swift
/// await router.open(Routes.accountLogin) { $0.reason = "to see your orders" }
/// ```
public protocol SignInPrompting: Sendable {
    /// Why the user is asked to sign in, shown above the form; `nil` for no reason given.
    var reason: String? { get set }
}
