// The account module: sign-in and profiles. Registered by annotation only; no other module
// imports this one.
import LinkRouter

@Routable("account/login", openStyle: .present, summary: "Sign in")
struct LoginPage: CustomStringConvertible {
    let returnTo: String?
    init?(parameters: RouteParameters) throws { returnTo = parameters["return_to"] }
    var description: String { "LoginPage(returnTo: \(returnTo ?? "-"))" }
}

@Routable("account/profile/:user(/:tab)", exposure: .external, summary: "A user's profile")
struct ProfilePage: CustomStringConvertible {
    let user: String
    let tab: String
    init?(parameters: RouteParameters) throws {
        user = try parameters.string("user")
        tab = parameters.string("tab", default: "posts")
    }
    var description: String { "ProfilePage(user: \(user), tab: \(tab))" }
}

/// Lets the user pick a shipping address and returns it, as a `String`, to whoever opened it.
@Routable("account/addresses/pick", openStyle: .present, summary: "Pick a shipping address")
struct AddressPickerPage: CustomStringConvertible {
    let result: PageResultSlot
    init?(parameters: RouteParameters) throws { result = parameters.resultSlot }
    func pick(_ address: String) { result.set(address) }
    var description: String { "AddressPickerPage()" }
}

#route("account/logout", summary: "Sign out", action: { _ in "signed out" })
