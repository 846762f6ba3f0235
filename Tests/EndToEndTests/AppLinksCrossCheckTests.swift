import AppLinkFiles
import Foundation
import LinkRouterCore
import RouteInspection
import Testing

/// `routes links`' files cross-checked against the router, for the demo (the tool run as a
/// process, as CI runs it) and for generated route tables (the tool's library in process).
struct AppLinksCrossCheckTests {
    let routes = BuiltProduct(name: "routes")
    let demo = BuiltProduct(name: "demo")
    static let host = "shop.example.com"

    @Test("The demo's apple-app-site-association and intent filters claim every URL it opens from the web, no internal route's, and report every over-claim")
    func demoFiles() throws {
        let table = try AppLinkRoutes(binaries: [demo.path.path], host: Self.host)
        let check = try AppLinkCrossCheck(routes: table.routes, host: Self.host)
        let apple = try routes.run(["links", demo.path.path, "--format", "apple-app-site-association", "--app-id", check.appID, "--host", Self.host])
        let android = try routes.run(["links", demo.path.path, "--format", "android-intent-filters", "--host", Self.host])
        let advanced = try routes.run(["links", demo.path.path, "--format", "android-intent-filters", "--host", Self.host, "--min-sdk", "31"])
        for run in [apple, android, advanced] { #expect(run.status == 0, "stderr: \(run.standardError)") }
        let counts = check.check([
            ("apple-app-site-association", .apple(try AppleAppSiteAssociation(json: apple.standardOutput), report: apple.standardError.lines)),
            ("intent filters", .android(try AndroidIntentFilters(xml: android.standardOutput), report: android.standardError.lines)),
            ("intent filters (min-sdk 31)", .android(try AndroidIntentFilters(xml: advanced.standardOutput), report: advanced.standardError.lines)),
        ])
        print("cross-check, demo: \(counts)")
        #expect(counts.opened > 0 && counts.internalPaths > 0)
        for file in ["apple-app-site-association", "intent filters (min-sdk 31)"] {
            #expect(counts.unclaimed[file, default: 0] == 0, "the demo's \(file) leaves an external route unclaimed")
            #expect(counts.overClaims[file, default: 0] == 0, "the demo's \(file) over-claims")
        }
    }

    @Test("Generated route tables: the files claim every URL the router opens from the web or report the route, never an internal route's, and report every over-claim",
          arguments: 0..<24)
    func generatedTable(seed: Int) throws {
        var generator = GeneratedLinkTable(seed: UInt64(seed))
        let table = try AppLinkRoutes(patterns: generator.routes(count: 4 + seed % 9), host: "links.example.com")
        let check = try AppLinkCrossCheck(routes: table.routes, host: table.host)
        var appleOptions = AppLinks.Options(format: .appleAppSiteAssociation)
        appleOptions.appIDs = [check.appID]
        let apple = try AppLinks(routes: table, options: appleOptions)
        let android = try AppLinks(routes: table, options: AppLinks.Options(format: .androidIntentFilters))
        var advancedOptions = AppLinks.Options(format: .androidIntentFilters)
        advancedOptions.minimumSDK = 31
        let advanced = try AppLinks(routes: table, options: advancedOptions)
        let counts = check.check([
            ("apple-app-site-association", .apple(try AppleAppSiteAssociation(json: apple.output), report: apple.messages)),
            ("intent filters", .android(try AndroidIntentFilters(xml: android.output), report: android.messages)),
            ("intent filters (min-sdk 31)", .android(try AndroidIntentFilters(xml: advanced.output), report: advanced.messages)),
        ])
        print("cross-check, table \(seed) (\(table.routes.map(\.pattern.text))): \(counts)")
        #expect(counts.tried > 0)
    }
}

extension String {
    /// The text's lines, without the empty one after a final newline.
    var lines: [String] { split(separator: "\n").map(String.init) }
}
