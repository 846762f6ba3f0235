import RoutePatterns

/// The rule that decides between route records of one shape (`user/:id`, `user/:name`) read in one
/// pass, whatever their modules and wherever they are in link order:
///
/// - the one record marked as an override (`overrides: true`, `LINKROUTER_C_ACTION_OVERRIDE`)
///   wins over the unmarked ones, which are *overridden* (reported, not an error);
/// - two or more unmarked records and no override, or two or more overrides, are a *duplicate*:
///   an error that names every one of them, and none of them is registered (nor the unmarked
///   records that lost to the overrides).
///
/// Registering none is the only choice that depends neither on link order nor on names: entry
/// symbols may be missing (a stripped binary) or equal (two C records of one function), and any
/// record picked would make the URL's behaviour hinge on an accident. A missing route fails the
/// same way in every build, and the start-up report, `LinkRouterTesting` and `routes check` name
/// the records to fix.
///
/// Discovery and `routes check` drive it the same way, so both register the same routes. Service
/// records of one protocol follow the same rule (discovery's `ServiceDiscoveryPass`, the tool's
/// `ServiceCheck`), decided at the end of the pass since services are few. Records
/// are fed in link order; most never meet another of their shape, and cost the rule nothing but a
/// look at an empty table. A route registered before the pass (by hand, or by an earlier pass) is
/// no part of it: it keeps its place, and a record of its shape is reported as its duplicate.
package struct OverrideRule {
    /// The records of one pass that claim one shape, in the order they were read.
    package struct Contest: Sendable {
        /// The records, in the order read.
        package fileprivate(set) var records: [RouteRecord]
        /// Which record is registered now, if any.
        fileprivate var registered: RecordLocation?

        /// The one record marked as an override, when exactly one is.
        package var winner: RouteRecord? {
            let overrides = records.filter(\.isOverride)
            return overrides.count == 1 ? overrides[0] : nil
        }

        /// The records in conflict when none wins: every override when there are several, else
        /// every record. Empty when a record wins.
        package var conflicting: [RouteRecord] {
            guard winner == nil else { return [] }
            return records.contains(where: \.isOverride) ? records.filter(\.isOverride) : records
        }

        /// The unmarked records when some record is an override: they lose, whether or not an override wins.
        package var overridden: [RouteRecord] {
            records.contains(where: \.isOverride) ? records.filter { !$0.isOverride } : []
        }
    }

    /// What the caller's registration did with a record.
    package enum Registration {
        /// The record's route is registered.
        case registered
        /// The record was refused for a reason of its own (a bad pattern, an accessor that
        /// refuses), which the caller reported.
        case refused
        /// A route of the same shape is registered, under this pattern.
        case duplicate(existing: String)
    }

    /// What became of a record fed to the rule.
    package enum Outcome {
        /// Registered, or refused for a reason of its own: nothing more to report.
        case settled
        /// It claims a shape other records of the pass claim: ``contests`` holds it, to report at
        /// the end of the pass.
        case contested
        /// A route registered before the pass has its shape, under this pattern, and keeps it.
        case duplicateOfEarlierRoute(existing: String)
    }

    /// The contests of the pass, in the order they began.
    package private(set) var contests: [Contest] = []
    private var positions: [RoutePattern.Shape: Int] = [:]
    /// The records that lost to a route registered before the pass: never a contest's first record.
    private var losers: Set<RecordLocation> = []

    /// A rule with no records yet.
    package init() {}

    /// Feeds the next record in link order, registering and unregistering routes through the
    /// caller's functions as the rule decides.
    ///
    /// - Parameters:
    ///   - record: A route record (not a service's).
    ///   - register: Registers a record's route and says how it went.
    ///   - unregister: Removes the route registered under a pattern.
    ///   - earlierRecord: The record of this pass, read before `record`, whose pattern is the given text.
    /// - Returns: What became of the record.
    package mutating func add(
        _ record: RouteRecord,
        register: (RouteRecord) -> Registration,
        unregister: (String) -> Void,
        earlierRecord: (String) -> RouteRecord?
    ) -> Outcome {
        if !positions.isEmpty, let shape = try? RoutePattern(record.pattern).shape, let position = positions[shape] {
            join(record, at: position, register: register, unregister: unregister)
            return .contested
        }
        switch register(record) {
        case .registered, .refused:
            return .settled
        case .duplicate(let existing):
            guard let earlier = earlierRecord(existing), !losers.contains(earlier.location),
                  let shape = try? RoutePattern(earlier.pattern).shape else {
                losers.insert(record.location)
                return .duplicateOfEarlierRoute(existing: existing)
            }
            positions[shape] = contests.count
            contests.append(Contest(records: [earlier], registered: earlier.location))
            join(record, at: contests.count - 1, register: register, unregister: unregister)
            return .contested
        }
    }

    private mutating func join(
        _ record: RouteRecord, at position: Int, register: (RouteRecord) -> Registration, unregister: (String) -> Void
    ) {
        contests[position].records.append(record)
        let winner = contests[position].winner
        guard winner?.location != contests[position].registered else { return }
        if let registered = contests[position].registered, let old = contests[position].records.first(where: { $0.location == registered }) {
            unregister(old.pattern)
        }
        contests[position].registered = nil
        // Only the record just added can become the winner: a winner stays one until a second
        // override arrives, and after that none ever wins again.
        if let winner, winner.location == record.location, case .registered = register(winner) {
            contests[position].registered = winner.location
        }
    }
}
