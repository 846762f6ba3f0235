// The cart module: the cart page and its actions.
import LinkRouter
import ShopContracts
import ShopInterfaces

@Routable("cart", groups: [.requiresLogin], summary: "The shopping cart")
struct CartPage: CustomStringConvertible {
    var description: String { "CartPage()" }
}

/// Adds a product to the cart: a link sets the product and the quantity, which it declares.
@RoutableAction("cart/add", groups: [.requiresLogin])
struct AddToCart {
    @RouteParameter(from: .query) let product: Int
    @RouteParameter(from: .query) var quantity = 1

    func run(on router: Router) -> String { "added \(quantity) × product \(product)" }
}

/// Asks the session service, implemented by a module this one does not import, who is signed in:
/// the service of the router that runs the action, whichever router the app made.
@RoutableAction("cart/checkout", groups: [.requiresLogin])
struct Checkout {
    func run(on router: Router) throws -> String {
        guard let user = try router.services.service((any SessionService).self).currentUser else { return "sign in first" }
        return "checked out for \(user)"
    }
}

/// The cart's one-line actions. `#route` in a type makes its record a member of the type, which only
/// the jobs that compile this file expand; a file-scope `#route` is expanded by every compile job
/// of the module (see "Build cost" in the DocC article How discovery works).
enum CartActions {
    /// An asynchronous action: totals the comma-separated `prices` it declares.
    #route("cart/total", query: ["prices: string"], action: { parameters async throws in
        let prices = parameters.string("prices", default: "").split(separator: ",").compactMap { Double($0) }
        try await Task.sleep(for: .milliseconds(1))
        return prices.reduce(0, +)
    })
}
