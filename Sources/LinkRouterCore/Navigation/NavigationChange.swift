import Synchronization

/// What one operation changed in a navigation state: what a navigator renders, then commits.
///
/// A navigator applies the operation to its state (``NavigationState/apply(_:)``), shows the
/// change (builds what was inserted, takes down what was removed, selects the tab), and then calls
/// ``commit()``, which delivers the change to the pages: the result slot of every entry that left
/// is closed — the entry left this state, so no later change can close it again — and the page
/// that stopped being on top and the one that became it are told (``PageLifecycle``).
public struct NavigationChange: Sendable {
    /// An entry replaced in place by another: the page took new parameters.
    public struct Update: Sendable, Hashable {
        /// The entry that was shown.
        public let old: NavigationEntry
        /// The entry shown in its place.
        public let new: NavigationEntry
    }

    /// The operation's name.
    public let kind: NavigationOperation.Kind
    /// The entries that left the state, bottom first: their results are delivered on commit.
    public let removed: [NavigationEntry]
    /// The entries that joined the state, bottom first.
    public let inserted: [NavigationEntry]
    /// The entries replaced in place.
    public let updated: [Update]
    /// The entry on top of what was shown before (in the window active before).
    public let previousTop: NavigationEntry?
    /// The entry on top of what is shown now (in the window active now).
    public let top: NavigationEntry?
    /// The name of the tab shown before (`nil` for an app without tabs).
    public let previousTab: String?
    /// The name of the tab shown now.
    public let tab: String?
    /// The entry a back to a route or an entry went to; `nil` when none was found (or for other operations).
    public let reached: NavigationEntry?
    /// The identifier of the window that was active before (``NavigationState/activeWindow``).
    public let previousWindow: Int
    /// The identifier of the window active now: a navigator brings it forward when it changed.
    public let window: Int
    /// The identifiers of the windows opened by the change, in order.
    public let openedWindows: [Int]
    /// The identifiers of the windows the change closed.
    public let closedWindows: [Int]
    private let committed = CommitFlag()

    init(kind: NavigationOperation.Kind, from before: NavigationState, to after: NavigationState, updates: [Update], reached: NavigationEntry?) {
        self.kind = kind
        let beforeEntries = before.allEntries, afterEntries = after.allEntries
        let replacedOld = Set(updates.map(\.old.id)), replacedNew = Set(updates.map(\.new.id))
        let stayed = Set(afterEntries.map(\.id)), existed = Set(beforeEntries.map(\.id))
        removed = beforeEntries.filter { !stayed.contains($0.id) && !replacedOld.contains($0.id) }
        inserted = afterEntries.filter { !existed.contains($0.id) && !replacedNew.contains($0.id) }
        updated = updates
        previousTop = before.top
        top = after.top
        previousTab = before.selectedTab?.name
        tab = after.selectedTab?.name
        self.reached = reached
        previousWindow = before.activeWindow.id
        window = after.activeWindow.id
        let beforeWindows = before.windows.map(\.id), afterWindows = after.windows.map(\.id)
        openedWindows = afterWindows.filter { !beforeWindows.contains($0) }
        closedWindows = beforeWindows.filter { !afterWindows.contains($0) }
    }

    /// Whether nothing changed: no entry left, joined or was replaced, the same tab is shown, and
    /// the same windows are open with the same one active.
    public var isEmpty: Bool {
        removed.isEmpty && inserted.isEmpty && updated.isEmpty && previousTab == tab
            && previousWindow == window && openedWindows.isEmpty && closedWindows.isEmpty
    }

    /// Whether the change goes back (entries only left): a navigator slides the other way.
    public var goesBack: Bool { inserted.isEmpty && updated.isEmpty && !removed.isEmpty }

    /// The page that stopped being on top, if the top changed other than by an update in place.
    public var disappeared: NavigationEntry? { topChanged ? previousTop : nil }

    /// The page that became the top, if the top changed other than by an update in place.
    public var appeared: NavigationEntry? { topChanged ? top : nil }

    private var topChanged: Bool {
        guard previousTop != top else { return false }
        return !updated.contains { $0.old == previousTop && $0.new == top }
    }

    /// Delivers the change to the pages, once (later calls do nothing): closes the result slot of
    /// every entry that left, and of every replaced entry whose slot its replacement does not
    /// share; then calls ``PageLifecycle/pageDidDisappear()`` on the page no longer on top and
    /// ``PageLifecycle/pageDidAppear()`` on the new top. Call it after the change is shown.
    public func commit() {
        guard committed.claim() else { return }
        if let disappeared { (disappeared.page as? any PageLifecycle)?.pageDidDisappear() }
        if let appeared { (appeared.page as? any PageLifecycle)?.pageDidAppear() }
        for entry in removed { entry.result.close() }
        for update in updated where update.old.result !== update.new.result { update.old.result.close() }
    }
}

/// Set by the first commit of a change and its copies.
private final class CommitFlag: Sendable {
    private let done = Atomic(false)

    func claim() -> Bool {
        !done.exchange(true, ordering: .acquiringAndReleasing)
    }
}
