/// The whole navigation of one open, computed on one state: the state it was computed on, the
/// state to show, and the kind of the change.
///
/// The router plans an open on the state it reads from its navigator (its tab, going back to the
/// nearest parent shown, the parents it builds, the page pushed, presented or updated in place)
/// and asks the navigator to perform the plan as one operation (``NavigationOperation/plan(_:)``):
/// one ``NavigationChange``, one render, one event. When the navigator's state is no longer the
/// plan's ``base`` (another open or a person came first), the operation throws
/// ``NavigationError/stateChanged`` and the router plans again on the state it finds, so opens
/// that race are never interleaved.
public struct NavigationPlan: Sendable, Equatable {
    /// The state the plan was computed on: the navigator performs it only from this state.
    public let base: NavigationState
    /// The state shown after it.
    public let target: NavigationState
    /// The kind of the change: how the page was shown (``NavigationOperation/Kind/push``,
    /// ``NavigationOperation/Kind/present`` or ``NavigationOperation/Kind/update``).
    public let kind: NavigationOperation.Kind
    /// The entries replaced in place on the way.
    public let updates: [NavigationChange.Update]
    /// What the plan does, one line per step (`select tab 'account'`, `push parent 'account'`,
    /// `push`), for the open's trace.
    package let steps: [String]
    /// For an open that targets the window showing its page (``WindowTarget/showingPage``) and
    /// found one: the entry shown there, which the plan brings forward instead of showing the
    /// open's page.
    package let reached: NavigationEntry?
}

/// What one open shows, for ``NavigationState/opening(_:)``: the page and how it goes, the tab it
/// belongs to, and its parents.
package struct NavigationOpening: Sendable {
    /// The page and how it is shown.
    package enum Page: Sendable {
        /// Pushed in its tab (the tab shown when `nil`) above its nearest parent shown, with the
        /// parents that are not shown built below it.
        case push(NavigationEntry)
        /// Presented over what is shown.
        case present(NavigationEntry, inNavigationContainer: Bool)
        /// Put in place of an entry shown (update in place), after going back to it.
        case update(NavigationEntry, with: NavigationEntry)
    }

    /// A parent of the page, from the nearest.
    package struct Parent: Sendable {
        /// The parent's page, as far as the opener built it.
        package enum Built: Sendable {
            /// Not built yet: planning stops with ``NavigationOpening/Shortfall/parentNotBuilt(_:)``
            /// when the plan needs it.
            case notYet
            /// Built: pushed (or presented) when no entry of it is shown.
            case entry(NavigationEntry)
            /// It could not be built (an interceptor stopped it, its page refused its parameters):
            /// the rebuild stops there, and the parents built above it go on what is shown.
            case refused
        }

        /// Whether an entry shown is this parent (its route, for the same key).
        package let isShown: @Sendable (NavigationEntry) -> Bool
        /// Whether it is presented (in a navigation container of its own) rather than pushed.
        package let presented: Bool
        /// Its page, built or not.
        package var built: Built

        /// A parent, not built yet unless `built` says otherwise.
        package init(presented: Bool, built: Built = .notYet, isShown: @escaping @Sendable (NavigationEntry) -> Bool) {
            self.isShown = isShown
            self.presented = presented
            self.built = built
        }
    }

    /// The window the page goes to.
    package enum Window: Sendable {
        /// The active window.
        case active
        /// A new window, opened first.
        case new
        /// The window showing an entry for which the function is true, brought forward and gone
        /// back to that entry; the active window when none shows one.
        case showing(@Sendable (NavigationEntry) -> Bool)
    }

    /// Why an opening cannot be planned on a state.
    package enum Shortfall: Error, Equatable {
        /// The plan needs the parent at this index of ``NavigationOpening/parents``, not built yet:
        /// build it and plan again.
        case parentNotBuilt(Int)
        /// A step does not apply to the state (a tab not declared, an entry already shown).
        case navigation(NavigationError)
    }

    /// The page.
    package var page: Page
    /// The tab the page belongs to (its route, or a parent's, is the tab's root), if any.
    package var tab: String?
    /// Its parents, nearest first; empty for a page presented or updated in place.
    package var parents: [Parent]
    /// The window it goes to.
    package var window: Window

    /// An opening of `page` in `tab` with these parents, nearest first, in `window`.
    package init(_ page: Page, tab: String? = nil, parents: [Parent] = [], window: Window = .active) {
        self.page = page
        self.tab = tab
        self.parents = parents
        self.window = window
    }
}

extension NavigationState {
    /// Where an open of a page of `tab` looks for its parents and an earlier page of its route,
    /// bottom first: the tab's stack when another tab is shown, else what is shown.
    package func scope(ofTab tab: String?) -> [NavigationEntry] {
        if let tab, tab != selectedTab?.name { stack(ofTab: tab) ?? [] } else { visibleEntries }
    }

    /// Plans an open on this state: the whole state it shows, as a pure function of this state and
    /// the opening.
    ///
    /// An opening in a new window opens it first and plans the rest in it. An opening in the window
    /// showing its page, when a window shows an entry of it, makes that window active, selects the
    /// entry's tab there and goes back to it: the page is not shown again (``NavigationPlan/reached``).
    ///
    /// A page pushed selects its tab when another is shown (or when modal layers cover the tab
    /// and no parent is shown in them), goes back to its nearest parent shown in the tab (the
    /// anchor), builds the parents between the anchor and the page (presenting those that are
    /// presented), and pushes the page. A page updated in place selects its tab the same way and
    /// goes back to the entry it replaces. A page presented is presented over what is shown.
    /// - Returns: The plan; its change is computed when a navigator performs it.
    /// - Throws: ``NavigationOpening/Shortfall/parentNotBuilt(_:)`` when the plan needs a parent
    ///   not built yet; ``NavigationOpening/Shortfall/navigation(_:)`` when a step does not apply.
    package func opening(_ opening: NavigationOpening) throws(NavigationOpening.Shortfall) -> NavigationPlan {
        var target = self
        var updates: [NavigationChange.Update] = []
        var steps: [String] = []
        func perform(_ operation: NavigationOperation, _ step: String) throws(NavigationOpening.Shortfall) {
            do {
                updates += try target.apply(operation).updated
            } catch {
                throw .navigation(error)
            }
            steps.append(step)
        }
        /// Selects the page's tab when it is not shown (or when modal layers cover it and the
        /// page goes under them), then goes back to `anchor`.
        func enter(at anchor: NavigationEntry?, tab: String? = opening.tab) throws(NavigationOpening.Shortfall) {
            if let tab, tab != target.selectedTab?.name || (anchor == nil && !target.layers.isEmpty) {
                try perform(.selectTab(tab), "select tab '\(tab)'")
            }
            if let anchor { try perform(.backToEntry(anchor), "back to '\(anchor.route.text)'") }
        }

        switch opening.window {
        case .active:
            break
        case .new:
            try perform(.openWindow, "open window \(nextWindowID)")
        case .showing(let isShown):
            // A page updated in place is in the active window already: it is updated there.
            if case .update = opening.page { break }
            if let (window, entry) = shownEntry(where: isShown) {
                if window.id != activeWindow.id { try perform(.focusWindow(window.id), "bring window \(window.id) forward") }
                let tab = window.tabStacks.firstIndex { $0.contains(entry) }.flatMap { tabs.isEmpty ? nil : tabs[$0].name }
                try enter(at: entry, tab: tab)
                let kind: NavigationOperation.Kind = window.id != activeWindow.id ? .focusWindow : .back
                return NavigationPlan(base: self, target: target, kind: kind, updates: [], steps: steps, reached: entry)
            }
        }

        let kind: NavigationOperation.Kind
        switch opening.page {
        case .present(let entry, let inNavigationContainer):
            try perform(.present(entry, inNavigationContainer: inNavigationContainer), "present")
            kind = .present
        case .update(let old, let new):
            try enter(at: old)
            try perform(.update(old, with: new), "update")
            kind = .update
        case .push(let entry):
            let scope = target.scope(ofTab: opening.tab)
            var anchor: NavigationEntry?
            var parents: [(entry: NavigationEntry, presented: Bool)] = []
            search: for (index, parent) in opening.parents.enumerated() {
                if let shown = scope.last(where: parent.isShown) {
                    anchor = shown
                    break
                }
                switch parent.built {
                case .notYet: throw .parentNotBuilt(index)
                case .entry(let entry): parents.append((entry, parent.presented))
                case .refused: break search
                }
            }
            try enter(at: anchor)
            for (parent, presented) in parents.reversed() {
                try perform(
                    presented ? .present(parent, inNavigationContainer: true) : .push(parent),
                    "\(presented ? "present" : "push") parent '\(parent.route.text)'"
                )
            }
            try perform(.push(entry), "push")
            kind = .push
        }
        return NavigationPlan(base: self, target: target, kind: kind, updates: updates, steps: steps, reached: nil)
    }

    /// The window showing an entry for which `isShown` is true, and that entry: the active window
    /// first (what it shows, top first, then its other tabs), then the others, the last opened first.
    private func shownEntry(where isShown: (NavigationEntry) -> Bool) -> (Window, NavigationEntry)? {
        let order = [activeWindowIndex] + windows.indices.reversed().filter { $0 != activeWindowIndex }
        for index in order {
            let window = windows[index]
            if let entry = window.visibleEntries.last(where: isShown) ?? window.allEntries.last(where: isShown) { return (window, entry) }
        }
        return nil
    }
}
