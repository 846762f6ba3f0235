import LinkRouter

/// A page registered by `#route(_:page:)`, apart from its type.
struct RoutedPage: Routable {
    let name: String
    init?(parameters: RouteParameters) throws { name = try parameters.string("name") }
}

enum RoutedPages {
    #route("fixture/routed/:name", openStyle: .present, groups: ["vip"], page: RoutedPage.self)
}
