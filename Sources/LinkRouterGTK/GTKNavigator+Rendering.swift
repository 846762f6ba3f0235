import LinkRouterCore
internal import CGTK

// Rendering a change: the windows made to show the state, and the pages' widgets built and dropped.

extension GTKNavigator {
    // MARK: Rendering

    /// Makes the windows show the state: a toolkit window per window of the state (new ones
    /// opened, gone ones closed), in each its containers' entries (an item beside its list in a
    /// split view), the selected tab, a modal window per layer, titles and back buttons; then
    /// presents the active window when the change made it active or opened it.
    func render(_ change: NavigationChange, animated: Bool) {
        let transition: Container.Transition = !animated || change.kind == .update ? .none : change.goesBack ? .back : .forward
        let windowIDs = Set(state.windows.map(\.id))
        for view in windowViews where !windowIDs.contains(view.id) { close(view) }
        windowViews = state.windows.map { window in
            if let view = windowViews.first(where: { $0.id == window.id }) { return view }
            let view = WindowView(id: window.id, application: application, title: appTitle, tabs: tabs, size: size, isMain: false)
            connect(view)
            return view
        }
        mainView = windowViews[0]
        for (window, view) in zip(state.windows, windowViews) {
            render(window, in: view, transition: window.id == state.activeWindow.id ? transition : .none)
        }
        let active = windowViews[state.activeWindowIndex]
        if !change.openedWindows.isEmpty || change.window != change.previousWindow {
            gtk_window_present(active.modals.last?.window ?? active.window)
        }
    }

    /// Shows one window of the state in its toolkit window.
    private func render(_ window: NavigationState.Window, in view: WindowView, transition: Container.Transition) {
        for (index, container) in view.tabContainers.enumerated() {
            container.show(slots(of: window.tabStacks[index]), transition: index == window.selectedTabIndex ? transition : .none)
        }
        if let viewStack = view.viewStack { adw_view_stack_set_visible_child(viewStack, view.tabContainers[window.selectedTabIndex].stack) }
        view.chrome.show(titles: window.tabStacks[window.selectedTabIndex].map(title(of:)), appTitle: appTitle)

        let layerIDs = Set(window.layers.map(\.id))
        for modal in view.modals where !layerIDs.contains(modal.layerID) {
            modal.container.show([], transition: .none)
            if !modal.isClosing {
                modal.isClosing = true
                gtk_window_destroy(modal.window)
            }
        }
        view.modals = window.layers.map { layer in
            let modal = view.modals.first { $0.layerID == layer.id } ?? makeModalWindow(for: layer, over: view)
            modal.container.show(slots(of: layer.entries), transition: transition)
            modal.chrome.show(titles: layer.entries.map(title(of:)), appTitle: appTitle)
            return modal
        }
    }

    /// Closes the toolkit window of a window that left the state, with its modal windows.
    private func close(_ view: WindowView) {
        for modal in view.modals {
            modal.container.show([], transition: .none)
            modal.isClosing = true
            gtk_window_destroy(modal.window)
        }
        view.modals = []
        for container in view.tabContainers { container.show([], transition: .none) }
        if !view.isClosing {
            view.isClosing = true
            gtk_window_destroy(view.window)
        }
    }

    /// A stack's widgets as a container shows them: a page, or a page beside the one under it
    /// when its type is a ``/LinkRouterCore/SplitViewDetail`` (and the one under it is not itself
    /// shown beside another).
    func slots(of entries: [NavigationEntry]) -> [Container.Slot] {
        var slots: [Container.Slot] = []
        for entry in entries {
            if entry.page is any SplitViewDetail, case .page(let list)? = slots.last {
                slots[slots.count - 1] = .split(list: list, detail: widget(of: entry))
            } else {
                slots.append(.page(widget(of: entry)))
            }
        }
        return slots
    }

    /// Drops the navigator's references to the widgets of entries that left (their containers
    /// remove them, after the slide).
    func forget(_ change: NavigationChange) {
        var leaving = change.removed.map(\.id)
        for update in change.updated where views[update.old.id]?.widget != views[update.new.id]?.widget {
            leaving.append(update.old.id)
        }
        for update in change.updated where !leaving.contains(update.old.id) {
            views[update.old.id] = nil   // the widget lives on with the new entry
        }
        for id in leaving {
            guard let view = views.removeValue(forKey: id) else { continue }
            g_object_unref(UnsafeMutableRawPointer(view.widget))
        }
    }

    func widget(of entry: NavigationEntry) -> OpaquePointer { views[entry.id]!.widget }
    func title(of entry: NavigationEntry) -> String { views[entry.id]!.title }

    /// Builds the widget of an entry's page, owned by the navigator until the entry leaves.
    func makeView(_ entry: NavigationEntry) throws -> PageView {
        guard !isClosed else { throw WindowClosed() }
        let handle = PageHandle(entry: entry)
        let widget: GTKWidget
        let title: String
        if let page = entry.page as? any GTKPage {
            widget = try page.makeWidget(in: GTKPageContext(handle: handle, navigator: self))
            title = page.title
        } else {
            title = entry.route.text
            widget = .statusPage(title: title, description: "\(entry.page)")
        }
        g_object_ref_sink(UnsafeMutableRawPointer(widget.pointer))
        return PageView(widget: widget.pointer, title: title, handle: handle)
    }

    /// The view of a page updated in place: the old widget, when the page updates it
    /// (``GTKPage/update(_:in:)``), else a new one.
    func updatedView(_ update: NavigationChange.Update) throws -> PageView {
        if let old = views[update.old.id], let page = update.new.page as? any GTKPage {
            old.handle.entry = update.new
            if page.update(GTKWidget(old.widget), in: GTKPageContext(handle: old.handle, navigator: self)) {
                return PageView(widget: old.widget, title: page.title, handle: old.handle)
            }
            old.handle.entry = update.old
        }
        return try makeView(update.new)
    }
}

/// Where a page's widget finds its entry: the entry changes when the page is updated in place and
/// keeps its widget.
@MainActor
final class PageHandle {
    var entry: NavigationEntry

    init(entry: NavigationEntry) { self.entry = entry }
}

/// A shown page: its widget (the navigator holds a reference) and title.
@MainActor
struct PageView {
    let widget: OpaquePointer
    let title: String
    let handle: PageHandle
}

/// A `GtkStack` showing one stack of the state: a tab's, or a modal layer's. Its children are the
/// pages' widgets, and a split view (``SplitView``) for each item shown beside its list.
@MainActor
final class Container {
    enum Transition {
        case none, forward, back
    }

    /// What one child of the stack shows.
    enum Slot: Equatable {
        /// A page alone.
        case page(OpaquePointer)
        /// An item beside its list.
        case split(list: OpaquePointer, detail: OpaquePointer)
    }

    let stack: OpaquePointer = gtk_stack_new()!
    /// The stack's children, bottom first: pages' widgets and split views' leaflets.
    var children: [OpaquePointer] = []
    /// The split views shown, by their list's widget.
    var splits: [OpaquePointer: SplitView] = [:]
    /// Called when a split view folds or unfolds.
    var onFold: (@MainActor (Bool) -> Void)?
    /// Called when a slide ends in a split view.
    var onSlideEnded: (@MainActor () -> Void)?

    init() {
        gtk_widget_set_vexpand(stack, 1)
        gtk_widget_set_hexpand(stack, 1)
    }

    /// Whether a page is sliding in or out, in the stack or in a split view.
    var isSliding: Bool { gtk_stack_get_transition_running(stack) != 0 || splits.values.contains(where: \.isSliding) }

    /// Shows `slots` (bottom first): adds the new children, shows the top one, and removes the
    /// children no longer wanted (after the slide, when it slides). A list moves into its split
    /// view, and back, without sliding: the split view is the same page with its item beside it.
    func show(_ slots: [Slot], transition: Transition) {
        var wanted: [OpaquePointer] = []
        let previousTop = children.last
        let previousTopList = previousTop.flatMap { child in splits.values.first { $0.leaflet == child }?.list }
        // Split views whose list is no longer shown beside an item let their pages go first.
        let splitLists = Set(slots.compactMap { if case .split(let list, _) = $0 { list } else { nil } })
        for (list, split) in splits where !splitLists.contains(list) {
            split.empty()
            splits[list] = nil
        }
        for slot in slots {
            switch slot {
            case .page(let widget):
                for split in splits.values where split.holds(widget) { split.release(widget) }
                wanted.append(widget)
            case .split(let list, let detail):
                takeOutOfStack(list)
                takeOutOfStack(detail)
                let split = splits[list] ?? makeSplit(list: list)
                split.show(detail: detail)
                wanted.append(split.leaflet)
            }
        }
        for child in wanted where !children.contains(child) {
            gtk_stack_add_child(stack, child)
            children.append(child)
        }
        if let top = wanted.last {
            // Into or out of a split view of the same list: no slide, the leaflet shows the change.
            let sameList = switch slots.last {
            case .split(let list, _)?: previousTop == list || previousTop == top
            case .page(let widget)?: previousTopList == widget
            case nil: false
            }
            let type: Int32 = switch sameList ? .none : transition {
            case .none: CGTK_STACK_TRANSITION_NONE
            case .forward: CGTK_STACK_TRANSITION_SLIDE_LEFT
            case .back: CGTK_STACK_TRANSITION_SLIDE_RIGHT
            }
            gtk_stack_set_transition_type(stack, type)
            gtk_stack_set_visible_child(stack, top)
        }
        let leaving = children.filter { !wanted.contains($0) }
        children.removeAll { !wanted.contains($0) }
        guard !leaving.isEmpty else { return }
        // The widgets and the stack are kept until they are taken apart, even if the window goes first.
        for widget in leaving { g_object_ref(UnsafeMutableRawPointer(widget)) }
        g_object_ref(UnsafeMutableRawPointer(stack))
        let stack = stack
        let remove: @MainActor () -> Void = {
            for widget in leaving {
                if gtk_widget_get_parent(widget) == stack { gtk_stack_remove(stack, widget) }
                g_object_unref(UnsafeMutableRawPointer(widget))
            }
            g_object_unref(UnsafeMutableRawPointer(stack))
        }
        if transition != .none && gtk_stack_get_transition_type(stack) != CGTK_STACK_TRANSITION_NONE {
            GObjectSignals.after(milliseconds: gtk_stack_get_transition_duration(stack) + 50, remove)
        } else {
            remove()
        }
    }

    /// Takes a page's widget out of the stack, to go into a split view.
    private func takeOutOfStack(_ widget: OpaquePointer) {
        guard gtk_widget_get_parent(widget) == stack else { return }
        gtk_stack_remove(stack, widget)
        children.removeAll { $0 == widget }
    }

    private func makeSplit(list: OpaquePointer) -> SplitView {
        let split = SplitView(list: list)
        split.onFold = { [weak self] folded in self?.onFold?(folded) }
        split.onSlideEnded = { [weak self] in self?.onSlideEnded?() }
        splits[list] = split
        return split
    }
}
