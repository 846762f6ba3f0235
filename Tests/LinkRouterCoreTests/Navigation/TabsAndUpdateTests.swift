import LinkRouterCore
import Testing

/// A tab's first page: opened again, it brings its tab back to it.
private struct TabRoot: UpdatableInPlace, PageLifecycle {
    let name: String
    let log: Recorder<String>?
    init?(parameters: RouteParameters) throws {
        name = parameters.url.routeKey
        log = try? parameters.value("log", as: Recorder<String>.self)
    }
    static func updatesInPlace(for parameters: RouteParameters) -> UpdateInPlace { .inStack }
    func pageDidAppear() { log?.append("appear \(name)") }
    func pageDidDisappear() { log?.append("disappear \(name)") }
}

private struct Order: Routable {
    init?(parameters: RouteParameters) throws { _ = try parameters.int("id") }
    static func parentURL(for parameters: RouteParameters) -> String? { "app://account" }
}

/// A product page: on top, the same product opened again changes its colour; a colour of
/// `refused` is not taken in place.
private struct Product: UpdatableInPlace {
    let id: Int
    let color: String
    let result: PageResultSlot
    init?(parameters: RouteParameters) throws {
        id = try parameters.int("id")
        color = parameters["color"] ?? "plain"
        result = parameters.resultSlot
    }
    static func parentURL(for parameters: RouteParameters) -> String? { "home" }
    static func updatesInPlace(for parameters: RouteParameters) -> UpdateInPlace {
        parameters["anywhere"] == "1" ? .inStack : .onTop
    }
    func updated(with parameters: RouteParameters) -> Product? {
        parameters["color"] == "refused" ? nil : try? Product(parameters: parameters)
    }
}

private struct Plain: Routable {
    init?(parameters: RouteParameters) throws {}
}

/// Two tabs, `home` and `account`, product pages under home, orders under account, and pages in no tab.
private func tabbedApp() throws -> (Router, InMemoryNavigator) {
    let router = Router()
    try router.register("home", page: TabRoot.self)
    try router.register("account", page: TabRoot.self)
    try router.register("account/orders/<int:id>", page: Order.self)
    try router.register("product/<int:id>", page: Product.self)
    for pattern in ["settings", "sheet", "note"] { try router.register(pattern, page: Plain.self) }
    let navigator = try InMemoryNavigator(tabs: [
        NavigationTab("home", root: "app://home", title: "Home"),
        NavigationTab("account", root: "app://account", title: "Account", icon: "avatar-default-symbolic"),
    ])
    router.navigator = navigator
    return (router, navigator)
}

@Suite("Tabs")
struct TabTests {
    @Test("A link to a page of a tab selects the tab and builds its stack there; the other tab keeps its own")
    func linkSelectsTab() async throws {
        let (router, navigator) = try tabbedApp()
        #expect(await router.open("app://product/7").succeeded)
        #expect(navigator.description == "home > product/<int:id>  [tab home]")
        let outcome = await router.open("app://account/orders/12", options: OpenOptions(recordsTrace: true))
        #expect(navigator.description == "account > account/orders/<int:id>  [tab account]")
        #expect(outcome.trace.steps.map(\.detail).contains("select tab 'account'"))
        #expect(navigator.state.stack(ofTab: "home")?.map(\.url.routeKey) == ["home", "product/7"])
        _ = await router.open("app://product/8")
        #expect(navigator.description == "home > product/<int:id>  [tab home]")
        #expect(navigator.stack.map(\.url.routeKey) == ["home", "product/8"])
        #expect(navigator.state.stack(ofTab: "account")?.map(\.url.routeKey) == ["account", "account/orders/12"])
    }

    @Test("A tab's root opened again goes back to it in its tab; pages in no tab go on the tab shown")
    func rootsAndPagesInNoTab() async throws {
        let (router, navigator) = try tabbedApp()
        _ = await router.open("app://account/orders/1")
        _ = await router.open("app://settings")
        #expect(navigator.description == "account > account/orders/<int:id> > settings  [tab account]")
        let outcome = await router.open("app://account")
        #expect(outcome.result.isUpdated)
        #expect(navigator.description == "account  [tab account]")
        _ = await router.open("app://home")
        #expect(navigator.description == "home  [tab home]")
        try await navigator.selectTab("account", animated: true)
        #expect(navigator.description == "account  [tab account]")
        await #expect(throws: NavigationError.unknownTab("cart", declared: ["home", "account"])) {
            try await navigator.selectTab("cart", animated: true)
        }
    }

    @Test("A link to a page of a tab dismisses the modal layers over the tabs; their results are cancelled")
    func dismissesModals() async throws {
        let (router, navigator) = try tabbedApp()
        _ = await router.open("app://home")
        let received = Recorder<String>()
        await router.open(resultLink("app://sheet", String.self), options: OpenOptions(style: .present), onResult: { received.append("\($0)") })
        _ = await router.open("app://note")
        #expect(navigator.description == "home | sheet > note  [tab home]")
        _ = await router.open("app://product/3")
        #expect(navigator.description == "home > product/<int:id>  [tab home]")
        #expect(received.values.count == 1 && received.values[0].contains("cancelled"))
    }

    @Test("Switching tabs tells the pages on top: one disappears, the other appears; no result is delivered")
    func lifecycle() async throws {
        let (router, navigator) = try tabbedApp()
        let log = Recorder<String>()
        _ = await router.open("app://home", parameters: ["log": log])
        _ = await router.open("app://account", parameters: ["log": log])
        try await navigator.selectTab("home", animated: false)
        #expect(log.values == ["appear home", "disappear home", "appear account", "disappear account", "appear home"])
        // Opening account selects its tab and pushes its page: one change.
        #expect(navigator.transitions.map(\.description) == ["push home", "push account", "selectTab home (no animation)"])
        #expect(navigator.state.allEntries.allSatisfy { !$0.result.isDelivered })
    }
}

@Suite("Update in place")
struct UpdateInPlaceTests {
    @Test("The same product opened again while it is on top changes in place; the outcome says so")
    func onTop() async throws {
        let (router, navigator) = try tabbedApp()
        _ = await router.open("app://product/42?color=blue")
        let outcome = await router.open("app://product/42?color=red", options: OpenOptions(recordsTrace: true))
        #expect(outcome.result.isUpdated)
        #expect((outcome.page as? Product)?.color == "red")
        #expect(navigator.description == "home > product/<int:id>  [tab home]")
        #expect((navigator.state.top?.page as? Product)?.color == "red")
        #expect(navigator.state.top?.parameters["color"] == "red")
        #expect(navigator.transitions.last?.kind == .update)
        #expect(outcome.trace.steps.contains { $0.detail == "page Product updated in place" })
    }

    @Test("Another product, or the same one not on top, is pushed as usual")
    func otherPages() async throws {
        let (router, navigator) = try tabbedApp()
        _ = await router.open("app://product/42")
        #expect(await router.open("app://product/7").result.isUpdated == false)
        #expect(navigator.stack.map(\.url.routeKey) == ["home", "product/7"])
        _ = await router.open("app://settings")
        #expect(await router.open("app://product/7?color=red").result.isUpdated == false)
        #expect(navigator.stack.map(\.url.routeKey) == ["home", "product/7"])
        #expect((navigator.state.top?.page as? Product)?.color == "red")
    }

    @Test("inStack finds the page under others, takes those off and updates it")
    func inStack() async throws {
        let (router, navigator) = try tabbedApp()
        _ = await router.open("app://product/5")
        _ = await router.open("app://settings")
        _ = await router.open("app://sheet", options: OpenOptions(style: .present))
        #expect(navigator.description == "home > product/<int:id> > settings | sheet  [tab home]")
        let outcome = await router.open("app://product/5?anywhere=1&color=green")
        #expect(outcome.result.isUpdated)
        #expect(navigator.description == "home > product/<int:id>  [tab home]")
        #expect((navigator.state.top?.page as? Product)?.color == "green")
    }

    @Test("A page that refuses the new parameters is pushed anew")
    func refused() async throws {
        let (router, navigator) = try tabbedApp()
        _ = await router.open("app://product/9")
        let first = try #require(navigator.state.top)
        let outcome = await router.open("app://product/9?color=refused")
        #expect(outcome.succeeded && !outcome.result.isUpdated)
        #expect(navigator.stack.count == 2 && navigator.state.top !== first)
        #expect(first.result.isDelivered, "the refused page left the stack when its parent was gone back to")
    }

    @Test("Both openers of a page updated in place get its result, once")
    func resultForBoth() async throws {
        let (router, navigator) = try tabbedApp()
        let received = Recorder<String>()
        await router.open(resultLink("app://product/1", String.self), onResult: { received.append("first \($0)") })
        await router.open(resultLink("app://product/1?color=red", String.self), onResult: { received.append("second \($0)") })
        #expect(navigator.stack.count == 2)
        let page = try #require(navigator.state.top?.page as? Product)
        page.result.set("bought")
        #expect(received.values.isEmpty)
        await navigator.pop(animated: true)
        #expect(received.values.sorted() == [
            #"first success(LinkRouterCore.PageResult<Swift.String>.value("bought"))"#,
            #"second success(LinkRouterCore.PageResult<Swift.String>.value("bought"))"#,
        ])
    }

    @Test("Without a policy the page opened again is pushed again")
    func noPolicy() async throws {
        let (router, navigator) = try tabbedApp()
        _ = await router.open("app://settings")
        _ = await router.open("app://settings")
        #expect(navigator.description == "settings > settings  [tab home]")
    }
}

extension Result<RouteOutcome.Opened, RouteFailure> {
    /// Whether the open updated a page in place.
    var isUpdated: Bool {
        if case .success(.updated) = self { true } else { false }
    }
}
