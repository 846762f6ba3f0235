// The shop's shared interfaces: protocols that feature modules implement and use without importing
// each other. AccountFeature implements SessionService; CartFeature asks the router for it.

/// Who is signed in to the shop.
public protocol SessionService: Sendable {
    /// The signed-in user's name, or `nil`.
    var currentUser: String? { get }
    /// Signs a user in, replacing the current one.
    func signIn(_ user: String)
}
