import ArgumentParser
import LinkRouterCore
import RouteRecordLayout
import RouteRecordReader

/// `routes dump BINARY...`: every route and service record of one or more ELF files.
struct DumpCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dump",
        abstract: "List every route and service record of ELF files (executables, shared libraries, object files).",
        discussion: """
            Reads the linkrouter_routes section with libelf; nothing of the file is run or loaded.
            Services (@RoutableService) follow the routes in a table of their own; in JSON they are \
            records of kind "service", their pattern the protocol's name and their lifetime set.
            Exit status: 0 success, 2 bad input (not ELF, truncated, no route section, bad records).
            """
    )

    @Argument(help: "ELF files to read; their records merge into one table.")
    var binaries: [String]

    @Flag(help: "Print one JSON object: {\"serializationVersion\": 1, \"records\": [...]}.")
    var json = false

    @Flag(help: "Print the patterns as a tree of segments (then the services).")
    var tree = false

    func run() throws {
        let routes = BinaryRoutes.read(binaries)
        routes.requireWellFormed()
        var rows: [DumpRow] = []
        for section in routes.sections {
            let resolved = (try? EntrySymbols.resolve(in: section)) ?? (symbols: [:], hasSymbolTable: false)
            for record in section.records {
                let symbol = resolved.symbols[record.location] ?? (resolved.hasSymbolTable ? nil : "(stripped: no symbol table)")
                rows.append(DumpRow(record: record, symbol: symbol))
            }
        }
        rows.sort { ($0.pattern, $0.file, $0.offset) < ($1.pattern, $1.file, $1.offset) }

        let routeRows = rows.filter { $0.lifetime == nil }
        let serviceRows = rows.filter { $0.lifetime != nil }
        if json {
            print(try Output.json(DumpReport(records: rows)))
        } else if tree {
            let services = serviceRows.map { "service  \($0.pattern)  \($0.lifetime!)  \($0.symbol ?? "?")" }
            print(([TreePrinter(rows: routeRows).render()] + (services.isEmpty ? [] : [""] + services)).joined(separator: "\n"))
        } else {
            let header = ["KIND", "PATTERN", "EXPOSURE", "GROUPS", "SYMBOL", "FILE", "OFFSET"]
            var text = Output.table([header] + routeRows.map { row in
                [row.kind, row.pattern, row.exposure, row.groups.joined(separator: ","), row.symbol ?? "?", row.file, row.hexOffset]
            })
            if !serviceRows.isEmpty {
                text += "\n\n" + Output.table([["SERVICE", "LIFETIME", "SYMBOL", "FILE", "OFFSET"]] + serviceRows.map { row in
                    [row.pattern, row.lifetime!, row.symbol ?? "?", row.file, row.hexOffset]
                })
            }
            print(text)
        }
    }
}

/// One record as `dump` shows it.
struct DumpRow: Encodable {
    /// `page`, `action` (Swift or C) or `service`.
    let kind: String
    /// The route pattern, or a service's protocol name.
    let pattern: String
    let symbol: String?
    let file: String
    let offset: Int
    let exposure: String
    let openStyle: String
    let groups: [String]
    let summary: String?
    /// A service's lifetime, `perRequest` or `shared`; `nil` for a route.
    let lifetime: String?

    var hexOffset: String { "0x" + String(offset, radix: 16) }

    init(record: RouteRecord, symbol: String?) {
        switch record.kind {
        case .page: kind = "page"
        case .action, .cAction: kind = "action"
        case .service: kind = "service"
        }
        pattern = record.pattern
        self.symbol = symbol
        file = record.location.file
        offset = record.location.fileOffset
        exposure = record.isExternal ? "external" : "internal"
        openStyle = record.openStyle.description
        groups = record.groups
        summary = record.summary
        lifetime = record.serviceLifetime?.description
    }

    enum CodingKeys: String, CodingKey { case kind, pattern, symbol, file, offset, exposure, openStyle, groups, summary, lifetime }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(pattern, forKey: .pattern)
        try container.encode(symbol, forKey: .symbol)
        try container.encode(file, forKey: .file)
        try container.encode(offset, forKey: .offset)
        try container.encode(exposure, forKey: .exposure)
        try container.encode(openStyle, forKey: .openStyle)
        try container.encode(groups, forKey: .groups)
        try container.encode(summary, forKey: .summary)
        try container.encode(lifetime, forKey: .lifetime)
    }
}

/// `dump --json`.
struct DumpReport: Encodable {
    let serializationVersion = 1
    let records: [DumpRow]
}

/// Prints patterns as a tree of segments, like RoutingKit's trie description.
struct TreePrinter {
    final class Node {
        var children: [(String, Node)] = []
        var rows: [DumpRow] = []

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
            var node = root
            for component in Self.components(of: row.pattern) { node = node.child(component) }
            node.rows.append(row)
        }
    }

    /// Segments of the pattern, each optional group as one component.
    static func components(of pattern: String) -> [String] {
        guard let parsed = try? RoutePattern(pattern) else { return [pattern] }
        return parsed.segments.map(\.description) + parsed.optionalGroups.map { "(/" + $0.map(\.description).joined(separator: "/") + ")" }
    }

    func render() -> String {
        var lines: [String] = []
        for row in root.rows { lines.append("/  \(row.kind)  \(row.symbol ?? "?")") }
        render(root, prefix: "", into: &lines)
        return lines.joined(separator: "\n")
    }

    private func render(_ node: Node, prefix: String, into lines: inout [String]) {
        for (index, (name, child)) in node.children.enumerated() {
            let last = index == node.children.count - 1
            let detail = child.rows.map { "  \($0.kind)  \($0.symbol ?? "?")" }.joined()
            lines.append(prefix + (last ? "└─ " : "├─ ") + name + detail)
            render(child, prefix: prefix + (last ? "   " : "│  "), into: &lines)
        }
    }
}
