// The desktop shop's catalog module: the same routes as the headless demo's CatalogFeature,
// with pages that build GTK widgets. Registered by annotation only; no other module imports it.
import LinkRouter
import LinkRouterGTK

@Routable("catalog", exposure: .external, summary: "The catalog's front page")
struct CatalogPage: GTKPage {
    init?(parameters: RouteParameters) throws {}

    var title: String { "Catalog" }

    func makeWidget(in context: GTKPageContext) throws -> GTKWidget {
        .statusPage(title: "Catalog", description: "Mugs and posters, shipped anywhere.", icon: "view-grid-symbolic", child: .column([
            .button("Mug #42", style: "pill") { context.open("shop://catalog/product/42") },
            .button("Poster #7", style: "pill") { context.open("shop://catalog/product/7") },
            .button("Cart", style: "suggested-action") { context.open("shop://cart") },
        ]))
    }
}

/// A `@MainActor` page type: its value is still built off the main thread by the nonisolated
/// initializer, and only its widget and title are made on the main actor.
@Routable("catalog/product/<int:id>", exposure: .external, openStyle: .push, summary: "A product")
@MainActor
struct ProductPage: GTKPage {
    let id: Int
    let color: String?

    nonisolated init?(parameters: RouteParameters) throws {
        id = try parameters.int("id")
        color = parameters["color"]
    }

    /// A product sits above the catalog: a deep link from a cold start puts the catalog under it.
    nonisolated static func parentURL(for parameters: RouteParameters) -> String? { "catalog" }

    var title: String { "Product \(id)" }

    func makeWidget(in context: GTKPageContext) throws -> GTKWidget {
        .statusPage(title: "Product \(id)", description: color.map { "In \($0)." } ?? "In stock.", icon: "package-x-generic-symbolic", child: .column([
            .button("Add to cart", style: "suggested-action") { context.open("shop://cart?add=\(id)") },
        ]))
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
    init?(parameters: RouteParameters) throws { id = try parameters.int("id") }

    var title: String { "Product \(id)" }

    func makeWidget(in context: GTKPageContext) throws -> GTKWidget {
        throw Discontinued(id: id)
    }
}
