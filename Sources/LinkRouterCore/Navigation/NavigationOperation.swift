/// One change a person or the router asks of the navigation state (``NavigationState/apply(_:)``).
///
/// May gain cases in a minor version (`@nonexhaustive`): a `switch` over it outside LinkRouter's
/// package ends with `@unknown default` (README, "Versioning").
@nonexhaustive
public enum NavigationOperation: Sendable {
    /// Pushes onto the top navigation container: the top modal layer, or the selected tab's stack;
    /// presents the entry in a new layer with a container when the top layer has none.
    case push(NavigationEntry)
    /// Presents the entry as a new modal layer, with a navigation container of its own or not.
    case present(NavigationEntry, inNavigationContainer: Bool)
    /// Takes the top entry off the top container, unless it is the container's only entry.
    case pop
    /// Takes the top modal layer off, with all its entries.
    case dismiss
    /// Takes the top `levels` entries off, popping and dismissing, never the first entry of the
    /// selected tab's stack.
    case back(levels: Int)
    /// Takes off every entry above the topmost shown entry of a route, its pattern compared as
    /// ``Navigator/entry(ofRoute:)`` compares it; nothing when none is shown.
    case backToRoute(String)
    /// Takes off every entry above this one, which must be shown.
    case backToEntry(NavigationEntry)
    /// Takes this entry off with every entry above it (its layer, when it is the layer's first);
    /// the first entry of the selected tab's stack stays.
    case close(NavigationEntry)
    /// Shows the tab of this name with the stack it kept, dismissing every modal layer.
    case selectTab(String)
    /// Dismisses every modal layer and makes these entries the selected tab's stack.
    case replaceStack([NavigationEntry])
    /// Puts the second entry where the first is (update in place: the page took new parameters);
    /// the first leaves without a result of its own when both share their result slot.
    case update(NavigationEntry, with: NavigationEntry)
    /// Takes every entry of every window, tab and layer off (the app's main window was closed):
    /// the first window stays, empty, and every other window closes.
    case closeAll
    /// Opens a new window, with an empty stack per tab, and makes it the active window.
    case openWindow
    /// Closes the window of this identifier: every entry in it leaves (its results are
    /// delivered); the window opened before it, or else the first one left, becomes active when it
    /// was. The last window stays open, empty.
    case closeWindow(Int)
    /// Makes the window of this identifier the active one (the person went to it).
    case focusWindow(Int)
    /// Moves from the state the plan was made on to the state it computed (an open: its tab, back
    /// to its anchor, its parents and its page), as one change of the plan's kind.
    ///
    /// The state must still be the one the plan was made on; else the operation throws
    /// ``NavigationError/stateChanged`` and changes nothing, and the opener plans again on the
    /// state it finds. So two opens that race are never interleaved.
    case plan(NavigationPlan)

    /// An operation's name, for logs and transition records; a plan (``NavigationOperation/plan(_:)``)
    /// is named by how it shows its page: push, present or update.
    ///
    /// May gain cases in a minor version (`@nonexhaustive`): a `switch` over it outside LinkRouter's
    /// package ends with `@unknown default` (README, "Versioning").
    @nonexhaustive
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// ``NavigationOperation/push(_:)``.
        case push
        /// ``NavigationOperation/present(_:inNavigationContainer:)``.
        case present
        /// ``NavigationOperation/pop``.
        case pop
        /// ``NavigationOperation/dismiss``.
        case dismiss
        /// ``NavigationOperation/back(levels:)``, ``NavigationOperation/backToRoute(_:)`` and
        /// ``NavigationOperation/backToEntry(_:)``.
        case back
        /// ``NavigationOperation/close(_:)`` and ``NavigationOperation/closeAll``.
        case close
        /// ``NavigationOperation/selectTab(_:)``.
        case selectTab
        /// ``NavigationOperation/replaceStack(_:)``.
        case replace
        /// ``NavigationOperation/update(_:with:)``.
        case update
        /// ``NavigationOperation/openWindow``.
        case openWindow
        /// ``NavigationOperation/closeWindow(_:)``.
        case closeWindow
        /// ``NavigationOperation/focusWindow(_:)``, and an open that brought forward the window
        /// showing its page (``WindowTarget/showingPage``).
        case focusWindow
    }

    /// The operation's name.
    public var kind: Kind {
        switch self {
        case .push: .push
        case .present: .present
        case .pop: .pop
        case .dismiss: .dismiss
        case .back, .backToRoute, .backToEntry: .back
        case .close, .closeAll: .close
        case .selectTab: .selectTab
        case .replaceStack: .replace
        case .update: .update
        case .openWindow: .openWindow
        case .closeWindow: .closeWindow
        case .focusWindow: .focusWindow
        case .plan(let plan): plan.kind
        }
    }
}

/// Why an operation does not apply to a navigation state; the state is unchanged.
///
/// May gain cases in a minor version (`@nonexhaustive`): a `switch` over it outside LinkRouter's
/// package ends with `@unknown default` (README, "Versioning").
@nonexhaustive
public enum NavigationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The entry to show is already shown (an entry is on screen at most once).
    case alreadyShown(route: String)
    /// The entry the operation names is not shown.
    case notShown(route: String)
    /// No tab of this name was declared.
    case unknownTab(String, declared: [String])
    /// The tabs cannot be declared: a name is empty or repeated.
    case invalidTabs(String)
    /// The state is not the one a plan (``NavigationOperation/plan(_:)``) was made on: another
    /// change came first.
    case stateChanged
    /// No window of this identifier is open.
    case unknownWindow(Int)

    /// One line naming what is wrong.
    public var description: String {
        switch self {
        case .alreadyShown(let route): "an entry of '\(route)' is already shown; an entry is shown once"
        case .notShown(let route): "the entry of '\(route)' is not shown"
        case .unknownTab(let name, let declared):
            "no tab is named '\(name)'" + (declared.isEmpty ? "; the app declared no tabs" : " (tabs: \(declared.joined(separator: ", ")))")
        case .invalidTabs(let reason): "invalid tabs: \(reason)"
        case .stateChanged: "the navigation state changed since the open was planned"
        case .unknownWindow(let id): "no window \(id) is open"
        }
    }
}

extension NavigationState {
    /// The state after `operation`, and the change from this one.
    /// - Throws: ``NavigationError`` when the operation does not apply.
    public func applying(_ operation: NavigationOperation) throws(NavigationError) -> (state: NavigationState, change: NavigationChange) {
        var next = self
        let change = try next.apply(operation)
        return (next, change)
    }

    /// Applies `operation` and returns the change, for a navigator to render and then commit.
    ///
    /// An operation with nothing to do (a pop on a container's only entry) returns an empty
    /// change; one that names what is not there throws and changes nothing.
    /// - Throws: ``NavigationError`` when the operation does not apply.
    @discardableResult
    public mutating func apply(_ operation: NavigationOperation) throws(NavigationError) -> NavigationChange {
        let before = self
        var reached: NavigationEntry?
        var updates: [NavigationChange.Update] = []
        switch operation {
        case .push(let entry):
            try checkNew([entry])
            if let last = layers.indices.last {
                if layers[last].hasNavigationContainer {
                    layers[last].entries.append(entry)
                } else {
                    presentLayer(entry, inNavigationContainer: true)
                }
            } else {
                tabStacks[selectedTabIndex].append(entry)
            }
        case .present(let entry, let inNavigationContainer):
            try checkNew([entry])
            presentLayer(entry, inNavigationContainer: inNavigationContainer)
        case .pop:
            if let last = layers.indices.last {
                if layers[last].entries.count > 1 { layers[last].entries.removeLast() }
            } else if selectedStack.count > 1 {
                tabStacks[selectedTabIndex].removeLast()
            }
        case .dismiss:
            if !layers.isEmpty { layers.removeLast() }
        case .back(let levels):
            var taken = 0
            while taken < levels, takeOffTop() { taken += 1 }
        case .backToRoute(let route):
            if let position = topmostPosition(ofRoute: route) {
                reached = entry(at: position)
                removeAbove(position)
            }
        case .backToEntry(let entry):
            guard let position = position(of: entry) else { throw .notShown(route: entry.route.text) }
            reached = entry
            removeAbove(position)
        case .close(let entry):
            guard let position = position(of: entry) else { throw .notShown(route: entry.route.text) }
            if let layer = position.layer, position.index == 0 {
                layers.removeSubrange(layer...)
            } else if position.index > 0 {
                removeAbove(position)
                takeOffTop()
            }
        case .selectTab(let name):
            guard let index = tabs.firstIndex(where: { $0.name == name }) else {
                throw .unknownTab(name, declared: tabs.map(\.name))
            }
            layers.removeAll()
            selectedTabIndex = index
        case .replaceStack(let entries):
            let replaced = Set(visibleEntries.map(\.id))
            try checkNew(entries, except: replaced)
            layers.removeAll()
            tabStacks[selectedTabIndex] = entries
        case .update(let old, let new):
            guard let (tab, layer, index) = anywhere(old) else { throw .notShown(route: old.route.text) }
            if new != old { try checkNew([new]) }
            if let layer { layers[layer].entries[index] = new } else { tabStacks[tab][index] = new }
            updates.append(NavigationChange.Update(old: old, new: new))
        case .closeAll:
            var first = Window(id: windows[0].id, tabCount: tabs.count)
            first.selectedTabIndex = windows[0].selectedTabIndex
            windows = [first]
            activeWindowIndex = 0
        case .openWindow:
            windows.append(Window(id: nextWindowID, tabCount: tabs.count))
            nextWindowID += 1
            activeWindowIndex = windows.count - 1
        case .closeWindow(let id):
            guard let index = windows.firstIndex(where: { $0.id == id }) else { throw .unknownWindow(id) }
            if windows.count == 1 {
                windows[0] = Window(id: id, tabCount: tabs.count)
            } else {
                windows.remove(at: index)
                if activeWindowIndex > index {
                    activeWindowIndex -= 1
                } else if activeWindowIndex == index {
                    activeWindowIndex = max(index - 1, 0)
                }
            }
        case .focusWindow(let id):
            guard let index = windows.firstIndex(where: { $0.id == id }) else { throw .unknownWindow(id) }
            activeWindowIndex = index
        case .plan(let plan):
            guard self == plan.base else { throw .stateChanged }
            self = plan.target
            updates = plan.updates
        }
        return NavigationChange(kind: operation.kind, from: before, to: self, updates: updates, reached: reached)
    }

    /// Throws when one of `entries` is already in the state (unless it is one being replaced) or
    /// is given twice.
    private func checkNew(_ entries: [NavigationEntry], except replaced: Set<NavigationEntry.ID> = []) throws(NavigationError) {
        var shown = Set(allEntries.map(\.id)).subtracting(replaced)
        for entry in entries where !shown.insert(entry.id).inserted {
            throw .alreadyShown(route: entry.route.text)
        }
    }

    private mutating func presentLayer(_ entry: NavigationEntry, inNavigationContainer: Bool) {
        layers.append(ModalLayer(id: nextLayerID, hasNavigationContainer: inNavigationContainer, entries: [entry]))
        nextLayerID += 1
    }

    /// Takes the top entry off: pops, or dismisses a layer of one entry; `false` at the selected
    /// stack's first entry.
    @discardableResult
    private mutating func takeOffTop() -> Bool {
        if let last = layers.indices.last {
            if layers[last].entries.count > 1 { layers[last].entries.removeLast() } else { layers.removeLast() }
        } else if selectedStack.count > 1 {
            tabStacks[selectedTabIndex].removeLast()
        } else {
            return false
        }
        return true
    }

    /// Takes off every entry above `position`.
    private mutating func removeAbove(_ position: Position) {
        if let layer = position.layer {
            layers.removeSubrange((layer + 1)...)
            layers[layer].entries.removeSubrange((position.index + 1)...)
        } else {
            layers.removeAll()
            tabStacks[selectedTabIndex].removeSubrange((position.index + 1)...)
        }
    }

    /// Where `entry` is in the active window, in any tab's stack or any layer.
    private func anywhere(_ entry: NavigationEntry) -> (tab: Int, layer: Int?, index: Int)? {
        for layer in layers.indices {
            if let index = layers[layer].entries.firstIndex(of: entry) { return (selectedTabIndex, layer, index) }
        }
        for tab in tabStacks.indices {
            if let index = tabStacks[tab].firstIndex(of: entry) { return (tab, nil, index) }
        }
        return nil
    }
}
