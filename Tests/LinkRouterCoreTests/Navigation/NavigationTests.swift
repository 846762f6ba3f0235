import LinkRouterCore
import Testing

/// A page that records its lifecycle and returns whatever result it is told to.
private struct Screen: Routable, PageLifecycle {
    let name: String
    let log: Recorder<String>?
    let result: PageResultSlot

    init?(parameters: RouteParameters) throws {
        name = parameters.url.routeKey
        log = try? parameters.value("log", as: Recorder<String>.self)
        result = parameters.resultSlot
    }

    func pageDidAppear() { log?.append("appear \(name)") }
    func pageDidDisappear() { log?.append("disappear \(name)") }
}

private struct Item: Routable {
    let id: Int
    init?(parameters: RouteParameters) throws { id = try parameters.int("id") }
    static func parentURL(for parameters: RouteParameters) -> String? { "catalog/\(parameters["category"] ?? "all")" }
}

private struct Category: Routable {
    init?(parameters: RouteParameters) throws {}
    static func parentURL(for parameters: RouteParameters) -> String? { "catalog" }
}

private struct Catalog: Routable {
    init?(parameters: RouteParameters) throws {}
    static func parentURL(for parameters: RouteParameters) -> String? { "home" }
}

private struct Cycle: Routable {
    init?(parameters: RouteParameters) throws {}
    static func parentURL(for parameters: RouteParameters) -> String? {
        parameters.url.routeKey == "cycle/a" ? "cycle/b" : "cycle/a"
    }
}

private struct Address: Sendable, Equatable {
    let street: String
}

/// Screens, a catalog whose pages declare parents, a parent cycle and an action, on an in-memory navigator.
private func navigableApp(_ configuration: RouterConfiguration = RouterConfiguration()) throws -> (Router, InMemoryNavigator) {
    let router = Router(configuration: configuration)
    for pattern in ["home", "settings", "picker", "login", "a", "b", "c"] {
        try router.register(pattern, page: Screen.self)
    }
    try router.register("sheet", options: RouteOptions(openStyle: .present), page: Screen.self)
    try router.register("catalog", page: Catalog.self)
    try router.register("catalog/:category", page: Category.self)
    try router.register("catalog/:category/<int:id>", page: Item.self)
    try router.register("cycle/:x", page: Cycle.self)
    try router.register("ping", action: { _ in "pong" })
    let navigator = InMemoryNavigator()
    router.navigator = navigator
    return (router, navigator)
}

@Suite("Navigation")
struct NavigationTests {
    private func app(_ configuration: RouterConfiguration = RouterConfiguration()) throws -> (Router, InMemoryNavigator) {
        try navigableApp(configuration)
    }

    @Test("Push, present, pop and dismiss, with lifecycle callbacks")
    func basicOperations() async throws {
        let (router, navigator) = try app()
        let log = Recorder<String>()
        _ = await router.open("home", parameters: ["log": log])
        _ = await router.open("settings", parameters: ["log": log])
        _ = await router.open("sheet", parameters: ["log": log])
        _ = await router.open("a", parameters: ["log": log])
        #expect(navigator.description == "home > settings | sheet > a")
        #expect(await navigator.pop(animated: true))
        #expect(navigator.description == "home > settings | sheet")
        #expect(await navigator.pop(animated: true) == false)
        #expect(await navigator.dismiss(animated: true))
        #expect(await navigator.dismiss(animated: true) == false)
        #expect(navigator.description == "home > settings")
        #expect(log.values == [
            "appear home", "disappear home", "appear settings", "disappear settings", "appear sheet",
            "disappear sheet", "appear a", "disappear a", "appear sheet", "disappear sheet", "appear settings",
        ])
        #expect(navigator.lifecycle.last == .appear("settings"))
    }

    @Test("A presented page without a container gets one when something is pushed on it")
    func unwrappedPresent() async throws {
        let (router, navigator) = try app()
        _ = await router.open("home")
        _ = await router.open("a", options: OpenOptions(style: .present, presentsInNavigationContainer: false))
        _ = await router.open("b")
        #expect(navigator.description == "home | [a] | b")
        #expect(navigator.presentedLayerCount == 2)
    }

    @Test("A route is found by its reference as the registry compares patterns: by shape, then with an untyped placeholder for a typed one")
    func routeReferences() async throws {
        let (router, navigator) = try app()
        for url in ["home", "catalog/mugs/7", "a"] { _ = await router.open(url) }
        #expect(await navigator.entry(ofRoute: "catalog/:category/<int:id>")?.url.string == "catalog/mugs/7")
        #expect(await navigator.entry(ofRoute: "catalog/:kind/<int:n>")?.route.text == "catalog/:category/<int:id>")
        #expect(await navigator.entry(ofRoute: "catalog/:category/:id")?.route.text == "catalog/:category/<int:id>")
        #expect(await navigator.entry(ofRoute: RouteID(rawValue: "catalog/:category/<int:id>")) != nil)
        #expect(await navigator.entry(ofRoute: "catalog/:category/<uuid:id>") == nil)
        #expect(await navigator.entry(ofRoute: "catalog/:category") != nil)
        #expect(await navigator.entry(ofRoute: "catalog/<int:category>") == nil)
        #expect(await navigator.entry(ofRoute: "not a (pattern") == nil)
        let reached = await navigator.back(toRoute: RouteID(rawValue: "catalog/:category/:id"), animated: false)
        #expect(reached?.route.text == "catalog/:category/<int:id>")
        #expect(navigator.description.hasSuffix("catalog/:category/<int:id>"))
    }

    @Test("Back N levels, back to a route, find a route, replace the stack")
    func backOperations() async throws {
        let (router, navigator) = try app()
        for url in ["home", "a", "b", "sheet", "c"] { _ = await router.open(url) }
        #expect(await navigator.entry(ofRoute: "a")?.route.text == "a")
        #expect(await navigator.entry(ofRoute: "missing") == nil)
        #expect(await navigator.back(levels: 2, animated: true) == 2)
        #expect(navigator.description == "home > a > b")
        #expect(await navigator.back(toRoute: "nowhere", animated: true) == nil)
        #expect(await navigator.back(toRoute: "home", animated: true)?.route.text == "home")
        #expect(navigator.description == "home")
        #expect(await navigator.back(levels: 5, animated: true) == 0)
        let stack = navigator.stack
        try await navigator.replaceStack(with: [], animated: false)
        #expect(navigator.description == "(empty)")
        try await navigator.replaceStack(with: stack, animated: false)
        #expect(navigator.description == "home")
    }

    @Test("Open style: router default < page preference < the call", arguments: [
        (RouteOptions.OpenStyle.automatic, "a", nil as RouteOptions.OpenStyle?, NavigationOperation.Kind.push),
        (.present, "a", nil, .present),
        (.present, "a", .push, .push),
        (.automatic, "sheet", nil, .present),
        (.push, "sheet", nil, .present),
        (.push, "sheet", .push, .push),
        (.present, "sheet", .automatic, .present),
        (.automatic, "a", .present, .present),
    ])
    func stylePriority(routerDefault: RouteOptions.OpenStyle, url: String, call: RouteOptions.OpenStyle?, expected: NavigationOperation.Kind) async throws {
        let (router, navigator) = try app(RouterConfiguration(defaultOpenStyle: routerDefault))
        _ = await router.open(url, options: OpenOptions(style: call))
        #expect(navigator.transitions.map(\.kind) == [expected])
    }

    @Test("route_no_animation=1 or the option turn animation off; both reach the navigator")
    func animation() async throws {
        let (router, navigator) = try app()
        _ = await router.open("a")
        _ = await router.open("b?route_no_animation=1")
        _ = await router.open("c", options: OpenOptions(animated: false))
        _ = await router.open("sheet?route_no_animation=0")
        #expect(navigator.transitions.map(\.animated) == [true, false, false, true])
    }

    @Test("A navigator that cannot show the page fails the open and leaves the stack as it was")
    func navigatorRefusesPage() async throws {
        let (router, navigator) = try app()
        _ = await router.open("home")
        struct WidgetFailed: Error {}
        let outcome = await router.open("a", options: OpenOptions(transition: { _ in throw WidgetFailed() }))
        #expect(outcome.failure?.summary == .navigationFailed(pattern: "a"))
        #expect("\(outcome.failure!)".hasPrefix("page 'a' could not be shown"))
        #expect(navigator.description == "home")
    }

    @Test("A custom transition takes over showing the page for one open")
    func customTransition() async throws {
        let (router, navigator) = try app()
        _ = await router.open("home")
        let seen = Recorder<String>()
        let outcome = await router.open("a", options: OpenOptions(transition: { request in
            seen.append("\(request.style) \(request.animated) \(request.entry.route.text)")
            try await request.navigator.replaceStack(with: [request.entry], animated: request.animated)
        }, recordsTrace: true))
        #expect(outcome.succeeded)
        #expect(seen.values == ["push true a"])
        #expect(navigator.description == "a")
        #expect(outcome.trace.steps.contains { $0.kind == .navigate && $0.detail.hasPrefix("custom transition") })
    }

    @Test("Actions and failed opens leave the stack alone")
    func nonPages() async throws {
        let (router, navigator) = try app()
        _ = await router.open("ping")
        _ = await router.open("missing")
        #expect(navigator.transitions.isEmpty)
    }
}

@Suite("Page results")
struct PageResultTests {
    private func app() async throws -> (Router, InMemoryNavigator) {
        let router = Router()
        for pattern in ["home", "picker", "other"] { try router.register(pattern, page: Screen.self) }
        try router.register("ping", action: { _ in "pong" })
        let navigator = InMemoryNavigator()
        router.navigator = navigator
        _ = await router.open("home")
        return (router, navigator)
    }

    /// Opens the picker expecting an address, lets `close` take it off the stack, returns the result.
    private func pick(
        setting value: (any Sendable)?, close: @escaping @Sendable (InMemoryNavigator) async -> Void
    ) async throws -> PageResult<Address> {
        let (router, navigator) = try await app()
        async let result = router.open(resultLink("picker", Address.self))
        while await navigator.entry(ofRoute: "picker") == nil { await Task.yield() }
        let entry = try #require(await navigator.entry(ofRoute: "picker"))
        if let value { try #require(entry.page as? Screen).result.set(value) }
        await close(navigator)
        return try await result
    }

    @Test("The result arrives once the page leaves the stack, whichever way it leaves", arguments: 0..<4)
    func everyWayOut(way: Int) async throws {
        let close: @Sendable (InMemoryNavigator) async -> Void = { navigator in
            switch way {
            case 0: await navigator.pop(animated: true)
            case 1: await navigator.back(levels: 1, animated: true)
            case 2: await navigator.back(toRoute: "home", animated: true)
            default: try? await navigator.replaceStack(with: [], animated: false)
            }
        }
        #expect(try await pick(setting: Address(street: "Main St"), close: close) == .value(Address(street: "Main St")))
        #expect(try await pick(setting: nil, close: close) == .cancelled)
    }

    @Test("A presented picker dismissed with its container delivers too")
    func dismissed() async throws {
        let (router, navigator) = try await app()
        let received = Recorder<String>()
        await router.open(resultLink("picker", Address.self), options: OpenOptions(style: .present), onResult: { result in
            received.append("\(result)")
        })
        _ = await router.open("other")
        #expect(navigator.description == "home | picker > other")
        let picker = try #require(await navigator.entry(ofRoute: "picker")?.page as? Screen)
        picker.result.set(Address(street: "Elm"))
        #expect(received.values.isEmpty)
        await navigator.dismiss(animated: true)
        #expect(received.values.count == 1 && received.values[0].contains("Elm"))
    }

    @Test("Exactly once: the last value before closing counts, later values and closes are ignored")
    func exactlyOnce() async throws {
        let (router, navigator) = try await app()
        let received = Recorder<String>()
        await router.open(resultLink("picker", String.self), onResult: { received.append("\($0)") })
        let slot = try #require(await navigator.entry(ofRoute: "picker")?.page as? Screen).result
        slot.set("first")
        slot.set("second")
        await navigator.pop(animated: true)
        slot.set("third")
        slot.close()
        #expect(received.values == [#"success(LinkRouterCore.PageResult<Swift.String>.value("second"))"#])
        #expect(slot.isDelivered)
    }

    @Test("A result of another type is an error, not a crash")
    func typeMismatch() async throws {
        await #expect {
            try await pick(setting: "not an address") { await $0.pop(animated: true) }
        } throws: { error in
            if case .typeMismatch(let expected, let actual) = error as? PageResultError {
                return expected == "Address" && actual == "String"
            }
            return false
        }
    }

    @Test("No navigator, no page, or a failed open: an error at once instead of waiting forever")
    func noPage() async throws {
        let (router, _) = try await app()
        await #expect(throws: PageResultError.self) { try await router.open(resultLink("ping", String.self)) }
        await #expect(throws: PageResultError.self) { try await router.open(resultLink("missing", String.self)) }
        router.navigator = nil
        await #expect(throws: PageResultError.self) { try await router.open(resultLink("picker", String.self)) }
        let received = Recorder<String>()
        await router.open(resultLink("picker", String.self), onResult: { received.append("\($0)") })
        #expect(received.values.count == 1 && received.values[0].contains("has no navigator"))
    }
}

@Suite("Stack reconstruction")
struct StackReconstructionTests {
    private func app() throws -> (Router, InMemoryNavigator) {
        try navigableApp()
    }

    @Test("A cold-start deep link builds the parents first, so back leads into the app")
    func coldStart() async throws {
        let (router, navigator) = try app()
        let outcome = await router.open("app://catalog/mugs/7")
        #expect(outcome.succeeded)
        #expect(navigator.description == "home > catalog > catalog/:category > catalog/:category/<int:id>")
        #expect(navigator.stack.map(\.url.routeKey) == ["home", "catalog", "catalog/mugs", "catalog/mugs/7"])
        await navigator.pop(animated: true)
        #expect(navigator.description == "home > catalog > catalog/:category")
    }

    @Test("A parent already on the stack is reused: back to it, then push")
    func warmStart() async throws {
        let (router, navigator) = try app()
        for url in ["home", "catalog", "settings"] { _ = await router.open(url) }
        _ = await router.open("catalog/all")
        #expect(navigator.description == "home > catalog > catalog/:category")
        _ = await router.open("catalog/tea/3")
        #expect(navigator.description == "home > catalog > catalog/:category > catalog/:category/<int:id>")
        #expect(navigator.stack.map(\.url.routeKey) == ["home", "catalog", "catalog/tea", "catalog/tea/3"])
    }

    @Test("A parent URL that reaches an action does not run it: the chain stops there and the page is shown")
    func actionAsParent() async throws {
        struct UnderAction: Routable {
            init?(parameters: RouteParameters) throws {}
            static func parentURL(for parameters: RouteParameters) -> String? { "counted" }
        }
        let (router, navigator) = try app()
        let runs = Recorder<String>()
        try router.register("counted", action: { _ in runs.append("ran") })
        try router.register("under-action", page: UnderAction.self)
        let outcome = await router.open("under-action", options: OpenOptions(recordsTrace: true))
        #expect(outcome.succeeded)
        #expect(navigator.description == "under-action")
        #expect(runs.values.isEmpty)
        #expect(outcome.trace.steps.contains { $0.detail == "parent counted is an action, not a page; stopped" }, "\(outcome.trace)")
    }

    @Test("A parent chain that loops stops instead of recursing")
    func loopingParents() async throws {
        let (router, navigator) = try app()
        let outcome = await router.open("cycle/a", options: OpenOptions(recordsTrace: true))
        #expect(outcome.succeeded)
        #expect(navigator.stack.count <= 10)
        #expect(outcome.trace.steps.contains { $0.detail.contains("loops or is too long") })
    }
}
