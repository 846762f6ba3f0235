/// What is on screen, as a value: the app's windows, each with its tabs (each tab with its
/// stack) and the modal layers presented over them.
///
/// The stack logic of every navigator lives here: an operation (``NavigationOperation``) applied to
/// a state gives the next state and the change (``NavigationChange``) that a navigator renders,
/// then commits — which closes the result slot of every entry that left, exactly once, and tells
/// pages that appeared or disappeared. A navigator holds a state and shows it; it never edits
/// stacks itself.
///
/// An app without tabs has one stack, the root. An app with tabs has one stack per tab and shows
/// the selected one; a tab's stack is kept while another tab is shown. Modal layers cover the
/// tabs; each is a navigation container (pages can be pushed inside it) or a single page.
///
/// A state has one window or more (``windows``), each with a stack per tab and its own layers; one
/// is the active window (``activeWindow``), the one the person is in, where operations act and
/// opens show their pages unless they target another window (``WindowTarget``). The members
/// ``tabStacks``, ``selectedTabIndex``, ``layers`` and those read from them are the active window's.
/// An app that never opens a second window has one, and never sees the difference.
///
/// ```swift
/// var state = NavigationState()
/// let change = try state.apply(.push(entry))
/// change.inserted      // [entry]
/// change.commit()      // after the change is shown
/// ```
///
/// Two states are equal when they show the same entries (by identifier, ``NavigationEntry/id``)
/// in the same windows, tabs and layers, with the same tab selected and the same window active: a
/// navigator that finds the state an open was planned on applies the plan
/// (``NavigationOperation/plan(_:)``).
///
/// Printed, a state is the stack that is shown: `home > settings | sheet > a` (`|` starts a modal
/// layer, `[...]` marks one without a navigation container, `(empty)` an empty stack), then, for
/// an app with tabs, two spaces and the tab: `catalog > catalog/product/<int:id>  [tab catalog]`.
/// With several windows, each window is printed so, after `window ID: ` (`window ID*: ` for the
/// active one), and the windows are separated by ` || `:
/// `window 1: catalog  [tab catalog] || window 2*: catalog > catalog/product/<int:id>  [tab catalog]`.
public struct NavigationState: Sendable, Equatable, CustomStringConvertible {
    /// A modal layer: presented over the tabs (and the layers below it).
    public struct ModalLayer: Sendable, Equatable, Identifiable {
        /// Tells layers apart for as long as they are shown: a navigator keeps one window (or
        /// sheet) per layer identifier.
        public let id: Int
        /// Whether pages pushed on the layer go inside it; pushing on a layer without a container
        /// presents a new layer with one.
        public let hasNavigationContainer: Bool
        /// The layer's entries, bottom first; never empty.
        public internal(set) var entries: [NavigationEntry]
    }

    /// A window of the app: a stack per tab and the modal layers presented over them.
    public struct Window: Sendable, Equatable, Identifiable {
        /// Tells windows apart for as long as they are open: a navigator keeps one toolkit window
        /// per identifier. The first window is 1.
        public let id: Int
        /// Each tab's stack, bottom first, in the order of the state's tabs; one stack, the root,
        /// for an app without tabs.
        public internal(set) var tabStacks: [[NavigationEntry]]
        /// The index in ``tabStacks`` of the stack shown.
        public internal(set) var selectedTabIndex: Int
        /// The modal layers, bottom first.
        public internal(set) var layers: [ModalLayer]

        init(id: Int, tabCount: Int, root: [NavigationEntry] = []) {
            self.id = id
            tabStacks = Array(repeating: [], count: max(tabCount, 1))
            tabStacks[0] = root
            selectedTabIndex = 0
            layers = []
        }

        /// What the window shows, bottom first: the selected tab's stack, then each modal layer's entries.
        public var visibleEntries: [NavigationEntry] {
            tabStacks[selectedTabIndex] + layers.flatMap(\.entries)
        }

        /// Every entry of every tab and layer of the window.
        public var allEntries: [NavigationEntry] {
            tabStacks.flatMap { $0 } + layers.flatMap(\.entries)
        }

        /// The entry on top of what the window shows.
        public var top: NavigationEntry? {
            layers.last?.entries.last ?? tabStacks[selectedTabIndex].last
        }
    }

    /// The tabs the app declared, in order; empty for an app without tabs. Every window has them.
    public let tabs: [NavigationTab]
    /// The app's windows, in the order they were opened; never empty.
    public internal(set) var windows: [Window]
    /// The index in ``windows`` of the active window: the one the person is in.
    public internal(set) var activeWindowIndex: Int
    /// The identifier of the next layer presented (in any window).
    var nextLayerID = 1
    /// The identifier of the next window opened.
    var nextWindowID = 2

    /// The active window: the one the person is in, where operations act.
    public var activeWindow: Window { windows[activeWindowIndex] }

    /// Each tab's stack in the active window, bottom first, in the order of ``tabs``; one stack,
    /// the root, for an app without tabs.
    public internal(set) var tabStacks: [[NavigationEntry]] {
        get { windows[activeWindowIndex].tabStacks }
        _modify { yield &windows[activeWindowIndex].tabStacks }
        set { windows[activeWindowIndex].tabStacks = newValue }
    }
    /// The index in ``tabStacks`` of the stack the active window shows.
    public internal(set) var selectedTabIndex: Int {
        get { windows[activeWindowIndex].selectedTabIndex }
        set { windows[activeWindowIndex].selectedTabIndex = newValue }
    }
    /// The active window's modal layers, bottom first.
    public internal(set) var layers: [ModalLayer] {
        get { windows[activeWindowIndex].layers }
        _modify { yield &windows[activeWindowIndex].layers }
        set { windows[activeWindowIndex].layers = newValue }
    }

    /// A state with no tabs and one window whose one stack is `root`.
    public init(root: [NavigationEntry] = []) {
        tabs = []
        windows = [Window(id: 1, tabCount: 0, root: root)]
        activeWindowIndex = 0
    }

    /// A state with these tabs and one window, each tab with an empty stack, the first one selected.
    /// - Throws: ``NavigationError/invalidTabs(_:)`` when a name is empty or repeated.
    public init(tabs: [NavigationTab]) throws(NavigationError) {
        var seen = Set<String>()
        for tab in tabs {
            if tab.name.isEmpty { throw .invalidTabs("a tab's name is empty") }
            if !seen.insert(tab.name).inserted { throw .invalidTabs("two tabs are named '\(tab.name)'") }
        }
        self.tabs = tabs
        windows = [Window(id: 1, tabCount: tabs.count)]
        activeWindowIndex = 0
    }

    // MARK: Reading

    /// The tab shown, or `nil` for an app without tabs.
    public var selectedTab: NavigationTab? {
        tabs.isEmpty ? nil : tabs[selectedTabIndex]
    }

    /// The stack of the tab shown (the root stack of an app without tabs), bottom first.
    public var selectedStack: [NavigationEntry] { tabStacks[selectedTabIndex] }

    /// What is shown, bottom first: the selected tab's stack, then each modal layer's entries.
    public var visibleEntries: [NavigationEntry] {
        selectedStack + layers.flatMap(\.entries)
    }

    /// Every entry of every window, tab and layer.
    public var allEntries: [NavigationEntry] {
        windows.flatMap(\.allEntries)
    }

    /// The entry on top of what is shown.
    public var top: NavigationEntry? {
        layers.last?.entries.last ?? selectedStack.last
    }

    /// The stack of the tab named `name`; `nil` when the app declared no such tab.
    public func stack(ofTab name: String) -> [NavigationEntry]? {
        tabs.firstIndex { $0.name == name }.map { tabStacks[$0] }
    }

    /// The topmost shown entry of `route`, if any: a pattern, a ``RouteID`` or a ``RouteLink``'s
    /// route, compared as the registry compares patterns (see ``Navigator/entry(ofRoute:)``).
    public func topmost(ofRoute route: some RouteReference) -> NavigationEntry? {
        topmostPosition(ofRoute: route.referencedRoute.pattern).map(entry(at:))
    }

    /// Whether `entry` is in the state, in any window, tab or layer.
    public func contains(_ entry: NavigationEntry) -> Bool {
        windows.contains { $0.allEntries.contains(entry) }
    }

    /// The window of this identifier, if it is open.
    public func window(withID id: Int) -> Window? {
        windows.first { $0.id == id }
    }

    /// The stack shown, as route patterns; see the type's description.
    public var description: String {
        guard windows.count > 1 else { return description(of: windows[0]) }
        return windows.indices.map { index in
            "window \(windows[index].id)\(index == activeWindowIndex ? "*" : ""): " + description(of: windows[index])
        }.joined(separator: " || ")
    }

    private func description(of window: Window) -> String {
        let stack = window.tabStacks[window.selectedTabIndex]
        var text = stack.isEmpty ? "(empty)" : stack.map(\.route.text).joined(separator: " > ")
        for layer in window.layers {
            let routes = layer.entries.map(\.route.text).joined(separator: " > ")
            text += " | " + (layer.hasNavigationContainer ? routes : "[\(routes)]")
        }
        if !tabs.isEmpty { text += "  [tab \(tabs[window.selectedTabIndex].name)]" }
        return text
    }

    // MARK: Positions

    /// Where an entry is in the active window: in the selected tab's stack (`layer` is `nil`) or in a modal layer.
    struct Position {
        let layer: Int?
        let index: Int
    }

    func entry(at position: Position) -> NavigationEntry {
        position.layer.map { layers[$0].entries[position.index] } ?? selectedStack[position.index]
    }

    /// The position of the topmost shown entry of the route `pattern` names: of the same shape
    /// (`user/:name` names `user/:id`), else of a looser match (`user/:id` names `user/<int:id>`);
    /// `nil` for a pattern that does not parse.
    func topmostPosition(ofRoute pattern: String) -> Position? {
        guard let reference = try? RoutePattern(pattern) else { return nil }
        let shape = reference.shape
        return topmostPosition { $0.route.shape == shape } ?? topmostPosition { $0.route.isLooselyNamed(by: reference) }
    }

    /// The position of `entry` among the entries shown.
    func position(of entry: NavigationEntry) -> Position? {
        topmostPosition { $0.id == entry.id }
    }

    private func topmostPosition(where matches: (NavigationEntry) -> Bool) -> Position? {
        for layer in layers.indices.reversed() {
            if let index = layers[layer].entries.lastIndex(where: matches) { return Position(layer: layer, index: index) }
        }
        return selectedStack.lastIndex(where: matches).map { Position(layer: nil, index: $0) }
    }
}
