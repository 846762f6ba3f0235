import RouteRecordReader

/// What `routes check` can tell about services offline: two records that implement one protocol
/// name. (At run time discovery compares the protocols themselves, and checks what only a running
/// program can: accessors that refuse, and required services that are missing.)
enum ServiceCheck {
    /// One problem per service record that repeats an earlier record's protocol name, naming both
    /// records by file, offset and accessor symbol.
    ///
    /// - Parameter duplicates: each duplicate service record and the record that wins over it,
    ///   by ``FirstRecordWins``.
    static func problems(duplicates: [(record: RouteRecord, winner: RecordLocation)], in routes: BinaryRoutes) -> [CheckProblem] {
        guard !duplicates.isEmpty else { return [] }
        let symbols = routes.sections.reduce(into: [RecordLocation: String]()) { symbols, section in
            guard section.records.contains(where: { $0.kind == .service }) else { return }
            symbols.merge((try? EntrySymbols.resolve(in: section))?.symbols ?? [:]) { first, _ in first }
        }
        func implementation(_ location: RecordLocation) -> String {
            symbols[location].map { "'\($0)'" } ?? "the record"
        }
        return duplicates.map { record, winner in
            CheckProblem(
                .duplicateService, at: record.location,
                "service '\(record.pattern)': duplicate: \(implementation(record.location)) implements it again; "
                    + "\(implementation(winner)) in \(winner.short) is found first and wins"
            )
        }
    }
}
