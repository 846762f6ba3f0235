import LinkRouterDesktop
import RouteRecordReader

/// `routes check`'s check of launcher actions (`launcherAction: true`): the launcher opens an
/// action's link as a link from outside, so only an external route with a summary (its title) and a
/// pattern of literal segments (its link) may be one. The rule is LinkRouterDesktop's, the one
/// `DesktopEntry.Action.launcherActions(of:scheme:host:)` applies when it writes the actions; this
/// applies it to every route record of the pass that declares one. The macros refuse such a
/// declaration at compile time; a record can still carry it (a C record, a record written by hand
/// or by another writer), and the check says so.
enum LauncherActionCheck {
    /// One problem per route record that declares a launcher action it cannot be.
    static func problems(of records: [RouteRecord]) -> [CheckProblem] {
        records.compactMap { record in
            guard record.kind.isRoute, record.isLauncherAction,
                  let (pattern, options) = try? RecordPass.patternAndOptions(of: record),
                  let reason = DesktopEntry.Action.launcherActionProblem(pattern: pattern, options: options) else { return nil }
            return CheckProblem(.launcherAction, at: record.location, reason)
        }
    }
}
