// Placing the order in the cart: the app, which owns the desktop's notifications, tells the person
// when the order ships (OrderNotifications, in the app).
import LinkRouter

/// Places the order of a product and returns its number: the product's, in this demo.
@RoutableAction("cart/order", groups: [.requiresLogin], summary: "Place the order in the cart")
struct PlaceOrder {
    /// The product ordered, which a link names (`cart/order?product=7`).
    @RouteParameter(from: .query) let product: Int

    func run(on router: Router) -> Int { product }
}
