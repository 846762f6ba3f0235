import LinkRouterCore
import Testing

private struct Plain: Routable {
    init() {}
    init?(parameters: RouteParameters) throws {}
}

/// Makes entries for route keys such as `a`, `home` or `product/7` (each its own pattern).
private struct Entries {
    let router = Router()

    init() {
        for pattern in ["a", "b", "c", "d", "e", "home", "account", "catalog", "product/<int:id>"] {
            try! router.register(pattern, page: Plain.self)
        }
    }

    func make(_ key: String) -> NavigationEntry {
        let route = try! router.resolve(key)
        return NavigationEntry(page: Plain(), route: route.pattern, url: try! RouteURL(key), parameters: route.parameters)
    }
}

/// Operations written as text, for tables: `push a; present b; sheet c; pop; dismiss; back 2;
/// back-to a; close b; tab account; replace a b; update a; close-all`. `push` and the others that
/// insert make a new entry for the key; `close` and `update` name the topmost shown entry of a key.
///
/// Each step is also performed by an ``InMemoryNavigator`` beside the state: it must record one
/// transition per change (none for an empty one) and end in an equal state.
private struct Script {
    let entries = Entries()
    var state: NavigationState
    let navigator: InMemoryNavigator

    init(tabs: [String] = []) {
        let tabs = tabs.map { NavigationTab($0, root: $0) }
        state = tabs.isEmpty ? NavigationState() : try! NavigationState(tabs: tabs)
        navigator = tabs.isEmpty ? InMemoryNavigator() : try! InMemoryNavigator(tabs: tabs)
    }

    func operation(_ step: String) throws -> NavigationOperation {
        let words = step.split(separator: " ").map(String.init)
        let arguments = Array(words.dropFirst())
        func shown(_ key: String) throws -> NavigationEntry {
            try #require(state.visibleEntries.last { $0.url.routeKey == key }, "\(key) is not shown in \(state)")
        }
        switch words.first {
        case "push": return .push(entries.make(arguments[0]))
        case "present": return .present(entries.make(arguments[0]), inNavigationContainer: true)
        case "sheet": return .present(entries.make(arguments[0]), inNavigationContainer: false)
        case "pop": return .pop
        case "dismiss": return .dismiss
        case "back": return .back(levels: Int(arguments[0])!)
        case "back-to": return .backToRoute(arguments[0])
        case "back-to-entry": return .backToEntry(try shown(arguments[0]))
        case "close": return .close(try shown(arguments[0]))
        case "tab": return .selectTab(arguments[0])
        case "replace": return .replaceStack(arguments.map(entries.make))
        case "update":
            let old = try shown(arguments[0])
            return .update(old, with: NavigationEntry(page: Plain(), route: old.route, url: old.url, parameters: old.parameters, result: old.result))
        case "close-all": return .closeAll
        case "window": return .openWindow
        case "close-window": return .closeWindow(Int(arguments[0])!)
        case "focus-window": return .focusWindow(Int(arguments[0])!)
        default: throw ScriptError(step: step)
        }
    }

    /// Runs the steps, committing each change; returns the last change.
    @discardableResult
    mutating func run(_ steps: String) throws -> NavigationChange? {
        var last: NavigationChange?
        for step in steps.split(separator: ";").map({ String($0).trimmed() }) where !step.isEmpty {
            let operation = try operation(step)
            let change = try state.apply(operation)
            change.commit()
            let transitions = navigator.transitions.count
            try navigator.perform(operation, animated: true)
            #expect(navigator.transitions.count == transitions + (change.isEmpty ? 0 : 1), "\(step): one change, one transition")
            #expect(navigator.state == state, "\(step): the navigator shows the state")
            last = change
        }
        return last
    }
}

private struct ScriptError: Error {
    let step: String
}

extension String {
    fileprivate func trimmed() -> String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}

/// One row: the steps before, the step tested, what is shown after it, and which routes the step
/// took off and put on.
struct StepCase: Sendable, CustomStringConvertible {
    let tabs: [String]
    let before: String
    let step: String
    let shown: String
    let removed: String
    let inserted: String

    init(tabs: [String] = [], _ before: String, _ step: String, shows shown: String, removes removed: String = "", inserts inserted: String = "") {
        self.tabs = tabs
        self.before = before
        self.step = step
        self.shown = shown
        self.removed = removed
        self.inserted = inserted
    }

    var description: String { "\(before) ⟶ \(step)" }
}

@Suite("Navigation state")
struct NavigationStateTests {
    @Test("Each operation: what is shown after it, what it took off and put on", arguments: [
        StepCase("", "push a", shows: "a", inserts: "a"),
        StepCase("push a", "push b", shows: "a > b", inserts: "b"),
        StepCase("push a", "present b", shows: "a | b", inserts: "b"),
        StepCase("push a", "sheet b", shows: "a | [b]", inserts: "b"),
        StepCase("push a; sheet b", "push c", shows: "a | [b] | c", inserts: "c"),
        StepCase("push a; present b", "push c", shows: "a | b > c", inserts: "c"),
        StepCase("push a; push b", "pop", shows: "a", removes: "b"),
        StepCase("push a", "pop", shows: "a"),
        StepCase("push a; present b", "pop", shows: "a | b"),
        StepCase("push a; present b; push c", "dismiss", shows: "a", removes: "b c"),
        StepCase("push a", "dismiss", shows: "a"),
        StepCase("push a; push b; present c; push d", "back 3", shows: "a", removes: "b c d"),
        StepCase("push a; push b", "back 5", shows: "a", removes: "b"),
        StepCase("push a; push b", "back -1", shows: "a > b"),
        StepCase("push a; push b; present c; push d", "back-to b", shows: "a > b", removes: "c d"),
        StepCase("push a; push b; present c; push d", "back-to c", shows: "a > b | c", removes: "d"),
        StepCase("push a; push b", "back-to e", shows: "a > b"),
        StepCase("push a; push b; push a", "back-to a", shows: "a > b > a"),
        StepCase("push a; push b; push c", "back-to-entry b", shows: "a > b", removes: "c"),
        StepCase("push a; push b; push c", "close b", shows: "a", removes: "b c"),
        StepCase("push a; present b; push c", "close b", shows: "a", removes: "b c"),
        StepCase("push a; present b; push c", "close c", shows: "a | b", removes: "c"),
        StepCase("push a; push b", "close a", shows: "a > b"),
        StepCase("push a; present b", "replace c d", shows: "c > d", removes: "a b", inserts: "c d"),
        StepCase("push a; push b", "replace", shows: "(empty)", removes: "a b"),
        StepCase("push a; push b", "update b", shows: "a > b"),
        StepCase("push a; present b", "close-all", shows: "(empty)", removes: "a b"),
        StepCase(tabs: ["home", "account"], "push home; push a", "tab account", shows: "(empty)  [tab account]"),
        StepCase(tabs: ["home", "account"], "push home; push a; tab account; push account", "tab home", shows: "home > a  [tab home]"),
        StepCase(tabs: ["home", "account"], "push home; present b", "tab account", shows: "(empty)  [tab account]", removes: "b"),
        StepCase(tabs: ["home", "account"], "push home; tab account; push account; push c", "replace d", shows: "d  [tab account]", removes: "account c", inserts: "d"),
        StepCase(tabs: ["home", "account"], "push home; tab account; push account", "close-all", shows: "(empty)  [tab account]", removes: "home account"),
        // Windows: each with its stacks and layers; the active one is marked `*`.
        StepCase("push a", "window", shows: "window 1: a || window 2*: (empty)"),
        StepCase("push a; window; push b", "focus-window 1", shows: "window 1*: a || window 2: b"),
        StepCase("push a; window; push b; present c", "close-window 2", shows: "a", removes: "b c"),
        StepCase("push a; window; push b; focus-window 1", "close-window 2", shows: "a", removes: "b"),
        StepCase("push a; window; push b; window; push c; focus-window 2", "close-window 2", shows: "window 1*: a || window 3: c", removes: "b"),
        StepCase("push a; window; push b; window; push c", "close-window 1", shows: "window 2: b || window 3*: c", removes: "a"),
        StepCase("push a", "close-window 1", shows: "(empty)", removes: "a"),
        StepCase("push a; window; push b; present c", "close-all", shows: "(empty)", removes: "a b c"),
        StepCase("push a; window; push b", "pop", shows: "window 1: a || window 2*: b"),
        StepCase("push a; window; push b; present c", "focus-window 1", shows: "window 1*: a || window 2: b | c"),
        StepCase(tabs: ["home", "account"], "push home; window; tab account; push account", "focus-window 1",
                 shows: "window 1*: home  [tab home] || window 2: account  [tab account]"),
    ])
    func step(_ row: StepCase) throws {
        var script = Script(tabs: row.tabs)
        try script.run(row.before)
        let change = try #require(try script.run(row.step))
        #expect(script.state.description == row.shown)
        #expect(change.removed.map(\.url.routeKey).joined(separator: " ") == row.removed)
        #expect(change.inserted.map(\.url.routeKey).joined(separator: " ") == row.inserted)
        #expect(change.removed.allSatisfy { $0.result.isDelivered }, "every entry taken off has its result")
        #expect(!script.state.allEntries.contains { $0.result.isDelivered }, "no entry shown has its result yet")
    }

    @Test("An operation that names what is not there throws and changes nothing", arguments: [
        ("push a", "tab nowhere", "no tab is named 'nowhere'; the app declared no tabs"),
        ("push a", "push-again a", "an entry of 'a' is already shown; an entry is shown once"),
        ("push a; push b", "replace-twice c", "an entry of 'c' is already shown; an entry is shown once"),
        ("push a; push b", "close-gone b", "the entry of 'b' is not shown"),
        ("push a; push b", "update-gone b", "the entry of 'b' is not shown"),
        ("push a; window", "focus-window 9", "no window 9 is open"),
        ("push a", "close-window 2", "no window 2 is open"),
    ])
    func refused(before: String, step: String, message: String) throws {
        var script = Script()
        try script.run(before)
        let shown = script.state.description
        let operation: NavigationOperation
        switch step.split(separator: " ")[0] {
        case "push-again": operation = .push(try #require(script.state.top))
        case "replace-twice":
            let entry = script.entries.make("c")
            operation = .replaceStack([entry, entry])
        case "close-gone": operation = .close(script.entries.make("b"))
        case "update-gone": operation = .update(script.entries.make("b"), with: script.entries.make("b"))
        default: operation = try script.operation(step)
        }
        #expect { try script.state.apply(operation) } throws: { "\($0)" == message }
        #expect(script.state.description == shown)
    }

    @Test("Tabs with an empty or repeated name are refused")
    func badTabs() {
        #expect(throws: NavigationError.invalidTabs("two tabs are named 'a'")) {
            try NavigationState(tabs: [NavigationTab("a", root: "a"), NavigationTab("a", root: "b")])
        }
        #expect(throws: NavigationError.invalidTabs("a tab's name is empty")) { try NavigationState(tabs: [NavigationTab("", root: "a")]) }
    }

    @Test("Update in place: the new entry takes the old one's place; a shared result slot stays open, another is closed")
    func update() throws {
        var script = Script()
        try script.run("push a; push b")
        let old = try #require(script.state.top)
        let shared = NavigationEntry(page: Plain(), route: old.route, url: old.url, parameters: old.parameters, result: old.result)
        let change = try script.state.apply(.update(old, with: shared))
        change.commit()
        #expect(change.updated.count == 1 && change.removed.isEmpty && change.inserted.isEmpty)
        #expect(change.appeared == nil && change.disappeared == nil, "an update in place is no appearance")
        #expect(script.state.top === shared && !old.result.isDelivered)
        let fresh = script.entries.make("b")
        try script.state.apply(.update(shared, with: fresh)).commit()
        #expect(shared.result.isDelivered && !fresh.result.isDelivered)
    }

    @Test("commit delivers once, however often it is called, and tells the pages on top")
    func commitOnce() throws {
        var script = Script()
        try script.run("push a; push b")
        let b = try #require(script.state.top)
        b.result.set("picked")
        let change = try script.state.apply(.pop)
        #expect(!b.result.isDelivered, "nothing is delivered before the change is committed")
        change.commit()
        change.commit()
        #expect(b.result.isDelivered)
        #expect(change.disappeared === b && change.appeared === script.state.top)
        #expect(change.goesBack)
    }

    @Test("A random sequence of operations keeps every invariant", arguments: [0, 1, 2, 3] as [UInt64])
    func randomSequence(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let tabNames = seed % 2 == 0 ? ["home", "account", "catalog"] : []
        var state = tabNames.isEmpty ? NavigationState() : try NavigationState(tabs: tabNames.map { NavigationTab($0, root: $0) })
        let entries = Entries()
        let keys = ["a", "b", "c", "d", "e", "product/7"]
        var removedEver = Set<ObjectIdentifier>()
        // Kept alive, so that no later entry gets the address (the identifier) of one that left.
        var left: [NavigationEntry] = []
        var layerIDs = Set<Int>()
        // Performs every operation too: one transition per change, and the same state.
        let navigator = tabNames.isEmpty ? InMemoryNavigator() : try InMemoryNavigator(tabs: tabNames.map { NavigationTab($0, root: $0) })
        // A state some steps back, on which plans are made that must then be refused.
        var earlier = state
        var plans = 0, stalePlans = 0
        for step in 0..<3_000 {
            if step % 7 == 0 { earlier = state }
            let operation = randomOperation(in: state, earlier: earlier, keys: keys, tabs: tabNames, entries: entries, random: &random)
            let before = state
            let change: NavigationChange
            do {
                change = try state.apply(operation)
            } catch {
                // Only operations that name what is not there, or plans made on another state, may
                // be refused, and they change nothing, in the state and in the navigator.
                #expect(state == before)
                if case .plan(let plan) = operation {
                    #expect(error == .stateChanged && plan.base != state, "a plan is refused only when made on another state")
                    stalePlans += 1
                }
                let transitions = navigator.transitions.count
                #expect(throws: error) { try navigator.perform(operation, animated: false) }
                #expect(navigator.transitions.count == transitions && navigator.state == state)
                continue
            }
            change.commit()
            let context = "step \(step): \(operation.kind) on \(before) gave \(state)"
            let transitions = navigator.transitions.count
            _ = try navigator.perform(operation, animated: false)
            #expect(navigator.transitions.count == transitions + (change.isEmpty ? 0 : 1), "\(context): one change, one transition")
            #expect(navigator.state == state, "\(context): the navigator shows the state")
            var isPlan = false
            if case .plan(let plan) = operation {
                #expect(state == plan.target, "\(context): a plan shows its target")
                isPlan = true
                plans += 1
            }

            // The change is the difference between the states.
            let beforeIDs = Set(before.allEntries.map(ObjectIdentifier.init)), afterIDs = Set(state.allEntries.map(ObjectIdentifier.init))
            let updatedOld = Set(change.updated.map { ObjectIdentifier($0.old) }), updatedNew = Set(change.updated.map { ObjectIdentifier($0.new) })
            #expect(Set(change.removed.map(ObjectIdentifier.init)) == beforeIDs.subtracting(afterIDs).subtracting(updatedOld), "\(context)")
            #expect(Set(change.inserted.map(ObjectIdentifier.init)) == afterIDs.subtracting(beforeIDs).subtracting(updatedNew), "\(context)")
            #expect(change.top === state.top && change.previousTop === before.top, "\(context)")

            // Every entry that leaves is delivered once and never comes back; no entry shown is delivered.
            left += change.removed + change.updated.map(\.old)
            for entry in change.removed {
                #expect(removedEver.insert(ObjectIdentifier(entry)).inserted, "\(context): \(entry) left twice")
                #expect(entry.result.isDelivered, "\(context)")
            }
            #expect(!state.allEntries.contains { $0.result.isDelivered }, "\(context)")
            #expect(afterIDs.count == state.allEntries.count, "\(context): an entry is shown twice")

            // Layers are never empty and keep their identifiers.
            #expect(state.layers.allSatisfy { !$0.entries.isEmpty }, "\(context)")
            for layer in state.layers where !before.layers.contains(where: { $0.id == layer.id }) {
                #expect(layerIDs.insert(layer.id).inserted, "\(context): layer \(layer.id) reused")
            }

            // The first entry of a stack stays, unless the stack is replaced, everything closes, or it is updated in place.
            let kind = operation.kind
            for tab in state.tabStacks.indices where !before.tabStacks[tab].isEmpty && kind != .replace && kind != .close {
                let first = before.tabStacks[tab][0]
                #expect(state.tabStacks[tab].first === first || change.updated.contains { $0.old === first }, "\(context): the root left")
            }
            if case .close = operation {
                #expect(state.tabStacks.indices.allSatisfy { before.tabStacks[$0].isEmpty || !state.tabStacks[$0].isEmpty }, "\(context)")
            }

            // A tab's stack is kept while another is shown (a plan may select a tab and open in it).
            for tab in state.tabStacks.indices where tab != before.selectedTabIndex && kind != .close && !(isPlan && tab == state.selectedTabIndex) {
                #expect(state.tabStacks[tab].map(ObjectIdentifier.init) == before.tabStacks[tab].map(ObjectIdentifier.init), "\(context)")
            }
        }
        #expect(removedEver.count > 100, "the sequence took pages off")
        #expect(plans > 50 && stalePlans > 10, "the sequence applied plans (\(plans)) and refused stale ones (\(stalePlans))")
    }

    private func randomOperation(
        in state: NavigationState, earlier: NavigationState, keys: [String], tabs: [String], entries: Entries, random: inout SplitMix64
    ) -> NavigationOperation {
        let shown = state.visibleEntries
        func anyShown() -> NavigationEntry { shown.isEmpty ? entries.make("a") : shown[Int(random.next() % UInt64(shown.count))] }
        let key = keys[Int(random.next() % UInt64(keys.count))]
        switch random.next() % 24 {
        case 0...5: return .push(entries.make(key))
        case 6: return .present(entries.make(key), inNavigationContainer: random.next() % 2 == 0)
        case 7, 8: return .pop
        case 9: return .dismiss
        case 10: return .back(levels: Int(random.next() % 4))
        case 11: return .backToRoute(key)
        case 12: return .backToEntry(anyShown())
        case 13: return .close(anyShown())
        case 14, 15: return .selectTab(tabs.isEmpty ? "none" : tabs[Int(random.next() % UInt64(tabs.count))])
        case 16: return random.next() % 8 == 0 ? .replaceStack([entries.make(key)]) : .push(entries.make(key))
        case 17:
            let old = anyShown()
            let slot = random.next() % 2 == 0 ? old.result : PageResultSlot()
            return .update(old, with: NavigationEntry(page: old.page, route: old.route, url: old.url, parameters: old.parameters, result: slot))
        case 18: return random.next() % 30 == 0 ? .closeAll : .pop
        case 19: return .push(shown.last ?? entries.make(key))   // already shown: refused
        default:
            // An open planned on this state, or now and then on an earlier one.
            let base = random.next() % 4 == 0 ? earlier : state
            let parents = (0..<Int(random.next() % 4)).map { _ in
                let parent = keys[Int(random.next() % UInt64(keys.count))]
                return NavigationOpening.Parent(
                    presented: random.next() % 4 == 0, built: random.next() % 6 == 0 ? .refused : .entry(entries.make(parent)),
                    isShown: { $0.url.routeKey == parent }
                )
            }
            let entry = entries.make(key)
            let page: NavigationOpening.Page
            switch random.next() % 6 {
            case 0 where !base.visibleEntries.isEmpty:
                let old = base.visibleEntries[Int(random.next() % UInt64(base.visibleEntries.count))]
                page = .update(old, with: NavigationEntry(page: old.page, route: old.route, url: old.url, parameters: old.parameters, result: old.result))
            case 1: page = .present(entry, inNavigationContainer: random.next() % 2 == 0)
            default: page = .push(entry)
            }
            let tab = tabs.isEmpty || random.next() % 3 == 0 ? nil : tabs[Int(random.next() % UInt64(tabs.count))]
            guard let plan = try? base.opening(NavigationOpening(page, tab: tab, parents: parents)) else { return .pop }
            return .plan(plan)
        }
    }
}
