#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Testing
import LinkRouterCore

struct TypedPlaceholderTests {
    @Test("A segment that parses as the type matches and converts", arguments: [
        ("n/<int:v>", "app://n/42"), ("n/<int:v>", "app://n/-9223372036854775808"), ("n/<int:v>", "app://n/%34%32"),
        ("u/<uuid:v>", "app://u/123e4567-e89b-12d3-a456-426614174000"),
        ("b/<bool:v>", "app://b/Yes"), ("d/<double:v>", "app://d/-1.5e3"),
    ])
    func matches(_ pattern: String, _ url: String) throws {
        let router = try makeRouter([pattern])
        #expect(router.matchedPattern(url) == pattern)
    }

    @Test("A segment that does not parse as the type does not match", arguments: [
        ("n/<int:v>", "app://n/4x"), ("n/<int:v>", "app://n/1.0"), ("n/<int:v>", "app://n/99999999999999999999"),
        ("n/<int:v>", "app://n/%2B"), ("u/<uuid:v>", "app://u/123e4567"), ("b/<bool:v>", "app://b/maybe"),
        ("d/<double:v>", "app://d/nan"), ("d/<double:v>", "app://d/1%2C5"),
    ])
    func rejects(_ pattern: String, _ url: String) throws {
        let router = try makeRouter([pattern])
        #expect(router.matchedPattern(url) == nil)
        #expect(router.failure(url)?.summary == .noRoute(try RouteURL(url).routeKey))
    }

    @Test("A value that does not parse falls through to a less specific route")
    func fallsThrough() throws {
        let router = try makeRouter(["item/<int:id>", "item/<uuid:id>", "item/:slug", "item/<int:id>/edit", "item/*/edit"])
        #expect(router.matchedPattern("app://item/12") == "item/<int:id>")
        #expect(router.matchedPattern("app://item/123e4567-e89b-12d3-a456-426614174000") == "item/<uuid:id>")
        #expect(router.matchedPattern("app://item/hello") == "item/:slug")
        #expect(router.matchedPattern("app://item/12/edit") == "item/<int:id>/edit")
        #expect(router.matchedPattern("app://item/hello/edit") == "item/*/edit")
    }

    @Test("Typed captures convert with the typed accessors")
    func typedValues() throws {
        let router = try makeRouter(["t/<int:i>/<uuid:u>/<bool:b>/<double:d>"])
        let parameters = try router.resolve("app://t/-12/123E4567-E89B-12D3-A456-426614174000/no/2.5e-1").parameters
        #expect(try parameters.int("i") == -12)
        #expect(try parameters.uuid("u") == UUID(uuidString: "123e4567-e89b-12d3-a456-426614174000"))
        #expect(try parameters.bool("b") == false)
        #expect(try parameters.double("d") == 0.25)
        #expect(parameters["u"] == "123E4567-E89B-12D3-A456-426614174000")
    }

    @Test("A typed placeholder checks the decoded segment")
    func decodedValue() throws {
        let router = try makeRouter(["n/<int:v>"])
        let route = try router.resolve("app://n/%2D%37")
        #expect(try route.parameters.int("v") == -7)
    }
}
