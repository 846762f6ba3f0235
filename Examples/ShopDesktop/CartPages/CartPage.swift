// The desktop shop's cart module. The cart is in the `requiresLogin` group: the app's login
// interceptor guards it. Registered by annotation only; no other module imports it.
import DesktopShopRoutes
import LinkRouter
import LinkRouterGTK

@Routable("cart", exposure: .external, groups: [.requiresLogin], summary: "Cart", launcherAction: true)
struct CartPage: GTKPage {
    /// The product just added: a link may say which (`cart?add=42`), which the route declares.
    @RouteParameter("add", from: .query) let added: Int?

    var title: String { "Cart" }

    /// "Place the order", when a product was added: the app then notifies when it ships.
    @MainActor private func placeOrder(_ context: GTKPageContext) -> [GTKWidget] {
        guard let added else { return [] }
        return [.button("Place the order", style: "suggested-action") { context.open(PlaceOrder.link(product: added)) }]
    }

    func makeWidget(in context: GTKPageContext) throws -> GTKWidget {
        .statusPage(
            title: "Your cart", description: added.map { "Product \($0) was added." } ?? "Nothing added yet.",
            icon: "emblem-ok-symbolic",
            child: .column(placeOrder(context) + [.button("Back to the catalog", style: "pill") { context.open(Routes.catalog) }])
        )
    }
}
