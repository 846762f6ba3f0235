import LinkRouterCore
import Testing

// Every door a URL comes in by, for every way a link can lead to a route, for an internal and an
// external route: each cell says whether the route is reached, and if not, how it is refused.
// Documentation/Security.md names this table as the test of "a link from outside never reaches an
// internal route".

/// Where a link comes in.
enum Door: String, CaseIterable, Sendable {
    case open, call, canOpen, resolve
    /// `open` with a page the caller made (``OpenOptions/page``).
    case pageInstance
    /// `open` of a page already shown, which updates itself in place.
    case updateInPlace
    /// `open` of a page whose parent is the route: the parent chain rebuilt beneath it.
    case parent
    /// `open` of the route that is a tab's root: the tab is selected.
    case tab
}

/// How a link leads to the route.
enum Way: String, CaseIterable, Sendable {
    /// `shop://ROUTE`, opened with the door's default source (`.app`).
    case appLink
    /// `https://shop.example.com/ROUTE`, a link to the app's web host.
    case webLink
    /// A web link whose redirect leaves its host: `legacy/ROUTE` → `shop://ROUTE`.
    case webLinkRedirectedOffHost
    /// A web link to an unknown route whose `route_fallback_url` is `shop://ROUTE`.
    case fallback
    /// A web link the dynamic route table redirects: `table/ROUTE` → `shop://ROUTE`.
    case tableRule

    /// The link for a route key such as `act/internal`.
    func link(to key: String) -> String {
        switch self {
        case .appLink: "shop://\(key)"
        case .webLink: "https://shop.example.com/\(key)"
        case .webLinkRedirectedOffHost: "https://shop.example.com/legacy/\(key)"
        case .fallback: "https://shop.example.com/gone?route_fallback_url=" + RouteLink.encode("shop://\(key)")
        case .tableRule: "https://shop.example.com/table/\(key)"
        }
    }
}

/// What a door did with the link.
enum Seen: Equatable, Sendable, CustomStringConvertible {
    /// The route was reached: the action ran, the page was shown or updated, the parent was
    /// rebuilt, the tab selected; `resolve` returned it, `canOpen` answered `true`.
    case reached
    /// Refused with this failure.
    case refused(FailureSummary)
    /// `canOpen` answered `false` (it carries no failure).
    case answeredNo
    /// The page opened, its parent left out of the rebuild.
    case parentLeftOut

    var description: String {
        switch self {
        case .reached: "reached"
        case .refused(let failure): "refused: \(failure)"
        case .answeredNo: "canOpen false"
        case .parentLeftOut: "parent left out"
        }
    }
}

struct DoorCell: Sendable, CustomStringConvertible {
    let door: Door
    let way: Way
    let exposure: RouteOptions.Exposure
    let expected: Seen

    var description: String { "\(door.rawValue) × \(way.rawValue) × \(exposure) → \(expected)" }
}

/// A page of the table's routes: updated in place when opened again.
private struct Target: UpdatableInPlace {
    init() {}
    init?(parameters: RouteParameters) throws {}
    static func updatesInPlace(for parameters: RouteParameters) -> UpdateInPlace { .inStack }
}

/// An external page whose parent is `page/X`.
private struct Child: Routable {
    init?(parameters: RouteParameters) throws {}
    static func parentURL(for parameters: RouteParameters) -> String? { "shop://page/\(parameters["x"] ?? "")" }
}

/// A dispatcher that records the source it is given and routes every URL to `act/internal`.
private struct RoutingBack: RouteDispatcher {
    let sources: Recorder<OpenSource>
    func dispatch(_ request: DispatchRequest) async -> DispatchResult {
        sources.append(request.source)
        return .route(to: "shop://act/internal", parameters: request.parameters)
    }
}

private struct Home: Routable {
    init?(parameters: RouteParameters) throws {}
}

@Suite("Door table")
struct DoorTableTests {
    /// The expected cells, door by door: for each exposure, the five ways in the order of ``Way``.
    static let cells: [DoorCell] = {
        let no = { (key: String) in Seen.refused(.noRoute(key)) }
        let table: [(Door, RouteOptions.Exposure, [Seen])] = [
            (.open, .internal, [.reached, no("act/internal"), no("act/internal"), no("act/internal"), no("act/internal")]),
            (.open, .external, [.reached, .reached, .reached, .reached, .reached]),
            // `call` and `canOpen` follow no `route_fallback_url`: the unknown route fails at once.
            (.call, .internal, [.reached, no("act/internal"), no("act/internal"), no("gone"), no("act/internal")]),
            (.call, .external, [.reached, .reached, .reached, no("gone"), .reached]),
            (.canOpen, .internal, [.reached, .answeredNo, .answeredNo, .answeredNo, .answeredNo]),
            (.canOpen, .external, [.reached, .reached, .reached, .answeredNo, .reached]),
            // `resolve` matches alone and opens nothing: it follows no redirect, table rule or
            // fallback, and names the route a key matches whatever its exposure (what `routes links`
            // needs to report a web link to an internal route); `canOpen` answers for reaching it.
            (.resolve, .internal, [.reached, .reached, no("legacy/act/internal"), no("gone"), no("table/act/internal")]),
            (.resolve, .external, [.reached, .reached, no("legacy/act/external"), no("gone"), no("table/act/external")]),
            (.pageInstance, .internal, [.reached, no("page/internal"), no("page/internal"), no("page/internal"), no("page/internal")]),
            (.pageInstance, .external, [.reached, .reached, .reached, .reached, .reached]),
            (.updateInPlace, .internal, [.reached, no("page/internal"), no("page/internal"), no("page/internal"), no("page/internal")]),
            (.updateInPlace, .external, [.reached, .reached, .reached, .reached, .reached]),
            // The page (external) opens whichever way; its internal parent only for the app.
            (.parent, .internal, [.reached, .parentLeftOut, .parentLeftOut, .parentLeftOut, .parentLeftOut]),
            (.parent, .external, [.reached, .reached, .reached, .reached, .reached]),
            (.tab, .internal, [.reached, no("page/internal"), no("page/internal"), no("page/internal"), no("page/internal")]),
            (.tab, .external, [.reached, .reached, .reached, .reached, .reached]),
        ]
        return table.flatMap { door, exposure, seen in
            zip(Way.allCases, seen).map { DoorCell(door: door, way: $0, exposure: exposure, expected: $1) }
        }
    }()

    @Test("The table covers every door, every way in and both exposures")
    func complete() {
        #expect(Self.cells.count == Door.allCases.count * Way.allCases.count * 2)
        #expect(Set(Self.cells.map(\.description)).count == Self.cells.count)
    }

    @Test("Every door admits a link the same way: a link from outside never reaches an internal route", arguments: cells)
    func door(_ cell: DoorCell) async throws {
        let seen = try await Self.see(cell.door, cell.way, exposure: cell.exposure)
        #expect(seen == cell.expected)
    }

    @Test("A web link redirected to a dispatcher's scheme is handed on as external, and the dispatcher cannot route it back to an internal route")
    func dispatcherKeepsSource() async throws {
        let router = try Self.shop()
        let sources = Recorder<OpenSource>()
        router.setDispatcher(RoutingBack(sources: sources), forSchemes: ["mailto"])
        try router.addRedirect(from: "contact", to: "mailto://help")
        let outcome = await router.open("https://shop.example.com/contact")
        #expect(outcome.chain == ["https://shop.example.com/contact", "mailto://help", "shop://act/internal"])
        #expect(outcome.failure?.summary == .noRoute("act/internal"))
        #expect(sources.values == [.external])
        // The app's own link to the dispatcher's scheme reaches the internal route through it.
        #expect(await router.open("mailto://help").actionResult as? String == "internal")
    }

    /// A shop with a web host; for each exposure an action `act/X`, a page `page/X` and an external
    /// page `child/X` whose parent is `page/X`; a redirect `legacy/...` and a table redirect
    /// `table/...` to `shop://...`; fallbacks allowed to `shop:`.
    private static func shop() throws -> Router {
        let router = Router(configuration: RouterConfiguration(
            allowedSchemes: ["shop"], webHosts: ["shop.example.com"], fallbackAllowlist: ["shop"]
        ))
        for exposure in [RouteOptions.Exposure.internal, .external] {
            let name = "\(exposure)"
            try router.register("act/\(name)", options: RouteOptions(exposure: exposure), action: { _ in name })
            try router.register("page/\(name)", options: RouteOptions(exposure: exposure), page: Target.self)
        }
        try router.register("child/:x", options: RouteOptions(exposure: .external), page: Child.self)
        try router.register("home", page: Home.self)
        try router.addRedirect(from: "legacy/:kind/:x", to: "shop://:kind/:x")
        router.routeTable = try DynamicRouteTable(redirects: [.init(from: "table/:kind/:x", to: "shop://:kind/:x")])
        return router
    }

    private static func see(_ door: Door, _ way: Way, exposure: RouteOptions.Exposure) async throws -> Seen {
        let router = try shop()
        let name = "\(exposure)"
        func seen(_ outcome: RouteOutcome) -> Seen {
            outcome.failure.map { .refused($0.summary) } ?? .reached
        }
        switch door {
        case .open:
            let outcome = await router.open(way.link(to: "act/\(name)"))
            if outcome.succeeded { #expect(outcome.actionResult as? String == name) }
            return seen(outcome)
        case .call:
            do {
                #expect(try router.call(way.link(to: "act/\(name)")) as? String == name)
                return .reached
            } catch {
                guard case .failed(_, let failure) = error else { throw error }
                return .refused(failure.summary)
            }
        case .canOpen:
            return router.canOpen(way.link(to: "act/\(name)")) ? .reached : .answeredNo
        case .resolve:
            do {
                #expect(try router.resolve(way.link(to: "act/\(name)")).pattern.text == "act/\(name)")
                return .reached
            } catch {
                return .refused(error.summary)
            }
        case .pageInstance:
            let outcome = await router.open(way.link(to: "page/\(name)"), options: OpenOptions(page: Target()))
            if outcome.succeeded { #expect(outcome.page is Target) }
            return seen(outcome)
        case .updateInPlace:
            let navigator = InMemoryNavigator()
            router.navigator = navigator
            #expect(await router.open("shop://page/\(name)").succeeded)
            let outcome = await router.open(way.link(to: "page/\(name)"))
            guard outcome.succeeded else { return seen(outcome) }
            if case .success(.updated) = outcome.result { return .reached }
            Issue.record("a page already shown was not updated in place: \(navigator)")
            return seen(outcome)
        case .parent:
            let navigator = InMemoryNavigator()
            router.navigator = navigator
            let outcome = await router.open(way.link(to: "child/\(name)"))
            guard outcome.succeeded else { return seen(outcome) }
            switch navigator.stack.map(\.route.text) {
            case ["page/\(name)", "child/:x"]: return .reached
            case ["child/:x"]: return .parentLeftOut
            case let stack:
                Issue.record("unexpected stack \(stack)")
                return seen(outcome)
            }
        case .tab:
            let navigator = try InMemoryNavigator(tabs: [
                NavigationTab("home", root: "shop://home"), NavigationTab("target", root: "shop://page/\(name)"),
            ])
            router.navigator = navigator
            let outcome = await router.open(way.link(to: "page/\(name)"))
            guard outcome.succeeded else { return seen(outcome) }
            #expect(navigator.description == "page/\(name)  [tab target]")
            return .reached
        }
    }
}
