import LinkRouterCore
package import RouteRecordReader

/// `routes check BINARY...`: the checks run-time validation does, offline, for CI.
package struct RouteCheck {
    /// Every problem found, in the order the checks run: bad records, then refused patterns
    /// (bad syntax, duplicates), then ties and shadowed routes, then duplicate services.
    package let problems: [CheckProblem]
    /// How many records the files hold, the bad ones included.
    package let recordCount: Int

    /// Whether the routes are fit to ship.
    package var hasProblems: Bool { !problems.isEmpty }

    /// The last line printed: `no problems in 15 records` or `5 problem(s) in 8 records`.
    package var summary: String {
        problems.isEmpty ? "no problems in \(recordCount) records" : "\(problems.count) problem(s) in \(recordCount) records"
    }

    /// One line per problem (file and offset, pattern, what, why), then the summary; no final newline.
    package var text: String {
        (problems.map(\.description) + [summary]).joined(separator: "\n")
    }

    /// Checks the records of the files together, as one app would register them: files in the
    /// order given, records in section order. When two records claim one route or service, the
    /// first wins, as in discovery (``FirstRecordWins``).
    ///
    /// - Throws: ``RouteInspectionError`` when a file cannot be read or has no route section.
    ///   Bad records are problems, not errors.
    package init(binaries: [String]) throws(RouteInspectionError) {
        let routes = try BinaryRoutes.read(binaries)
        var problems = routes.issues.map { CheckProblem(.badRecord, at: $0.location, "bad record: \($0.message)") }
        let router = Router(configuration: RouterConfiguration(host: nil))
        var precedence = FirstRecordWins()
        var duplicateServices: [(record: RouteRecord, winner: RecordLocation)] = []
        for record in routes.records {
            let ordinal = precedence.count
            let winnerOfSameText = precedence.add(record)
            if record.kind == .service {
                if let winner = winnerOfSameText { duplicateServices.append((record, winner)) }
                continue
            }
            do {
                try router.register(record.pattern, action: { _ in nil })
            } catch {
                switch error {
                case .invalidPattern(let error):
                    let message = "'\(record.pattern)': invalid pattern: \(error.message) (column \(error.column))"
                    problems.append(CheckProblem(.invalidPattern, at: record.location, message))
                case .duplicate(_, let existing):
                    // The error names the winner's pattern as registered: the first record with that text.
                    let origin = precedence.winner(of: .route(pattern: existing), before: ordinal).map { " in \($0.short)" } ?? ""
                    let message = "'\(record.pattern)': duplicate: same shape as '\(existing)'\(origin), which is found first and wins"
                    problems.append(CheckProblem(.duplicate, at: record.location, message))
                }
            }
        }
        let locations = Dictionary(routes.routeRecords.map { ($0.pattern, $0.location) }, uniquingKeysWith: { first, _ in first })
        for conflict in router.validate() {
            let kind: CheckProblem.Kind = conflict.kind == .tie ? .tie : .shadowed
            problems.append(CheckProblem(kind, at: locations[conflict.pattern], "'\(conflict.pattern)': \(conflict.kind.rawValue): \(conflict)"))
        }
        problems += ServiceCheck.problems(duplicates: duplicateServices, in: routes)
        self.problems = problems
        recordCount = routes.records.count + routes.issues.count
    }
}

/// One problem `routes check` reports.
package struct CheckProblem: Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem.
    package enum Kind: Sendable, Hashable {
        /// A record that cannot be used: bad magic, version, text...
        case badRecord
        /// A route pattern that does not parse.
        case invalidPattern
        /// A route with the same shape as one found before it, which wins.
        case duplicate
        /// Two routes that match the same keys; the one found first wins.
        case tie
        /// A route that never wins for a key it matches.
        case shadowed
        /// A second implementation of one service protocol; the first found wins.
        case duplicateService
    }

    /// What kind of problem.
    package let kind: Kind
    /// Where the record at fault is, if known.
    package let location: RecordLocation?
    /// What is wrong, after the location: `'user/:name': duplicate: same shape as ...`.
    package let message: String

    /// Creates a problem.
    init(_ kind: Kind, at location: RecordLocation?, _ message: String) {
        self.kind = kind
        self.location = location
        self.message = message
    }

    /// The line `check` prints: `file at 0x1f40: message`.
    package var description: String { "\(location?.short ?? "?"): \(message)" }
}
