// The catalog's search page: what the "Search" launcher action and the desktop search's "more
// results" open.
import LinkRouter
import LinkRouterGTK

/// Products whose name holds the words of `q`; each result opens its product.
@Routable("catalog/search", exposure: .external, summary: "Search", launcherAction: true)
struct SearchPage: GTKPage {
    @RouteParameter("q", from: .query) let query: String?

    static func parentURL(for parameters: RouteParameters) -> String? { CatalogPage.link().url }

    var title: String { "Search" }

    func makeWidget(in context: GTKPageContext) throws -> GTKWidget {
        let terms = (query ?? "").split(separator: " ").map(String.init)
        let found = Products.matching(terms)
        let results = found.map { product in GTKWidget.button(product.name, style: "pill") { context.open(ProductPage.link(id: product.id)) } }
        let description = query.map { found.isEmpty ? "Nothing matches “\($0)”." : "\(found.count) found for “\($0)”." }
            ?? "Type a product's name in the link field: shop://catalog/search?q=mug"
        return .statusPage(title: "Search", description: description, icon: "system-search-symbolic", child: .column(results))
    }
}
