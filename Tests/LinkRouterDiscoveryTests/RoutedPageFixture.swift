import LinkRouter

/// A page registered by `#route(_:page:)`, apart from its type.
struct RoutedPage: Routable {
    let name: String
    init?(parameters: RouteParameters) throws { name = try parameters.string("name") }
}

enum RoutedPages {
    #route("fixture/routed/:name", openStyle: .present, groups: ["vip"], page: RoutedPage.self)
}

/// What a page offers to callers that configure it without importing its module.
protocol FixtureOffering: Sendable {
    var note: String? { get set }
}

/// A page that declares the protocol it offers and the result it returns: a version-1 record
/// with both names after its compiled pattern (flag bits 6 and 8), which readers from before
/// them read as the route it is.
@Routable("fixture/offers/:name", as: (any FixtureOffering).self)
struct OfferingPage: FixtureOffering {
    let name: String
    var note: String?
    let result: PageReturn<String>
}
