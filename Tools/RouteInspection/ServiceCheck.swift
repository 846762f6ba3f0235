import RouteRecordReader

/// What `routes check` can tell about services offline: records that implement one protocol
/// name with no single override among them. (At run time discovery compares the protocols themselves, and checks what only a running
/// program can: accessors that refuse, and required services that are missing.)
enum ServiceCheck {
    /// One problem per protocol name that several records implement with no single override among
    /// them (the rule discovery follows), at the last of those records, naming every one by file,
    /// offset and accessor symbol.
    ///
    /// - Parameter claims: The service records of each protocol name, in link order.
    static func problems(claims: [String: [RouteRecord]], in routes: BinaryRoutes) -> [CheckProblem] {
        let conflicts = claims.values.compactMap { records -> [RouteRecord]? in
            let overrides = records.filter(\.isOverride)
            guard records.count > 1, overrides.count != 1 else { return nil }
            return overrides.isEmpty ? records : overrides
        }.sorted { $0.last!.location.ordered(before: $1.last!.location, in: routes) }
        guard !conflicts.isEmpty else { return [] }
        let symbols = routes.sections.reduce(into: [RecordLocation: String]()) { symbols, section in
            guard section.records.contains(where: { $0.kind == .service }) else { return }
            symbols.merge((try? EntrySymbols.resolve(in: section))?.symbols ?? [:]) { first, _ in first }
        }
        return conflicts.map { records in
            let marks = records[0].isOverride ? "all marked as overrides" : "none marked as an override"
            let named = records.map { record in (symbols[record.location].map { "'\($0)' in " } ?? "the record in ") + record.location.short }
            return CheckProblem(
                .duplicateService, at: records.last?.location,
                "service '\(records[0].pattern)': duplicate: \(records.count) implementations, \(marks): "
                    + named.joined(separator: "; ") + "; none is registered"
            )
        }
    }
}

extension RecordLocation {
    /// Whether this record comes before `other` in link order: files in the order given, then offsets.
    fileprivate func ordered(before other: RecordLocation, in routes: BinaryRoutes) -> Bool {
        let files = routes.sections.map(\.file)
        let (mine, theirs) = (files.firstIndex(of: file) ?? 0, files.firstIndex(of: other.file) ?? 0)
        return mine != theirs ? mine < theirs : fileOffset < other.fileOffset
    }
}
