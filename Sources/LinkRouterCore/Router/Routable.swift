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
    /// goes back to it and pushes the page above it. A parent is admitted with the open's source and
    /// built only when the route table does not disable it, it is not hidden from that source, and
    /// the interceptors whose scope covers it (not yet asked in this open) let it through; the
    /// rebuild stops at the first that is not.
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

/// A page that an open of its own route may change where it is shown, instead of another page
/// being shown: update in place.
///
/// A product page opened again with another colour, a chat refreshed by a notification:
///
/// ```swift
/// struct ProductPage: UpdatableInPlace {
///     static func updatesInPlace(for parameters: RouteParameters) -> UpdateInPlace { .onTop }
/// }
/// ```
///
/// A protocol of its own rather than requirements of ``Routable``: a page type compiled against an
/// earlier LinkRouter (in a plugin) has no witness for a requirement added to `Routable` later,
/// while the router finds this capability with a cast, which such a type simply fails.
public protocol UpdatableInPlace: Routable {
    /// Whether an open of this page's route changes a page of it already shown, for the same
    /// route key, instead of showing another one; ``UpdateInPlace/never`` shows another.
    ///
    /// The open's outcome is then ``RouteOutcome/Opened/updated(_:)`` with the page as it is now.
    static func updatesInPlace(for parameters: RouteParameters) -> UpdateInPlace

    /// The page to show in this one's place with the parameters of a later open (update in place),
    /// or `nil` to refuse: the open then shows a new page as usual.
    ///
    /// The parameters' ``RouteParameters/resultSlot`` is this page's: the page keeps its result,
    /// and the later opener waiting for one gets it too. By default, a page made by
    /// ``Routable/init(parameters:)`` from them (`nil` when it refuses them).
    func updated(with parameters: RouteParameters) -> Self?
}

extension UpdatableInPlace {
    /// A page made from the parameters.
    public func updated(with parameters: RouteParameters) -> Self? {
        try? Self(parameters: parameters)
    }
}

/// How an open treats a page of its route already shown for the same route key
/// (``UpdatableInPlace/updatesInPlace(for:)``): the same page opened again takes the new parameters
/// instead of a duplicate being pushed.
public enum UpdateInPlace: String, Sendable, Hashable, CaseIterable {
    /// Shows another page.
    case never
    /// Updates the page when it is on top of where the new page would be shown (its tab, or what
    /// is shown for a route in no tab).
    case onTop
    /// Updates the topmost such page anywhere in the stack where the new page would be shown,
    /// taking off the pages above it (and selecting its tab).
    case inStack
}
