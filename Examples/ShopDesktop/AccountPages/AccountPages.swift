// The desktop shop's account tab: its front page and the orders under it. Registered by
// annotation only.
import DesktopShopRoutes
import LinkRouter
import LinkRouterGTK
import Logging

/// Page views, as an app's analytics would count them.
let pageViews = Logger(label: "shop.account")

/// The account tab's root: opened again, it brings the tab back to it.
@Routable("account", exposure: .external, summary: "Your account")
struct AccountPage: GTKPage, UpdatableInPlace {
    static func updatesInPlace(for parameters: RouteParameters) -> UpdateInPlace { .inStack }

    var title: String { "Account" }

    func makeWidget(in context: GTKPageContext) throws -> GTKWidget {
        .statusPage(title: "Your account", description: "Orders and settings.", icon: "avatar-default-symbolic", child: .column([
            .button("Order #1", style: "pill") { context.open(OrderPage.link(id: 1)) },
            .button("Order #2", style: "pill") { context.open(OrderPage.link(id: 2)) },
            .button("Delivery address", style: "pill") { context.open(AddressPage.link()) },
        ]))
    }
}

/// An order, above the account page: a link to it from outside selects the account tab and puts
/// the account page under it.
@Routable("account/orders/<int:id>", exposure: .external, summary: "An order")
struct OrderPage: GTKPage, PageLifecycle {
    let id: Int

    static func parentURL(for parameters: RouteParameters) -> String? { AccountPage.link().url }

    var title: String { "Order \(id)" }

    func pageDidAppear() { pageViews.info("viewing order \(id)") }
    func pageDidDisappear() { pageViews.info("left order \(id)") }

    func makeWidget(in context: GTKPageContext) throws -> GTKWidget {
        .statusPage(title: "Order \(id)", description: "Shipped.", icon: "mail-send-symbolic", child: .column([
            .button("Buy again", style: "suggested-action") { context.open(Routes.catalogProduct(id: id)) },
        ]))
    }
}

/// The delivery address, a flow shown modally in a window of its own over the account tab.
/// External: a link from outside to the flow's last step rebuilds it beneath, and the parents of
/// a link from outside are external routes only.
@Routable("account/address", exposure: .external, openStyle: .present, summary: "Edit the delivery address")
struct AddressPage: GTKPage {
    static func parentURL(for parameters: RouteParameters) -> String? { AccountPage.link().url }

    var title: String { "Address" }

    func makeWidget(in context: GTKPageContext) throws -> GTKWidget {
        .statusPage(title: "Delivery address", description: "1 Main Street", icon: "mark-location-symbolic", child: .column([
            .button("Change", style: "suggested-action") { context.open(AddressConfirmPage.link()) },
        ]))
    }
}

/// The flow's last step: its parent, the address page, is presented, so a link straight to it
/// rebuilds `account | account/address > account/address/confirm`. "Confirm" goes back to the
/// account page, which closes the flow.
@Routable("account/address/confirm", exposure: .external, summary: "Confirm the new address")
struct AddressConfirmPage: GTKPage {
    static func parentURL(for parameters: RouteParameters) -> String? { AddressPage.link().url }
    static func presentsParent(for parameters: RouteParameters) -> Bool { true }

    var title: String { "Confirm" }

    func makeWidget(in context: GTKPageContext) throws -> GTKWidget {
        .statusPage(title: "Confirm the address", description: "Deliveries will go to 2 Side Street.", icon: "emblem-ok-symbolic", child: .column([
            .button("Confirm", style: "suggested-action") { context.open(AccountPage.link()) },
        ]))
    }
}
