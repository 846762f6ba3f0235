/// What is on screen, as a value: the app's tabs, each with its stack, and the modal layers
/// presented over them.
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
/// ```swift
/// var state = NavigationState()
/// let change = try state.apply(.push(entry))
/// change.inserted      // [entry]
/// change.commit()      // after the change is shown
/// ```
///
/// Two states are equal when they show the same entries (by identifier, ``NavigationEntry/id``)
/// in the same tabs and layers, with the same tab selected: a navigator that finds the state an
/// open was planned on applies the plan (``NavigationOperation/plan(_:)``).
///
/// Printed, a state is the stack that is shown: `home > settings | sheet > a` (`|` starts a modal
/// layer, `[...]` marks one without a navigation container, `(empty)` an empty stack), then, for
/// an app with tabs, two spaces and the tab: `catalog > catalog/product/<int:id>  [tab catalog]`.
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

    /// The tabs the app declared, in order; empty for an app without tabs.
    public let tabs: [NavigationTab]
    /// Each tab's stack, bottom first, in the order of ``tabs``; one stack, the root, for an app without tabs.
    public internal(set) var tabStacks: [[NavigationEntry]]
    /// The index in ``tabStacks`` of the stack shown.
    public internal(set) var selectedTabIndex: Int
    /// The modal layers, bottom first.
    public internal(set) var layers: [ModalLayer]
    /// The identifier of the next layer presented.
    var nextLayerID = 1

    /// A state with no tabs and `root` as its one stack.
    public init(root: [NavigationEntry] = []) {
        tabs = []
        tabStacks = [root]
        selectedTabIndex = 0
        layers = []
    }

    /// A state with these tabs, each with an empty stack, the first one selected.
    /// - Throws: ``NavigationError/invalidTabs(_:)`` when a name is empty or repeated.
    public init(tabs: [NavigationTab]) throws(NavigationError) {
        var seen = Set<String>()
        for tab in tabs {
            if tab.name.isEmpty { throw .invalidTabs("a tab's name is empty") }
            if !seen.insert(tab.name).inserted { throw .invalidTabs("two tabs are named '\(tab.name)'") }
        }
        self.tabs = tabs
        tabStacks = Array(repeating: [], count: max(tabs.count, 1))
        selectedTabIndex = 0
        layers = []
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

    /// Every entry of every tab and layer.
    public var allEntries: [NavigationEntry] {
        tabStacks.flatMap { $0 } + layers.flatMap(\.entries)
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

    /// Whether `entry` is in the state, in any tab or layer.
    public func contains(_ entry: NavigationEntry) -> Bool {
        tabStacks.contains { $0.contains(entry) } || layers.contains { $0.entries.contains(entry) }
    }

    /// The stack shown, as route patterns; see the type's description.
    public var description: String {
        var text = selectedStack.isEmpty ? "(empty)" : selectedStack.map(\.route.text).joined(separator: " > ")
        for layer in layers {
            let routes = layer.entries.map(\.route.text).joined(separator: " > ")
            text += " | " + (layer.hasNavigationContainer ? routes : "[\(routes)]")
        }
        if let tab = selectedTab { text += "  [tab \(tab.name)]" }
        return text
    }

    // MARK: Positions

    /// Where an entry is: in the selected tab's stack (`layer` is `nil`) or in a modal layer.
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
