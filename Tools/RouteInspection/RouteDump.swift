import LinkRouterCore
import RouteRecordLayout
import RouteRecordReader

/// `routes dump BINARY...`: every route, service, interceptor and module record of one or more ELF
/// files, sorted by pattern, then file and offset.
package struct RouteDump {
    /// How the records are written.
    package enum Format: Sendable, CaseIterable {
        /// An aligned table of the routes, then one of the services, the interceptors and the modules.
        case table
        /// The route patterns as a tree of segments, then the services.
        case tree
        /// One JSON object: `{"serializationVersion": 1, "records": [...]}`.
        case json
    }

    /// Every record read, routes and services, sorted by pattern, file and offset.
    package let rows: [DumpRow]
    /// The records that could not be read (a version this reader does not know, a bad record),
    /// in file and offset order: listed after the records, with their offset and version.
    package let unreadable: [UnreadableRow]

    /// Whether every record could be read (exit status 0; else 1).
    package var isComplete: Bool { unreadable.isEmpty }

    /// The rows of routes.
    package var routeRows: [DumpRow] { rows.filter { $0.lifetime == nil && $0.scope == nil && !["module", "protocol", "group"].contains($0.kind) } }
    /// The rows of services.
    package var serviceRows: [DumpRow] { rows.filter { $0.lifetime != nil } }
    /// The rows of interceptors (`@RouteInterceptor`).
    package var interceptorRows: [DumpRow] { rows.filter { $0.scope != nil } }
    /// The rows of modules' set-up (`@RouterModule`).
    package var moduleRows: [DumpRow] { rows.filter { $0.kind == "module" } }
    /// The routable-protocol and route-group declarations (`#routableProtocol`, `@DeclaredGroup`).
    package var declarationRows: [DumpRow] { rows.filter { $0.kind == "protocol" || $0.kind == "group" } }

    /// Reads the records of the files, each with its accessor's symbol when the file has a
    /// symbol table, and lists the records that cannot be read apart.
    ///
    /// - Throws: ``RouteInspectionError`` when a file cannot be read, has no route section, or
    ///   holds more records or symbols than a reader reads.
    package init(binaries: [String]) throws(RouteInspectionError) {
        let routes = try BinaryRoutes.read(binaries)
        unreadable = routes.issues.map(UnreadableRow.init)
        // What the app makes of each route record, for the tree.
        let pass = routes.pass()
        var fates: [RecordLocation: String] = [:]
        for (index, fate) in pass.fates.enumerated() {
            fates[pass.records.location(at: index)] = DumpRow.describe(fate, in: pass)
        }
        var rows: [DumpRow] = []
        for section in routes.sections {
            // A file whose symbols cannot be read is listed without them; one past the reader's
            // limit on symbols is refused, as a file past its limit on records is.
            let resolved: (symbols: [RecordLocation: String], hasSymbolTable: Bool)
            do {
                resolved = try EntrySymbols.resolve(in: section)
            } catch {
                if case .tooManySymbols = error.reason { throw .unreadableFile(error) }
                resolved = ([:], false)
            }
            for record in section.records {
                let symbol = resolved.symbols[record.location] ?? (resolved.hasSymbolTable ? nil : "(stripped: no symbol table)")
                rows.append(DumpRow(record: record, symbol: symbol, fate: fates[record.location]))
            }
        }
        rows.sort { ($0.pattern, $0.file, $0.offset) < ($1.pattern, $1.file, $1.offset) }
        self.rows = rows
    }

    /// The records as text in `format`, without a final newline.
    package func text(_ format: Format) throws(RouteInspectionError) -> String {
        switch format {
        case .json:
            return try TextOutput.json(DumpReport(records: rows, unreadable: unreadable))
        case .tree:
            let services = serviceRows.map { "service  \($0.pattern)  \($0.lifetime!)  \($0.symbol ?? "?")" }
            let hooks = interceptorRows.map { "interceptor  \($0.pattern)  \($0.scope!)  priority \($0.priority!)  \($0.symbol ?? "?")" }
                + moduleRows.map { "module  \($0.pattern)  \($0.symbol ?? "?")" }
            let declarations = declarationRows.map { "\($0.kind)  \($0.pattern)  \($0.symbol ?? "?")" }
            return ([TreePrinter(rows: routeRows).render()] + (services.isEmpty ? [] : [""] + services) + (hooks.isEmpty ? [] : [""] + hooks)
                + (declarations.isEmpty ? [] : [""] + declarations))
                .joined(separator: "\n") + unreadableText
        case .table:
            // The QUERY and OFFERS columns only when a route declares a query contract, or a protocol.
            let showsQuery = routeRows.contains { $0.query != nil }
            let showsOffers = routeRows.contains { $0.offers != nil }
            let header = ["KIND", "PATTERN", "EXPOSURE", "GROUPS"] + (showsQuery ? ["QUERY"] : []) + (showsOffers ? ["OFFERS"] : [])
                + ["SYMBOL", "FILE", "OFFSET"]
            var text = TextOutput.table([header] + routeRows.map { row in
                [row.overrides ? row.kind + " (override)" : row.kind, row.pattern, row.exposure, row.groups.joined(separator: ",")]
                    + (showsQuery ? [row.query ?? ""] : []) + (showsOffers ? [row.offers ?? ""] : []) + [row.symbol ?? "?", row.file, row.hexOffset]
            })
            if !serviceRows.isEmpty {
                text += "\n\n" + TextOutput.table([["SERVICE", "LIFETIME", "SYMBOL", "FILE", "OFFSET"]] + serviceRows.map { row in
                    [row.pattern, row.overrides ? row.lifetime! + " (override)" : row.lifetime!, row.symbol ?? "?", row.file, row.hexOffset]
                })
            }
            if !interceptorRows.isEmpty {
                text += "\n\n" + TextOutput.table([["INTERCEPTOR", "SCOPE", "PRIORITY", "SYMBOL", "FILE", "OFFSET"]] + interceptorRows.map { row in
                    [row.overrides ? row.pattern + " (override)" : row.pattern, row.scope!, String(row.priority!), row.symbol ?? "?", row.file, row.hexOffset]
                })
            }
            if !moduleRows.isEmpty {
                text += "\n\n" + TextOutput.table([["MODULE", "SYMBOL", "FILE", "OFFSET"]] + moduleRows.map { row in
                    [row.overrides ? row.pattern + " (override)" : row.pattern, row.symbol ?? "?", row.file, row.hexOffset]
                })
            }
            if !declarationRows.isEmpty {
                text += "\n\n" + TextOutput.table([["DECLARES", "NAME", "SYMBOL", "FILE", "OFFSET"]] + declarationRows.map { row in
                    [row.kind, row.pattern, row.symbol ?? "?", row.file, row.hexOffset]
                })
            }
            return text + unreadableText
        }
    }

    /// The records that could not be read, as a table after a blank line; empty when there are none.
    private var unreadableText: String {
        guard !unreadable.isEmpty else { return "" }
        return "\n\n" + TextOutput.table([["UNREADABLE", "VERSION", "FILE", "OFFSET"]] + unreadable.map { row in
            [row.problem, row.recordVersion.map(String.init) ?? "?", row.file, "0x" + String(row.offset, radix: 16)]
        })
    }
}

/// A record `dump` could not read: where it is, its version field, and why.
package struct UnreadableRow: Encodable {
    /// The object file.
    package let file: String
    /// The record's offset in the file, in bytes.
    package let offset: Int
    /// The record's version field; `nil` when it does not start with the magic number.
    package let recordVersion: UInt16?
    /// Why it could not be read: `record version 3 is not supported (...)`.
    package let problem: String

    init(_ issue: RecordIssue) {
        file = issue.location.file
        offset = issue.location.fileOffset
        recordVersion = issue.version
        problem = issue.message
    }

    enum CodingKeys: String, CodingKey { case file, offset, recordVersion, problem }

    /// Encodes every field, `null` for an unknown version.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(file, forKey: .file)
        try container.encode(offset, forKey: .offset)
        try container.encode(recordVersion, forKey: .recordVersion)
        try container.encode(problem, forKey: .problem)
    }
}

/// One record as `dump` shows it.
package struct DumpRow: Encodable {
    /// `page`, `action` (Swift or C), `service`, `interceptor` or `module`.
    package let kind: String
    /// The record's layout version, 1 or 2.
    package let recordVersion: UInt16
    /// The route pattern, a service's protocol name, or an interceptor's or module's name.
    package let pattern: String
    /// The accessor's symbol, demangled; `(stripped: no symbol table)` when the file has none.
    package let symbol: String?
    /// The object file the record was read from.
    package let file: String
    /// The record's offset in the file, in bytes.
    package let offset: Int
    /// `external` (reachable from outside the app) or `internal`.
    package let exposure: String
    let openStyle: String
    /// The groups the route joins.
    package let groups: [String]
    /// The one-line description, if any.
    package let summary: String?
    /// The route's query contract, as declared (`page: int = 1, tab: string; unknown: refuse`), if any.
    package let query: String?
    /// The protocol the route's page declares it offers (`@Routable(..., as: P.self)`), as written; `nil` for none.
    package let offers: String?
    /// A service's lifetime, `perRequest` or `shared`; `nil` for a route.
    package let lifetime: String?
    /// An interceptor's scope as its record spells it (`all`, `group:requiresLogin`,
    /// `pattern:account/**`); `nil` for any other record.
    package let scope: String?
    /// An interceptor's priority; `nil` for any other record.
    package let priority: Int?
    /// Whether the record is marked as an override (`overrides: true`): it wins over the unmarked
    /// records of its route shape or protocol.
    package let overrides: Bool

    /// Why the app does not register the route, when it does not (`overridden by 'a/:x'`,
    /// `duplicate: none of its shape is registered`, `skipped: ...`); `nil` for a registered route
    /// and a service. Shown in the tree only.
    package let fate: String?

    var hexOffset: String { "0x" + String(offset, radix: 16) }

    /// Why the pass leaves a record out, or `nil` when it registers it.
    static func describe(_ fate: RecordPass.Fate, in pass: RecordPass) -> String? {
        switch fate {
        case .registered: nil
        case .skipped(let skip): "not registered: \(skip.reason)"
        case .overridden(let winner?): "not registered: overridden by '\(pass.records[winner].pattern)'"
        case .overridden(nil): "not registered: overridden by the duplicate overrides of its shape"
        case .duplicate: "not registered: duplicate, none of its shape wins"
        case .refused(let existing): "not registered: '\(existing)' registered earlier wins"
        }
    }

    init(record: RouteRecord, symbol: String?, fate: String?) {
        self.fate = fate
        switch record.kind {
        case .page: kind = "page"
        case .action, .cAction: kind = "action"
        case .service: kind = "service"
        case .interceptor: kind = "interceptor"
        case .module: kind = "module"
        case .routableProtocol: kind = "protocol"
        case .group: kind = "group"
        }
        scope = record.interceptor.map { "\($0.scope)" }
        priority = record.interceptor?.priority
        recordVersion = record.version
        pattern = record.pattern
        self.symbol = symbol
        file = record.location.file
        offset = record.location.fileOffset
        exposure = record.isExternal ? "external" : "internal"
        openStyle = record.openStyle.description
        groups = record.groups
        summary = record.summary
        // A contract that does not parse is shown as the record spells it; discovery skips the record.
        query = record.query.map { text in (try? QueryContract(recordText: text)).map(\.description) ?? text }
        offers = record.declaredProtocol
        lifetime = record.serviceLifetime?.description
        overrides = record.isOverride
    }

    enum CodingKeys: String, CodingKey { case kind, recordVersion, pattern, symbol, file, offset, exposure, openStyle, groups, summary, query, offers, lifetime, scope, priority, overrides }

    /// Encodes every field, `null` for the absent ones, so the JSON shape never changes.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(recordVersion, forKey: .recordVersion)
        try container.encode(pattern, forKey: .pattern)
        try container.encode(symbol, forKey: .symbol)
        try container.encode(file, forKey: .file)
        try container.encode(offset, forKey: .offset)
        try container.encode(exposure, forKey: .exposure)
        try container.encode(openStyle, forKey: .openStyle)
        try container.encode(groups, forKey: .groups)
        try container.encode(summary, forKey: .summary)
        try container.encode(query, forKey: .query)
        try container.encode(offers, forKey: .offers)
        try container.encode(lifetime, forKey: .lifetime)
        try container.encode(scope, forKey: .scope)
        try container.encode(priority, forKey: .priority)
        try container.encode(overrides, forKey: .overrides)
    }
}

/// `dump --json`: the records read, and those that could not be.
struct DumpReport: Encodable {
    let serializationVersion = 1
    let records: [DumpRow]
    let unreadable: [UnreadableRow]
}

/// Prints patterns as a tree of segments, like RoutingKit's trie description. A pattern with
/// optional groups appears once per form, each form's end marked `form k of n of 'pattern'` in
/// precedence order (the earlier form wins a key two forms match), so the tree shows every path a
/// key can take.
struct TreePrinter {
    /// A record ending at a node, and which form of its pattern ends there, if it has several.
    struct Entry {
        let row: DumpRow
        let form: String?
    }

    final class Node {
        var children: [(String, Node)] = []
        var rows: [Entry] = []

        func child(_ name: String) -> Node {
            if let existing = children.first(where: { $0.0 == name }) { return existing.1 }
            let node = Node()
            children.append((name, node))
            return node
        }
    }

    let root = Node()

    init(rows: [DumpRow]) {
        for row in rows {
            let forms = Self.forms(of: row.pattern)
            for (index, components) in forms.enumerated() {
                var node = root
                for component in components { node = node.child(component) }
                let form = forms.count > 1 ? "form \(index + 1) of \(forms.count) of '\(row.pattern)'" : nil
                node.rows.append(Entry(row: row, form: form))
            }
        }
    }

    /// The segments of each form of the pattern, in precedence order; a pattern that does not
    /// parse is one component.
    static func forms(of pattern: String) -> [[String]] {
        guard let parsed = try? RoutePattern(pattern) else { return [[pattern]] }
        return parsed.variants.map { $0.map(\.description) }
    }

    func render() -> String {
        var lines: [String] = []
        for entry in root.rows { lines.append("/" + Self.detail(entry)) }
        render(root, prefix: "", into: &lines)
        return lines.joined(separator: "\n")
    }

    private func render(_ node: Node, prefix: String, into lines: inout [String]) {
        for (index, (name, child)) in node.children.enumerated() {
            let last = index == node.children.count - 1
            let detail = child.rows.map(Self.detail).joined()
            lines.append(prefix + (last ? "└─ " : "├─ ") + name + detail)
            render(child, prefix: prefix + (last ? "   " : "│  "), into: &lines)
        }
    }

    /// `  kind  symbol`, then the form when the pattern has several, then why the app does not
    /// register the route, when it does not.
    private static func detail(_ entry: Entry) -> String {
        "  \(entry.row.kind)  \(entry.row.symbol ?? "?")" + (entry.form.map { "  (\($0))" } ?? "") + (entry.row.fate.map { "  [\($0)]" } ?? "")
    }
}
