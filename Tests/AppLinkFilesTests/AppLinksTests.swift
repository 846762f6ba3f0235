import AppLinkFiles
import LinkRouterCore
import Testing

/// `routes links`' files and reports for small route tables, in process.
struct AppLinksTests {
    private static let host = "shop.example.com"
    private static let appID = "ABCDE12345.com.example.shop"

    private func routes(_ table: [(String, RouteOptions.Exposure)]) throws -> AppLinkRoutes {
        try AppLinkRoutes(patterns: table.map { ($0.0, RouteOptions(exposure: $0.1)) }, host: Self.host)
    }

    private func apple(_ routes: AppLinkRoutes) throws -> AppLinks {
        var options = AppLinks.Options(format: .appleAppSiteAssociation)
        options.appIDs = [Self.appID]
        return try AppLinks(routes: routes, options: options)
    }

    private func components(_ links: AppLinks) throws -> [String] {
        try AppleAppSiteAssociation(json: links.output).details[0].components.map { ($0.exclude ? "NOT " : "") + ($0.path ?? "*") }
    }

    @Test("A typed placeholder is over-claimed by '?*': the report names the rule, a URL it claims and why the app refuses it")
    func typedOverClaim() throws {
        let links = try apple(try routes([("user/<int:id>", .external)]))
        #expect(try components(links) == ["NOT /user/?*/?*", "/user/?*"])
        #expect(links.messages.first == #"over-claim: { "/": "/user/?*" } for 'user/<int:id>' also claims https://shop.example.com/user/a ('<int:id>' takes only int values, not 'a'), which the app does not open: no route takes it"#)
        #expect(!links.hasProblems)
        var strict = AppLinks.Options(format: .appleAppSiteAssociation)
        strict.appIDs = [Self.appID]
        strict.strict = true
        #expect(try AppLinks(routes: try routes([("user/<int:id>", .external)]), options: strict).hasProblems)
    }

    @Test("An internal route's paths are excluded before a broader pattern, and only where one would claim them")
    func internalExcluded() throws {
        let links = try apple(try routes([
            ("docs/<path:page>", .external), ("docs/admin", .internal), ("admin/:tool", .internal), ("help", .external),
        ]))
        #expect(try components(links) == ["NOT /docs/admin", "NOT /docs/admin/", "/docs/?*", "/help"])
        #expect(links.messages == ["apple-app-site-association for https://shop.example.com: 4 components; 2 of 2 external routes claimed; 0 over-claims; \(links.messages.last!.split(separator: ";").last!.dropFirst())"])
    }

    @Test("When Apple's patterns cannot tell an external route's paths from an internal one's, the internal route wins and the external route is reported not claimed")
    func indistinguishable() throws {
        let links = try apple(try routes([("item/<int:id>", .internal), ("item/:slug", .external)]))
        #expect(try components(links).isEmpty)
        #expect(links.messages.first == #"not claimed: 'item/:slug' (external): the app opens https://shop.example.com/item/a, but its rule { "/": "/item/?*" } would also claim https://shop.example.com/item/0, of the internal route 'item/<int:id>', and the format cannot leave it out"#)
    }

    @Test("<uuid:> is claimed by its shape and <bool:> by its words, ignoring case")
    func typedShapes() throws {
        let links = try apple(try routes([("order/<uuid:id>", .external), ("flag/<bool:on>", .internal), ("flag/:name", .external)]))
        let file = try AppleAppSiteAssociation(json: links.output)
        #expect(file.claims(appID: Self.appID, path: "/order/123e4567-e89b-12d3-a456-426614174000").claimed)
        #expect(!file.claims(appID: Self.appID, path: "/order/42").claimed)
        #expect(!file.claims(appID: Self.appID, path: "/flag/TRUE").claimed)
        #expect(file.claims(appID: Self.appID, path: "/flag/blue").claimed)
    }

    @Test("Android: without --min-sdk 31 a rule that would claim an internal route is left out; with it, the form is split around the internal route")
    func androidSplit() throws {
        let table = try routes([("catalog/<path:category>", .external), ("catalog/new", .internal)])
        let simple = try AppLinks(routes: table, options: AppLinks.Options(format: .androidIntentFilters))
        #expect(try AndroidIntentFilters(xml: simple.output).filters[0].paths.isEmpty)
        #expect(simple.messages.first?.hasPrefix("not claimed: 'catalog/<path:category>' (external)") == true)
        var options = AppLinks.Options(format: .androidIntentFilters)
        options.minimumSDK = 31
        let advanced = try AppLinks(routes: table, options: options)
        let filters = try AndroidIntentFilters(xml: advanced.output)
        #expect(filters.filters[0].paths.map(\.value) == [
            "/catalog/[^n/][^/]*", "/catalog/n[^e/][^/]*", "/catalog/n", "/catalog/ne[^w/][^/]*", "/catalog/ne", "/catalog/new[^/][^/]*",
            "/catalog/[^/]+/[^/].*",
        ])
        for (path, claimed) in [("/catalog/news", true), ("/catalog/ne", true), ("/catalog/new", false), ("/catalog/new/x", true), ("/catalog", false)] {
            #expect(filters.claims(scheme: "https", host: Self.host, path: path).claimed == claimed, "\(path)")
        }
        #expect(advanced.messages.count == 1, "\(advanced.messages)")
    }

    @Test("A query contract that refuses undeclared items or types its parameters is an over-claim: rules claim every query")
    func queryOverClaims() throws {
        let contract = try QueryContract(["page: int = 1"], unknown: .refuse)
        let table = try AppLinkRoutes(patterns: [("search", RouteOptions(exposure: .external, query: contract))], host: Self.host)
        let links = try apple(table)
        #expect(links.messages.contains("over-claim: the rules for 'search' claim every query, so also https://shop.example.com/search?other=1, which the app does not open: it refuses query items it does not declare"))
        #expect(links.messages.contains("over-claim: the rules for 'search' claim every query, so also https://shop.example.com/search?page=x, which the app does not open: 'page: int' refuses 'x'"))
    }
}
