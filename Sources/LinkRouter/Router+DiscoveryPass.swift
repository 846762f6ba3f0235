import LinkRouterCore
import Logging
import RouteRecordReader

// The discovery pass: the loaded images' route sections found, their records read as one
// sequence and made into routes by the pass every tool uses too (`RecordPass`), the winners
// registered, services resolved, and the report filled.
extension Router {
    /// Registers the records of `images`, which the caller has claimed: routes in `router` (or
    /// none, when it is `nil`), services in `services`; then, when `validating`, checks the routes
    /// for conflicts. When `judgedFromMemory`, an image whose dynamic symbols show it holds no
    /// records is left unopened (``LoadedImage/mayHoldRecords``).
    static func register(
        from images: [LoadedImage], judgedFromMemory: Bool, routesIn router: Router?, servicesIn services: ServiceRegistry,
        checking depth: RecordChecks.Depth, logger: Logger
    ) -> DiscoveryReport {
        let clock = ContinuousClock()
        let start = clock.now
        var report = DiscoveryReport()
        report.examinedObjectCount = images.count
        // The sections are found first, so that the pass makes room for all their records at once.
        var sections: [LoadedRouteSection] = []
        var capacity = 0
        var unreadable: Set<String> = []
        for image in images {
            if judgedFromMemory, !image.mayHoldRecords {
                report.unopenedFiles.append(image.path)
                continue
            }
            do {
                guard let section = try LoadedRouteSection(image: image) else { continue }
                // Before any record's accessor is called: a library whose Swift records were
                // compiled against another LinkRouter build is refused whole, none of its code run.
                if !image.linksThisCopyOfLinkRouter, section.holdsSwiftRecords,
                   let refusal = PluginLoadError(path: image.path, compiledAgainst: image.compiledAgainst) {
                    report.refusedLibraries.append(refusal)
                    report.diagnostics.append("\(refusal)")
                    logger.error("\(refusal)")
                    continue
                }
                // Routes and services point into the image: it must outlive a dlclose.
                guard image.keepLoaded() else {
                    let message = "cannot keep \(image.path) loaded (the dynamic linker refused RTLD_NODELETE): its records are skipped, as a dlclose would leave them pointing into unmapped memory"
                    report.diagnostics.append(message)
                    logger.warning("\(message)")
                    continue
                }
                report.scannedFiles.append(image.path)
                sections.append(section)
                capacity += section.records.capacity
            } catch {
                unreadable.insert(image.path)
                report.diagnostics.append("cannot read route records: \(error)")
                logger.warning("cannot read route records: \(error)")
            }
        }
        // Every record of the pass is read once, each route made once, with the pattern its record
        // carries (a Swift record's compiled pattern) or parsed once (a C record's). The override
        // rule then decides on the whole pass, the losers are left out, and the registry takes the
        // rest as they are: the routing table is built from them, at first use.
        // A service's key is the protocol its accessor yields; what it yields is kept to register it.
        var resolvedServices: [RecordLocation: DiscoveredService] = [:]
        var pass = RecordPass(
            sections.map(\.records), capacity: capacity, makesRoutes: router != nil,
            executables: Set(images.filter(\.isMainProgram).map(\.path)),
            target: { accessor throws(RecordPass.Skip) in try target(of: accessor, for: router) }
        ) { record throws(RecordPass.Skip) -> String in
            guard let service = loadValue(DiscoveredService.self, fromAccessorAt: record.accessorAddress) else {
                throw .unusableTarget("its accessor refused this copy of LinkRouter (\(privateCopyFix(accessorAt: record.accessorAddress)))")
            }
            guard service.isNamed(record.pattern) else { throw .unusableTarget("the record names '\(record.pattern)' but implements '\(service.name)'") }
            resolvedServices[record.location] = service
            return service.name
        }
        report.recordCount = pass.recordCount
        for issue in pass.issues {
            report.diagnostics.append("skipped record: \(issue)")
            logger.warning("skipped route record: \(issue)")
        }
        for (record, skip) in pass.skipped {
            let message = "skipped record: \(record.location): \(skip.reason)"
            report.diagnostics.append(message)
            logger.warning("\(message)")
        }
        // A program that links LinkRouter but holds no record at all was most likely linked
        // without its feature modules' records (an unreadable section is reported already).
        // (Declarations of groups and protocols, in a shared module linked whole, do not count.)
        if report.recordCount == pass.declarations.count, let own = images.first(where: \.linksThisCopyOfLinkRouter), !unreadable.contains(own.path) {
            let message = "no route records found: \(own.path) links LinkRouter, but neither it nor a loaded library holds a record. Feature modules linked from static archives (.a) lose their records unless the archive is linked whole (-Xlinker --whole-archive -Xlinker libFeature.a -Xlinker --no-whole-archive)"
            report.diagnostics.append(message)
            logger.warning("\(message)")
        }
        if let router {
            for (record, existing) in pass.register(on: router) {
                let message = "duplicate route '\(record.pattern)' at \(record.location) ignored: '\(existing)' registered earlier wins"
                report.diagnostics.append(message)
                logger.warning("\(message)")
            }
            report.registered = pass.registeredPatterns
        }
        // The checks (RecordChecks), the ones that decide what is registered first: the contests
        // of every kind of record, told once.
        let checks = RecordChecks.Subject(pass: pass, router: router) { [pass] in Self.sectionsOnDisk(of: pass) }
        // A service's duplicate is reported with the service problems; a pass of services alone
        // (no router) leaves the interceptors and modules to the router's own pass.
        let hookKinds: Set<RecordFinding.Kind> = [.duplicateHook, .hookOverridden, .refusedOverride, .unknownOverrideTarget]
        reportFindings(checks.contests.filter { $0.kind != .duplicateService && (router != nil || !hookKinds.contains($0.kind)) }, in: &report, logger: logger)
        ServiceDiscoveryPass.register(pass, resolved: resolvedServices, contests: checks.contests, in: services, report: &report, logger: logger)
        // Interceptors and modules last: a module's set-up may use the services and routes of the pass.
        if let router {
            HookDiscoveryPass.run(pass, contests: checks.contests, on: router, report: &report, logger: logger)
            // The rest of the checks, with every route in place, the modules' included.
            if depth >= .validating {
                checks.conflicts = conflicts(in: router, registeredBy: report)
                report.conflicts = checks.conflicts
                reportFindings(RecordChecks.findings(of: checks, in: RecordChecks.Depth.validating...depth), in: &report, logger: logger)
            }
        }
        report.duration = clock.now - start
        return report
    }

    /// The route sections of the files of a pass's records, read from disk, for the checks that
    /// need a file: only the files whose records the checks look at (routes declaring a protocol).
    private static func sectionsOnDisk(of pass: RecordPass) -> [RouteSection] {
        var files: [String] = []
        for record in pass.records where record.declaredProtocol != nil && !files.contains(record.location.file) {
            files.append(record.location.file)
        }
        return files.compactMap { try? RouteSectionReader.read(file: $0) }
    }

    /// What a route record's route opens, read through its accessor: a page type, a Swift action (a
    /// typed action's made for `router`, which runs it), or a C function.
    ///
    /// - Throws: ``RecordPass/Skip/unusableTarget(_:)`` when the accessor refuses this copy of LinkRouter.
    private static func target(of accessor: RecordAccessor, for router: Router?) throws(RecordPass.Skip) -> RecordPass.Target {
        switch accessor.kind {
        case .page:
            guard let page = loadValue((any Routable.Type).self, fromAccessorAt: accessor.address) else {
                throw .unusableTarget("its page type is not a Routable of this copy of LinkRouter (\(privateCopyFix(accessorAt: accessor.address)))")
            }
            return .page(page)
        case .action where accessor.isTypedAction:
            guard let typed = loadValue(__TypedAction.self, fromAccessorAt: accessor.address), let router else {
                throw .unusableTarget("its action is not a typed action of this copy of LinkRouter (\(privateCopyFix(accessorAt: accessor.address)))")
            }
            return .action(typed.make(router))
        case .action:
            guard let action = loadValue(RouteAction.self, fromAccessorAt: accessor.address) else {
                throw .unusableTarget("its action is not a RouteAction of this copy of LinkRouter (\(privateCopyFix(accessorAt: accessor.address)))")
            }
            return .action(action)
        case .cAction:
            return .action(CAction.routeAction(address: accessor.address))
        case .service, .interceptor, .module, .routableProtocol, .group:
            // The pass keeps these records apart and never asks.
            throw .unusableTarget("a \(accessor.kind) record is no route")
        }
    }
}
