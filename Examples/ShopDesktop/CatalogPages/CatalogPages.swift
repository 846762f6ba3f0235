// The desktop shop's catalog module: the same routes as the headless demo's CatalogFeature,
// with pages that build GTK widgets. Registered by annotation only; no other module imports it.
// It links to its own pages with their builders, to the cart with the shop's generated routes.
import DesktopShopRoutes
import LinkRouter
import LinkRouterGTK
import Logging

/// Page views, as an app's analytics would count them.
let pageViews = Logger(label: "shop.catalog")

/// The catalog tab's root: opened again, it brings the tab back to it.
@Routable("catalog", exposure: .external, summary: "The catalog's front page")
struct CatalogPage: GTKPage, UpdatableInPlace {
    static func updatesInPlace(for parameters: RouteParameters) -> UpdateInPlace { .inStack }

    var title: String { "Catalog" }

    func makeWidget(in context: GTKPageContext) throws -> GTKWidget {
        .statusPage(title: "Catalog", description: "Mugs and posters, shipped anywhere.", icon: "view-grid-symbolic", child: .column([
            .button("Mug #42", style: "pill") { context.open(ProductPage.link(id: 42)) },
            .button("Poster #7", style: "pill") { context.open(ProductPage.link(id: 7)) },
            .button("Cart", style: "suggested-action") { context.open(Routes.cart()) },
        ]))
    }
}

/// A `@MainActor` page type: its value is still built off the main thread by the nonisolated
/// initializer `@Routable` writes, and only its widget and title are made on the main actor.
@Routable("catalog/product/<int:id>", exposure: .external, openStyle: .push, summary: "A product")
@MainActor
struct ProductPage: GTKPage, UpdatableInPlace, PageLifecycle {
    let id: Int
    @RouteParameter(from: .query) let color: String?

    /// A product sits above the catalog: a deep link from a cold start puts the catalog under it
    /// (and so in the catalog tab).
    nonisolated static func parentURL(for parameters: RouteParameters) -> String? { CatalogPage.link().url }

    /// The product on top opened again (another colour) changes in place: no second page.
    nonisolated static func updatesInPlace(for parameters: RouteParameters) -> UpdateInPlace { .onTop }

    var title: String { "Product \(id)" }

    private var details: String { color.map { "In \($0)." } ?? "In stock." }

    func makeWidget(in context: GTKPageContext) throws -> GTKWidget {
        .statusPage(title: "Product \(id)", description: details, icon: "package-x-generic-symbolic", child: .column([
            .button("Add to cart", style: "suggested-action") { context.open(Routes.cart(add: id)) },
        ]))
    }

    nonisolated func pageDidAppear() { pageViews.info("viewing product \(id)") }
    nonisolated func pageDidDisappear() { pageViews.info("left product \(id)") }

    /// The same status page shows the new colour.
    func update(_ widget: GTKWidget, in context: GTKPageContext) -> Bool {
        widget.statusDescription = details
        return true
    }
}

/// A product that can no longer be shown: its widget fails to build, so the open fails and the
/// stack stays as it was (the bad-input case "a page whose widget fails to build").
@Routable("catalog/discontinued/<int:id>", exposure: .external, summary: "A product no longer sold")
struct DiscontinuedProductPage: GTKPage {
    struct Discontinued: Error, CustomStringConvertible {
        let id: Int
        var description: String { "product \(id) is discontinued" }
    }

    let id: Int

    var title: String { "Product \(id)" }

    func makeWidget(in context: GTKPageContext) throws -> GTKWidget {
        throw Discontinued(id: id)
    }
}
