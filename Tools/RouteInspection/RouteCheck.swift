import LinkRouterCore
package import RouteRecordReader

/// `routes check BINARY...`: the checks discovery and `AppRoutes.validate()` run
/// (``RouteRecordReader/RecordChecks``, all of them), offline, for CI.
package struct RouteCheck {
    /// Every problem found, in the order the checks run: bad records, then bad patterns and query
    /// contracts, then the list of checks (``RouteRecordReader/RecordChecks/all``): duplicates of
    /// routes, services, interceptors and modules, refused overrides and interceptors or modules
    /// replaced that were not expected, ties and shadowed routes, interceptor scopes that no route
    /// is in, pages that do not conform to the protocol their route declares, compiled patterns
    /// that are not their texts'.
    package let problems: [CheckProblem]
    /// The overrides taken that are no problem, one per record overridden: routes and services,
    /// and the interceptors and modules replaced that were expected.
    package let overrides: [CheckProblem]
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

    /// One line per problem (file and offset, pattern, what, why), then one per override taken
    /// (`note: ...`), then the summary; no final newline.
    package var text: String {
        (problems.map(\.description) + overrides.map { "note: \($0.description)" } + [summary]).joined(separator: "\n")
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
    /// order given, records in section order, the override rule decided on them all before
    /// anything is registered, as in discovery (``RouteRecordReader/RecordPass``). The files that
    /// are programs (executables, not libraries or object files) are the app's executable, whose
    /// interceptors and modules marked `overrides: true` may replace others of their name.
    /// Records that cannot be read (a bad record, a version this reader does not know) are
    /// problems too.
    ///
    /// - Parameters:
    ///   - binaries: The files.
    ///   - expectedOverrides: The interceptors and modules, by name, whose replacement by another
    ///     hook's override is expected: such a replacement is a problem unless its name is here.
    /// - Throws: ``RouteInspectionError`` when a file cannot be read or has no route section.
    ///   Bad records are problems, not errors.
    package init(binaries: [String], expectedOverrides: Set<String> = []) throws(RouteInspectionError) {
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
        // Registered with the options the records give, as discovery registers them.
        let router = Router(configuration: RouterConfiguration(host: nil))
        pass.register(on: router)
        let findings = RecordChecks.findings(
            of: RecordChecks.Subject(pass: pass, router: router, conflicts: router.validate(), sections: { binaryRoutes.sections }), depth: .thorough
        )
        let isExpected = { (finding: CheckProblem) in finding.kind == .hookOverridden && finding.subject.map(expectedOverrides.contains) == true }
        self.problems = problems + findings.filter { $0.isProblem || ($0.kind == .hookOverridden && !isExpected($0)) }
        overrides = findings.filter { $0.kind == .overridden || isExpected($0) }
        forms = router.routes.map(\.pattern).filter { !$0.optionalGroups.isEmpty }.map { pattern in
            (pattern.text, pattern.variants.map { $0.map(\.description).joined(separator: "/") })
        }
        recordCount = pass.recordCount + pass.issues.count
    }
}

/// One problem `routes check` reports: a finding of the checks (``RouteRecordReader/RecordFinding``).
package typealias CheckProblem = RecordFinding
