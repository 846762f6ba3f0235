import ArgumentParser
import LinkRouterCore
import RouteRecordReader

/// `routes check BINARY...`: the checks run-time validation does, offline, for CI.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check the routes of ELF files: bad records, bad patterns, duplicates, ties, shadowed routes and duplicate services.",
        discussion: """
            Prints each problem on one line (file, pattern, what, why).
            Exit status: 0 no problems, 1 problems found, 2 bad input (a file that cannot be read).
            """
    )

    @Argument(help: "ELF files whose routes are checked together, as one app would register them.")
    var binaries: [String]

    func run() throws {
        let routes = BinaryRoutes.read(binaries)
        var problems = routes.issues.map { "\($0.location.short): bad record: \($0.message)" }
        let (router, refused) = routes.router(host: nil)
        for (record, reason) in refused {
            switch reason {
            case .invalidPattern(let error):
                problems.append("\(record.location.short): '\(record.pattern)': invalid pattern: \(error.message) (column \(error.column))")
            case .duplicate(_, let existing):
                // The error names the winner's pattern as registered: the first record with that text.
                let first = routes.routeRecords.first { $0.pattern == existing }
                let origin = first.map { " in \($0.location.short)" } ?? ""
                problems.append("\(record.location.short): '\(record.pattern)': duplicate: same shape as '\(existing)'\(origin), which is found first and wins")
            }
        }
        let locations = Dictionary(routes.routeRecords.map { ($0.pattern, $0.location) }, uniquingKeysWith: { first, _ in first })
        for conflict in router.validate() {
            let location = locations[conflict.pattern].map(\.short) ?? "?"
            problems.append("\(location): '\(conflict.pattern)': \(conflict.kind.rawValue): \(conflict)")
        }
        problems += ServiceCheck.problems(in: routes)
        for problem in problems { print(problem) }
        let count = routes.records.count + routes.issues.count
        print(problems.isEmpty ? "no problems in \(count) records" : "\(problems.count) problem(s) in \(count) records")
        if !problems.isEmpty { throw ExitCode(1) }
    }
}
