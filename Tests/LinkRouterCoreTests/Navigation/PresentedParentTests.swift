import LinkRouterCore
import Testing

private struct Home: Routable {
    init?(parameters: RouteParameters) throws {}
}

/// The start of a flow that is shown modally over `home`.
private struct Checkout: Routable {
    init?(parameters: RouteParameters) throws {}
    static func parentURL(for parameters: RouteParameters) -> String? { "home" }
}

/// A step of the flow: its parent, `checkout`, is presented.
private struct Payment: Routable {
    init?(parameters: RouteParameters) throws {}
    static func parentURL(for parameters: RouteParameters) -> String? { "checkout" }
    static func presentsParent(for parameters: RouteParameters) -> Bool { true }
}

/// A later step, pushed above `payment` inside the flow's container.
private struct Receipt: Routable {
    init?(parameters: RouteParameters) throws {}
    static func parentURL(for parameters: RouteParameters) -> String? { "checkout/payment" }
}

private func checkoutApp() throws -> (Router, InMemoryNavigator) {
    let router = Router()
    try router.register("home", page: Home.self)
    try router.register("settings", page: Home.self)
    try router.register("checkout", page: Checkout.self)
    try router.register("checkout/payment", page: Payment.self)
    try router.register("checkout/receipt", page: Receipt.self)
    let navigator = InMemoryNavigator()
    router.navigator = navigator
    return (router, navigator)
}

@Suite("Stack reconstruction into a modal")
struct PresentedParentTests {
    @Test("A cold-start link presents the parent that is presented and pushes the page inside it")
    func coldStart() async throws {
        let (router, navigator) = try checkoutApp()
        #expect(await router.open("app://checkout/payment").succeeded)
        #expect(navigator.description == "home | checkout > checkout/payment")
        #expect(navigator.presentedLayerCount == 1)
        // Home pushed, checkout presented, payment pushed inside it: one change of the open.
        #expect(navigator.transitions.map(\.kind) == [.push])
        #expect(await navigator.dismiss(animated: true))
        #expect(navigator.description == "home")
    }

    @Test("Pages above the presented parent are pushed in its container, bottom first")
    func deeperChain() async throws {
        let (router, navigator) = try checkoutApp()
        _ = await router.open("app://checkout/receipt")
        #expect(navigator.description == "home | checkout > checkout/payment > checkout/receipt")
        #expect(navigator.presentedLayerCount == 1)
    }

    @Test("Parents already on the stack are reused: below the modal, and the modal itself")
    func warmStart() async throws {
        let (router, navigator) = try checkoutApp()
        for url in ["home", "settings"] { _ = await router.open(url) }
        _ = await router.open("app://checkout/payment")
        #expect(navigator.description == "home | checkout > checkout/payment")

        _ = await router.open("app://checkout/receipt")
        #expect(navigator.description == "home | checkout > checkout/payment > checkout/receipt")
        _ = await router.open("app://checkout/payment")
        #expect(navigator.description == "home | checkout > checkout/payment")
        #expect(navigator.presentedLayerCount == 1)
    }

    @Test("A parent that is pushed by default stays in the same container")
    func pushedByDefault() async throws {
        let (router, navigator) = try checkoutApp()
        _ = await router.open("app://checkout")
        #expect(navigator.description == "home > checkout")
        #expect(navigator.presentedLayerCount == 0)
    }
}
