import LinkRouterCore
import Logging
import RouteRecordLayout
import RouteRecordReader

/// The interceptor and module records of one discovery pass, after its routes and services: the
/// override rule decided on them (``HookRecords``, by kind and name), then each winning
/// interceptor added to the router, then each winning module configured, in pass order. A record
/// that cannot be used, and a module whose set-up throws, is reported; the others still register.
enum HookDiscoveryPass {
    static func run(_ records: [RouteRecord], on router: Router, report: inout DiscoveryReport, logger: Logger) {
        guard !records.isEmpty else { return }
        let hooks = HookRecords(records)
        for (isProblem, line) in hooks.contestLines {
            if isProblem {
                report.diagnostics.append(line)
                logger.warning("\(line)")
            } else {
                report.overridden.append(line)
                logger.info("\(line)")
            }
        }
        let winners = hooks.winners
        func skip(_ record: RouteRecord, _ reason: String) {
            let message = "skipped record: \(record.location): \(record.kind) '\(record.pattern)': \(reason)"
            report.diagnostics.append(message)
            logger.warning("\(message)")
        }
        for record in winners where record.kind == .interceptor {
            guard let declared = record.interceptor, let interceptor = loadValue(DiscoveredInterceptor.self, fromAccessorAt: record.accessorAddress) else {
                skip(record, "its accessor refused this copy of LinkRouter (\(privateCopyFix(accessorAt: record.accessorAddress)))")
                continue
            }
            // As a route registered before the pass keeps its place, so does an interceptor of the
            // name (added by hand, or by an earlier pass: a library loaded again from a replaced file).
            guard !router.hasInterceptor(named: declared.name) else {
                skip(record, "an interceptor named '\(declared.name)' was added earlier and keeps its place")
                continue
            }
            let scope: InterceptorScope = switch declared.scope {
            case .all: .all
            case .group(let group): .group(group)
            case .pattern(let pattern): .pattern(RouteID(rawValue: pattern))
            }
            do {
                try router.addInterceptor(interceptor.make(), named: declared.name, scope: scope, priority: declared.priority)
                report.registeredInterceptors.append(declared.name)
            } catch {
                skip(record, "\(error)")
            }
        }
        for record in winners where record.kind == .module {
            guard let module = loadValue(DiscoveredModule.self, fromAccessorAt: record.accessorAddress) else {
                skip(record, "its accessor refused this copy of LinkRouter (\(privateCopyFix(accessorAt: record.accessorAddress)))")
                continue
            }
            do {
                try module.configure(router)
                report.configuredModules.append(module.typeName)
            } catch {
                let failure = ModuleFailure(module: module.typeName, location: "\(record.location)", error: error)
                report.moduleFailures.append(failure)
                report.diagnostics.append(failure.description)
                logger.error("\(failure.description)")
            }
        }
    }
}
