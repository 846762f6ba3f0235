import LinkRouterCore
import Logging
import RouteRecordReader

// What a discovery pass reports beyond the records it skipped: the findings of the checks
// (RecordChecks) and the routes that cannot win.
extension Router {
    /// The routes that cannot win for some key and that involve a route this pass registered:
    /// conflicts among earlier routes were reported by the passes that registered them.
    static func conflicts(in router: Router, registeredBy report: DiscoveryReport) -> [RouteConflict] {
        guard !report.registered.isEmpty else { return [] }
        let registered = Set(report.registered)
        return router.validate().filter { registered.contains($0.pattern) || registered.contains($0.winner) }
    }

    /// Reports findings of the checks, each in the report and the log: a guard not in place (a
    /// contested or refused interceptor or module) as an error, another problem as a warning in
    /// `diagnostics` (a duplicate route also in `duplicateRoutes`; ties and shadowed routes are in
    /// `conflicts` alone, since both routes work), an override taken in `overridden`: a route's or
    /// a service's at the info level, an interceptor's or a module's as a warning.
    static func reportFindings(_ findings: [RecordFinding], in report: inout DiscoveryReport, logger: Logger) {
        report.findings += findings
        for finding in findings {
            let line = finding.line
            switch finding.kind {
            case .overridden:
                report.overridden.append(line)
                logger.info("\(line)")
            case .hookOverridden:
                report.overridden.append(line)
                logger.warning("\(line)")
            case .tie, .shadowed:
                logger.warning("\(line)")
            case .duplicateHook, .refusedOverride:
                report.diagnostics.append(line)
                logger.error("\(line)")
            case .duplicate:
                report.duplicateRoutes.append(DuplicateRoute(records: finding.records.map(DuplicateRoute.Record.init)))
                report.diagnostics.append(line)
                logger.warning("\(line)")
            case .badRecord, .invalidPattern, .invalidQueryContract, .duplicateService, .protocolNotConformed, .unverifiedProtocol,
                 .unmatchedScope, .unknownOverrideTarget, .protocolWithoutProvider, .undeclaredProtocol, .unknownGroup, .launcherAction:
                report.diagnostics.append(line)
                logger.warning("\(line)")
            }
        }
    }
}
