import LinkRouterCore
import Logging
import RouteRecordLayout
import RouteRecordReader

/// The interceptor and module records of one discovery pass, after its routes and services, as
/// the pass decided them (``RecordPass/hookDecision``): each winning interceptor added to the
/// router, then each winning module configured, in pass order. A record that cannot be used, and
/// a module whose set-up throws, is reported; the others still register.
///
/// A guard that cannot be put in place blocks what it guards: the routes in the scope of an
/// interceptor that is contested, whose `overrides: true` was refused or whose record cannot be
/// used, and the routes declared in the Swift module of such a module set-up, refuse to open
/// (``RouteFailure/guardUnavailable(guard:reason:)``, ``Router/refuseRoutes(in:named:failure:)``).
enum HookDiscoveryPass {
    static func run(_ pass: RecordPass, contests: [RecordFinding], on router: Router, report: inout DiscoveryReport, logger: Logger) {
        let hooks = pass.hooks
        guard !hooks.isEmpty else { return }
        let decision = pass.hookDecision
        var blocked = Blocks()
        func skip(_ record: RouteRecord, _ reason: String, blocking index: Int? = nil) {
            let message = "skipped record: \(record.location): \(record.kind) '\(record.pattern)': \(reason)"
            report.diagnostics.append(message)
            logger.warning("\(message)")
            if let index { blocked.add(index, reason: message) }
        }
        // The hooks that take no part, each with the finding that says why: every member of a
        // contest none wins, with its duplicate; each refused override, with its refusal.
        func finding(_ kind: RecordFinding.Kind, naming index: Int) -> String? {
            let location = hooks[index].location
            return contests.first { finding in
                finding.kind == kind && finding.records.contains { $0.file == location.file && $0.fileOffset == location.fileOffset }
            }?.message
        }
        for contest in decision.contests where contest.winner == nil {
            let reason = contest.conflicting.first.flatMap { finding(.duplicateHook, naming: $0) } ?? "its \(hooks[contest.members[0]].kind) is contested"
            for index in contest.members { blocked.add(index, reason: reason) }
        }
        for index in decision.refused {
            blocked.add(index, reason: finding(.refusedOverride, naming: index) ?? "its override was refused")
        }
        for index in decision.winners where hooks[index].kind == .interceptor {
            let record = hooks[index]
            guard let declared = record.interceptor, let interceptor = loadValue(DiscoveredInterceptor.self, fromAccessorAt: record.accessorAddress) else {
                skip(record, "its accessor refused this copy of LinkRouter (\(privateCopyFix(accessorAt: record.accessorAddress)))", blocking: index)
                continue
            }
            // As a route registered before the pass keeps its place, so does an interceptor of the
            // name (added by hand, or by an earlier pass: a library loaded again from a replaced file).
            guard !router.hasInterceptor(named: declared.name) else {
                skip(record, "an interceptor named '\(declared.name)' was added earlier and keeps its place")
                continue
            }
            do {
                try router.addInterceptor(interceptor.make(), named: declared.name, scope: InterceptorScope(declared.scope), priority: declared.priority)
                report.registeredInterceptors.append(declared.name)
            } catch {
                skip(record, "\(error)", blocking: index)
            }
        }
        var runnable: [(index: Int, module: DiscoveredModule)] = []
        for index in decision.winners where hooks[index].kind == .module {
            let record = hooks[index]
            guard let module = loadValue(DiscoveredModule.self, fromAccessorAt: record.accessorAddress) else {
                skip(record, "its accessor refused this copy of LinkRouter (\(privateCopyFix(accessorAt: record.accessorAddress)))", blocking: index)
                continue
            }
            runnable.append((index, module))
        }
        // The refusals are in place before any set-up runs, so that none opens what they cover.
        blocked.refuse(in: pass, on: router, report: &report, logger: logger)
        for (index, module) in runnable {
            do {
                try module.configure(router)
                report.configuredModules.append(module.typeName)
            } catch {
                let failure = ModuleFailure(module: module.typeName, location: "\(hooks[index].location)", error: error)
                report.moduleFailures.append(failure)
                report.diagnostics.append(failure.description)
                logger.error("\(failure.description)")
            }
        }
    }

    /// The hooks not in place, each with why, and the refusals they take.
    private struct Blocks {
        private var reasons: [Int: String] = [:]
        private var order: [Int] = []

        mutating func add(_ index: Int, reason: String) {
            if reasons[index] == nil { order.append(index) }
            reasons[index] = reason
        }

        /// Makes what each hook guards refuse to open: an interceptor's scope, the routes of a
        /// module's Swift module (or of its file, when its module cannot be told).
        func refuse(in pass: RecordPass, on router: Router, report: inout DiscoveryReport, logger: Logger) {
            for index in order {
                let record = pass.hooks[index]
                let reason = reasons[index] ?? ""
                let failure = RouteFailure.guardUnavailable(guard: record.pattern, reason: reason)
                let routes: RefusedRoutes
                if let declared = record.interceptor {
                    routes = .scope(InterceptorScope(declared.scope))
                } else {
                    let module = pass.declaringModule(ofHook: index)
                    routes = .patterns(pass.registeredPatterns(declaredIn: module.map { [$0] } ?? [], files: [record.location.file], wholeFiles: module == nil))
                }
                do {
                    try router.refuseRoutes(in: routes, named: record.pattern, failure: failure)
                } catch {
                    let message = "\(record.kind) '\(record.pattern)' at \(record.location): what it guards cannot be refused: \(error)"
                    report.diagnostics.append(message)
                    logger.error("\(message)")
                }
            }
        }
    }
}

extension InterceptorScope {
    /// The scope an interceptor record states.
    init(_ scope: InterceptorRecordText.Scope) {
        switch scope {
        case .all: self = .all
        case .group(let group): self = .group(group)
        case .pattern(let pattern): self = .pattern(RouteID(rawValue: pattern))
        }
    }
}
