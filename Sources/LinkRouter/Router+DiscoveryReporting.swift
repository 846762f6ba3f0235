import LinkRouterCore
import Logging
import RouteRecordReader

// What a discovery pass reports beyond the records it skipped: the contests of the override rule
// and the routes that cannot win.
extension Router {
    /// Reports the routes that cannot win for some key and that involve a route this pass
    /// registered: conflicts among earlier routes were reported by the passes that registered them.
    static func reportConflicts(in router: Router, report: inout DiscoveryReport, logger: Logger) {
        guard !report.registered.isEmpty else { return }
        let registered = Set(report.registered)
        report.conflicts = router.validate().filter { registered.contains($0.pattern) || registered.contains($0.winner) }
        for conflict in report.conflicts {
            logger.warning("\(conflict.kind.rawValue) route: \(conflict)")
        }
    }

    /// Reports the pass's contests: the duplicates as warnings, the records an override won over
    /// at the info level, each record named by its accessor symbol (read from the symbol tables of
    /// the files involved, only when there is something to report).
    static func reportContests(of pass: RecordPass, in report: inout DiscoveryReport, logger: Logger) {
        for contest in pass.contests {
            let name = pass.named(contest.members)
            let winner = contest.winner.flatMap { name[$0] }
            if winner == nil {
                let duplicate = DuplicateRoute(records: contest.conflicting.compactMap { name[$0] }.map(DuplicateRoute.Record.init))
                report.duplicateRoutes.append(duplicate)
                report.diagnostics.append(duplicate.description)
                logger.warning("\(duplicate.description)")
            }
            for loser in contest.overridden {
                guard let loser = name[loser] else { continue }
                let line = OverrideRule.overriddenMessage(.route, loser: loser, winner: winner)
                report.overridden.append(line)
                logger.info("\(line)")
            }
        }
    }
}
