import LinkRouterCore
import RoutePatterns
import RouteRecordLayout
import RouteRecordReader

/// What `routes check` tells about the interceptor and module records: those of one kind and name
/// with no single override among them (``HookRecords``, as discovery decides), and each winning
/// interceptor whose scope no route of the files is in: a group no route joins, a pattern that
/// matches no route's keys. (A route may join a group later, through the dynamic route table or
/// `addRoute(_:toGroup:)`; such an app names the group on the route instead, or does not run check
/// on the scope.)
enum HookCheck {
    /// The problems, duplicates first, then scopes, each at its record.
    ///
    /// - Parameters:
    ///   - hooks: The pass's interceptor and module records, in pass order.
    ///   - routes: The pass's route records.
    static func problems(of hooks: [RouteRecord], routes: [RouteRecord]) -> [CheckProblem] {
        guard !hooks.isEmpty else { return [] }
        let decided = HookRecords(hooks)
        var problems = decided.decision.contests.filter { $0.winner == nil }.map { contest in
            let conflicting = contest.conflicting.map { hooks[$0] }
            let subject: OverrideRule.Subject = conflicting[0].kind == .interceptor ? .interceptor : .module
            let message = OverrideRule.duplicateMessage(subject, key: conflicting[0].pattern, records: NamedRecord.naming(conflicting))
            return CheckProblem(.duplicateHook, at: conflicting.last?.location, message)
        }
        let groups = Set(routes.flatMap(\.groups))
        // One sample key per form of every route: a key the scope matches is a route it sees.
        let keys = routes.compactMap { try? $0.parsedPattern() }.flatMap { $0.variants.map(Router.representativeKey) }
        for record in decided.winners {
            guard let declared = record.interceptor else { continue }
            switch declared.scope {
            case .all:
                continue
            case .group(let group) where !groups.contains(group):
                problems.append(CheckProblem(
                    .unmatchedScope, at: record.location,
                    "interceptor '\(declared.name)': its scope, group '\(group)', has no route: no route record names the group"
                ))
            case .group:
                continue
            case .pattern(let pattern):
                let scope = Router(configuration: RouterConfiguration(host: nil))
                do {
                    try scope.register(pattern) { _ in nil }
                } catch {
                    problems.append(CheckProblem(.unmatchedScope, at: record.location, "interceptor '\(declared.name)': its scope '\(pattern)' does not parse: \(error)"))
                    continue
                }
                if !keys.contains(where: { (try? scope.resolve($0)) != nil }) {
                    problems.append(CheckProblem(
                        .unmatchedScope, at: record.location, "interceptor '\(declared.name)': its scope, pattern '\(pattern)', matches no route"
                    ))
                }
            }
        }
        return problems
    }
}
