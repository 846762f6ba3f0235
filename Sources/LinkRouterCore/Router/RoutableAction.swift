/// An action declared as a type: its properties are bound from the route's parameters as a page's
/// are, its result type is declared, and it runs with the router that runs it.
///
/// ```swift
/// @RoutableAction("cart/add", groups: [.requiresLogin])
/// struct AddToCart {
///     @RouteParameter(from: .query) let product: Int
///     @RouteParameter(from: .query) var quantity = 1
///
///     func run(on router: Router) throws -> String {
///         try router.services.service((any CartService).self).add(product, quantity: quantity)
///         return "added \(quantity) × product \(product)"
///     }
/// }
///
/// let message = try router.call(AddToCart.link(product: 42, quantity: 2))   // a String
/// ```
///
/// `@RoutableAction` writes `init?(parameters:)` (a link sets only the placeholders and the
/// declared query, as for a page), the route's record and the link builder; an action whose `run`
/// is not `async` runs synchronously, so ``Router/call(_:parameters:source:)->Action.Output`` runs it. Registered
/// by hand, ``RouteAction/init(_:on:)`` makes its route's action.
public protocol RoutableAction: Sendable {
    /// What the action returns.
    associatedtype Output: Sendable

    /// Creates the action for the parameters of one call, or refuses them.
    init?(parameters: RouteParameters) throws

    /// Runs the action with the router that runs it, whose services it may ask for.
    func run(on router: Router) async throws -> Output
}

/// Why a typed action could not run.
public struct RoutableActionError: Error, Sendable, CustomStringConvertible {
    /// The action type's name.
    public let action: String
    /// What went wrong.
    public let reason: String

    /// An error naming the action type and what went wrong.
    package init(action: String, reason: String) {
        self.action = action
        self.reason = reason
    }

    /// `AddToCart refused its parameters`.
    public var description: String { "\(action) \(reason)" }
}

extension RouteAction {
    /// The action of a route whose action is `Action`, run with `router`: made from the parameters
    /// by its `init?(parameters:)`, then run. It completes asynchronously; `@RoutableAction`'s own
    /// registration runs an action whose `run` is synchronous without an `await`.
    ///
    /// The router is held weakly, so that the router that registers the action does not keep
    /// itself alive through it.
    ///
    /// ```swift
    /// try router.register("cart/add", action: RouteAction(AddToCart.self, on: router))
    /// ```
    public init<Action: RoutableAction>(_ action: Action.Type, on router: Router) {
        self.init { [weak router] parameters async throws -> (any Sendable)? in
            guard let router else { throw RoutableActionError(action: "\(Action.self)", reason: "ran after its router was released") }
            guard let made = try Action(parameters: parameters) else {
                throw RoutableActionError(action: "\(Action.self)", reason: "refused its parameters")
            }
            return try await made.run(on: router)
        }
    }
}
