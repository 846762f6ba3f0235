import DesktopShopRoutes
import LinkRouter
import LinkRouterGTK

/// The shop's order notification: when the order in the cart is placed ("Place the order", the
/// action `cart/order`), the desktop shows "Order N shipped", whose click opens the order
/// (`shop://account/orders/N`) and whose button opens the product again. Clicks come back over
/// D-Bus as the application action `app.open-link` with the link as target, and arrive as links
/// from outside (`onOpen`).
@MainActor
enum OrderNotifications {
    /// Sends the notification when `outcome` placed an order.
    static func opened(_ outcome: RouteOutcome, by application: GTKApplication) {
        guard outcome.route?.pattern.text == RouteID.cartOrder.rawValue, let id = outcome.actionResult as? Int else { return }
        application.sendNotification(
            DesktopNotification(
                title: "Order \(id) shipped", body: "Product \(id) is on its way.", link: Routes.accountOrders(id: id).url,
                buttons: [DesktopNotification.Button("Buy again", link: Routes.catalogProduct(id: id).url)]
            ),
            id: "order-\(id)"
        )
    }
}
