import LinkRouterCore
import RouteRecordReader

/// What `routes check` can tell about services offline: records that implement one protocol
/// name with no single override among them. (At run time discovery compares the protocols
/// themselves, and checks what only a running program can: accessors that refuse, and required
/// services that are missing.)
enum ServiceCheck {
    /// One problem per protocol name that several records implement with no single override among
    /// them (``OverrideRule``, as discovery decides), at the last of those records, in the words
    /// discovery reports it with, each record named by file, offset and accessor symbol.
    ///
    /// - Parameter records: The service records, in link order.
    static func problems(of records: [RouteRecord]) -> [CheckProblem] {
        let decision = OverrideRule.decide(keys: records.map(\.pattern), isOverride: { records[$0].isOverride })
        return decision.contests.filter { $0.winner == nil }.map { contest in
            let conflicting = contest.conflicting.map { records[$0] }
            let named = NamedRecord.naming(conflicting)
            let problem = ServiceProblem.conflict(
                service: conflicting[0].pattern,
                records: named.map { ServiceOrigin(file: $0.file, fileOffset: $0.fileOffset, symbol: $0.symbol) },
                allOverrides: conflicting[0].isOverride
            )
            return CheckProblem(.duplicateService, at: conflicting.last?.location, problem.description)
        }
    }
}
