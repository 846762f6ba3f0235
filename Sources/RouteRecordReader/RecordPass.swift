package import LinkRouterCore
package import RoutePatterns
package import RouteRecordLayout

/// One pass from route records to routes: each record's pattern and options, then the override
/// rule (``OverrideRule``) decided once on the whole pass for every kind of record (routes by
/// shape, services by protocol, interceptors and modules by name: ``decide()``), then the
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
/// A route record is read in place, once: the pass makes its route straight from the record's
/// bytes and keeps only its place (``Records``), and what was decided of it when that is not
/// *registered*. The record is read again, whole, with its strings, when a check, a report or a
/// tool asks for it: the few records a start-up report names (skipped, contested, refused), or
/// every record for the tools and the validating checks. The texts of the messages about them are
/// made only then (``RecordChecks``, ``NamedRecord/naming(_:)``). The other records (services,
/// interceptors, modules, declarations), few, are made whole as they are read.
package struct RecordPass {
    /// What a route record is made into: a page type's route or an action's.
    package typealias Target = DiscoveredTarget

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

    /// The route records of the pass (services' apart), in pass order: each kept as its place in
    /// its section and read again, whole, when asked (``Records``).
    package private(set) var records = Records()
    /// What became of the route records other than those registered, by index in ``records``:
    /// the few a report names.
    private var unregistered: [Int: Fate] = [:]
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
    /// The routes made, in pass order, until ``register(on:)`` hands the winners over.
    private var routes: DiscoveredRoutes
    /// The indices in ``records`` of the records skipped before the override rule, ascending:
    /// every other record made a route, in order (a claim, ``recordIndex(ofClaim:)``).
    private var skippedRecords: [Int] = []
    /// The claims (indices in the routes as made) that lost to the override rule, ascending:
    /// every other route is a winner, in order.
    private var losingClaims: [Int] = []
    /// The patterns of the routes that win, in pass order, and once ``register(on:)`` has run, of
    /// those it registered: kept as each route is made, so that the report's list is not made by
    /// reading every route again.
    package private(set) var registeredPatterns: [String] = []

    /// Reads the records of route sections in place and makes their routes; nothing is registered yet.
    ///
    /// A route record is read once, in place: its pattern and options made from its bytes, its
    /// target from its accessor, and only its place kept (``Records``). The other records, few,
    /// are made whole.
    ///
    /// - Parameters:
    ///   - sections: The route sections in pass order, each read record after record
    ///     (``RouteRecords``), whose bytes stay valid as long as the pass.
    ///   - capacity: How many records to make room for.
    ///   - makesRoutes: `false` to keep the service records only (a pass for services alone).
    ///   - executables: The files of the sections that are the program's executable.
    ///   - target: What a record's route opens, from its accessor; the tools' routes run an action that returns `nil`.
    ///   - serviceKey: The protocol a service record implements; by default the name its text writes.
    package init(
        _ sections: [RouteRecords], capacity: Int = 0, makesRoutes: Bool = true, executables: Set<String> = [],
        target: (RecordAccessor) throws(Skip) -> Target = { _ in .action(RouteAction { _ in nil }) },
        serviceKey: (RouteRecord) throws(Skip) -> String = { $0.pattern }
    ) {
        routes = DiscoveredRoutes(capacity: makesRoutes ? capacity : 0)
        self.executables = executables
        if makesRoutes {
            records.reserveCapacity(capacity)
            registeredPatterns.reserveCapacity(capacity)
        }
        // Concrete loops over each section's views rather than one flattened sequence: a
        // `FlattenSequence` made in another module is iterated unspecialized, through value
        // witnesses and generic metadata looked up for every record.
        for section in sections {
            if makesRoutes { records.start(section) }
            var views = RouteRecords.Views(records: section)
            while let (place, read) = views.next() {
                switch read.result {
                case .failure(let problem): issues.append(section.issue(problem, of: read, at: place))
                case .success(let view) where view.kind.isRoute:
                    takeRoute(view, at: place, of: section, makesRoutes: makesRoutes, target: target)
                case .success(let view):
                    switch section.record(view, at: place) {
                    case .success(let record): take(record, serviceKey: serviceKey)
                    case .failure(let issue): issues.append(issue)
                    }
                }
            }
        }
        decide()
    }

    /// Takes one route record, in place: its pattern and options made from its view and its
    /// target from its accessor, its place kept (its index in ``records`` a claim), or why it is
    /// skipped; an issue when it is unusable (checked as ``RouteRecord/init(_:at:requireAccessor:)`` checks it).
    private mutating func takeRoute(
        _ view: RecordView, at place: RecordPlace, of section: RouteRecords, makesRoutes: Bool, target: (RecordAccessor) throws(Skip) -> Target
    ) {
        let text: RecordText
        var compiledPattern: RoutePattern?
        do throws(RecordProblem) {
            if section.requiresAccessor && view.accessor == 0 { throw .missingAccessor }
            text = try RouteRecord.route(of: view, compiledPattern: &compiledPattern)
        } catch {
            issues.append(RecordIssue(error, at: section.location(of: place), version: view.version))
            return
        }
        recordCount += 1
        guard makesRoutes else { return }
        let index = records.count
        records.append(place)
        do throws(Skip) {
            // The compiled pattern moved into the route, not copied.
            let pattern = try Self.pattern(text.pattern, compiled: compiledPattern.take())
            // Flag bits tested directly: OptionSet's `contains` is not specialized across modules.
            let flags = view.flags.rawValue
            let exposure: RouteOptions.Exposure = flags & RecordFlags.external.rawValue != 0 ? .external : .internal
            let openStyle = RouteOptions.OpenStyle(view.flags.openStyle)
            let launcherAction = flags & RecordFlags.launcherAction.rawValue != 0
            if let options = try Self.options(of: text, exposure: exposure, openStyle: openStyle, launcherAction: launcherAction) {
                routes.append(pattern, options: options, target: try target(RecordAccessor(view)))
            } else {
                // Most records state nothing but flags: their options are made where the route is.
                routes.append(pattern, exposure: exposure, openStyle: openStyle, launcherAction: launcherAction, target: try target(RecordAccessor(view)))
            }
            registeredPatterns.append(text.pattern)
        } catch {
            unregistered[index] = .skipped(error)
            skippedRecords.append(index)
        }
    }

    /// Takes one record made whole: a service's (with its key), a hook's or a declaration's, kept apart.
    private mutating func take(_ record: RouteRecord, serviceKey: (RouteRecord) throws(Skip) -> String) {
        recordCount += 1
        if record.kind == .service {
            serviceKeys.append(Result(catching: { () throws(Skip) -> String in try serviceKey(record) }))
            services.append(record)
        } else if record.kind == .interceptor || record.kind == .module {
            hooks.append(record)
        } else if record.kind == .routableProtocol || record.kind == .group {
            declarations.append(record)
        }
    }

    /// What became of the route record at `index` in ``records``.
    package func fate(of index: Int) -> Fate {
        unregistered[index] ?? .registered
    }

    /// What became of each of ``records``, by index.
    package var fates: [Fate] {
        records.indices.map(fate(of:))
    }

    /// The index in ``records`` of the record whose route is claim `claim`.
    private func recordIndex(ofClaim claim: Int) -> Int {
        Self.index(claim, skipping: skippedRecords)
    }

    /// The index `position` lands on in a list from which `gaps` (ascending) were left out.
    private static func index(_ position: Int, skipping gaps: [Int]) -> Int {
        var index = position
        for gap in gaps {
            guard gap <= index else { break }
            index += 1
        }
        return index
    }

    /// The override rule, decided once on the whole pass for every kind of record: the routes
    /// made (its claims, in the order ``routes`` holds them) by shape, then the services with a key by protocol, then the interceptors and modules that
    /// take part (``HookDecision``) by kind and name. Claims of different kinds never meet.
    private mutating func decide() {
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
            isOverride: { [records, skippedRecords] in
                $0 < routeCount ? records.isOverride(at: Self.index($0, skipping: skippedRecords)) : keyed[$0 - routeCount].isOverride
            },
            sameKey: { [routes] first, second in
                switch (first < routeCount, second < routeCount) {
                case (true, true): routes.hasSameShape(first, second)
                case (false, false): keyed[first - routeCount].key == keyed[second - routeCount].key
                default: false
                }
            }
        )
        losingClaims = decision.losers.filter { $0 < routeCount }.sorted()
        routes.remove(at: losingClaims)
        for claim in losingClaims.reversed() { registeredPatterns.remove(at: claim) }
        var hookContests: [OverrideRule.Contest] = []
        for contest in decision.contests {
            if contest.members[0] < routeCount {
                contests.append(contest.mapped(recordIndex(ofClaim:)))
            } else if keyed[contest.members[0] - routeCount].isService {
                serviceContests.append(contest.mapped { keyed[$0 - routeCount].index })
            } else {
                hookContests.append(contest.mapped { keyed[$0 - routeCount].index })
            }
        }
        for contest in contests {
            for member in contest.conflicting { unregistered[member] = .duplicate }
            for loser in contest.overridden { unregistered[loser] = .overridden(by: contest.winner) }
        }
        let keyedWinners = (routeCount..<(routeCount + keyed.count)).filter(decision.isRegistered(_:)).map { keyed[$0 - routeCount] }
        serviceWinners = keyedWinners.filter(\.isService).map(\.index)
        hookDecision = HookDecision(hooks, executables: executables, contests: hookContests, winners: keyedWinners.filter { !$0.isService }.map(\.index))
    }

    /// A record's pattern (the compiled one it carries, or its text parsed) and its options.
    ///
    /// - Throws: ``Skip/invalidPattern(_:)`` or ``Skip/invalidQueryContract(_:)``.
    package static func patternAndOptions(of record: RouteRecord) throws(Skip) -> (RoutePattern, RouteOptions) {
        let pattern = try pattern(record.pattern, compiled: record.compiledPattern)
        let exposure: RouteOptions.Exposure = record.isExternal ? .external : .internal
        let openStyle = RouteOptions.OpenStyle(record.openStyle)
        let text = RecordText(pattern: record.pattern, groups: record.groups, summary: record.summary, query: record.query)
        let options = try options(of: text, exposure: exposure, openStyle: openStyle, launcherAction: record.isLauncherAction)
        return (pattern, options ?? RouteOptions(exposure: exposure, openStyle: openStyle, launcherAction: record.isLauncherAction))
    }

    /// A route record's pattern: the compiled one it carries, moved, else its text parsed (a C record's).
    ///
    /// - Throws: ``Skip/invalidPattern(_:)``.
    private static func pattern(_ text: String, compiled: consuming RoutePattern?) throws(Skip) -> RoutePattern {
        if let compiled { return compiled }
        do { return try RoutePattern(text) } catch { throw .invalidPattern(error) }
    }

    /// A route record's options, when its text states more than its pattern (groups, a summary, a
    /// query contract); `nil` when its flags are all its options say.
    ///
    /// - Throws: ``Skip/invalidQueryContract(_:)``.
    private static func options(
        of text: RecordText, exposure: RouteOptions.Exposure, openStyle: RouteOptions.OpenStyle, launcherAction: Bool
    ) throws(Skip) -> RouteOptions? {
        guard !text.groups.isEmpty || text.summary != nil || text.query != nil else { return nil }
        var query: QueryContract?
        if let contract = text.query {
            do { query = try QueryContract(recordText: contract) } catch { throw .invalidQueryContract(error) }
        }
        return RouteOptions(
            exposure: exposure, openStyle: openStyle, groups: text.groups.isEmpty ? [] : Set(text.groups), summary: text.summary, query: query,
            launcherAction: launcherAction
        )
    }

    /// The records registered, in registration order, each read again.
    package var registered: [RouteRecord] {
        records.indices.compactMap { if case .registered = fate(of: $0) { records[$0] } else { nil } }
    }

    /// The records skipped before the override rule, with why, in pass order.
    package var skipped: [(record: RouteRecord, skip: Skip)] {
        skippedRecords.compactMap { if case .skipped(let skip) = fate(of: $0) { (records[$0], skip) } else { nil } }
    }

    /// Registers the routes that win on `router`, in pass order; a route whose shape the router
    /// already has is refused (``Fate/refused(existing:)``). Once: a second call registers nothing.
    ///
    /// - Returns: The records refused, with the pattern registered before each.
    @discardableResult
    package mutating func register(on router: Router) -> [(record: RouteRecord, existing: String)] {
        var taken = DiscoveredRoutes(capacity: 0)
        swap(&taken, &routes)
        guard taken.count > 0 else { return [] }
        let refused = router.register(discovered: taken).map { refusal in
            (index: recordIndex(ofClaim: Self.index(refusal.index, skipping: losingClaims)), route: refusal.index, existing: refusal.existing)
        }
        for refusal in refused.reversed() { registeredPatterns.remove(at: refusal.route) }
        for (index, _, existing) in refused { unregistered[index] = .refused(existing: existing) }
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
