import LinkRouterCore
import Testing

private struct TabRoot: UpdatableInPlace {
    init?(parameters: RouteParameters) throws {}
    static func updatesInPlace(for parameters: RouteParameters) -> UpdateInPlace { .inStack }
}

/// A product under the catalog; it returns its colour when it closes.
private struct Product: Routable {
    let result: PageResultSlot
    init?(parameters: RouteParameters) throws {
        result = parameters.resultSlot
        result.set(parameters["color"] ?? "plain")
    }
    static func parentURL(for parameters: RouteParameters) -> String? { "app://catalog" }
}

/// An order under the account: it prefers the window that already shows it.
private struct Order: WindowPreference {
    init?(parameters: RouteParameters) throws {}
    static func parentURL(for parameters: RouteParameters) -> String? { "app://account" }
    static func preferredWindow(for parameters: RouteParameters) -> WindowTarget { .showingPage }
}

private struct Plain: Routable {
    init?(parameters: RouteParameters) throws {}
}

/// Catalog and account tabs; products under the catalog (external), orders under the account
/// (external, preferring the window showing them), and an internal settings page.
private func windowedApp() throws -> (Router, InMemoryNavigator) {
    let router = Router()
    try router.register("catalog", options: RouteOptions(exposure: .external), page: TabRoot.self)
    try router.register("account", options: RouteOptions(exposure: .external), page: TabRoot.self)
    try router.register("catalog/product/<int:id>", options: RouteOptions(exposure: .external), page: Product.self)
    try router.register("account/orders/<int:id>", options: RouteOptions(exposure: .external), page: Order.self)
    try router.register("settings", page: Plain.self)
    let navigator = try InMemoryNavigator(tabs: [NavigationTab("catalog", root: "app://catalog"), NavigationTab("account", root: "app://account")])
    router.navigator = navigator
    return (router, navigator)
}

@Suite("Windows")
struct WindowTests {
    @Test("An open in a new window builds the page's tab and parents there, as one change; the first window keeps its stack")
    func newWindow() async throws {
        let (router, navigator) = try windowedApp()
        #expect(await router.open("app://catalog/product/1").succeeded)
        let opened = await router.open("app://catalog/product/2", options: OpenOptions(recordsTrace: true, window: .newWindow))
        #expect(opened.succeeded)
        #expect(navigator.description
            == "window 1: catalog > catalog/product/<int:id>  [tab catalog] || window 2*: catalog > catalog/product/<int:id>  [tab catalog]")
        #expect(navigator.transitions.map(\.description) == ["push catalog/product/<int:id>", "push catalog/product/<int:id>"], "one change per open")
        #expect(opened.trace.steps.map(\.detail).contains("open window 2"))
        // An open without a target goes to the active window: the new one.
        #expect(await router.open("app://account/orders/7", options: OpenOptions(window: .active)).succeeded)
        #expect(navigator.state.windows.map { $0.tabStacks.map(\.count) } == [[2, 0], [2, 2]])
    }

    @Test("A link from outside to a page shown in another window brings that window forward, goes back to the page and opens no other")
    func showingPage() async throws {
        let (router, navigator) = try windowedApp()
        #expect(await router.open("app://catalog/product/1?color=blue").succeeded)
        #expect(await router.open("app://catalog/product/2", options: OpenOptions(window: .newWindow)).succeeded)
        #expect(await router.open("app://account/orders/3").succeeded)
        let before = navigator.state.allEntries
        let outcome = await router.open("app://catalog/product/1?color=red", source: .external, options: OpenOptions(window: .showingPage))
        #expect(outcome.succeeded)
        if case .success(.updated(let page)) = outcome.result {
            #expect((page as? Product)?.result === before.first { $0.url.routeKey == "catalog/product/1" }?.result)
        } else {
            Issue.record("the page shown is the outcome: \(outcome.result)")
        }
        #expect(navigator.description
            == "window 1*: catalog > catalog/product/<int:id>  [tab catalog] || window 2: account > account/orders/<int:id>  [tab account]")
        #expect(Set(navigator.state.allEntries.map(\.id)) == Set(before.map(\.id)), "no page was made or taken off")
        #expect(navigator.transitions.last?.kind == .focusWindow)
        // A page no window shows opens in the active one, as without a target.
        #expect(await router.open("app://catalog/product/9", source: .external, options: OpenOptions(window: .showingPage)).succeeded)
        #expect(navigator.state.activeWindow.id == 1 && navigator.state.visibleEntries.map(\.url.routeKey) == ["catalog", "catalog/product/9"])
    }

    @Test("A page's preference for the window showing it applies when the call says nothing; the call's target wins")
    func pagePreference() async throws {
        let (router, navigator) = try windowedApp()
        #expect(await router.open("app://account/orders/3").succeeded)
        #expect(await router.open("app://catalog/product/2", options: OpenOptions(window: .newWindow)).succeeded)
        #expect(await router.open("app://account/orders/3").succeeded)
        #expect(navigator.state.activeWindow.id == 1, "the order's window came forward")
        #expect(navigator.state.windows.map(\.allEntries.count) == [2, 2])
        #expect(await router.open("app://account/orders/3", options: OpenOptions(window: .newWindow)).succeeded)
        #expect(navigator.state.windows.count == 3)
    }

    @Test("The result of a page brought forward reaches the open that asked for it, once, when its window closes")
    func resultOfPageShown() async throws {
        let (router, navigator) = try windowedApp()
        #expect(await router.open("app://catalog/product/5?color=green").succeeded)
        #expect(await router.open("app://account", options: OpenOptions(window: .newWindow)).succeeded)
        let result = Recorder<String>()
        let outcome = await router.open(resultLink("app://catalog/product/5", String.self), options: OpenOptions(window: .showingPage), onResult: {
            if case .success(.value(let color)) = $0 { result.append(color) } else { result.append("\($0)") }
        })
        #expect(outcome.succeeded && navigator.state.activeWindow.id == 1)
        #expect(result.values.isEmpty, "delivered when the page leaves")
        let change = try navigator.perform(.closeWindow(1), animated: false)
        #expect(change.closedWindows == [1] && change.removed.count == 2 && change.window == 2)
        #expect(result.values == ["green"])
        #expect(navigator.description == "account  [tab account]")
    }

    @Test("An internal route from outside is refused whatever window it targets; the windows are unchanged")
    func internalRouteFromOutside() async throws {
        let (router, navigator) = try windowedApp()
        #expect(await router.open("app://settings").succeeded)
        #expect(await router.open("app://catalog", options: OpenOptions(window: .newWindow)).succeeded)
        let shown = navigator.state
        for window in WindowTarget.allCases {
            let outcome = await router.open("app://settings", source: .external, options: OpenOptions(window: window))
            #expect(outcome.failure.map { "\($0)" } == "no route matches 'settings'", "\(window)")
        }
        #expect(navigator.state == shown)
    }
}
