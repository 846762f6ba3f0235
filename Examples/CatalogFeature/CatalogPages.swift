// The catalog module: products and categories.
import LinkRouter

@Routable("catalog", exposure: .external, summary: "The catalog's front page")
struct CatalogPage: CustomStringConvertible {
    var description: String { "CatalogPage()" }
}

@Routable("catalog/product/<int:id>", exposure: .external, openStyle: .push, summary: "A product")
struct ProductPage: CustomStringConvertible {
    let id: Int
    @RouteParameter(from: .query) let color: String?
    var description: String { "ProductPage(id: \(id)\(color.map { ", color: \($0)" } ?? ""))" }

    /// A product sits above the catalog: a deep link from a cold start puts the catalog under it.
    static func parentURL(for parameters: RouteParameters) -> String? { CatalogPage.link().url }
}

@Routable("catalog/<path:category>", exposure: .external)
struct CategoryPage: CustomStringConvertible {
    let category: String
    var description: String { "CategoryPage(category: \(category))" }
}

#route("catalog/search", query: ["q: string"], action: { parameters in
    let query = try parameters.string("q")
    return ["\(query) mug", "\(query) poster"]
})
