import LinkRouter

/// Routes that claim a shape another record claims, to test which record wins whatever the order.

/// An override first in section order, an unmarked record of its shape after it.
enum OverrideFixtureActions {
    #route("fixture/swift/override/:marked", overrides: true) { _ in "marked" }
    #route("fixture/swift/override/:plain") { _ in "plain" }
}

/// A page marked as an override of the C action `fixture/mixed/<int:id>` (DiscoveryFixtures.c),
/// in another module, wherever the two are in link order.
@Routable("fixture/mixed/<int:id>", overrides: true)
struct OverridingPage {
    let id: Int
    init?(parameters: RouteParameters) throws { id = try parameters.int("id") }
}
