import RouteRecordReader

/// What `routes check` can tell about services offline: two records that implement one protocol
/// name. (At run time discovery compares the protocols themselves, and checks what only a running
/// program can: accessors that refuse, and required services that are missing.)
enum ServiceCheck {
    /// One line per service record that repeats an earlier record's protocol name, naming both
    /// records by file, offset and accessor symbol.
    static func problems(in routes: BinaryRoutes) -> [String] {
        var winners: [String: RouteRecord] = [:]
        var duplicates: [(record: RouteRecord, winner: RouteRecord)] = []
        for record in routes.serviceRecords {
            if let winner = winners[record.pattern] {
                duplicates.append((record, winner))
            } else {
                winners[record.pattern] = record
            }
        }
        guard !duplicates.isEmpty else { return [] }
        let symbols = routes.sections.reduce(into: [RecordLocation: String]()) { symbols, section in
            guard section.records.contains(where: { $0.kind == .service }) else { return }
            symbols.merge((try? EntrySymbols.resolve(in: section))?.symbols ?? [:]) { first, _ in first }
        }
        func implementation(_ record: RouteRecord) -> String {
            symbols[record.location].map { "'\($0)'" } ?? "the record"
        }
        return duplicates.map { record, winner in
            "\(record.location.short): service '\(record.pattern)': duplicate: \(implementation(record)) implements it again; "
                + "\(implementation(winner)) in \(winner.location.short) is found first and wins"
        }
    }
}
