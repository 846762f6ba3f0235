import AppLinkFiles
package import LinkRouterCore
import RouteTableJSON

/// `routes match BINARY URL` or `routes match --pattern P ... URL`: which pattern a URL resolves
/// to, and why the others do not.
package struct RouteMatch {
    /// Where the patterns come from.
    package enum Routes: Sendable, Hashable {
        /// The route records of an ELF file.
        case binary(String)
        /// Patterns given one by one, registered in this order.
        case patterns([String])
    }

    /// How the app is set up, beyond its routes: what `routes match` needs to tell what the app
    /// would do with a link rather than only which pattern it resolves to.
    package struct App: Sendable {
        /// The fixed host, if any: route keys are then the path alone.
        package var host: String?
        /// The app's web hosts (``LinkRouterCore/RouterConfiguration/webHosts``): an `https` link
        /// to one of them is routed by its path.
        package var webHosts: [String]
        /// Where the link comes from; `nil`: only resolve, as the matcher does, open nothing.
        package var source: Source?
        /// The app's route table (redirects, disabled routes, groups, exposure) in force.
        package var routeTable: DynamicRouteTable?

        /// An app set up so.
        package init(host: String? = nil, webHosts: [String] = [], source: Source? = nil, routeTable: DynamicRouteTable? = nil) {
            self.host = host
            self.webHosts = webHosts
            self.source = source
            self.routeTable = routeTable
        }

        /// Reads a route table file (`Documentation/RouteTable.schema.json`), as the app's
        /// `DynamicRouteTable(json:)` reads it.
        ///
        /// - Throws: ``RouteInspectionError/invalidArgument(_:)`` naming the file and every problem,
        ///   or a file over ``maximumRouteTableBytes``.
        package static func routeTable(file path: String) throws(RouteInspectionError) -> DynamicRouteTable {
            let text: String
            do { text = try TextFile.read(path, maximumBytes: maximumRouteTableBytes) } catch { throw .invalidArgument("cannot read route table \(path): \(error)") }
            do { return try DynamicRouteTable(json: text) } catch { throw .invalidArgument("\(path): \(error)") }
        }

        /// The largest route table file `routes match --route-table` reads: 1 MiB.
        package static let maximumRouteTableBytes = 1 << 20

        /// Whether the decision of an open is asked for: a source, a web host or a route table.
        var explains: Bool { source != nil || !webHosts.isEmpty || routeTable != nil }

        var configuration: RouterConfiguration {
            RouterConfiguration(host: host, webHosts: Set(webHosts))
        }
    }

    /// Where a link comes from, as `--source` names it (``LinkRouterCore/OpenSource``).
    package enum Source: String, Sendable, CaseIterable {
        /// The app itself: any route may be opened.
        case app
        /// Outside the app: only external routes can be reached.
        case external

        var openSource: OpenSource { self == .app ? .app : .external }
    }

    /// What the app decides for the link when it opens it, step by step: the same decision its
    /// open trace records (``LinkRouterCore/OpenTrace``), with values shown.
    package struct Decision: Sendable {
        /// Whether the app reaches a route: a page is built or an action runs.
        package let opens: Bool
        /// The URLs of the open, the link first, then each redirect hop.
        package let chain: [String]
        /// Why nothing is opened, if nothing is.
        package let failure: String?
        /// The trace's steps, `kind` and `detail` each, without their times.
        package let steps: [(kind: String, detail: String)]
    }

    /// The URL, the pattern it resolves to and its parameters, as `--json` prints them.
    package let report: MatchReport
    /// The fixed host, if any: route keys are then the path alone.
    package let host: String?
    /// Why no pattern was tried, when the router refused the URL before matching.
    package let refusal: String?
    /// What the app decides when it opens the link, when the app's set-up was given
    /// (``App``: a source, web hosts or a route table); `nil` otherwise.
    package private(set) var decision: Decision?
    /// The records of the binary the app leaves out, one line each, as its discovery reports them.
    package let warnings: [String]
    /// The registered patterns, for explaining a miss.
    private let router: Router

    /// Whether the URL resolved to a pattern, and, when the app's decision was asked for, whether
    /// the app opens it.
    package var isMatch: Bool { report.match != nil && decision?.opens != false }

    /// Resolves `url` against the routes.
    ///
    /// - Throws: ``RouteInspectionError`` when the binary cannot be read or has no route section,
    ///   when a given pattern cannot be registered, or when the URL cannot be resolved for another
    ///   reason than a miss (it does not parse...).
    package init(url: String, in routes: Routes, host: String?) throws(RouteInspectionError) {
        try self.init(resolving: url, in: routes, app: App(host: host))
    }

    /// Resolves `url` against the routes the app registers, and, when the app's set-up asks for
    /// it (a source, web hosts or a route table), opens it on a router built as the app's is, from
    /// the same pass (``RouteRecordReader/RecordPass``), and keeps the open's trace: redirect hops,
    /// exposure, the query contract and disabled routes decided by the router itself.
    ///
    /// - Throws: as ``init(url:in:host:)``.
    package init(url: String, in routes: Routes, app: App) async throws(RouteInspectionError) {
        try self.init(resolving: url, in: routes, app: app)
        guard let source = app.source ?? (app.explains ? .app : nil) else { return }
        let outcome = await router.open(url, source: source.openSource, options: OpenOptions(recordsTrace: true, tracesParameterValues: true))
        decision = Decision(
            opens: outcome.succeeded, chain: outcome.chain, failure: outcome.failure.map { "\($0)" },
            steps: outcome.trace.steps.map { ($0.kind.rawValue, $0.detail) }
        )
    }

    private init(resolving url: String, in routes: Routes, app: App) throws(RouteInspectionError) {
        let router: Router
        switch routes {
        case .binary(let path):
            let registered = try BinaryRoutes.read([path]).router(app.configuration)
            router = registered.router
            warnings = registered.pass.warnings
        case .patterns(let patterns):
            router = Router(configuration: app.configuration)
            for pattern in patterns {
                do { try router.register(pattern, action: { _ in nil }) } catch { throw .invalidPattern(error) }
            }
            warnings = []
        }
        if let table = app.routeTable { router.routeTable = table }
        var refusal: String?
        do {
            report = MatchReport(url: url, resolved: try router.resolve(url))
        } catch .noRoute {
            report = MatchReport(url: url, resolved: nil)
        } catch .hostNotHandled(let host) {
            // The router's own reason: its admission refused the host (a fixed host, or web hosts).
            report = MatchReport(url: url, resolved: nil)
            refusal = "\(RouteFailure.hostNotHandled(host: host))"
        } catch {
            throw .unresolvableURL(error)
        }
        self.host = app.host
        self.refusal = refusal
        self.router = router
    }

    /// The report as one line of JSON: `{"match":...,"params":{...},"serializationVersion":1,"url":...}`.
    package func json() throws(RouteInspectionError) -> String {
        try TextOutput.json(MatchJSON(report: report, decision: decision))
    }

    /// The match and its parameters as a table; for a miss, the patterns that came closest and
    /// why each failed. No final newline.
    package var text: String {
        resolutionText + (decision.map { "\n\n" + Self.text(of: $0) } ?? "")
    }

    /// The app's decision as text: whether it opens the link, its redirect hops, then the trace.
    private static func text(of decision: Decision) -> String {
        var rows = [["app", decision.opens ? "opens it" : "does not open it" + (decision.failure.map { ": \($0)" } ?? "")]]
        for (index, hop) in decision.chain.enumerated().dropFirst() { rows.append([index == 1 ? "redirects" : "", hop]) }
        return TextOutput.table(rows) + "\n\ntrace:\n" + TextOutput.table(decision.steps.map { ["  " + $0.kind, $0.detail] })
    }

    /// The match and its parameters, or the miss and the closest patterns.
    private var resolutionText: String {
        var rows = [["url", report.url]]
        if let match = report.match {
            rows.append(["match", match])
            for (index, (name, value)) in report.params.sorted(by: { $0.key < $1.key }).enumerated() {
                rows.append([index == 0 ? "params" : "", "\(name) = \(value)"])
            }
            return TextOutput.table(rows)
        }
        if let refusal {
            rows.append(["match", "none: \(refusal)"])
            return TextOutput.table(rows)
        }
        let (key, reasons) = closestPatterns()
        rows.append(["match", "none for key '\(key)'"])
        var text = TextOutput.table(rows)
        if !reasons.isEmpty {
            text += "\n\nclosest:\n" + TextOutput.table(reasons.map { ["  " + $0.pattern, $0.reason] })
        }
        return text
    }

    /// For a miss: the route key, and the five patterns that came closest with why each failed,
    /// compared with the key's decoded segments as the router admits the URL (a `%2F` stays inside
    /// its segment; the host is the first segment unless the router has a fixed host or the URL
    /// is a web link): the router's admission decides, not the tool.
    package func closestPatterns() -> (key: String, patterns: [(pattern: String, reason: String)]) {
        let segments = (try? router.admittedKeySegments(of: report.url)) ?? []
        let reasons = router.routes.map(\.pattern).compactMap { pattern in pattern.mismatch(forKey: segments).map { (pattern, $0) } }
            .sorted { $0.1.matchedSegments > $1.1.matchedSegments }
            .prefix(5)
            .map { (pattern: $0.0.text, reason: $0.1.reason) }
        return (segments.joined(separator: "/"), reasons)
    }
}

/// `match --json`: the report, and the app's decision when it was asked for.
private struct MatchJSON: Encodable {
    let report: MatchReport
    let decision: RouteMatch.Decision?

    enum CodingKeys: String, CodingKey { case opens, chain, failure, trace }

    /// The report's fields, then `opens`, `chain`, `failure` and `trace` (`[{"step", "detail"}]`)
    /// when the app's decision was asked for: a report without them has the shape it always had.
    func encode(to encoder: any Encoder) throws {
        try report.encode(to: encoder)
        guard let decision else { return }
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(decision.opens, forKey: .opens)
        try container.encode(decision.chain, forKey: .chain)
        try container.encode(decision.failure, forKey: .failure)
        try container.encode(decision.steps.map { ["step": $0.kind, "detail": $0.detail] }, forKey: .trace)
    }
}

/// The result of one `routes match`, as printed with `--json`.
package struct MatchReport: Encodable, Sendable, Hashable {
    /// The URL as given.
    package let url: String
    /// The pattern the URL resolves to, as registered; `nil` for a miss.
    package let match: String?
    /// The parameters: query items, then path parameters over them.
    package let params: [String: String]

    /// The report of `url`, resolved or not.
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

    /// Encodes the fields with `serializationVersion` 1, `match` `null` for a miss.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(1, forKey: .serializationVersion)
        try container.encode(url, forKey: .url)
        try container.encode(match, forKey: .match)
        try container.encode(params, forKey: .params)
    }
}
