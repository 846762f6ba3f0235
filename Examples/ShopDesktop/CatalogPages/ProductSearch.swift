// The catalog's answer to the desktop's search (GNOME Shell's search providers): products by name.
// Registered as the app's search provider by annotation; the app finds it through the router's
// services without importing this module.
import DesktopShopRoutes
import LinkRouter
import LinkRouterGTK

/// The products the catalog sells, by id.
enum Products {
    static let names: [(id: Int, name: String)] = [
        (42, "Blue mug"), (7, "Harbour poster"), (3, "Tea towel"), (12, "Notebook"), (19, "Poster frame"),
    ]

    /// The products whose name holds every term (case and accents aside), in catalog order.
    static func matching(_ terms: [String]) -> [(id: Int, name: String)] {
        let terms = terms.map { $0.lowercased() }.filter { !$0.isEmpty }
        guard !terms.isEmpty else { return [] }
        return names.filter { product in terms.allSatisfy { product.name.lowercased().contains($0) } }
    }
}

/// The protocol the desktop's search asks the shop's features for its results (LinkRouterGTK's
/// search provider): declared routable where the shop provides it.
#routableProtocol((any DesktopSearchProvider).self)

/// Products by name for the desktop's search: each result opens the product's page. A result the
/// person picks comes back as a link from outside, which the app opens with `source: .external`.
@RoutableService((any DesktopSearchProvider).self, lifetime: .shared)
final class ProductSearch: DesktopSearchProvider {
    init() {}

    func results(for terms: [String]) -> [DesktopSearchResult] {
        Products.matching(terms).map {
            DesktopSearchResult(link: Routes.catalogProduct(id: $0.id).url, name: $0.name, description: "Product \($0.id) in the LinkRouter Shop")
        }
    }

    /// "More results" opens the app's own search page.
    func searchLink(for terms: [String]) -> String? {
        Routes.catalogSearch(q: terms.joined(separator: " ")).url
    }
}

/// A product is the item of the catalog's list: shown beside the catalog in a wide window.
extension ProductPage: SplitViewDetail {}
