/// A page that a URL can open: a type the router constructs from the route's parameters.
///
/// ```swift
/// struct UserPage: Routable {
///     let id: Int
///     init?(parameters: RouteParameters) throws {
///         id = try parameters.int("id")
///     }
/// }
/// try router.register("user/<int:id>", page: UserPage.self)
/// ```
///
/// Return `nil` or throw to refuse the parameters; the open then fails with
/// ``RouteFailure/parametersRejected(pattern:underlying:)``.
public protocol Routable: Sendable {
    /// Creates the page for the parameters of one open, or refuses them.
    init?(parameters: RouteParameters) throws

    /// A URL to open instead of this page for these parameters, or `nil` (the default) to open it.
    ///
    /// Asked after the route matched and before interceptors run; a redirect counts against the
    /// open's hop limit like any other.
    static func redirect(for parameters: RouteParameters) -> String?

    /// The URL of the page this page sits above, or `nil` (the default) for none.
    ///
    /// When the page is pushed and no page of its parent's route (with the same key) is on the
    /// stack, the router builds the parent pages first (recursively), so back leads where a user
    /// expects: `catalog/item/7` declares `catalog`. When the parent is on the stack, the router
    /// goes back to it and pushes the page above it.
    static func parentURL(for parameters: RouteParameters) -> String?

    /// Whether the parent that ``parentURL(for:)`` names is presented rather than pushed, when the
    /// router builds it; `false` (the default) pushes it.
    ///
    /// A presented parent is shown modally in a navigation container of its own, over its own
    /// parents, and the pages above it are pushed inside that container: a checkout step opened
    /// from a link gives `home | checkout > checkout/payment`, and dismissing the checkout leads home.
    ///
    /// ```swift
    /// struct PaymentPage: Routable {
    ///     static func parentURL(for parameters: RouteParameters) -> String? { "checkout" }
    ///     static func presentsParent(for parameters: RouteParameters) -> Bool { true }
    /// }
    /// ```
    static func presentsParent(for parameters: RouteParameters) -> Bool
}

extension Routable {
    /// Opens the page itself: no redirect.
    public static func redirect(for parameters: RouteParameters) -> String? { nil }

    /// Sits above no particular page.
    public static func parentURL(for parameters: RouteParameters) -> String? { nil }

    /// Pushes the parent.
    public static func presentsParent(for parameters: RouteParameters) -> Bool { false }
}
