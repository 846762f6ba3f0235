import LinkRouterCore

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

    /// The URL, the pattern it resolves to and its parameters, as `--json` prints them.
    package let report: MatchReport
    /// The fixed host, if any: route keys are then the path alone.
    package let host: String?
    /// Why no pattern was tried, when the router refused the URL before matching.
    package let refusal: String?
    /// The registered patterns, for explaining a miss.
    private let router: Router

    /// Whether the URL resolved to a pattern.
    package var isMatch: Bool { report.match != nil }

    /// Resolves `url` against the routes.
    ///
    /// - Throws: ``RouteInspectionError`` when the binary cannot be read, holds a bad record or a
    ///   pattern that cannot be registered, when a given pattern cannot be registered, or when the
    ///   URL cannot be resolved for another reason than a miss (it does not parse...).
    package init(url: String, in routes: Routes, host: String?) throws(RouteInspectionError) {
        let router: Router
        switch routes {
        case .binary(let path):
            let registered = try BinaryRoutes.readWellFormed([path]).router(host: host)
            if let (record, reason) = registered.refused.first { throw .unregistrableRecord(record.location, reason) }
            router = registered.router
        case .patterns(let patterns):
            router = Router(configuration: RouterConfiguration(host: host))
            for pattern in patterns {
                do { try router.register(pattern, action: { _ in nil }) } catch { throw .invalidPattern(error) }
            }
        }
        var refusal: String?
        do {
            report = MatchReport(url: url, resolved: try router.resolve(url))
        } catch .noRoute {
            report = MatchReport(url: url, resolved: nil)
        } catch .hostNotHandled(let other) {
            report = MatchReport(url: url, resolved: nil)
            refusal = "host '\(other)' is not the fixed host '\(host ?? "")'"
        } catch {
            throw .unresolvableURL(error)
        }
        self.host = host
        self.refusal = refusal
        self.router = router
    }

    /// The report as one line of JSON: `{"match":...,"params":{...},"serializationVersion":1,"url":...}`.
    package func json() throws(RouteInspectionError) -> String {
        try TextOutput.json(report)
    }

    /// The match and its parameters as a table; for a miss, the patterns that came closest and
    /// why each failed. No final newline.
    package var text: String {
        var rows = [["url", report.url]]
        if let match = report.match {
            rows.append(["match", match])
            for (index, name) in report.params.keys.sorted().enumerated() {
                rows.append([index == 0 ? "params" : "", "\(name) = \(report.params[name]!)"])
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
    /// compared with the key's decoded segments (a `%2F` stays inside its segment, as the router
    /// reads it).
    package func closestPatterns() -> (key: String, patterns: [(pattern: String, reason: String)]) {
        let parsed = try? RouteURL(report.url)
        var segments = parsed?.pathSegments ?? []
        if host == nil, let urlHost = parsed?.host, !urlHost.isEmpty { segments.insert(urlHost, at: 0) }
        let reasons = router.routes.map(\.pattern).compactMap { pattern in pattern.mismatch(forKey: segments).map { (pattern, $0) } }
            .sorted { $0.1.matchedSegments > $1.1.matchedSegments }
            .prefix(5)
            .map { (pattern: $0.0.text, reason: $0.1.reason) }
        return (segments.joined(separator: "/"), reasons)
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
