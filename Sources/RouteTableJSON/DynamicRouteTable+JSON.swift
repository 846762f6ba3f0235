public import LinkRouterCore

extension DynamicRouteTable {
    /// Reads a table from its JSON document (schema: `Documentation/RouteTable.schema.json`); set
    /// it as the router's ``/LinkRouterCore/Router/routeTable`` to put it in force, or keep the
    /// table in force, untouched, when this throws.
    ///
    /// ```json
    /// {
    ///   "version": 1,
    ///   "redirects": [{ "from": "promo/:id", "to": "catalog/item/:id" }],
    ///   "disabled": [{ "pattern": "cart/checkout", "fallback": "app://cart" }],
    ///   "groups": [{ "pattern": "orders/**", "groups": ["requiresLogin"] }],
    ///   "exposure": [{ "pattern": "catalog/**", "exposure": "external" }]
    /// }
    /// ```
    /// - Throws: ``/LinkRouterCore/RouteTableError`` listing every problem: JSON that does not parse, an unknown
    ///   version, a missing, unknown or mistyped field, a pattern or URL that does not parse.
    public init(json: some Collection<UInt8>) throws(RouteTableError) {
        let root: JSONValue
        do { root = try JSONValue.read(json) } catch {
            throw RouteTableError(problems: [.init(location: "document", message: error.description)])
        }
        var reader = DocumentReader()
        let document = reader.read(root)
        if reader.stopped { throw RouteTableError(problems: reader.problems) }
        do {
            try self.init(
                redirects: document.redirects, disabledRoutes: document.disabled,
                groupMemberships: document.groups, exposureOverrides: document.exposure
            )
        } catch {
            throw RouteTableError(problems: reader.problems + error.problems)
        }
        if !reader.problems.isEmpty { throw RouteTableError(problems: reader.problems) }
    }

    /// Reads a table from its JSON text, as from its UTF-8 bytes.
    ///
    /// ```swift
    /// router.routeTable = try DynamicRouteTable(json: document)
    /// ```
    /// - Throws: ``/LinkRouterCore/RouteTableError`` listing every problem, as for the bytes.
    public init(json: String) throws(RouteTableError) {
        try self.init(json: Array(json.utf8))
    }
}

/// Checks the document's structure, collecting every problem. A malformed rule is replaced by a
/// harmless placeholder so that later problems keep their document index.
private struct DocumentReader {
    struct Document {
        var redirects: [DynamicRouteTable.Redirect] = []
        var disabled: [DynamicRouteTable.DisabledRoute] = []
        var groups: [DynamicRouteTable.GroupMembership] = []
        var exposure: [DynamicRouteTable.ExposureOverride] = []
    }

    private(set) var problems: [RouteTableError.Problem] = []
    /// Set when the rest of the document cannot be interpreted (not an object, unknown version).
    private(set) var stopped = false

    mutating func read(_ root: JSONValue) -> Document {
        var document = Document()
        guard case .object(let fields) = root else {
            stop("document", "expected an object, found \(root.kind)")
            return document
        }
        switch fields["version"] {
        case nil:
            stop("version", "missing; this router reads version \(DynamicRouteTable.supportedVersion)")
        case .number(let version) where version == Double(DynamicRouteTable.supportedVersion):
            break
        case .number(let version):
            stop("version", "unsupported version \(version.formatted); this router reads version \(DynamicRouteTable.supportedVersion)")
        case let other?:
            stop("version", "expected a number, found \(other.kind)")
        }
        if stopped { return document }
        unknownKeys(in: fields, known: ["version", "redirects", "disabled", "groups", "exposure"], at: "document")

        document.redirects = rules(fields["redirects"], "redirects", known: ["from", "to"], placeholder: .init(from: "", to: "")) {
            .init(from: $0.string($1["from"], at: $2 + ".from"), to: $0.string($1["to"], at: $2 + ".to"))
        }
        document.disabled = rules(fields["disabled"], "disabled", known: ["pattern", "fallback"], placeholder: .init(pattern: "", fallback: "")) {
            .init(pattern: $0.string($1["pattern"], at: $2 + ".pattern"), fallback: $0.string($1["fallback"], at: $2 + ".fallback"))
        }
        document.groups = rules(fields["groups"], "groups", known: ["pattern", "groups"], placeholder: .init(pattern: "", groups: [])) {
            .init(pattern: $0.string($1["pattern"], at: $2 + ".pattern"), groups: $0.groupNames($1["groups"], at: $2 + ".groups"))
        }
        document.exposure = rules(fields["exposure"], "exposure", known: ["pattern", "exposure"], placeholder: .init(pattern: "", exposure: .internal)) {
            .init(pattern: $0.string($1["pattern"], at: $2 + ".pattern"), exposure: $0.exposure($1["exposure"], at: $2 + ".exposure"))
        }
        return document
    }

    /// The rules of one array, each read by `make(reader, fields, location)`.
    private mutating func rules<Rule>(
        _ value: JSONValue?, _ location: String, known: Set<String>, placeholder: Rule,
        _ make: (inout DocumentReader, [String: JSONValue], String) -> Rule
    ) -> [Rule] {
        guard let value else { return [] }
        guard case .array(let items) = value else {
            problem(location, "expected an array, found \(value.kind)")
            return []
        }
        var rules: [Rule] = []
        for (index, item) in items.enumerated() {
            let at = "\(location)[\(index)]"
            guard case .object(let fields) = item else {
                problem(at, "expected an object, found \(item.kind)")
                rules.append(placeholder)
                continue
            }
            unknownKeys(in: fields, known: known, at: at)
            let before = problems.count
            let rule = make(&self, fields, at)
            rules.append(problems.count == before ? rule : placeholder)
        }
        return rules
    }

    mutating func string(_ value: JSONValue?, at location: String) -> String {
        switch value {
        case .string(let text): return text
        case nil: problem(location, "missing")
        case let other?: problem(location, "expected a string, found \(other.kind)")
        }
        return ""
    }

    mutating func groupNames(_ value: JSONValue?, at location: String) -> Set<String> {
        guard case .array(let items) = value else {
            problem(location, value.map { "expected an array of strings, found \($0.kind)" } ?? "missing")
            return []
        }
        var names = Set<String>()
        for (index, item) in items.enumerated() {
            if case .string(let name) = item, !name.isEmpty {
                names.insert(name)
            } else {
                problem("\(location)[\(index)]", "expected a non-empty string, found \(item.kind)")
            }
        }
        return names
    }

    mutating func exposure(_ value: JSONValue?, at location: String) -> RouteOptions.Exposure {
        if case .string(let text) = value, let exposure = RouteOptions.Exposure(rawValue: text) { return exposure }
        let allowed = RouteOptions.Exposure.allCases.map { "'\($0.rawValue)'" }.joined(separator: " or ")
        problem(location, value == nil ? "missing" : "expected \(allowed)")
        return .internal
    }

    private mutating func unknownKeys(in fields: [String: JSONValue], known: Set<String>, at location: String) {
        for key in fields.keys.sorted() where !known.contains(key) {
            problem(location, "unknown key '\(key)'")
        }
    }

    private mutating func problem(_ location: String, _ message: String) {
        problems.append(.init(location: location, message: message))
    }

    private mutating func stop(_ location: String, _ message: String) {
        problem(location, message)
        stopped = true
    }
}

extension Double {
    fileprivate var formatted: String {
        rounded() == self && abs(self) < 1e15 ? String(Int(self)) : String(self)
    }
}
