package import LinkRouterCore
import RouteRecordLayout

/// The one telling of what the override rule decided on a pass (``RecordPass``), for every kind
/// of record: what discovery logs and reports, what `AppRoutes` fails on and what `routes check`
/// prints all come from ``findings``.
///
/// - A contest no record wins is a problem naming every record in conflict: a duplicate route,
///   service, interceptor or module.
/// - A record an override won over is reported naming both; for a route or a service that is no
///   problem (``RecordFinding/Kind/overridden``), for an interceptor or a module it is a guard
///   replaced (``RecordFinding/Kind/hookOverridden``).
/// - An interceptor's or module's `overrides: true` refused (not in the executable, beside
///   another of its name), and a named override of a hook no record declares, are problems.
///
/// Records are named by their accessor symbols, read from the symbol tables of the files
/// involved, each file once and only when there is something to tell.
package struct ContestReport {
    /// The findings, routes first, then services, then interceptors and modules, each in the
    /// order the rule met their keys.
    package let findings: [RecordFinding]

    /// Tells what the rule decided on `pass`.
    package init(_ pass: RecordPass) {
        let routeContests = pass.contests
        let serviceContests = pass.serviceContests
        let hook = pass.hookDecision
        guard !routeContests.isEmpty || !serviceContests.isEmpty || !hook.contests.isEmpty || !hook.refused.isEmpty || !hook.unknownTargets.isEmpty else {
            findings = []
            return
        }
        // Every record named at once, so each file's symbol table is read once.
        let routeIndices = routeContests.flatMap(\.members)
        let serviceIndices = serviceContests.flatMap(\.members)
        let hookIndices = hook.contests.flatMap(\.members) + hook.refused + hook.unknownTargets
        let all = routeIndices.map { pass.records[$0] } + serviceIndices.map { pass.services[$0] } + hookIndices.map { pass.hooks[$0] }
        let names = NamedRecord.naming(all)
        let routeNames = Dictionary(zip(routeIndices, names[..<routeIndices.count]), uniquingKeysWith: { first, _ in first })
        let serviceNames = Dictionary(zip(serviceIndices, names[routeIndices.count..<(routeIndices.count + serviceIndices.count)]).map { index, name in
            // Named by the protocol the rule decided on, which discovery reads from the accessor.
            (index, name.claiming((try? pass.serviceKeys[index].get()) ?? name.claim))
        }, uniquingKeysWith: { first, _ in first })
        let hookNames = Dictionary(zip(hookIndices, names[(routeIndices.count + serviceIndices.count)...]), uniquingKeysWith: { first, _ in first })

        var findings: [RecordFinding] = []
        for contest in routeContests {
            findings += Self.tell(contest, subject: .route, names: routeNames, location: pass.records.location(at:))
        }
        for contest in serviceContests {
            findings += Self.tell(contest, subject: .service, names: serviceNames) { pass.services[$0].location }
        }
        for contest in hook.contests {
            let subject: OverrideRule.Subject = pass.hooks[contest.members[0]].kind == .interceptor ? .interceptor : .module
            // The name contested: the one the members that replace nothing bear, else the one the overrides name.
            let key = contest.members.first { pass.hooks[$0].hookOrigin?.replaces == nil }.map { pass.hooks[$0].pattern }
                ?? contest.members.lazy.compactMap { pass.hooks[$0].hookOrigin?.replaces }.first
            findings += Self.tell(contest, subject: subject, key: key, names: hookNames) { pass.hooks[$0].location }
        }
        for index in hook.refused {
            guard let name = hookNames[index] else { continue }
            let record = pass.hooks[index]
            findings.append(RecordFinding(
                .refusedOverride, at: record.location, OverrideRule.refusedMessage(record.kind == .interceptor ? .interceptor : .module, record: name),
                subject: record.pattern, records: [name]
            ))
        }
        for index in hook.unknownTargets {
            guard let name = hookNames[index] else { continue }
            let record = pass.hooks[index]
            findings.append(RecordFinding(
                .unknownOverrideTarget, at: record.location,
                OverrideRule.unknownTargetMessage(record.kind == .interceptor ? .interceptor : .module, record: name, replaces: record.hookOrigin?.replaces ?? ""),
                subject: record.pattern, records: [name]
            ))
        }
        self.findings = findings
    }

    /// The findings of one contest: its duplicate, when none wins, and each record overridden.
    private static func tell(
        _ contest: OverrideRule.Contest, subject: OverrideRule.Subject, key: String? = nil, names: [Int: NamedRecord],
        location: (Int) -> RecordLocation
    ) -> [RecordFinding] {
        var findings: [RecordFinding] = []
        let winner = contest.winner.flatMap { names[$0] }
        if contest.winner == nil {
            let conflicting = contest.conflicting.compactMap { names[$0] }
            let at = contest.conflicting.last.map(location)
            let kind: RecordFinding.Kind = switch subject {
            case .route: .duplicate
            case .service: .duplicateService
            case .interceptor, .module: .duplicateHook
            }
            let message = subject == .service
                ? ServiceProblem.conflict(service: conflicting.first?.claim ?? "", records: conflicting.map(\.origin), allOverrides: conflicting.first?.isOverride == true).description
                : OverrideRule.duplicateMessage(subject, key: key ?? conflicting.first?.claim ?? "", records: conflicting)
            findings.append(RecordFinding(kind, at: at, message, subject: key ?? conflicting.first?.claim, records: conflicting))
        }
        for index in contest.overridden {
            guard let loser = names[index] else { continue }
            // A hook's loser is a guard replaced; or, when several overrides left none to win, one
            // more hook of the contest that is not in place.
            let isHook = subject == .interceptor || subject == .module
            let kind: RecordFinding.Kind = isHook ? (winner == nil ? .duplicateHook : .hookOverridden) : .overridden
            findings.append(RecordFinding(
                kind, at: location(index), OverrideRule.overriddenMessage(subject, loser: loser, winner: winner),
                subject: loser.claim, records: [loser] + (winner.map { [$0] } ?? [])
            ))
        }
        return findings
    }
}

extension NamedRecord {
    /// The same record named as claiming `claim` (a service by the protocol its accessor yields).
    func claiming(_ claim: String) -> NamedRecord {
        NamedRecord(claim: claim, symbol: symbol, file: file, fileOffset: fileOffset, isOverride: isOverride)
    }

    /// The record as a service problem names it.
    package var origin: ServiceOrigin { ServiceOrigin(file: file, fileOffset: fileOffset, symbol: symbol) }
}
