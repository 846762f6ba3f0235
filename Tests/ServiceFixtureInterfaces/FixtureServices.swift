// Service protocols shared by the discovery tests and ServiceFixtures, which implements them: the
// tests reach the implementations through these protocols alone, as feature modules would.
import Synchronization

/// Implemented per request by `ServiceFixtures.FixedClock`, whose time is 42.
public protocol FixtureClock: Sendable {
    /// The time.
    var time: Int { get }
}

/// Implemented per request by `ServiceFixtures.Ticket`: a new object every time.
public protocol FixtureTicket: AnyObject, Sendable {}

/// Implemented by `ServiceFixtures.SharedCounter`, one shared instance; requested by one test only.
public protocol FixtureCounter: AnyObject, Sendable {}

/// Implemented twice in ServiceFixtures, neither marked as an override: `FirstDuplicate` and
/// `SecondDuplicate`; so not at all.
public protocol FixtureDuplicated: Sendable {
    /// Which implementation this is.
    var name: String { get }
}

/// Implemented three times in ServiceFixtures: `MarkedFixture` marked as an override, between
/// `PlainFixtureBefore` and `PlainFixtureAfter`.
public protocol FixtureOverridden: Sendable {
    /// Which implementation this is.
    var name: String { get }
}

/// Implemented nowhere.
public protocol FixtureNeverImplemented: Sendable {}

/// How many `FixtureCounter` instances were made, in this process.
public var fixtureCounterInstances: Int { counterInstances.load(ordering: .relaxed) }

/// Counts one `FixtureCounter` instance.
public func countFixtureCounterInstance() { counterInstances.add(1, ordering: .relaxed) }

private let counterInstances = Atomic(0)

