import LinkRouterCore
import RoutePatterns
package import RouteRecordReader

/// `routes check BINARY...`: the checks run-time validation does, offline, for CI.
package struct RouteCheck {
    /// Every problem found, in the order the checks run: bad records, then bad patterns and query
    /// contracts, then duplicate routes, then ties and shadowed routes, then duplicate services, then
    /// duplicate interceptors and modules and interceptor scopes that no route is in, then pages that
    /// do not conform to the protocol their route declares (``ProtocolCheck``), then routable
    /// protocols without a provider, protocols not declared routable and groups declared nowhere
    /// (``DeclarationChecks``).
    package let problems: [CheckProblem]
    /// How many records the files hold, the bad ones included.
    package let recordCount: Int
    /// The registered patterns that have optional groups, in registration order, each with its
    /// forms in precedence order (the earlier form wins a key two forms match).
    package let forms: [(pattern: String, forms: [String])]

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

    /// `check --forms`: one line per pattern with optional groups,
    /// `forms of 'a(/:b)': 1. a/:b  2. a`; `nil` when no pattern has any. No final newline.
    package var formsText: String? {
        guard !forms.isEmpty else { return nil }
        return forms.map { pattern, forms in
            "forms of '\(pattern)': " + forms.enumerated().map { "\($0 + 1). \($1.isEmpty ? "(root)" : $1)" }.joined(separator: "  ")
        }.joined(separator: "\n")
    }

    /// Checks the records of the files together, as one app would register them: files in the
    /// order given, records in section order. Of the route records of one shape, the one marked
    /// as an override wins and the others are no problem; none marked, or several, is a
    /// duplicate naming every record, and none of them is registered, as in discovery
    /// (``OverrideRule``, decided on the whole pass before anything is registered). The records
    /// for one service protocol name follow the same rule. Records that cannot be read (a bad
    /// record, a version this reader does not know) are problems too.
    ///
    /// - Throws: ``RouteInspectionError`` when a file cannot be read or has no route section.
    ///   Bad records are problems, not errors.
    package init(binaries: [String]) throws(RouteInspectionError) {
        let binaryRoutes = try BinaryRoutes.read(binaries)
        var pass = binaryRoutes.pass()
        var problems = pass.issues.map { CheckProblem(.badRecord, at: $0.location, "bad record: \($0.message)") }
        for (record, skip) in pass.skipped {
            switch skip {
            case .invalidPattern(let error):
                problems.append(CheckProblem(.invalidPattern, at: record.location, "'\(record.pattern)': invalid pattern: \(error.message) (column \(error.column))"))
            case .invalidQueryContract(let error):
                problems.append(CheckProblem(.invalidQueryContract, at: record.location, "'\(record.pattern)': invalid query contract '\(record.query ?? "")': \(error)"))
            case .unusableTarget(let reason):
                problems.append(CheckProblem(.badRecord, at: record.location, "bad record: '\(record.pattern)': \(reason)"))
            }
        }
        for record in pass.records {
            if let compiled = record.compiledPattern, let parsed = try? RoutePattern(record.pattern), !compiled.hasSameParts(as: parsed) {
                problems.append(CheckProblem(.badRecord, at: record.location, "bad record: '\(record.pattern)': its compiled pattern does not match its text"))
            }
        }
        for contest in pass.contests where contest.winner == nil {
            let named = NamedRecord.naming(contest.conflicting.map { pass.records[$0] })
            let last = contest.conflicting.last.map { pass.records[$0].location }
            problems.append(CheckProblem(.duplicate, at: last, OverrideRule.duplicateMessage(.route, key: named[0].claim, records: named)))
        }
        // Registered with the options the records give, as discovery registers them.
        let router = Router(configuration: RouterConfiguration(host: nil))
        pass.register(on: router)
        let locations = Dictionary(pass.records.map { ($0.pattern, $0.location) }, uniquingKeysWith: { first, _ in first })
        for conflict in router.validate() {
            let kind: CheckProblem.Kind = conflict.kind == .tie ? .tie : .shadowed
            problems.append(CheckProblem(kind, at: locations[conflict.pattern], "'\(conflict.pattern)': \(conflict.kind.rawValue): \(conflict)"))
        }
        problems += ServiceCheck.problems(of: pass.services)
        problems += HookCheck.problems(of: pass.hooks, routes: pass.records)
        problems += try ProtocolCheck.problems(of: binaryRoutes.sections)
        problems += LauncherActionCheck.problems(of: pass.records)
        problems += DeclarationChecks.problems(of: pass).map { problem in
            let kind: CheckProblem.Kind = switch problem.kind {
            case .protocolWithoutProvider: .protocolWithoutProvider
            case .undeclaredProtocol: .undeclaredProtocol
            case .unknownGroup: .unknownGroup
            }
            return CheckProblem(kind, at: problem.record.location, problem.message)
        }
        self.problems = problems
        forms = router.routes.map(\.pattern).filter { !$0.optionalGroups.isEmpty }.map { pattern in
            (pattern.text, pattern.variants.map { $0.map(\.description).joined(separator: "/") })
        }
        recordCount = pass.recordCount + pass.issues.count
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
        /// A query contract that does not parse: discovery skips the record.
        case invalidQueryContract
        /// Route records of one shape of which none wins: none marked as an override, or several.
        case duplicate
        /// Two routes that match the same keys; the one found first wins.
        case tie
        /// A route that never wins for a key it matches.
        case shadowed
        /// Implementations of one service protocol of which none wins: none marked as an override, or several.
        case duplicateService
        /// A page type that does not conform to the protocol its route declares (`@Routable(..., as: P.self)`).
        case protocolNotConformed
        /// A route that declares a protocol whose page type the file does not name (stripped), so
        /// its conformance cannot be checked.
        case unverifiedProtocol
        /// Interceptor or module records of one name of which none wins: none marked as an override, or several.
        case duplicateHook
        /// An interceptor whose scope no route is in: a group no route record names, a pattern
        /// that matches no route.
        case unmatchedScope
        /// A route declared a launcher action that cannot be one: internal, without a summary, or
        /// with placeholders (``LauncherActionCheck``).
        case launcherAction
        /// A routable protocol (`#routableProtocol`) that no page offers and no service implements.
        case protocolWithoutProvider
        /// A page offers, or a service implements, a protocol no module declares routable.
        case undeclaredProtocol
        /// A route or an interceptor scope names a group no module declares (`@DeclaredGroup`).
        case unknownGroup
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
