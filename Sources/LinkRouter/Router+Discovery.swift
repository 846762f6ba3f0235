public import LinkRouterCore
public import Logging
import RouteRecordReader
import CRouteRecord
#if canImport(Glibc)
import Glibc
#endif

/// When a router registers the routes that modules declared by annotation.
public enum RouteDiscovery: Sendable, Hashable {
    /// At the router's first use (first open, resolve or listing), once.
    case automatic
    /// Only when the app calls ``LinkRouterCore/Router/registerRoutes(validating:logger:)``.
    case manual

    /// Whether a discovery pass checks the routes for ties and shadowed routes
    /// (``DiscoveryReport/conflicts``) when the caller does not say: `true` when LinkRouter is
    /// compiled for debugging, `false` in a release build. The check resolves a key for every
    /// form of every route and builds the routing table early; at 10,000 routes it costs more than
    /// registering them (optimized: about 10 ms against 6), which a release build's start-up should
    /// not pay for a diagnostic. Pass `validating: true` to have it anyway.
    public static var validatesByDefault: Bool {
        #if DEBUG
        true
        #else
        false
        #endif
    }
}

/// What one discovery pass found and registered.
public struct DiscoveryReport: Sendable {
    /// How many loaded objects this pass examined: those with a file that no earlier pass of the
    /// router had examined.
    public internal(set) var examinedObjectCount = 0
    /// The object files whose route sections were read in this pass.
    public internal(set) var scannedFiles: [String] = []
    /// The loaded libraries whose files this pass did not open, because their dynamic symbol
    /// tables in memory show they hold no records: they neither include the C record header
    /// (`linkrouter_route_records_marker`) nor use LinkRouter (the system and Swift runtime
    /// libraries, typically). A library passed to `discoverRoutes(in:)` is always read.
    public internal(set) var unopenedFiles: [String] = []
    /// How many records were read from them.
    public internal(set) var recordCount = 0
    /// The patterns registered, in registration order.
    public internal(set) var registered: [String] = []
    /// The route records of one shape of which none wins (none marked as an override, or
    /// several), each naming every record by file, offset and accessor symbol; none of them is
    /// registered (also in `diagnostics`).
    public internal(set) var duplicateRoutes: [DuplicateRoute] = []
    /// The records that lost to the one record of their shape marked as an override, one line
    /// each naming both records; not a problem, so not in `diagnostics`.
    public internal(set) var overridden: [String] = []
    /// The service protocols whose `@RoutableService` implementations were registered, by full
    /// name, in registration order.
    public internal(set) var registeredServices: [String] = []
    /// The service problems of this pass: duplicate implementations, records that cannot be
    /// resolved, and the services marked required that are still missing (also in `diagnostics`).
    public internal(set) var serviceProblems: [ServiceProblem] = []
    /// The routes that cannot win for some key after this pass, as ``/LinkRouterCore/Router/validate()``
    /// finds them (a tie between two forms, a route shadowed by another), limited to those where
    /// the losing or the winning route was registered in this pass; each is logged as a warning.
    /// Not in `diagnostics`: both routes are registered and work, one of them never wins. Empty
    /// when the pass did not validate (``RouteDiscovery/validatesByDefault``).
    public internal(set) var conflicts: [RouteConflict] = []
    /// Every record skipped and every duplicate, one line each (also logged as warnings).
    public internal(set) var diagnostics: [String] = []
    /// How long the pass took.
    public internal(set) var duration: Duration = .zero
}

extension Router {
    /// The app's router; it registers every annotated route at its first use.
    public static let shared = Router(discovery: .automatic)

    /// Creates a router that registers annotated routes automatically at first use, or only
    /// when ``registerRoutes(validating:logger:)`` is called.
    ///
    /// Manual registration with `register(_:page:)` and friends works in both modes.
    public convenience init(configuration: RouterConfiguration = RouterConfiguration(), discovery: RouteDiscovery) {
        self.init(configuration: configuration)
        if discovery == .automatic {
            registerOnFirstUse { router in router.registerRoutes() }
        }
    }

    /// Registers the annotated routes and services of every loaded object not registered yet: the
    /// main program, its shared libraries, and libraries loaded since with `dlopen`.
    ///
    /// Records that cannot be used are skipped with a warning naming the object file and offset.
    /// Of the records with one pattern shape, the one marked as an override (`overrides: true`)
    /// wins, wherever it is; when none is marked, or several are, none is registered and a
    /// warning names every record by its accessor symbol (``DiscoveryReport/duplicateRoutes``).
    /// A route registered before this call keeps its place. The `@RoutableService`
    /// implementations of one protocol follow the same rule; a protocol registered by hand keeps
    /// its manual registration. Service problems name the record's accessor symbol, and services
    /// marked required with `requireServices(_:)` that are still missing are reported. When
    /// `validating`, the routes are then checked with `validate()`: the ties and shadowed routes
    /// that involve a route of this pass are in ``DiscoveryReport/conflicts`` and logged as warnings.
    ///
    /// Call it again at any time to register the libraries loaded since, by anyone (a dependency's
    /// own `dlopen`): each object is registered once. A library whose records were registered stays
    /// loaded for the rest of the process (`RTLD_NODELETE`), so a later `dlclose` cannot leave
    /// routes or services pointing into unmapped memory.
    ///
    /// - Parameters:
    ///   - validating: Whether to check the routes for ties and shadowed routes after registering
    ///     (``DiscoveryReport/conflicts``); by default only when LinkRouter is compiled for debugging.
    ///   - logger: Where diagnostics go.
    /// - Returns: What was found and registered.
    @discardableResult
    public func registerRoutes(
        validating: Bool = RouteDiscovery.validatesByDefault, logger: Logger = Logger(label: "LinkRouter.discovery")
    ) -> DiscoveryReport {
        Self.register(
            from: LoadedImage.all().filter(claim), judgedFromMemory: true, routesIn: self, servicesIn: serviceRegistry,
            validating: validating, logger: logger
        )
    }

    /// Registers the annotated routes of one library loaded with `dlopen`.
    ///
    /// ```swift
    /// guard let handle = dlopen("libPlugin.so", RTLD_NOW) else { ... }
    /// router.discoverRoutes(in: handle)
    /// ```
    ///
    /// A router that discovers automatically and has not been used yet first registers the
    /// objects loaded so far, as its first use would: the main program's records win over the
    /// library's, as in one pass. The report is the library's; with `validating`, its conflicts are
    /// those that involve the library's routes (``registerRoutes(validating:logger:)``).
    @discardableResult
    public func discoverRoutes(
        in handle: UnsafeMutableRawPointer, validating: Bool = RouteDiscovery.validatesByDefault,
        logger: Logger = Logger(label: "LinkRouter.discovery")
    ) -> DiscoveryReport {
        guard let image = LoadedImage.opened(by: handle) else {
            var report = DiscoveryReport()
            report.diagnostics.append("not a handle of a loaded object")
            logger.warning("discoverRoutes(in:): not a handle of a loaded object")
            return report
        }
        // Claimed before the first automatic pass runs, so that the pass leaves it to this call.
        let claimed = claim(image)
        prepareForFirstUse()
        return Self.register(
            from: claimed ? [image] : [], judgedFromMemory: false, routesIn: self, servicesIn: serviceRegistry,
            validating: validating, logger: logger
        )
    }

    /// Claims `image` for registration: `true` the first time only, so a re-scan registers each
    /// object once.
    private func claim(_ image: LoadedImage) -> Bool {
        claimRegistrationSource(image.sourceName)
    }

    /// Registers the records of `images`, which the caller has claimed: routes in `router` (or
    /// none, when it is `nil`), services in `services`; then, when `validating`, checks the routes
    /// for conflicts. When `judgedFromMemory`, an image whose dynamic symbols show it holds no
    /// records is left unopened (``LoadedImage/mayHoldRecords``).
    fileprivate static func register(
        from images: [LoadedImage], judgedFromMemory: Bool, routesIn router: Router?, servicesIn services: ServiceRegistry,
        validating: Bool, logger: Logger
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
                // Routes and services point into the image: it must outlive a dlclose.
                guard image.keepLoaded() else {
                    let message = "cannot keep \(image.path) loaded (the dynamic linker refused RTLD_NODELETE): its records are skipped, as a dlclose would leave them pointing into unmapped memory"
                    report.diagnostics.append(message)
                    logger.warning("\(message)")
                    continue
                }
                report.scannedFiles.append(image.path)
                sections.append(section)
                capacity += section.capacity
            } catch {
                unreadable.insert(image.path)
                report.diagnostics.append("cannot read route records: \(error)")
                logger.warning("cannot read route records: \(error)")
            }
        }
        // Every record of the pass is read first, each route made once, with the pattern its
        // record carries (a Swift record's compiled pattern) or parsed once (a C record's). The
        // override rule then decides on the whole pass, the losers are left out, and the registry
        // takes the rest as they are: the routing table is built from them, at first use.
        var routes = DiscoveredRoutes(capacity: router == nil ? 0 : capacity)
        var claims = RouteClaims(capacity: router == nil ? 0 : capacity)
        var servicePass = ServiceDiscoveryPass()
        for section in sections {
            let issues = section.forEachCheckedRecord { record, location in
                let ordinal = report.recordCount
                report.recordCount += 1
                if record.kind == .service {
                    servicePass.add(RouteRecord(taking: &record, at: location()))
                } else if router != nil, append(&record, at: location, to: &routes, report: &report, logger: logger) {
                    claims.append(ordinal: ordinal, isOverride: record.isOverride)
                }
            }
            for issue in issues {
                report.diagnostics.append("skipped record: \(issue)")
                logger.warning("skipped route record: \(issue)")
            }
        }
        // A program that links LinkRouter but holds no record at all was most likely linked
        // without its feature modules' records (an unreadable section is reported already).
        if report.recordCount == 0, let own = images.first(where: \.linksThisCopyOfLinkRouter), !unreadable.contains(own.path) {
            let message = "no route records found: \(own.path) links LinkRouter, but neither it nor a loaded library holds a record. Feature modules linked from static archives (.a) lose their records unless the archive is linked whole (-Xlinker --whole-archive -Xlinker libFeature.a -Xlinker --no-whole-archive)"
            report.diagnostics.append(message)
            logger.warning("\(message)")
        }
        if let router {
            let decision = OverrideRule.decide(
                count: routes.count, digest: routes.shapeDigest(at:), isOverride: claims.isOverride(_:), sameKey: routes.hasSameShape(_:_:)
            )
            var records = PassRecords(sections: sections)
            reportContests(of: decision, records: { records.record(at: claims.ordinal(of: $0)) }, in: &report, logger: logger)
            routes.remove(at: decision.losers)
            let winners = claims.ordinals(keeping: decision.isRegistered(_:))
            var registered = routes.patternTexts
            let refused = router.register(discovered: routes)
            for (index, existing) in refused {
                let record = records.record(at: winners[index])
                let message = "duplicate route '\(record.pattern)' at \(record.location) ignored: '\(existing)' registered earlier wins"
                report.diagnostics.append(message)
                logger.warning("\(message)")
            }
            for (index, _) in refused.reversed() { registered.remove(at: index) }
            report.registered = registered
            if validating { reportConflicts(in: router, report: &report, logger: logger) }
        }
        servicePass.finish(in: services, report: &report, logger: logger)
        report.duration = clock.now - start
        return report
    }

    /// Makes a route of a record and adds it to the pass's routes, or reports why it cannot be
    /// used: its pattern does not parse (a C record's), its query contract does not parse, or its
    /// accessor refuses this copy of LinkRouter.
    /// - Returns: Whether the route was added.
    private static func append(
        _ record: inout CheckedRecord, at location: () -> RecordLocation, to routes: inout DiscoveredRoutes,
        report: inout DiscoveryReport, logger: Logger
    ) -> Bool {
        func skip(_ message: String) -> Bool {
            report.diagnostics.append(message)
            logger.warning("\(message)")
            return false
        }
        // The compiled pattern taken, not copied: the record is thrown away after this.
        let pattern: RoutePattern
        if let compiled = record.compiledPattern.take() {
            pattern = compiled
        } else {
            do { pattern = try RoutePattern(record.text.pattern) } catch {
                return skip("skipped record: \(location()): \(error)")
            }
        }
        var query: QueryContract?
        if let text = record.text.query {
            do { query = try QueryContract(recordText: text) } catch {
                return skip("skipped record: \(location()): its query contract does not parse: \(error)")
            }
        }
        let options = RouteOptions(
            exposure: record.isExternal ? .external : .internal,
            openStyle: RouteOptions.OpenStyle(record.flags.openStyle),
            groups: record.text.groups.isEmpty ? [] : Set(record.text.groups),
            summary: record.text.summary,
            query: query
        )
        switch record.kind {
        case .page:
            guard let page = loadValue((any Routable.Type).self, fromAccessorAt: record.accessor) else {
                return skip("skipped record: \(location()): its page type is not a Routable of this copy of LinkRouter (\(privateCopyFix(accessorAt: record.accessor)))")
            }
            routes.append(pattern, options: options, page: page)
        case .action:
            guard let action = loadValue(RouteAction.self, fromAccessorAt: record.accessor) else {
                return skip("skipped record: \(location()): its action is not a RouteAction of this copy of LinkRouter (\(privateCopyFix(accessorAt: record.accessor)))")
            }
            routes.append(pattern, options: options, action: action)
        case .cAction:
            routes.append(pattern, options: options, action: CAction.routeAction(address: record.accessor))
        case .service:
            return false  // not a route: ServiceDiscoveryPass registers it
        }
        return true
    }

    /// Reports the routes that cannot win for some key and that involve a route this pass
    /// registered: conflicts among earlier routes were reported by the passes that registered them.
    private static func reportConflicts(in router: Router, report: inout DiscoveryReport, logger: Logger) {
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
    private static func reportContests(
        of decision: OverrideRule.Decision, records: (Int) -> RouteRecord, in report: inout DiscoveryReport, logger: Logger
    ) {
        for contest in decision.contests {
            let named = NamedRecord.naming(contest.members.map(records))
            let name = Dictionary(uniqueKeysWithValues: zip(contest.members, named))
            let winner = contest.winner.flatMap { name[$0] }
            if winner == nil {
                let duplicate = DuplicateRoute(records: contest.conflicting.compactMap { name[$0] }.map(DuplicateRoute.Record.init))
                report.duplicateRoutes.append(duplicate)
                report.diagnostics.append(duplicate.description)
                logger.warning("\(duplicate.description)")
            }
            for loser in contest.overridden {
                let line = OverrideRule.overriddenMessage(.route, loser: name[loser]!, winner: winner)
                report.overridden.append(line)
                logger.info("\(line)")
            }
        }
    }
}

extension ServiceRegistry {
    /// Registers the `@RoutableService` implementations of every loaded object not registered
    /// yet, for an app that uses services without a router. A router registers its services with
    /// its routes (``LinkRouterCore/Router/registerRoutes(validating:logger:)``).
    ///
    /// - Parameter logger: Where diagnostics go.
    /// - Returns: What was found and registered; its `registered` routes are always empty.
    @discardableResult
    public func registerAnnotatedServices(logger: Logger = Logger(label: "LinkRouter.discovery")) -> DiscoveryReport {
        let images = LoadedImage.all().filter { claimSource($0.sourceName) }
        return Router.register(from: images, judgedFromMemory: true, routesIn: nil, servicesIn: self, validating: false, logger: logger)
    }
}

extension LoadedImage {
    /// The name a router or registry claims the image by, so each registers it once: a library
    /// unloaded and loaded again at another address is a new source.
    fileprivate var sourceName: String { "\(path)@\(loadBias)" }
}

/// Which records of a pass became route claims, in claim order: each claim's record by its
/// ordinal in the pass (counting every valid record) and its override mark, four bytes a claim.
private struct RouteClaims {
    private static let overrideBit: UInt32 = 1 << 31
    private var claims: [UInt32] = []

    init(capacity: Int) {
        claims.reserveCapacity(capacity)
    }

    mutating func append(ordinal: Int, isOverride: Bool) {
        claims.append(UInt32(truncatingIfNeeded: ordinal) | (isOverride ? Self.overrideBit : 0))
    }

    func isOverride(_ claim: Int) -> Bool { claims[claim] & Self.overrideBit != 0 }

    func ordinal(of claim: Int) -> Int { Int(claims[claim] & ~Self.overrideBit) }

    /// The ordinals of the claims `keep` accepts, in order.
    func ordinals(keeping keep: (Int) -> Bool) -> [Int] {
        claims.indices.filter(keep).map(ordinal(of:))
    }
}

/// The records of one discovery pass by ordinal, to name the few that a report is about. Built at
/// the first question only, by decoding the sections once more: a pass with nothing to report
/// keeps no list of its records.
private struct PassRecords {
    let sections: [LoadedRouteSection]
    private var records: [RouteRecord]?

    init(sections: [LoadedRouteSection]) {
        self.sections = sections
    }

    /// The pass's `ordinal`-th valid record.
    mutating func record(at ordinal: Int) -> RouteRecord {
        if records == nil {
            var all: [RouteRecord] = []
            for section in sections { _ = section.forEachRecord { all.append($0) } }
            records = all
        }
        return records![ordinal]
    }
}

/// A route registered from C with `LINKROUTER_C_ACTION`.
///
/// The action holds the C function's address alone, as its context word (the router names the
/// route in any failure), so that each of thousands of C records costs no allocation.
private enum CAction {
    struct Failed: Error, CustomStringConvertible {
        var description: String { "the C function reported failure" }
    }

    static func routeAction(address: UInt) -> RouteAction {
        RouteAction(context: address) { address, parameters in
            let function = unsafeBitCast(UnsafeRawPointer(bitPattern: address)!, to: linkrouter_c_action.self)
            return try call(function, with: parameters)
        }
    }

    /// Calls the C function with the merged parameters as C strings; its result is a `String`.
    private static func call(_ function: linkrouter_c_action, with parameters: RouteParameters) throws -> String {
        let names = parameters.names
        let cNames = names.map { strdup($0) }
        let cValues = names.map { strdup(parameters[$0] ?? "") }
        defer { (cNames + cValues).forEach { free($0) } }
        var result = [CChar](repeating: 0, count: 4096)
        let succeeded = cNames.map { UnsafePointer($0) }.withUnsafeBufferPointer { namePointers in
            cValues.map { UnsafePointer($0) }.withUnsafeBufferPointer { valuePointers in
                function(namePointers.baseAddress, valuePointers.baseAddress, names.count, &result, result.count)
            }
        }
        guard succeeded else { throw Failed() }
        return String(decoding: result.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
