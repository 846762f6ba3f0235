// The cart module: the cart page and its actions.
import LinkRouter
import ShopInterfaces

@Routable("cart", groups: ["requiresLogin"], summary: "The shopping cart")
struct CartPage: CustomStringConvertible {
    var description: String { "CartPage()" }
}

/// The cart's actions. `#route` in a type makes its record a member of the type, which only
/// the jobs that compile this file expand; a file-scope `#route` is expanded by every compile job
/// of the module (see "Build cost" in the DocC article How discovery works).
enum CartActions {
    #route("cart/add", groups: ["requiresLogin"], action: { parameters in
        "added \(try parameters.int("quantity", default: 1)) × product \(try parameters.int("product"))"
    })

    /// An asynchronous action: totals every `price` query item.
    #route("cart/total", action: { parameters async throws in
        let prices = parameters.values("price").compactMap(Double.init)
        try await Task.sleep(for: .milliseconds(1))
        return prices.reduce(0, +)
    })

    /// Asks the session service, implemented by a module this one does not import, who is signed in.
    #route("cart/checkout", groups: ["requiresLogin"], action: { _ in
        guard let user = try Router.shared.service((any SessionService).self).currentUser else { return "sign in first" }
        return "checked out for \(user)"
    })
}
