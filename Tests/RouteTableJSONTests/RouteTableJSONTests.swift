import LinkRouterCore
import RouteTableJSON
import Testing

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

@Suite("Dynamic route table documents")
struct RouteTableJSONTests {
    @Test("A valid document loads with every kind of rule")
    func validDocument() async throws {
        let table = try DynamicRouteTable(json: """
        {
          "version": 1,
          "redirects": [{ "from": "promo/:id", "to": "catalog/item/:id" }],
          "disabled": [{ "pattern": "cart/checkout", "fallback": "app://cart" }],
          "groups": [{ "pattern": "orders/**", "groups": ["requiresLogin", "audited"] }],
          "exposure": [{ "pattern": "catalog/**", "exposure": "external" }]
        }
        """)
        #expect(table.redirects == [.init(from: "promo/:id", to: "catalog/item/:id")])
        #expect(table.disabledRoutes == [.init(pattern: "cart/checkout", fallback: "app://cart")])
        #expect(table.groupMemberships == [.init(pattern: "orders/**", groups: ["requiresLogin", "audited"])])
        #expect(table.exposureOverrides == [.init(pattern: "catalog/**", exposure: .external)])
        #expect(try DynamicRouteTable(json: #"{"version": 1}"#).redirects.isEmpty)
    }

    @Test("Bad documents are rejected with every problem and its location", arguments: [
        ("not json", ["document"]),
        ("[]", ["document"]),
        (#"{"redirects": []}"#, ["version"]),
        (#"{"version": 2, "bogus": 1}"#, ["version"]),
        (#"{"version": "1"}"#, ["version"]),
        (#"{"version": 1, "redirect": []}"#, ["document"]),
        (#"{"version": 1, "redirects": {}}"#, ["redirects"]),
        (#"{"version": 1, "redirects": [3, {"from": "a"}, {"from": "a/<x", "to": "b", "why": 1}]}"#,
         ["redirects[0]", "redirects[1].to", "redirects[2]", "redirects[2].from"]),
        (#"{"version": 1, "groups": [{"pattern": "a", "groups": ["", 4]}, {"pattern": "b", "groups": "g"}]}"#,
         ["groups[0].groups[0]", "groups[0].groups[1]", "groups[1].groups"]),
        (#"{"version": 1, "exposure": [{"pattern": "a", "exposure": "public"}, {"pattern": "b/(", "exposure": "internal"}]}"#,
         ["exposure[0].exposure", "exposure[1].pattern"]),
        (#"{"version": 1, "disabled": [{"pattern": "a"}, {"pattern": "b", "fallback": "app://%zz"}]}"#,
         ["disabled[0].fallback", "disabled[1].fallback"]),
    ])
    func badDocuments(json: String, locations: [String]) {
        #expect {
            try DynamicRouteTable(json: json)
        } throws: { error in
            (error as? RouteTableError)?.problems.map(\.location) == locations
        }
    }

    @Test("Problems say what is wrong")
    func messages() throws {
        do throws(RouteTableError) {
            _ = try DynamicRouteTable(json: #"{"version": 3}"#)
            Issue.record("an unknown version was accepted")
        } catch {
            #expect(error.description.contains("version: unsupported version 3; this router reads version 1"))
        }
        do throws(RouteTableError) {
            _ = try DynamicRouteTable(json: "{\"version\": 1,")
            Issue.record("truncated JSON was accepted")
        } catch {
            #expect(error.problems.first?.message.hasPrefix("not valid JSON") == true)
        }
    }

    @Test("A bad document leaves the table in force untouched")
    func atomicLoad() async throws {
        let router = Router()
        try router.register("new", action: { _ in "new" })
        router.routeTable = try DynamicRouteTable(json: Array(#"{"version": 1, "redirects": [{"from": "old", "to": "new"}]}"#.utf8))
        #expect(await router.open("app://old").actionResult as? String == "new")

        #expect(throws: RouteTableError.self) {
            router.routeTable = try DynamicRouteTable(json: Array(#"{"version": 1, "redirects": [{"from": "x", "to": "new"}, {"from": "(", "to": "new"}]}"#.utf8))
        }
        #expect(router.routeTable.redirects == [.init(from: "old", to: "new")])
        #expect(await router.open("app://old").actionResult as? String == "new")
        #expect(await router.open("app://x").failure != nil)
    }

    @Test("Deeply nested or huge input is an error, not a crash")
    func hostileInput() {
        let nested = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: RouteTableError.self) { try DynamicRouteTable(json: nested) }
        #expect(throws: RouteTableError.self) { try DynamicRouteTable(json: [0xFF, 0xFE, 0x00]) }
    }

    @Test("The example document in Documentation/ loads")
    func documentationExample() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let data = try Data(contentsOf: root.appendingPathComponent("Documentation/RouteTable.example.json"))
        let table = try DynamicRouteTable(json: data)
        #expect(!table.redirects.isEmpty && !table.disabledRoutes.isEmpty && !table.groupMemberships.isEmpty && !table.exposureOverrides.isEmpty)
    }
}
