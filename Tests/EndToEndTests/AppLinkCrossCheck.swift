import AppLinkFiles
import LinkRouterCore
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

    /// A file `routes links` wrote, and its report (standard error), one line each.
    enum LinkFile {
        case apple(AppleAppSiteAssociation, report: [String])
        case android(AndroidIntentFilters, report: [String])
    }

    /// What a run found.
    struct Counts: CustomStringConvertible {
        var tried = 0
        var opened = 0
        var internalPaths = 0
        /// By file: the URLs it claims, those of them that the app does not open (each reported as
        /// an over-claim), and the URLs the app opens that it does not claim (each route reported).
        var claimed: [String: Int] = [:]
        var overClaims: [String: Int] = [:]
        var unclaimed: [String: Int] = [:]

        var description: String {
            "\(tried) URLs tried (\(opened) opened from the web, \(internalPaths) of internal routes); "
                + claimed.keys.sorted().map { file in
                    "\(file) claims \(claimed[file]!), of them \(overClaims[file, default: 0]) over-claims reported; \(unclaimed[file, default: 0]) opened URLs of routes reported not claimed"
                }.joined(separator: "; ")
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

    /// Runs the corpus through the files and the router, recording an issue for each path that breaks a rule.
    func check(_ files: [(name: String, file: LinkFile)], sourceLocation: SourceLocation = #_sourceLocation) -> Counts {
        var counts = Counts()
        for (name, _) in files { counts.claimed[name] = 0 }
        for path in Self.corpus(for: routes) {
            counts.tried += 1
            let url = "https://\(host)\(path)"
            let canonical = path == "/" || !path.hasSuffix("/")
            let resolved = try? router.resolve(url).pattern.text
            let opens = router.canOpen(url, source: .external)
            let isInternal = resolved.map(internalPatterns.contains) ?? false
            if opens, canonical { counts.opened += 1 }
            if isInternal { counts.internalPaths += 1 }
            for (name, file) in files {
                // Whether the file claims the path, the texts that identify the rules that claim it
                // in an over-claim line, and the report.
                let claims: Bool, ruleTexts: [String], report: [String]
                switch file {
                case .apple(let apple, let lines):
                    let (claimed, component) = apple.claims(appID: appID, path: path)
                    (claims, report) = (claimed, lines)
                    ruleTexts = component.map { ["{ \"/\": \"\(apple.details[0].components[$0].path ?? "*")\""] } ?? []
                case .android(let android, let lines):
                    (claims, report) = (android.claims(scheme: "https", host: host, path: path).claimed, lines)
                    ruleTexts = android.filters.flatMap(\.paths).filter { $0.matches(path) }.map { rule in
                        "<data android:\(rule.kind.rawValue)=\"\(rule.value.replacing("\\", with: "\\\\"))\">"
                    }
                }
                if claims { counts.claimed[name, default: 0] += 1 }
                #expect(!(isInternal && claims), "\(name) claims \(url), of the internal route '\(resolved ?? "")'", sourceLocation: sourceLocation)
                guard canonical else { continue }
                if opens, let resolved, !claims {
                    #expect(report.contains { $0.hasPrefix("not claimed: '\(resolved)'") }, "\(url) opens '\(resolved)' but \(name) does not claim it, and its report does not say so", sourceLocation: sourceLocation)
                    counts.unclaimed[name, default: 0] += 1
                }
                if !opens, !isInternal, claims {
                    let refusal = resolved == nil ? "no route takes it" : "'\(resolved!)' refuses its query"
                    let reported = report.contains { line in line.hasSuffix(refusal) && ruleTexts.contains { line.hasPrefix("over-claim: " + $0) } }
                    #expect(reported, "\(name) claims \(url) by \(ruleTexts) and the app refuses it (\(refusal)), but no over-claim of those rules is reported", sourceLocation: sourceLocation)
                    counts.overClaims[name, default: 0] += 1
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
