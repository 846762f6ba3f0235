import LinkRouter

/// A page registered by a hand-written record, exactly as `@Routable` would emit it.
struct FixturePage: Routable {
    let id: Int
    init?(parameters: RouteParameters) throws { id = try parameters.int("id") }
}

// pattern "fixture/page/<int:id>", groups "login,vip", summary "A fixture page"; external, push.
@used @section("linkrouter_routes")
let fixturePageRecord: LinkRouter.__RouteRecord = (
    0x526B6E4C, 1, 0x0003, 0x70616765, 46,
    { outValue, expectedType, _ in LinkRouter.__storePage(FixturePage.self, to: outValue, ifExpected: expectedType) },
    0, 0x2f65727574786966, 0x6e693c2f65676170, 0x6f6c003e64693a74, 0x7069762c6e6967, 0x7275747869662041, 0x656761702065, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0
)

// "fixture/swift/echo": an action returning its `text` parameter.
@used @section("linkrouter_routes")
let fixtureActionRecord: LinkRouter.__RouteRecord = (
    0x526B6E4C, 1, 0, 0x6163746E, 18,
    { outValue, expectedType, _ in
        LinkRouter.__storeAction(RouteAction { parameters in try parameters.string("text") }, to: outValue, ifExpected: expectedType)
    },
    0, 0x2f65727574786966, 0x63652f7466697773, 0x6f68, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0
)
