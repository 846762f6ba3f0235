package import LinkRouterCore
import RoutePatterns
import RouteRecordLayout

/// The checks of an app's records: one list, run by discovery at start-up, by
/// `AppRoutes.validate()` in an app's tests and by `routes check` on a binary, so that the three
/// find the same problems in the same words.
///
/// Each check is one function of a ``Subject`` (the pass, and the router its routes went into)
/// to findings, in ``all``; a new check is one more entry. Each says how deep a run must go for it
/// (``Depth``): discovery runs the start-up checks always and the validating ones when it
/// validates (debug builds, by default); `AppRoutes` and `routes check` run them all.
///
/// What only a running program can tell (an accessor that refuses this copy of LinkRouter, a
/// service that is required and missing, a module whose set-up throws, a record whose shape or
/// name the router already had) discovery reports beside these; records that cannot be read or
/// made into routes are the pass's own (``RecordPass/issues``, ``RecordPass/skipped``).
package enum RecordChecks {
    /// How deep a run of the checks goes.
    package enum Depth: Int, Sendable, Comparable {
        /// What every discovery pass checks: the contests of the override rule, which decide
        /// what is registered.
        case startUp
        /// What a validating discovery pass checks too: what needs every route registered.
        case validating
        /// What `AppRoutes.validate()` and `routes check` check too: what needs the files on disk.
        case thorough

        package static func < (lhs: Depth, rhs: Depth) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// What the checks look at. A class, so that what the contests say, told once
    /// (``contests``), serves discovery's registration and the checks alike.
    package final class Subject {
        /// The pass, its decisions made.
        package let pass: RecordPass
        /// The router the pass's routes were registered in, with every route it has (those
        /// registered before the pass and by the modules' set-up included), for the scopes;
        /// `nil` for a pass of services alone.
        package let router: Router?
        /// The ties and shadowed routes to report: discovery's involve a route of its pass.
        package var conflicts: [RouteConflict]
        /// The route sections of the pass's files as read from disk, for the checks that need a
        /// file (declared protocols); read only when such a check runs.
        package let sections: () -> [RouteSection]
        /// What the override rule decided, told (``ContestReport``): made at the first use.
        package private(set) lazy var contests: [RecordFinding] = ContestReport(pass).findings
        /// The pass's route records, each read again whole (``RecordPass/Records``), once, for the
        /// checks that look at every one: made at the first use, so that a discovery pass that
        /// runs the start-up checks alone reads none.
        package private(set) lazy var routeRecords: [RouteRecord] = Array(pass.records)

        /// A subject.
        package init(pass: RecordPass, router: Router?, conflicts: [RouteConflict] = [], sections: @escaping () -> [RouteSection]) {
            self.pass = pass
            self.router = router
            self.conflicts = conflicts
            self.sections = sections
        }
    }

    /// One check: what it finds, how deep a run must go for it, and the function.
    package struct Check: Sendable {
        /// What it finds, as the documentation's table of checks names it.
        package let name: String
        /// The least depth that runs it.
        package let depth: Depth
        /// The check.
        package let run: @Sendable (Subject) -> [RecordFinding]
    }

    /// Every check, in the order findings are listed.
    package static let all: [Check] = [
        Check(name: "duplicates, overrides and refused overrides of routes, services, interceptors and modules", depth: .startUp, run: contests),
        Check(name: "ties and shadowed routes", depth: .validating, run: conflicts),
        Check(name: "interceptor scopes that match no route", depth: .validating, run: scopes),
        Check(name: "pages that do not offer the protocol their route declares", depth: .thorough, run: declaredProtocols),
        Check(name: "compiled patterns that are not their texts'", depth: .thorough, run: compiledPatterns),
        Check(
            name: "routable protocols without a provider, protocols offered or implemented but not declared, groups declared nowhere",
            depth: .validating, run: declarations
        ),
        Check(name: "launcher actions that cannot be one: internal, without a summary, with placeholders", depth: .validating, run: launcherActions),
    ]

    /// The findings of every check down to `depth`, in the order of ``all``.
    package static func findings(of subject: Subject, depth: Depth) -> [RecordFinding] {
        findings(of: subject, in: .startUp...depth)
    }

    /// The findings of the checks of `depths`, in the order of ``all`` (discovery tells the
    /// start-up checks before it registers the hooks, the others once every route is in place).
    package static func findings(of subject: Subject, in depths: ClosedRange<Depth>) -> [RecordFinding] {
        all.filter { depths.contains($0.depth) }.flatMap { $0.run(subject) }
    }

    // MARK: The checks

    /// The contests of the override rule, every kind of record (``ContestReport``).
    static func contests(_ subject: Subject) -> [RecordFinding] {
        subject.contests
    }

    /// The ties and shadowed routes, each at the record of the route that loses.
    static func conflicts(_ subject: Subject) -> [RecordFinding] {
        guard !subject.conflicts.isEmpty else { return [] }
        let records = subject.routeRecords
        let locations = Dictionary(records.map { ($0.pattern, $0.location) }, uniquingKeysWith: { first, _ in first })
        return subject.conflicts.map { conflict in
            RecordFinding(conflict.kind == .tie ? .tie : .shadowed, at: locations[conflict.pattern], "'\(conflict.pattern)': \(conflict.kind.rawValue): \(conflict)")
        }
    }

    /// The interceptors added whose scope no route is in: a group no route joins, a pattern that
    /// matches none of the routes' keys. (A route may join a group later, through the dynamic
    /// route table or `addRoute(_:toGroup:)`; such an app names the group on the route instead.)
    static func scopes(_ subject: Subject) -> [RecordFinding] {
        let hooks = subject.pass.hooks
        let interceptors = subject.pass.hookDecision.winners.compactMap { index in
            hooks[index].interceptor.map { (record: hooks[index], declared: $0) }
        }
        guard let router = subject.router, interceptors.contains(where: { $0.declared.scope != .all }) else { return [] }
        let routes = router.routes
        let groups = Set(routes.flatMap(\.options.groups))
        // One sample key per form of every route: a key the scope matches is a route it sees.
        lazy var keys = routes.flatMap { $0.pattern.variants.map(Router.representativeKey) }
        var findings: [RecordFinding] = []
        for (record, declared) in interceptors {
            switch declared.scope {
            case .all:
                continue
            case .group(let group):
                guard !groups.contains(group) else { continue }
                findings.append(RecordFinding(
                    .unmatchedScope, at: record.location, "interceptor '\(declared.name)': its scope, group '\(group)', has no route: no route record names the group",
                    subject: declared.name
                ))
            case .pattern(let pattern):
                let scope = Router(configuration: RouterConfiguration(host: nil))
                do {
                    try scope.register(pattern) { _ in nil }
                } catch {
                    findings.append(RecordFinding(.unmatchedScope, at: record.location, "interceptor '\(declared.name)': its scope '\(pattern)' does not parse: \(error)", subject: declared.name))
                    continue
                }
                if !keys.contains(where: { (try? scope.resolve($0)) != nil }) {
                    findings.append(RecordFinding(
                        .unmatchedScope, at: record.location, "interceptor '\(declared.name)': its scope, pattern '\(pattern)', matches no route", subject: declared.name
                    ))
                }
            }
        }
        return findings
    }

    /// The pages that do not conform to the protocol their route declares (``ProtocolCheck``),
    /// read from the files of the pass.
    static func declaredProtocols(_ subject: Subject) -> [RecordFinding] {
        guard subject.routeRecords.contains(where: { $0.declaredProtocol != nil }) else { return [] }
        return ProtocolCheck.findings(of: subject.sections())
    }

    /// What the annotations declare beside routes, against what uses it (``DeclarationChecks``):
    /// routable protocols and their providers, groups and the names that use them.
    static func declarations(_ subject: Subject) -> [RecordFinding] {
        let pass = subject.pass
        return DeclarationChecks.problems(routes: subject.routeRecords, services: pass.services, hooks: pass.hooks, declarations: pass.declarations).map { problem in
            let kind: RecordFinding.Kind = switch problem.kind {
            case .protocolWithoutProvider: .protocolWithoutProvider
            case .undeclaredProtocol: .undeclaredProtocol
            case .unknownGroup: .unknownGroup
            }
            return RecordFinding(kind, at: problem.record.location, problem.message)
        }
    }

    /// The routes declared launcher actions (`launcherAction: true`) that cannot be one
    /// (``/LinkRouterCore/RouteOptions/launcherActionProblem(of:)``): the macros refuse such a
    /// declaration, but a record can still carry it (a C record, or one written by another writer).
    static func launcherActions(_ subject: Subject) -> [RecordFinding] {
        subject.routeRecords.compactMap { record in
            guard record.kind.isRoute, record.isLauncherAction, let (pattern, options) = try? RecordPass.patternAndOptions(of: record),
                  let problem = options.launcherActionProblem(of: pattern) else { return nil }
            return RecordFinding(.launcherAction, at: record.location, problem)
        }
    }

    /// The records whose compiled pattern is not what their text parses to: the compiler wrote
    /// both, so only a damaged or forged record has this; discovery trusts the compiled one.
    static func compiledPatterns(_ subject: Subject) -> [RecordFinding] {
        subject.routeRecords.compactMap { record in
            guard let compiled = record.compiledPattern, let parsed = try? RoutePattern(record.pattern), !compiled.hasSameParts(as: parsed) else {
                return nil
            }
            return RecordFinding(.badRecord, at: record.location, "bad record: '\(record.pattern)': its compiled pattern does not match its text")
        }
    }
}

/// One thing a check found: a problem (the records to fix) or an override taken (reported, not a
/// problem, unless it replaces another module's interceptor or module set-up and the app did not
/// expect it: ``Kind/hookOverridden``).
package struct RecordFinding: Sendable, Hashable, CustomStringConvertible {
    /// What kind of finding.
    package enum Kind: String, Sendable, Hashable {
        /// A record that cannot be used: bad magic, version, text, or a compiled pattern that is
        /// not its text's.
        case badRecord
        /// A route pattern that does not parse.
        case invalidPattern
        /// A query contract that does not parse: the record is skipped.
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
        /// A route that declares a protocol whose page type the file does not name (stripped), or
        /// whose file's conformances cannot be read, so its conformance cannot be checked.
        case unverifiedProtocol
        /// Interceptor or module records of one name of which none wins: none added, and the
        /// routes they guard refuse to open.
        case duplicateHook
        /// An interceptor whose scope no route is in: a group no route record names, a pattern
        /// that matches no route.
        case unmatchedScope
        /// An interceptor or module marked `overrides: true` outside the program's executable,
        /// beside another of its name: not added, and the routes it guards refuse to open.
        case refusedOverride
        /// An interceptor or module that names a hook to replace that no record declares.
        case unknownOverrideTarget
        /// An interceptor or module replaced by another's override: reported wherever the checks
        /// run; `AppRoutes.validate()` and `routes check` fail unless it is expected.
        case hookOverridden
        /// A route or service record that lost to the override of its shape or protocol: not a problem.
        case overridden
        /// A routable protocol (`#routableProtocol`) that no page offers and no service implements.
        case protocolWithoutProvider
        /// A page offers, or a service implements, a protocol no module declares routable.
        case undeclaredProtocol
        /// A route or an interceptor scope names a group no module declares (`@DeclaredGroup`).
        case unknownGroup
        /// A route declared a launcher action that cannot be one: internal, without a summary, or
        /// with placeholders.
        case launcherAction
    }

    /// What kind of finding.
    package let kind: Kind
    /// Where the record at fault is, if known.
    package let location: RecordLocation?
    /// What is wrong, after the location: `'user/:name': duplicate: same shape as ...`.
    package let message: String
    /// What the finding is about, when a caller needs it: the name of a hook replaced
    /// (``Kind/hookOverridden``), of an interceptor whose scope matches nothing.
    package let subject: String?
    /// The records a contest names, in its order (a duplicate's, or the loser then the winner of
    /// an override); empty for the other findings.
    package let records: [NamedRecord]

    /// A finding.
    package init(_ kind: Kind, at location: RecordLocation?, _ message: String, subject: String? = nil, records: [NamedRecord] = []) {
        self.kind = kind
        self.location = location
        self.message = message
        self.subject = subject
        self.records = records
    }

    /// Whether it fails a check: everything but an override taken (a hook's fails unless expected).
    package var isProblem: Bool { kind != .overridden && kind != .hookOverridden }

    /// The line `routes check` prints: `file at 0x1f40: message`.
    package var description: String { "\(location?.short ?? "?"): \(message)" }

    /// The line discovery logs and `AppRoutes` reports: the message when it names its records
    /// itself (a contest's), else ``description``.
    package var line: String { records.isEmpty ? description : message }
}

extension RecordLocation {
    /// `file at 0x1f40`, for table cells and messages.
    package var short: String { "\(file) at 0x\(String(fileOffset, radix: 16))" }
}
