/// The rule that decides between records that claim the same service: the first record in link
/// order wins (objects in load order, the main program first; records in section order), and every
/// later one is a duplicate, reported and ignored. (Routes follow ``OverrideRule``.)
///
/// Discovery's service registry follows it; `routes check` follows it offline, so both name the
/// same winner for the same duplicate. Records are added in link order;
/// routes and services are claimed apart, so a route pattern never collides with a protocol name.
///
/// ```swift
/// var rule = FirstRecordWins()
/// for record in records {
///     if let winner = rule.add(record) { print("\(record.location) duplicates \(winner)") }
/// }
/// ```
///
/// Two route patterns of the same shape but different text (`user/:id`, `user/:name`) are
/// duplicates too: the router finds them, and ``winner(of:before:)`` names the record that
/// registered the pattern it reports.
package struct FirstRecordWins: Sendable {
    /// What a record claims.
    package enum Claim: Sendable, Hashable {
        /// A route, by its pattern as written.
        case route(pattern: String)
        /// A service, by the name of the protocol it implements.
        case service(protocolName: String)

        /// What `record` claims.
        package init(_ record: RouteRecord) {
            self = record.kind == .service ? .service(protocolName: record.pattern) : .route(pattern: record.pattern)
        }
    }

    /// The first record of each claim: its position among the records added, and where it is.
    private var winners: [Claim: (ordinal: Int, location: RecordLocation)] = [:]
    /// How many records were added.
    package private(set) var count = 0

    /// A rule with no records yet.
    package init() {}

    /// Adds the next record in link order.
    ///
    /// - Returns: Where the record that wins over it is, or `nil` when it is the first to claim
    ///   its pattern or protocol name.
    @discardableResult
    package mutating func add(_ record: RouteRecord) -> RecordLocation? {
        let claim = Claim(record)
        defer { count += 1 }
        if let winner = winners[claim] { return winner.location }
        winners[claim] = (count, record.location)
        return nil
    }

    /// Where the first record that made `claim` is, if it was added before the `ordinal`-th
    /// record (counting from 0).
    package func winner(of claim: Claim, before ordinal: Int) -> RecordLocation? {
        guard let winner = winners[claim], winner.ordinal < ordinal else { return nil }
        return winner.location
    }
}
