// The desktop shop's cart module. The cart is in the `requiresLogin` group: the app's login
// interceptor guards it. Registered by annotation only; no other module imports it.
import DesktopShopRoutes
import LinkRouter
import LinkRouterGTK

@Routable("cart", exposure: .external, groups: [.requiresLogin], summary: "The shopping cart")
struct CartPage: GTKPage {
    /// The product just added: a link may say which (`cart?add=42`), which the route declares.
    @RouteParameter("add", from: .query) let added: Int?

    var title: String { "Cart" }

    func makeWidget(in context: GTKPageContext) throws -> GTKWidget {
        .statusPage(
            title: "Your cart", description: added.map { "Product \($0) was added." } ?? "Nothing added yet.",
            icon: "emblem-ok-symbolic",
            child: .column([.button("Back to the catalog", style: "pill") { context.open(Routes.catalog) }])
        )
    }
}
