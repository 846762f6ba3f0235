import AppLinkFiles
import LinkRouterCore
import Testing

/// The limits of `routes links`' readers and verification, in process: an exploration stopped at
/// its budget is no verification, the pattern compilers agree with the platforms' matchers, and
/// the XML written reads back the same. The hostile files themselves, run through the tool, are
/// RoutesLinksFileTests.
struct AppLinkLimitsTests {
    private static let host = "shop.example.com"

    private func routes() throws -> AppLinkRoutes {
        try AppLinkRoutes(patterns: [
            ("catalog/<path:category>", RouteOptions(exposure: .external)),
            ("catalog/search", RouteOptions(exposure: .internal)),
            ("user/<int:id>", RouteOptions(exposure: .external)),
        ], host: Self.host)
    }

    @Test("A file whose exploration stops at its budget is not written, in one line; --allow-unverified writes it with a warning", arguments: AppLinks.Format.allCases.filter { $0 == .appleAppSiteAssociation || $0 == .androidIntentFilters })
    func unverifiedIsNotWritten(format: AppLinks.Format) throws {
        var options = AppLinks.Options(format: format)
        options.appIDs = ["ABCDE12345.com.example.shop"]
        options.explorationBudget = 50
        let refused = try AppLinks(routes: try routes(), options: options)
        #expect(refused.unverified != nil)
        #expect(refused.output.isEmpty)
        #expect(refused.hasProblems)
        #expect(refused.messages.count == 1)
        #expect(refused.messages.first?.hasPrefix("could not verify the \(format.rawValue) file: too complex: the paths of ") == true, "\(refused.messages)")
        #expect(refused.messages.first?.hasSuffix("; nothing written (--allow-unverified writes it anyway)") == true, "\(refused.messages)")

        options.allowUnverified = true
        let written = try AppLinks(routes: try routes(), options: options)
        #expect(!written.output.isEmpty)
        #expect(!written.hasProblems)
        #expect(written.messages.contains { $0.hasPrefix("could not verify: too complex: the paths of ") }, "\(written.messages)")
        options.strict = true
        #expect(try AppLinks(routes: try routes(), options: options).hasProblems)
    }

    @Test("With the default budget the same routes are verified")
    func verifiedWithinBudget() throws {
        var options = AppLinks.Options(format: .androidIntentFilters)
        options.minimumSDK = 31
        let links = try AppLinks(routes: try routes(), options: options)
        #expect(links.unverified == nil)
        #expect(!links.output.isEmpty)
    }

    static let androidRules: [AndroidPathRule] = [
        .init(.path, "/catalog/search"), .init(.pathPrefix, "/catalog/"), .init(.pathSuffix, ".json"),
        .init(.pathPattern, "/user/..*"), .init(.pathPattern, "/a*b.*\\*"), .init(.pathPattern, "*a.*"),
        .init(.pathAdvancedPattern, "/order/[0-9]+"), .init(.pathAdvancedPattern, "/[^/]{2,5}/[\\-+]{0,1}[0-9]*"),
        .init(.pathAdvancedPattern, "/x{3}y{1,}z{0,2}"), .init(.pathAdvancedPattern, "/[a-c-]+"), .init(.pathAdvancedPattern, "/a{2,1}"), .init(.pathAdvancedPattern, "/a{-1}"), .init(.pathAdvancedPattern, "/[\u{1}-\u{10FFFF}]{3}[^!-z]"), .init(.pathAdvancedPattern, "/a{+2,-3}"),
        .init(.pathAdvancedPattern, "/é+"), .init(.pathAdvancedPattern, "/[^é]"),
    ]

    @Test("Each Android path rule's automaton agrees with its matcher on every class of paths", arguments: androidRules)
    func androidCompilerAgrees(rule: AndroidPathRule) {
        #expect(LinkPatternProbe.disagreement(android: rule) == nil)
    }

    @Test("Each apple-app-site-association path pattern's automaton agrees with its matcher, case-sensitive or not",
          arguments: ["/catalog/*", "/user/?*", "*a???", "/A/*b", "/\u{212A}", "?", "", "/İ*"], [true, false])
    func appleCompilerAgrees(pattern: String, caseSensitive: Bool) {
        #expect(LinkPatternProbe.disagreement(applePath: pattern, caseSensitive: caseSensitive) == nil)
    }

    @Test("Android's limits: a pathAdvancedPattern past its 2,045 storage entries is refused as Android refuses it; past 2,048 characters or a repetition of 1,000 it cannot be verified")
    func patternLimits() {
        #expect(AndroidPathRule(.pathAdvancedPattern, "/" + String(repeating: "[ab]", count: 340)).limitProblem() == nil)
        let tooLarge = AndroidPathRule(.pathAdvancedPattern, "/" + String(repeating: "[ab]", count: 341)).limitProblem()
        #expect(tooLarge?.refusedByAndroid == true)
        #expect(tooLarge?.message == "an android:pathAdvancedPattern takes 2047 entries of Android's pattern storage, more than 2045: Android refuses it")
        #expect(AndroidPathRule(.pathAdvancedPattern, "/a{0,1000}").limitProblem() == nil)
        #expect(AndroidPathRule(.pathAdvancedPattern, "/a{1001}").limitProblem()?.refusedByAndroid == false)
        #expect(AndroidPathRule(.pathPrefix, String(repeating: "a", count: 2049)).limitProblem()?.message == "an android:pathPrefix of 2049 characters, more than the 2048 verified")
    }

    @Test("Intent filters written with '--' in the header and values holding '\\\\', '&', quotes, line breaks and control characters read back the same")
    func writtenXMLReadsBack() throws {
        let values = ["/a\\b", "/x&y<z>\"'", "/line\nbreak\ttab\r", "/\u{1}\u{FFFE}", "/é--ü"]
        let filter = AndroidIntentFilters.Filter(
            autoVerify: true, schemes: ["https"], hosts: ["xn--shop-x.example"],
            paths: values.map { AndroidPathRule(.path, $0) }, pathComments: [0: "route 'a--b-'"]
        )
        let written = AndroidIntentFilters(filters: [filter]).xml(header: "Generated by routes links --format x\nsecond -- line-")
        #expect(!written.contains("--") || written.components(separatedBy: "<!--").dropFirst().allSatisfy { $0.components(separatedBy: "-->")[0].contains("--") == false })
        let read = try AndroidIntentFilters(xml: written)
        #expect(read.filters.count == 1)
        #expect(read.filters.first?.paths == filter.paths)
        #expect(read.filters.first?.hosts == filter.hosts)
    }

    @Test("XML nests 64 elements deep, not 65, and a deep file is no recursion")
    func nesting() throws {
        func nested(_ depth: Int) -> String {
            String(repeating: "<a>", count: depth - 1) + #"<intent-filter/>"# + String(repeating: "</a>", count: depth - 1)
        }
        #expect(try AndroidIntentFilters(xml: nested(64)).filters.count == 1)
        #expect(throws: LinkFileError.self) { try AndroidIntentFilters(xml: nested(65)) }
        let deep = String(repeating: "<a>", count: 100_000)
        do {
            _ = try AndroidIntentFilters(xml: deep)
            Issue.record("a file nested 100,000 deep was read")
        } catch {
            #expect(error.description == "line 1: elements nested deeper than 64")
        }
    }
}
