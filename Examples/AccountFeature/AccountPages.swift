// The account module: sign-in and profiles. Registered by annotation only; no other module
// imports this one.
import LinkRouter

@Routable("account/login", openStyle: .present, summary: "Sign in")
struct LoginPage: CustomStringConvertible {
    @RouteParameter("return_to") let returnTo: String?
    var description: String { "LoginPage(returnTo: \(returnTo ?? "-"))" }
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
    let result: PageResultSlot
    func pick(_ address: String) { result.set(address) }
    var description: String { "AddressPickerPage()" }
}

#route("account/logout", summary: "Sign out", action: { _ in "signed out" })
