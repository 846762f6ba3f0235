package import LinkRouterCore
package import RoutePatterns
package import RouteRecordLayout

/// One pass from route records to routes: each record's pattern and options, then the override
/// rule (``OverrideRule``) decided once on the whole pass for every kind of record (routes by
/// shape, services by protocol, interceptors and modules by name: ``decide(claims:)``), then the
/// routes that win, and a report that names what became of every record. Discovery and every
/// `routes` subcommand make their routes with it, so a tool answers as the running app does; the
/// checks run on it (``RecordChecks``) are discovery's, `AppRoutes.validate()`'s and `routes
/// check`'s alike.
///
/// A record is *skipped* when its pattern does not parse (a C record's), its query contract does
/// not parse, or its target cannot be made (discovery: its accessor refuses this copy of
/// LinkRouter); of the records of one shape, the one marked as an override wins and the others
/// are *overridden*; none marked, or several, and all are *duplicates*, none registered; a winner
/// whose shape the router already has is *refused* when it is registered.
///
/// The pass keeps the records and what was decided of them; the texts of the messages about them
/// are made only when a check or a report asks (``RecordChecks``, ``NamedRecord/naming(_:)``).
package struct RecordPass {
    /// What a route record is made into.
    package enum Target {
        /// A page type's route.
        case page(any Routable.Type)
        /// An action's route.
        case action(RouteAction)
    }

    /// Why a route record was left out before the override rule.
    package enum Skip: Error {
        /// Its pattern does not parse.
        case invalidPattern(PatternError)
        /// Its query contract does not parse.
        case invalidQueryContract(QueryContractError)
        /// Its target could not be made; the reason, as a clause (`its page type is not ...`).
        case unusableTarget(String)

        /// Why, as the diagnostic says it after the record's location.
        package var reason: String {
            switch self {
            case .invalidPattern(let error): "\(error)"
            case .invalidQueryContract(let error): "its query contract does not parse: \(error)"
            case .unusableTarget(let reason): reason
            }
        }
    }

    /// What became of one route record.
    package enum Fate {
        /// Registered: it met no other record of its shape, or it is the override that won.
        case registered
        /// Left out before the override rule.
        case skipped(Skip)
        /// Lost to the override of its shape (the winner's index in ``records``), or to several
        /// overrides that left none to win (`nil`).
        case overridden(by: Int?)
        /// One of the records of a shape of which none wins.
        case duplicate
        /// Won, but the router already had a route of its shape, registered before the pass.
        case refused(existing: String)
    }

    /// The route records of the pass (services' apart), in pass order.
    package private(set) var records: [RouteRecord] = []
    /// What became of each of ``records``, by index.
    package private(set) var fates: [Fate] = []
    /// The service records of the pass, in pass order.
    package private(set) var services: [RouteRecord] = []
    /// The protocol each of ``services`` implements, the key the override rule decides services
    /// by (discovery: the protocol its accessor yields; the tools: the name its text writes), or
    /// why the record has none (discovery: its accessor refuses, or yields another protocol).
    package private(set) var serviceKeys: [Result<String, Skip>] = []
    /// What the override rule decided on ``services``, in indices into it; a record without a
    /// key takes no part.
    package private(set) var serviceContests: [OverrideRule.Contest] = []
    /// The indices in ``services`` of the implementations that win: each protocol's one record,
    /// or its override.
    package private(set) var serviceWinners: [Int] = []
    /// The interceptor and module records of the pass, in pass order: discovery registers the
    /// interceptors and runs the modules' set-up after the routes and services; `routes dump` and
    /// `check` list and check them.
    package private(set) var hooks: [RouteRecord] = []
    /// The routable-protocol and route-group declarations of the pass (`'prot'`, `'grup'`), in pass
    /// order: what the declaration checks (``DeclarationChecks``) read.
    package private(set) var declarations: [RouteRecord] = []
    /// What the override rule decided on ``hooks`` (``HookDecision``).
    package private(set) var hookDecision = HookDecision()
    /// The records (or sections) that could not be read, and why.
    package private(set) var issues: [RecordIssue] = []
    /// The contests of the override rule among the routes, in record indices (into ``records``).
    package private(set) var contests: [OverrideRule.Contest] = []
    /// The files of the pass that are the program's executable: an interceptor or module there
    /// marked `overrides: true` may replace the others of its name (``HookDecision``).
    package let executables: Set<String>
    /// How many records were read, services included; the unreadable ones not.
    package private(set) var recordCount = 0
    /// The routes that win, in pass order, until ``register(on:)`` hands them over.
    private var routes: DiscoveredRoutes
    /// The index in ``records`` of each of the routes that win.
    private var winners: [Int] = []

    /// Reads the records of loaded sections and makes their routes; nothing is registered yet.
    ///
    /// - Parameters:
    ///   - sections: The route sections in pass order, each read record after record
    ///     (``RouteRecords``): a record, or the issue of one that could not be read.
    ///   - capacity: How many records to make room for.
    ///   - makesRoutes: `false` to keep the service records only (a pass for services alone).
    ///   - executables: The files of the sections that are the program's executable.
    ///   - target: What a record's route opens; the tools' routes run an action that returns `nil`.
    ///   - serviceKey: The protocol a service record implements; by default the name its text writes.
    package init(
        _ sections: [RouteRecords], capacity: Int = 0, makesRoutes: Bool = true, executables: Set<String> = [],
        target: (RouteRecord) throws(Skip) -> Target = { _ in .action(RouteAction { _ in nil }) },
        serviceKey: (RouteRecord) throws(Skip) -> String = { $0.pattern }
    ) {
        self.init(capacity: capacity, makesRoutes: makesRoutes, executables: executables)
        // Concrete loops rather than one flattened sequence: a `FlattenSequence` made in another
        // module is iterated unspecialized, through value witnesses and generic metadata looked up
        // for every record (a third of discovery's instructions at 10,000 records).
        var claims: [Int] = []
        claims.reserveCapacity(makesRoutes ? capacity : 0)
        for section in sections {
            for entry in section { take(entry, makesRoutes: makesRoutes, target: target, serviceKey: serviceKey, claims: &claims) }
        }
        decide(claims: claims)
    }

    /// Makes the routes of records already read (the `routes` tool's, whose files are closed by
    /// then), in pass order, as the pass over loaded sections makes them.
    package init(
        entries: [RouteRecords.Element], executables: Set<String> = [],
        target: (RouteRecord) throws(Skip) -> Target = { _ in .action(RouteAction { _ in nil }) }
    ) {
        self.init(capacity: entries.count, makesRoutes: true, executables: executables)
        var claims: [Int] = []
        claims.reserveCapacity(entries.count)
        for entry in entries { take(entry, makesRoutes: true, target: target, serviceKey: { $0.pattern }, claims: &claims) }
        decide(claims: claims)
    }

    private init(capacity: Int, makesRoutes: Bool, executables: Set<String>) {
        routes = DiscoveredRoutes(capacity: makesRoutes ? capacity : 0)
        self.executables = executables
        if makesRoutes {
            records.reserveCapacity(capacity)
            fates.reserveCapacity(capacity)
        }
    }

    /// Takes one record of the pass: a service's (with its key) or a hook's kept apart, a route's
    /// made (its index in ``records`` appended to `claims`) or skipped, an unreadable one's issue kept.
    private mutating func take(
        _ entry: consuming RouteRecords.Element, makesRoutes: Bool, target: (RouteRecord) throws(Skip) -> Target,
        serviceKey: (RouteRecord) throws(Skip) -> String, claims: inout [Int]
    ) {
        // Consumed, so that the record moves from the entry into ``records`` instead of being
        // copied field by field (a record holds a dozen references).
        let record: RouteRecord
        switch consume entry {
        case .success(let read): record = read
        case .failure(let issue):
            issues.append(issue)
            return
        }
        recordCount += 1
        if record.kind == .service {
            serviceKeys.append(Result(catching: { () throws(Skip) -> String in try serviceKey(record) }))
            services.append(record)
            return
        }
        if record.kind == .interceptor || record.kind == .module {
            hooks.append(record)
            return
        }
        if record.kind == .routableProtocol || record.kind == .group {
            declarations.append(record)
            return
        }
        guard makesRoutes else { return }
        let index = records.count
        do throws(Skip) {
            let (pattern, options) = try Self.patternAndOptions(of: record)
            switch try target(record) {
            case .page(let page): routes.append(pattern, options: options, page: page)
            case .action(let action): routes.append(pattern, options: options, action: action)
            }
            claims.append(index)
            fates.append(.registered)
        } catch {
            fates.append(.skipped(error))
        }
        records.append(record)
    }

    /// The override rule, decided once on the whole pass for every kind of record: the routes
    /// made (`claims` are their indices in ``records``, in the order ``routes`` holds them) by
    /// shape, then the services with a key by protocol, then the interceptors and modules that
    /// take part (``HookDecision``) by kind and name. Claims of different kinds never meet.
    private mutating func decide(claims: [Int]) {
        let routeCount = routes.count
        // The keyed claims: services, then hooks, each as (its index in its array, its key).
        let keyed: [(isService: Bool, index: Int, key: String, isOverride: Bool)] = services.indices.compactMap { index in
            guard case .success(let key) = serviceKeys[index] else { return nil }
            return (true, index, "srvc\u{0}" + key, services[index].isOverride)
        } + HookDecision.claims(of: hooks, executables: executables).map { (false, $0.index, $0.key, $0.isOverride) }
        let digests = keyed.map { UInt64(bitPattern: Int64($0.key.hashValue)) }
        let decision = OverrideRule.decide(
            count: routeCount + keyed.count,
            digest: { [routes] in $0 < routeCount ? routes.shapeDigest(at: $0) : digests[$0 - routeCount] },
            isOverride: { [records] in $0 < routeCount ? records[claims[$0]].isOverride : keyed[$0 - routeCount].isOverride },
            sameKey: { [routes] first, second in
                switch (first < routeCount, second < routeCount) {
                case (true, true): routes.hasSameShape(first, second)
                case (false, false): keyed[first - routeCount].key == keyed[second - routeCount].key
                default: false
                }
            }
        )
        routes.remove(at: decision.losers.filter { $0 < routeCount })
        var hookContests: [OverrideRule.Contest] = []
        for contest in decision.contests {
            if contest.members[0] < routeCount {
                contests.append(contest.mapped { claims[$0] })
            } else if keyed[contest.members[0] - routeCount].isService {
                serviceContests.append(contest.mapped { keyed[$0 - routeCount].index })
            } else {
                hookContests.append(contest.mapped { keyed[$0 - routeCount].index })
            }
        }
        for contest in contests {
            for member in contest.conflicting { fates[member] = .duplicate }
            for loser in contest.overridden { fates[loser] = .overridden(by: contest.winner) }
        }
        winners = (0..<routeCount).filter(decision.isRegistered(_:)).map { claims[$0] }
        let keyedWinners = (routeCount..<(routeCount + keyed.count)).filter(decision.isRegistered(_:)).map { keyed[$0 - routeCount] }
        serviceWinners = keyedWinners.filter(\.isService).map(\.index)
        hookDecision = HookDecision(hooks, executables: executables, contests: hookContests, winners: keyedWinners.filter { !$0.isService }.map(\.index))
    }

    /// A record's pattern (the compiled one it carries, or its text parsed) and its options.
    ///
    /// - Throws: ``Skip/invalidPattern(_:)`` or ``Skip/invalidQueryContract(_:)``.
    package static func patternAndOptions(of record: RouteRecord) throws(Skip) -> (RoutePattern, RouteOptions) {
        let pattern: RoutePattern
        do { pattern = try record.parsedPattern() } catch { throw .invalidPattern(error) }
        var query: QueryContract?
        if let text = record.query {
            do { query = try QueryContract(recordText: text) } catch { throw .invalidQueryContract(error) }
        }
        let options = RouteOptions(
            exposure: record.isExternal ? .external : .internal,
            openStyle: RouteOptions.OpenStyle(record.openStyle),
            groups: record.groups.isEmpty ? [] : Set(record.groups),
            summary: record.summary,
            query: query,
            launcherAction: record.isLauncherAction
        )
        return (pattern, options)
    }

    /// The records registered, in registration order.
    package var registered: [RouteRecord] {
        records.indices.compactMap { if case .registered = fates[$0] { records[$0] } else { nil } }
    }

    /// The patterns of the records registered, in registration order: ``registered``'s patterns,
    /// without copying the records.
    package var registeredPatterns: [String] {
        records.indices.compactMap { if case .registered = fates[$0] { records[$0].pattern } else { nil } }
    }

    /// The records skipped before the override rule, with why, in pass order.
    package var skipped: [(record: RouteRecord, skip: Skip)] {
        records.indices.compactMap { if case .skipped(let skip) = fates[$0] { (records[$0], skip) } else { nil } }
    }

    /// Registers the routes that win on `router`, in pass order; a route whose shape the router
    /// already has is refused (``Fate/refused(existing:)``). Once: a second call registers nothing.
    ///
    /// - Returns: The records refused, with the pattern registered before each.
    @discardableResult
    package mutating func register(on router: Router) -> [(record: RouteRecord, existing: String)] {
        var taken = DiscoveredRoutes(capacity: 0)
        swap(&taken, &routes)
        let refused = router.register(discovered: taken).map { (index: winners[$0.index], existing: $0.existing) }
        for (index, existing) in refused { fates[index] = .refused(existing: existing) }
        winners = []
        return refused.map { (records[$0.index], $0.existing) }
    }

    /// The names of records, by index in ``records``, their symbols read from the symbol tables
    /// of their files (``NamedRecord/naming(_:)``).
    package func named(_ indices: [Int]) -> [Int: NamedRecord] {
        Dictionary(uniqueKeysWithValues: zip(indices, NamedRecord.naming(indices.map { records[$0] })))
    }
}

extension RouteOptions.OpenStyle {
    /// The open style a route record stores.
    package init(_ style: RecordOpenStyle) {
        switch style {
        case .automatic: self = .automatic
        case .push: self = .push
        case .present: self = .present
        }
    }
}
