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
}

extension Routable {
    /// Opens the page itself: no redirect.
    public static func redirect(for parameters: RouteParameters) -> String? { nil }
}
