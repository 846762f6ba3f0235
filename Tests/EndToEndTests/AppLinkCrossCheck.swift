import LinkRouterCore
import RouteInspection
import Testing

/// The cross-check of `routes links`' files against the router: a corpus of link paths run
/// through Apple's and Android's matching (``AppleAppSiteAssociation/claims(appID:path:query:fragment:)``,
/// ``AndroidIntentFilters/claims(scheme:host:path:)``, written to their documentation) and through
/// a router configured with the web host, as the app's would be.
///
/// For every path: one the router takes to an internal route is never claimed; one the router
/// opens from outside is claimed, unless the report says its route is not claimed; one claimed
/// that the router does not open is reported as an over-claim of the rule that claims it.
struct AppLinkCrossCheck {
    let host: String
    let appID = "ABCDE12345.org.linkrouter.Shop"
    private let router: Router
    private let internalPatterns: Set<String>
    private let routes: [RouteDescription]

    /// What a run found.
    struct Counts: CustomStringConvertible {
        var tried = 0
        var opened = 0
        var internalPaths = 0
        var claimedByApple = 0
        var claimedByAndroid = 0
        var overClaimsApple = 0
        var overClaimsAndroid = 0
        var unclaimedApple = 0
        var unclaimedAndroid = 0

        static func + (lhs: Counts, rhs: Counts) -> Counts {
            Counts(
                tried: lhs.tried + rhs.tried, opened: lhs.opened + rhs.opened, internalPaths: lhs.internalPaths + rhs.internalPaths,
                claimedByApple: lhs.claimedByApple + rhs.claimedByApple, claimedByAndroid: lhs.claimedByAndroid + rhs.claimedByAndroid,
                overClaimsApple: lhs.overClaimsApple + rhs.overClaimsApple, overClaimsAndroid: lhs.overClaimsAndroid + rhs.overClaimsAndroid,
                unclaimedApple: lhs.unclaimedApple + rhs.unclaimedApple, unclaimedAndroid: lhs.unclaimedAndroid + rhs.unclaimedAndroid
            )
        }

        var description: String {
            "\(tried) URLs tried (\(opened) opened from the web, \(internalPaths) of internal routes); "
                + "apple-app-site-association claims \(claimedByApple), \(overClaimsApple) of them over-claims reported, \(unclaimedApple) opened URLs of routes reported not claimed; "
                + "intent filters claim \(claimedByAndroid), \(overClaimsAndroid) of them over-claims reported, \(unclaimedAndroid) opened URLs of routes reported not claimed"
        }
    }

    /// A cross-check for routes, registered as the app registers them.
    init(routes: [RouteDescription], host: String) throws {
        self.host = host
        self.routes = routes
        router = Router(configuration: RouterConfiguration(webHosts: [host]))
        for route in routes { try router.register(route.pattern.text, options: route.options, action: { _ in nil }) }
        internalPatterns = Set(routes.filter { $0.options.exposure == .internal }.map(\.pattern.text))
    }

    /// Runs the corpus through both files and the router, recording an issue for each path that breaks a rule.
    func check(
        apple: AppleAppSiteAssociation, appleReport: [String], android: AndroidIntentFilters, androidReport: [String],
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> Counts {
        var counts = Counts()
        for path in Self.corpus(for: routes) {
            counts.tried += 1
            let url = "https://\(host)\(path)"
            let canonical = path == "/" || !path.hasSuffix("/")
            let resolved = try? router.resolve(url).pattern.text
            let opens = router.canOpen(url, source: .external)
            let isInternal = resolved.map(internalPatterns.contains) ?? false
            if opens, canonical { counts.opened += 1 }
            if isInternal { counts.internalPaths += 1 }

            let (appleClaims, component) = apple.claims(appID: appID, path: path)
            let androidClaims = android.claims(scheme: "https", host: host, path: path).claimed
            if appleClaims { counts.claimedByApple += 1 }
            if androidClaims { counts.claimedByAndroid += 1 }

            #expect(!(isInternal && appleClaims), "apple-app-site-association claims \(url), of the internal route '\(resolved ?? "")'", sourceLocation: sourceLocation)
            #expect(!(isInternal && androidClaims), "the intent filters claim \(url), of the internal route '\(resolved ?? "")'", sourceLocation: sourceLocation)
            guard canonical else { continue }
            if opens, let resolved {
                let notClaimed = "not claimed: '\(resolved)'"
                if !appleClaims {
                    #expect(appleReport.contains { $0.hasPrefix(notClaimed) }, "\(url) opens '\(resolved)' but apple-app-site-association does not claim it, and the report does not say so", sourceLocation: sourceLocation)
                    counts.unclaimedApple += 1
                }
                if !androidClaims {
                    #expect(androidReport.contains { $0.hasPrefix(notClaimed) }, "\(url) opens '\(resolved)' but the intent filters do not claim it, and the report does not say so", sourceLocation: sourceLocation)
                    counts.unclaimedAndroid += 1
                }
            }
            if !opens, !isInternal {
                let refusal = resolved == nil ? "no route takes it" : "'\(resolved!)' refuses its query"
                if appleClaims, let component {
                    let pattern = apple.details[0].components[component].path ?? "*"
                    let reported = appleReport.contains { $0.hasPrefix("over-claim: { \"/\": \"\(pattern)\"") && $0.hasSuffix(refusal) }
                    #expect(reported, "apple-app-site-association claims \(url) by \"\(pattern)\" and the app refuses it (\(refusal)), but no over-claim of that rule is reported", sourceLocation: sourceLocation)
                    counts.overClaimsApple += 1
                }
                if androidClaims {
                    let rules = android.filters.flatMap(\.paths).filter { $0.matches(path) }
                    let reported = androidReport.contains { line in
                        line.hasPrefix("over-claim: ") && line.hasSuffix(refusal) && rules.contains { line.contains("android:\($0.kind.rawValue)=\"") && line.contains($0.value.replacing("\\", with: "\\\\")) }
                    }
                    #expect(reported, "the intent filters claim \(url) by \(rules) and the app refuses it (\(refusal)), but no over-claim of those rules is reported", sourceLocation: sourceLocation)
                    counts.overClaimsAndroid += 1
                }
            }
        }
        return counts
    }

    /// Paths to try: for each form of each route, its own paths with typical and wrong values for
    /// its placeholders, the same with a segment more, one less, a `/` at the end and a literal
    /// changed; and the root.
    static func corpus(for routes: [RouteDescription]) -> [String] {
        var paths: Set<String> = ["/"]
        for route in routes {
            for form in route.pattern.variants {
                var combinations: [[String]] = [[]]
                for segment in form {
                    combinations = combinations.flatMap { prefix in values(of: segment).map { prefix + [$0] } }
                    if combinations.count > 48 { combinations = Array(combinations.prefix(48)) }
                }
                for parts in combinations {
                    let segments = parts.filter { !$0.isEmpty }
                    let path = "/" + segments.joined(separator: "/")
                    paths.insert(path)
                    paths.insert(path == "/" ? "/extra" : path + "/extra")
                    paths.insert(path == "/" ? "/" : path + "/")
                    if segments.count > 1 { paths.insert("/" + segments.dropLast().joined(separator: "/")) }
                }
                let misspelled = form.map { segment -> String in
                    if case .literal(let text) = segment { return RouteLink.encode(text) + "x" }
                    return values(of: segment).first { !$0.isEmpty } ?? "x"
                }
                paths.insert("/" + misspelled.joined(separator: "/"))
            }
        }
        return paths.sorted()
    }

    private static func values(of segment: RoutePattern.Segment) -> [String] {
        switch segment {
        case .literal(let text): [RouteLink.encode(text)]
        case .parameter, .wildcard: ["x", "42"]
        case .typed(.int, _): ["7", "-3", "x"]
        case .typed(.uuid, _): ["123e4567-e89b-12d3-a456-426614174000", "123"]
        case .typed(.bool, _): ["true", "maybe"]
        case .typed(.double, _): ["2.5", "x"]
        case .path: ["a", "a/b"]
        case .catchAll: ["", "a", "a/b"]
        }
    }
}

/// Route tables made from a seed, for the cross-check: patterns that overlap (few literals, every
/// kind of segment, optional groups, trailing `<path:>` and `**`), external or internal at random.
struct GeneratedLinkTable {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
    }

    /// SplitMix64.
    private mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }

    private mutating func segment(_ index: Int) -> String {
        let literals = ["a", "b", "item", "list", "v1.2"]
        switch next(9) {
        case 0, 1, 2, 3: return literals[next(literals.count)]
        case 4: return ":p\(index)"
        case 5: return "<int:n\(index)>"
        case 6: return ["<uuid:u\(index)>", "<bool:f\(index)>", "<double:d\(index)>"][next(3)]
        case 7: return "*"
        default: return literals[next(2)]
        }
    }

    /// Up to `count` routes (patterns that fail to register, as duplicates do, are left out).
    mutating func routes(count: Int) -> [(pattern: String, options: RouteOptions)] {
        var table: [(String, RouteOptions)] = []
        var shapes = Set<String>()
        for _ in 0..<count {
            let length = 1 + next(3)
            var parts = (0..<length).map { segment($0) }
            switch next(6) {
            case 0: parts.append("<path:rest>")
            case 1: parts.append("**")
            case 2: parts[parts.count - 1] += "(/:opt)"
            case 3 where parts.count > 1: parts[0] += "(/x)"
            default: break
            }
            let pattern = parts.joined(separator: "/")
            guard (try? RoutePattern(pattern)) != nil, shapes.insert(pattern).inserted else { continue }
            table.append((pattern, RouteOptions(exposure: next(3) == 0 ? .internal : .external)))
        }
        return table
    }
}
