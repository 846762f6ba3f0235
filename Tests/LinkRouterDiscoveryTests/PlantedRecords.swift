import LinkRouter

/// A page registered by a hand-written record of version 1 without a compiled pattern, as `@Routable`
/// wrote them before version 2: its pattern is parsed at discovery.
struct FixturePage: Routable {
    let id: Int
    init?(parameters: RouteParameters) throws { id = try parameters.int("id") }
}

// pattern "fixture/page/<int:id>", groups "login,vip", summary "A fixture page"; external, push.
@used @section("linkrouter_routes")
let fixturePageRecord: LinkRouter.__RouteRecord<12> = (
    header: [0x0003_0001_526B6E4C, 0x0000002E_70616765],  // flags 3, version 1, magic; text length 46, kind 'page'
    accessor: { outValue, expectedType, _ in LinkRouter.__storePage(FixturePage.self, to: outValue, ifExpected: expectedType) },
    layout: 0,
    body: [0x2f65727574786966, 0x6e693c2f65676170, 0x6f6c003e64693a74, 0x7069762c6e6967, 0x7275747869662041, 0x656761702065, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0]
)

// "fixture/swift/echo": an action returning its `text` parameter.
@used @section("linkrouter_routes")
let fixtureActionRecord: LinkRouter.__RouteRecord<12> = (
    header: [0x0000_0001_526B6E4C, 0x00000012_6163746E],  // version 1; text length 18, kind 'actn'
    accessor: { outValue, expectedType, _ in
        LinkRouter.__storeAction(RouteAction { parameters in try parameters.string("text") }, to: outValue, ifExpected: expectedType)
    },
    layout: 0,
    body: [0x2f65727574786966, 0x63652f7466697773, 0x6f68, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0]
)
