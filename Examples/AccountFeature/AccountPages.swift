// The account module: sign-in and profiles. Registered by annotation only; no other module
// imports this one.
import LinkRouter
import ShopInterfaces

/// Offers `SignInPrompting`, so that a module that imports only ShopInterfaces can say why the
/// user is asked to sign in (the route declares it: `routes gen` writes a link that carries it).
@Routable("account/login", as: (any SignInPrompting).self, openStyle: .present, summary: "Sign in")
struct LoginPage: SignInPrompting, CustomStringConvertible {
    @RouteParameter("return_to", from: .query) let returnTo: String?
    var reason: String?
    /// The name of the user who signed in.
    let result: PageReturn<String>
    var description: String { "LoginPage(returnTo: \(returnTo ?? "-")\(reason.map { ", reason: \($0)" } ?? ""))" }
}

@Routable("account/profile/:user(/:tab)", exposure: .external, summary: "A user's profile")
struct ProfilePage: CustomStringConvertible {
    let user: String
    var tab = "posts"
    var description: String { "ProfilePage(user: \(user), tab: \(tab))" }
}

/// Lets the user pick a shipping address and returns it, as a `String`, to whoever opened it.
@Routable("account/addresses/pick", openStyle: .present, summary: "Pick a shipping address")
struct AddressPickerPage: CustomStringConvertible {
    let result: PageReturn<String>
    func pick(_ address: String) { result.set(address) }
    var description: String { "AddressPickerPage()" }
}

#route("account/logout", summary: "Sign out", action: { _ in "signed out" })
