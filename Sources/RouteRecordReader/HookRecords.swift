import RouteRecordLayout

/// The interceptor and module records of one pass (``RecordPass/hooks``), decided by the override
/// rule as routes and services are: of the records of one kind and one name, the one marked as an
/// override wins (an app's `LoginInterceptor` over a library's); none marked, or several, is a
/// duplicate, and none of them is used. Discovery and `routes check` decide with it alike.
package struct HookRecords {
    /// The records, in pass order.
    package let records: [RouteRecord]
    /// The rule's decision, in indices into ``records``.
    package let decision: OverrideRule.Decision

    /// Decides between `records`, interceptors and modules apart.
    package init(_ records: [RouteRecord]) {
        self.records = records
        decision = OverrideRule.decide(keys: records.map { "\($0.kind.fourCC) \($0.pattern)" }, isOverride: { records[$0].isOverride })
    }

    /// The records that win, in pass order: those that met no other of their kind and name, and the
    /// one override of theirs.
    package var winners: [RouteRecord] {
        records.indices.filter(decision.isRegistered(_:)).map { records[$0] }
    }

    /// One line per contest: a duplicate that names every record in conflict (a problem), or the
    /// records an override won over (information), each record named by its accessor symbol.
    package var contestLines: [(isProblem: Bool, line: String)] {
        decision.contests.flatMap { contest -> [(isProblem: Bool, line: String)] in
            let subject: OverrideRule.Subject = records[contest.members[0]].kind == .interceptor ? .interceptor : .module
            let named = Dictionary(uniqueKeysWithValues: zip(contest.members, NamedRecord.naming(contest.members.map { records[$0] })))
            var lines: [(isProblem: Bool, line: String)] = []
            if contest.winner == nil {
                let conflicting = contest.conflicting.map { named[$0]! }
                lines.append((true, OverrideRule.duplicateMessage(subject, key: conflicting[0].claim, records: conflicting)))
            }
            for loser in contest.overridden {
                lines.append((false, OverrideRule.overriddenMessage(subject, loser: named[loser]!, winner: contest.winner.flatMap { named[$0] })))
            }
            return lines
        }
    }
}
