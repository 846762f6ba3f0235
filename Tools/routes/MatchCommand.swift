import ArgumentParser
import LinkRouterCore

/// `routes match BINARY URL` or `routes match --pattern P ... URL`: which pattern a URL resolves
/// to, and why the others do not.
struct MatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "match",
        abstract: "Show which pattern a URL resolves to, with its parameters.",
        discussion: """
            Exit status: 0 the URL matched, 1 it matched no pattern (or names another host than --host), 2 bad arguments, pattern or URL.
            With --json, prints one object: {"serializationVersion": 1, "url": ..., "match": pattern or null, "params": {...}}.
            """
    )

    @Option(name: .customLong("pattern"), help: "A route pattern; repeat for several. Precedence follows the patterns, not their order, except for full ties.")
    var patterns: [String] = []

    @Option(help: "A fixed host: route keys are then the path alone.")
    var host: String?

    @Flag(help: "Print one JSON object.")
    var json = false

    @Argument(help: "BINARY URL: the routes of an ELF file; or URL alone with --pattern.")
    var inputs: [String]

    var url: String { inputs.last! }

    func validate() throws {
        if patterns.isEmpty && inputs.count != 2 { throw ValidationError("give a binary and a URL, or --pattern and a URL") }
        if !patterns.isEmpty && inputs.count != 1 { throw ValidationError("with --pattern, give only the URL") }
    }

    func run() async throws {
        let router: Router
        if patterns.isEmpty {
            let routes = BinaryRoutes.read([inputs[0]])
            routes.requireWellFormed()
            let registered = routes.router(host: host)
            if let (record, reason) = registered.refused.first { Output.fail("\(record.location.short): \(reason)") }
            router = registered.router
        } else {
            router = Router(configuration: RouterConfiguration(host: host))
            for pattern in patterns {
                do { try router.register(pattern, action: { _ in nil }) } catch { Output.fail("\(error)") }
            }
        }
        let report: MatchReport
        // Why no pattern was tried, when the router refused the URL before matching.
        var refusal: String?
        do {
            report = MatchReport(url: url, resolved: try router.resolve(url))
        } catch .noRoute {
            report = MatchReport(url: url, resolved: nil)
        } catch .hostNotHandled(let other) {
            report = MatchReport(url: url, resolved: nil)
            refusal = "host '\(other)' is not the fixed host '\(host ?? "")'"
        } catch {
            Output.fail("\(error)")
        }

        if json {
            print(try Output.json(report))
        } else {
            print(describe(report, router: router, refusal: refusal))
        }
        if report.match == nil { throw ExitCode(1) }
    }

    private func describe(_ report: MatchReport, router: Router, refusal: String?) -> String {
        var rows = [["url", report.url]]
        if let match = report.match {
            rows.append(["match", match])
            for (index, name) in report.params.keys.sorted().enumerated() {
                rows.append([index == 0 ? "params" : "", "\(name) = \(report.params[name]!)"])
            }
            return Output.table(rows)
        }
        if let refusal {
            rows.append(["match", "none: \(refusal)"])
            return Output.table(rows)
        }
        // A miss: the patterns that came closest, and why each failed, compared with the key's
        // decoded segments (a `%2F` stays inside its segment, as the router reads it).
        let parsed = try? RouteURL(url)
        var segments = parsed?.pathSegments ?? []
        if host == nil, let urlHost = parsed?.host, !urlHost.isEmpty { segments.insert(urlHost, at: 0) }
        let key = segments.joined(separator: "/")
        rows.append(["match", "none for key '\(key)'"])
        let reasons = router.routes.map(\.pattern).compactMap { pattern in pattern.mismatch(forKey: segments).map { (pattern, $0) } }
            .sorted { $0.1.matchedSegments > $1.1.matchedSegments }
            .prefix(5)
        var text = Output.table(rows)
        if !reasons.isEmpty {
            text += "\n\nclosest:\n" + Output.table(reasons.map { ["  " + $0.0.text, $0.1.reason] })
        }
        return text
    }
}

/// The result of one `routes match`, as printed with `--json`.
struct MatchReport: Encodable {
    let url: String
    let match: String?
    let params: [String: String]

    init(url: String, resolved: ResolvedRoute?) {
        self.url = url
        self.match = resolved?.pattern.text
        var params: [String: String] = [:]
        if let parameters = resolved?.parameters {
            for item in parameters.queryItems { params[item.name] = item.value }
            params.merge(parameters.pathParameters) { _, path in path }
        }
        self.params = params
    }

    enum CodingKeys: String, CodingKey {
        case serializationVersion, url, match, params
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(1, forKey: .serializationVersion)
        try container.encode(url, forKey: .url)
        try container.encode(match, forKey: .match)
        try container.encode(params, forKey: .params)
    }
}
