import LinkRouterCore
import Synchronization
import Testing

private struct Plain: Routable {
    init() {}
    init?(parameters: RouteParameters) throws {}
}

/// Makes entries for the route keys `a`…`e`, `home`, `account`, `catalog`.
private let router: Router = {
    let router = Router()
    for pattern in ["a", "b", "c", "d", "e", "home", "account", "catalog"] { try! router.register(pattern, page: Plain.self) }
    return router
}()

private func entry(_ key: String) -> NavigationEntry {
    let route = try! router.resolve(key)
    return NavigationEntry(page: Plain(), route: route.pattern, url: try! RouteURL(key), parameters: route.parameters)
}

/// One row of the plan table: the state before (steps as `push a; present b; tab account`), the
/// opening (`push c`, `present c`, `sheet c`, `update b`; then `in TAB` and `parents P…`, nearest
/// first, where `P` is built, `P!` refused and `P?` not built), and what the navigator shows
/// after the plan, the steps of the plan, and the routes it took off.
struct PlanCase: Sendable, CustomStringConvertible {
    let tabs: [String]
    let before: String
    let opening: String
    let shown: String
    let steps: String
    let removed: String

    init(tabs: [String] = [], _ before: String, _ opening: String, shows shown: String, steps: String, removes removed: String = "") {
        self.tabs = tabs
        self.before = before
        self.opening = opening
        self.shown = shown
        self.steps = steps
        self.removed = removed
    }

    var description: String { "\(before) ⟶ \(opening)" }
}

/// A navigator that holds the first reader of its state, after the read, until it is released:
/// an open that read it plans on a state that another open then changes.
private final class HeldNavigator: Navigator {
    let shown: InMemoryNavigator
    private let held = Mutex<(armed: Bool, reader: CheckedContinuation<Void, Never>?)>((false, nil))
    private let readers: AsyncStream<Void>
    private let reading: AsyncStream<Void>.Continuation

    init(tabs: [NavigationTab]) throws {
        shown = try InMemoryNavigator(tabs: tabs)
        (readers, reading) = AsyncStream.makeStream()
    }

    var state: NavigationState {
        get async {
            let state = shown.state
            let armed = held.withLock { held in
                defer { held.armed = false }
                return held.armed
            }
            if armed {
                await withCheckedContinuation { continuation in
                    held.withLock { $0.reader = continuation }
                    reading.yield()
                }
            }
            return state
        }
    }

    func perform(_ operation: NavigationOperation, animated: Bool) async throws -> NavigationChange {
        try shown.perform(operation, animated: animated)
    }

    /// Holds the next reader of the state.
    func holdNextReader() { held.withLock { $0.armed = true } }

    /// Waits until a reader is held.
    func readerHeld() async {
        var iterator = readers.makeAsyncIterator()
        _ = await iterator.next()
    }

    /// Lets the held reader go on, with the state it read.
    func release() { held.withLock { $0.reader.take() }?.resume() }
}

private struct Order: Routable {
    init?(parameters: RouteParameters) throws {}
    static func parentURL(for parameters: RouteParameters) -> String? { "app://account" }
}

private struct Product: Routable {
    init?(parameters: RouteParameters) throws {}
    static func parentURL(for parameters: RouteParameters) -> String? { "app://home" }
}

private let twoTabs = [NavigationTab("home", root: "app://home"), NavigationTab("account", root: "app://account")]

/// Products under the home tab, orders under the account tab, shown by `navigator`.
private func twoTabsApp(_ navigator: some Navigator) throws -> Router {
    let router = Router()
    try router.register("home", page: Plain.self)
    try router.register("account", page: Plain.self)
    try router.register("account/orders/<int:id>", page: Order.self)
    try router.register("product/<int:id>", page: Product.self)
    router.navigator = navigator
    return router
}

@Suite("One navigation change per open")
struct NavigationPlanTests {
    @Test("A plan is a function of the state: what is shown after it, its steps, what it took off", arguments: [
        PlanCase("", "push a", shows: "a", steps: "push"),
        PlanCase("push home", "push b parents a home", shows: "home > a > b", steps: "back to 'home'; push parent 'a'; push"),
        PlanCase("push home; push a; push c", "push b parents a home", shows: "home > a > b", steps: "back to 'a'; push", removes: "c"),
        PlanCase("push home; present d", "push b parents home", shows: "home > b", steps: "back to 'home'; push", removes: "d"),
        PlanCase("", "push b parents a home", shows: "home > a > b", steps: "push parent 'home'; push parent 'a'; push"),
        PlanCase("push home", "push d parents c* home", shows: "home | c > d", steps: "back to 'home'; present parent 'c'; push"),
        PlanCase("push home; push a", "push c parents b! home", shows: "home > a > c", steps: "push"),
        PlanCase("push home; push a", "push c parents b e! home", shows: "home > a > b > c", steps: "push parent 'b'; push"),
        PlanCase("push home; push a", "push c parents b a! home", shows: "home > a > b > c", steps: "back to 'a'; push parent 'b'; push"),
        PlanCase("push a", "present b", shows: "a | b", steps: "present"),
        PlanCase("push a", "sheet b", shows: "a | [b]", steps: "present"),
        PlanCase("push home; push a; present b", "update a", shows: "home > a", steps: "back to 'a'; update", removes: "b"),
        PlanCase(tabs: ["home", "account"], "push home; push a", "push c in account parents account",
                 shows: "account > c  [tab account]", steps: "select tab 'account'; push parent 'account'; push"),
        PlanCase(tabs: ["home", "account"], "push home; tab account; push account; push b; tab home; push a", "push c in account parents account",
                 shows: "account > c  [tab account]", steps: "select tab 'account'; back to 'account'; push", removes: "b"),
        PlanCase(tabs: ["home", "account"], "push home; present a", "push c in home", shows: "home > c  [tab home]",
                 steps: "select tab 'home'; push", removes: "a"),
        PlanCase(tabs: ["home", "account"], "push home; present a", "push c in home parents a home", shows: "home | a > c  [tab home]",
                 steps: "back to 'a'; push"),
        PlanCase(tabs: ["home", "account"], "push home; tab account; push account; push b", "update home in home",
                 shows: "home  [tab home]", steps: "select tab 'home'; back to 'home'; update"),
        // Windows: a new one (the page's tab and parents built in it), the one showing the page.
        PlanCase("push home; push a", "push b parents a home window new", shows: "window 1: home > a || window 2*: home > a > b",
                 steps: "open window 2; push parent 'home'; push parent 'a'; push"),
        PlanCase(tabs: ["home", "account"], "push home; push a", "push c in account parents account window new",
                 shows: "window 1: home > a  [tab home] || window 2*: account > c  [tab account]",
                 steps: "open window 2; select tab 'account'; push parent 'account'; push"),
        PlanCase("push home; push a; push c; window; push b", "push a window showing",
                 shows: "window 1*: home > a || window 2: b", steps: "bring window 1 forward; back to 'a'", removes: "c"),
        PlanCase(tabs: ["home", "account"], "push home; tab account; push account; push c; window; push b", "push c window showing",
                 shows: "window 1*: account > c  [tab account] || window 2: b  [tab home]", steps: "bring window 1 forward; back to 'c'"),
        PlanCase("push home; push a; present c; window; push b; push d", "push b window showing",
                 shows: "window 1: home > a | c || window 2*: b", steps: "back to 'b'", removes: "d"),
        PlanCase("push home", "push b parents home window showing", shows: "home > b", steps: "back to 'home'; push"),
    ])
    func plan(_ row: PlanCase) throws {
        let navigator = row.tabs.isEmpty ? InMemoryNavigator() : try InMemoryNavigator(tabs: row.tabs.map { NavigationTab($0, root: $0) })
        try run(row.before, on: navigator)
        let state = navigator.state
        let plan = try state.opening(try opening(row.opening, in: state))
        #expect(plan.base == state)
        let change = try navigator.perform(.plan(plan), animated: true)
        #expect(navigator.description == row.shown)
        #expect(navigator.state == plan.target)
        #expect(change.removed.map(\.url.routeKey).joined(separator: " ") == row.removed)
        #expect(change.removed.allSatisfy { $0.result.isDelivered })
        #expect(navigator.transitions.count == row.before.split(separator: ";").count + (change.isEmpty ? 0 : 1), "one transition for the whole open")
        #expect(navigator.transitions.last?.kind == plan.kind)
        #expect(plan.steps.joined(separator: "; ") == row.steps)
    }

    @Test("Planning stops at the first parent it needs that is not built, and at a step that does not apply")
    func shortfall() throws {
        var state = NavigationState()
        try state.apply(.push(entry("home")))
        #expect(throws: NavigationOpening.Shortfall.parentNotBuilt(1)) {
            try state.opening(try opening("push c parents b a? home", in: state))
        }
        #expect(throws: NavigationOpening.Shortfall.navigation(.unknownTab("account", declared: []))) {
            try state.opening(NavigationOpening(.push(entry("c")), tab: "account"))
        }
        // A parent shown before the one not built is the anchor: nothing more is needed.
        _ = try state.opening(try opening("push c parents home a?", in: state))
    }

    @Test("A plan made on another state is refused and changes nothing; made again on the state found, it applies")
    func stalePlan() throws {
        let navigator = InMemoryNavigator()
        try navigator.perform(.push(entry("home")), animated: false)
        let stale = try navigator.state.opening(try opening("push b parents a home", in: navigator.state))
        try navigator.perform(.push(entry("c")), animated: false)
        let shown = navigator.state
        #expect(throws: NavigationError.stateChanged) { try navigator.perform(.plan(stale), animated: true) }
        #expect(navigator.state == shown && navigator.transitions.count == 2)
        let fresh = try navigator.state.opening(try opening("push b parents a home", in: navigator.state))
        try navigator.perform(.plan(fresh), animated: true)
        #expect(navigator.description == "home > a > b")
        #expect(navigator.transitions.map(\.description) == ["push home (no animation)", "push c (no animation)", "push b"])
    }

    @Test("States are equal when they show the same entries, by identifier, in the same places")
    func equality() throws {
        let a = entry("a"), b = entry("b")
        var one = NavigationState(), other = NavigationState()
        try one.apply(.push(a))
        try other.apply(.push(a))
        #expect(one == other)
        try one.apply(.push(b))
        #expect(one != other)
        try other.apply(.push(entry("b")))
        #expect(one != other, "another entry of the same route is another entry")
        #expect(a.id != b.id && a == a && a != b)
        #expect(Set([a.id, b.id, entry("a").id]).count == 3)
    }

    @Test("Two opens that race: the one that planned on a state the other changed plans again; each makes one change")
    func racingOpens() async throws {
        let navigator = try HeldNavigator(tabs: twoTabs)
        let router = try twoTabsApp(navigator)
        navigator.holdNextReader()
        // The order reads the state (home tab, empty) and is held before it plans.
        async let order = router.open("app://account/orders/7", options: OpenOptions(recordsTrace: true))
        await navigator.readerHeld()
        // Meanwhile the product opens: home tab, home built under it.
        let product = await router.open("app://product/3")
        #expect(product.succeeded)
        #expect(navigator.shown.description == "home > product/<int:id>  [tab home]")
        navigator.release()
        let ordered = await order
        #expect(ordered.succeeded)
        #expect(ordered.trace.steps.contains { $0.detail == "the navigation state changed while the open was planned; planning again" })
        // The order was planned again on the state it found: its tab selected, its parent built.
        #expect(navigator.shown.description == "account > account/orders/<int:id>  [tab account]")
        #expect(navigator.shown.state.stack(ofTab: "home")?.map(\.route.text) == ["home", "product/<int:id>"])
        #expect(navigator.shown.transitions.map(\.description) == ["push product/<int:id>", "push account/orders/<int:id>"], "one change per open")
    }

    @Test("Many opens at once, with parents in two tabs: one change each, and stacks that are whole")
    func manyOpens() async throws {
        let navigator = try InMemoryNavigator(tabs: twoTabs)
        let router = try twoTabsApp(navigator)
        // 16 opens: each can be refused at most 15 times (once per other open that came first),
        // below the bound of plans of one open.
        let urls = (0..<16).map { $0 % 2 == 0 ? "app://product/\($0)" : "app://account/orders/\($0)" }
        let opened = await withTaskGroup(of: Bool.self) { group in
            for url in urls { group.addTask { await router.open(url).succeeded } }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(opened == urls.count)
        #expect(navigator.transitions.count == urls.count, "one change per open")
        // Each open went back to its tab's root: each stack is the root, once, and the last page.
        let home = try #require(navigator.state.stack(ofTab: "home")).map(\.route.text)
        let account = try #require(navigator.state.stack(ofTab: "account")).map(\.route.text)
        #expect(home == ["home", "product/<int:id>"])
        #expect(account == ["account", "account/orders/<int:id>"])
    }
}

/// Performs `steps` (`push a; present b; sheet b; tab account`) on the navigator.
private func run(_ steps: String, on navigator: InMemoryNavigator) throws {
    for step in steps.split(separator: ";") {
        let words = step.split(separator: " ").map(String.init)
        switch words.first {
        case "push": try navigator.perform(.push(entry(words[1])), animated: true)
        case "present": try navigator.perform(.present(entry(words[1]), inNavigationContainer: true), animated: true)
        case "tab": try navigator.perform(.selectTab(words[1]), animated: true)
        case "window": try navigator.perform(.openWindow, animated: true)
        default: Issue.record("unknown step \(step)")
        }
    }
}

/// Reads an opening: `push c in TAB parents b* a! home?` (`*` presented, `!` refused, `?` not built).
private func opening(_ text: String, in state: NavigationState) throws -> NavigationOpening {
    let words = text.split(separator: " ").map(String.init)
    let key = words[1]
    let page: NavigationOpening.Page = switch words[0] {
    case "present": .present(entry(key), inNavigationContainer: true)
    case "sheet": .present(entry(key), inNavigationContainer: false)
    case "update":
        try {
            let old = try #require(state.allEntries.last { $0.url.routeKey == key })
            return .update(old, with: NavigationEntry(page: Plain(), route: old.route, url: old.url, parameters: old.parameters, result: old.result))
        }()
    default: .push(entry(key))
    }
    let tab = words.firstIndex(of: "in").map { words[$0 + 1] }
    let windowAt = words.firstIndex(of: "window")
    let window: NavigationOpening.Window = switch windowAt.map({ words[$0 + 1] }) {
    case "new": .new
    case "showing": .showing { $0.url.routeKey == key }
    default: .active
    }
    let parents = words.firstIndex(of: "parents").map { words[($0 + 1)..<(windowAt ?? words.count)] } ?? []
    return NavigationOpening(page, tab: tab, window: window, parents: parents.map { word in
        let name = String(word.filter(\.isLetter))
        let built: NavigationOpening.Parent.Built = word.hasSuffix("!") ? .refused : word.hasSuffix("?") ? .notYet : .entry(entry(name))
        return NavigationOpening.Parent(presented: word.hasSuffix("*"), built: built, isShown: { $0.url.routeKey == name })
    })
}

extension NavigationOpening {
    fileprivate init(_ page: Page, tab: String?, window: Window, parents: [Parent]) {
        self.init(page, tab: tab, parents: parents, window: window)
    }
}
