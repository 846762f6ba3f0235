import LinkRouter
import ServiceFixtureInterfaces

/// A clock used by a hand-written record below.
struct PlantedClock: FixtureClock, RoutableService {
    var time: Int { 7 }
}

// "FixtureClock", kind 'srvc': an accessor that refuses every expected type, as one compiled
// against another copy of LinkRouter would. Discovery reports the record as unresolved.
@used @section("linkrouter_routes")
let refusingServiceRecord: LinkRouter.__RouteRecord<12> = (
    header: [0x0000_0001_526B6E4C, 0x0000000C_73727663],  // version 1; text length 12, kind 'srvc'
    accessor: { _, _, _ in false },
    layout: 0,
    body: [0x4365727574786946, 0x6b636f6c, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0]
)

// "NotTheClock", kind 'srvc': the text names another protocol than the one the accessor
// implements (FixtureClock). Discovery reports the record as unresolved, and does not register it.
@used @section("linkrouter_routes")
let mismatchedServiceRecord: LinkRouter.__RouteRecord<12> = (
    header: [0x0000_0001_526B6E4C, 0x0000000B_73727663],  // version 1; text length 11, kind 'srvc'
    accessor: { outValue, expectedType, _ in
        LinkRouter.__storeService(PlantedClock.self, as: (any FixtureClock).self, to: outValue, ifExpected: expectedType) { $0 }
    },
    layout: 0,
    body: [0x6c43656854746f4e, 0x6b636f, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0]
)
