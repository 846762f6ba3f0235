/// Puts opened pages on screen (or, headless, in memory). The router talks to UI only through it.
///
/// What is shown is a ``NavigationState``: the app's tabs, each with its stack, and modal layers
/// presented over them, each a navigation container or a single page. A navigator holds one and
/// renders it; the stack logic is the state's. To change what is shown, a navigator applies the
/// operation to its state (``NavigationState/apply(_:)``), shows the change, stores the new state
/// and commits the change (``NavigationChange/commit()``), which closes the result slot of every
/// entry that left, so a page result is delivered exactly once.
///
/// An open is one operation: the router plans the whole next state on the state it reads (its tab,
/// going back to a parent shown, the parents it builds, the page) and performs the plan
/// (``NavigationOperation/plan(_:)``), which applies only to the state it was planned on; a
/// navigator renders it as one change, from one state to the next, like any other operation.
///
/// ``InMemoryNavigator`` implements it for tests, command-line tools and servers; LinkRouterGTK's
/// `GTKNavigator` implements it over GTK 4 windows. The operations a person or an app performs
/// (``push(_:animated:)``, ``pop(animated:)``, ``back(toRoute:animated:)``...) are written once,
/// here, over ``perform(_:animated:)``.
///
/// Isolation: the router calls a navigator from whatever task runs `open`, so the requirements are
/// `async`; a navigator over a UI toolkit is `@MainActor` (its methods witness these nonisolated
/// async requirements, and each call hops to the main actor), while pages stay `Sendable` values
/// built anywhere. Showing a page can fail when the toolkit cannot build it: the navigator then
/// throws and leaves its state unchanged, and the open fails with
/// ``RouteFailure/navigationFailed(pattern:underlying:)``.
public protocol Navigator: Sendable {
    /// What is shown.
    var state: NavigationState { get async }

    /// Applies `operation` to the state, shows the change, and commits it.
    /// - Parameters:
    ///   - operation: What to change.
    ///   - animated: Whether the toolkit animates the change.
    /// - Returns: The change, committed; empty when the operation had nothing to do.
    /// - Throws: ``NavigationError`` when the operation does not apply to the state, or the
    ///   toolkit's error when a page cannot be shown; the state is then unchanged.
    @discardableResult
    func perform(_ operation: NavigationOperation, animated: Bool) async throws -> NavigationChange
}

extension Navigator {
    /// What is shown, bottom first: the selected tab's stack, then each modal layer's entries.
    public var stack: [NavigationEntry] {
        get async { await state.visibleEntries }
    }

    /// Pushes onto the top navigation container (a modal layer without one gets a new layer with one).
    /// - Throws: When the entry is already shown or the page cannot be shown; nothing changes then.
    public func push(_ entry: NavigationEntry, animated: Bool) async throws {
        try await perform(.push(entry), animated: animated)
    }

    /// Presents modally, in a navigation container of its own when `inNavigationContainer`.
    /// - Throws: When the entry is already shown or the page cannot be shown; nothing changes then.
    public func present(_ entry: NavigationEntry, inNavigationContainer: Bool, animated: Bool) async throws {
        try await perform(.present(entry, inNavigationContainer: inNavigationContainer), animated: animated)
    }

    /// Pops the top entry of the top container; `false` when it is the container's only entry.
    @discardableResult
    public func pop(animated: Bool) async -> Bool {
        await performTakingOff(.pop, animated: animated).map { !$0.isEmpty } ?? false
    }

    /// Dismisses the top modal layer with all its entries; `false` when nothing is presented.
    @discardableResult
    public func dismiss(animated: Bool) async -> Bool {
        await performTakingOff(.dismiss, animated: animated).map { !$0.isEmpty } ?? false
    }

    /// Takes the top `levels` entries off, popping and dismissing as needed, never the first entry
    /// of the stack shown; returns how many were taken off.
    @discardableResult
    public func back(levels: Int, animated: Bool) async -> Int {
        await performTakingOff(.back(levels: levels), animated: animated)?.removed.count ?? 0
    }

    /// Takes off every entry above the topmost shown entry of `route` and returns that entry, or
    /// returns `nil` and changes nothing when no entry of the route is shown.
    ///
    /// The route is compared as ``/LinkRouterCore/Navigator/entry(ofRoute:)`` compares it.
    @discardableResult
    public func back(toRoute route: some RouteReference, animated: Bool) async -> NavigationEntry? {
        await performTakingOff(.backToRoute(route.referencedRoute.pattern), animated: animated)?.reached
    }

    /// The topmost shown entry of `route`, if any.
    ///
    /// `route` is a pattern, a ``/LinkRouterCore/RouteID`` or a ``/LinkRouterCore/RouteLink``
    /// (its route), compared as the registry compares patterns, not as text: an entry whose route
    /// has the same shape (`user/:name` finds `user/:id`) is found first, else one where the
    /// reference's untyped placeholders stand for typed ones (`user/:id` finds `user/<int:id>`).
    ///
    /// ```swift
    /// await navigator.entry(ofRoute: "user/:id")
    /// await navigator.back(toRoute: .userProfile, animated: true)   // a RouteID from `routes gen`
    /// ```
    public func entry(ofRoute route: some RouteReference) async -> NavigationEntry? {
        await state.topmost(ofRoute: route)
    }

    /// Dismisses every modal layer and makes `entries` the stack shown.
    /// - Throws: When an entry is shown elsewhere or given twice, or a page cannot be shown; nothing changes then.
    public func replaceStack(with entries: [NavigationEntry], animated: Bool) async throws {
        try await perform(.replaceStack(entries), animated: animated)
    }

    /// Shows the tab named `name`, with the stack it kept, dismissing every modal layer.
    /// - Throws: ``/LinkRouterCore/NavigationError/unknownTab(_:declared:)`` when no tab has that name.
    public func selectTab(_ name: String, animated: Bool) async throws {
        try await perform(.selectTab(name), animated: animated)
    }

    /// An operation that only takes entries off, so nothing can fail to be shown.
    private func performTakingOff(_ operation: NavigationOperation, animated: Bool) async -> NavigationChange? {
        try? await perform(operation, animated: animated)
    }
}
