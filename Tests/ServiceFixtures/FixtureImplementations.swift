// Implementations of the fixture service protocols, registered by annotation only: the discovery
// tests never import this module.
import LinkRouter
import ServiceFixtureInterfaces
#if canImport(Glibc)
import Glibc
#endif

@RoutableService((any FixtureClock).self)
struct FixedClock: FixtureClock {
    var time: Int { 42 }
}

@RoutableService((any FixtureTicket).self, lifetime: .perRequest)
final class Ticket: FixtureTicket {
    init() {}
}

@RoutableService(ServiceFixtureInterfaces.FixtureCounter.self, lifetime: .shared)
final class SharedCounter: FixtureCounter {
    init() {
        countFixtureCounterInstance()
        usleep(2_000)  // a slow init widens the window in which a second one could start
    }
}

@RoutableService((any FixtureDuplicated).self)
struct FirstDuplicate: FixtureDuplicated {
    var name: String { "first" }
}

@RoutableService((any FixtureDuplicated).self)
struct SecondDuplicate: FixtureDuplicated {
    var name: String { "second" }
}

@RoutableService((any FixtureOverridden).self)
struct PlainFixtureBefore: FixtureOverridden {
    var name: String { "plain before" }
}

@RoutableService((any FixtureOverridden).self, overrides: true)
struct MarkedFixture: FixtureOverridden {
    var name: String { "marked" }
}

@RoutableService((any FixtureOverridden).self)
struct PlainFixtureAfter: FixtureOverridden {
    var name: String { "plain after" }
}
