// Placing the order in the cart: the app, which owns the desktop's notifications, tells the person
// when the order ships (OrderNotifications, in the app).
import LinkRouter

enum CartOrders {
    /// Places the order of a product and returns its number: the product's, in this demo.
    #route("cart/order", groups: ["requiresLogin"], summary: "Place the order in the cart", query: ["product: int"]) { parameters in
        try parameters.int("product")
    }
}
