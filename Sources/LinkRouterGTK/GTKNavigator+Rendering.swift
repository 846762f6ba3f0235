import LinkRouterCore
internal import CGTK

// Rendering a change: the windows made to show the state, and the pages' widgets built and dropped.

extension GTKNavigator {
    // MARK: Rendering

    /// Makes the windows show the state: each container its entries' widgets, the selected tab,
    /// a modal window per layer (new ones opened, gone ones closed), titles and back buttons.
    func render(_ change: NavigationChange, animated: Bool) {
        let transition: Container.Transition = !animated || change.kind == .update ? .none : change.goesBack ? .back : .forward
        for (index, container) in tabContainers.enumerated() {
            container.show(state.tabStacks[index].map(widget(of:)), transition: index == state.selectedTabIndex ? transition : .none)
        }
        if let viewStack { adw_view_stack_set_visible_child(viewStack, tabContainers[state.selectedTabIndex].stack) }
        mainChrome.show(titles: state.selectedStack.map(title(of:)), appTitle: appTitle)

        let layerIDs = Set(state.layers.map(\.id))
        for modal in modals where !layerIDs.contains(modal.layerID) {
            modal.container.show([], transition: .none)
            if !modal.isClosing {
                modal.isClosing = true
                gtk_window_destroy(modal.window)
            }
        }
        modals = state.layers.map { layer in
            let modal = modals.first { $0.layerID == layer.id } ?? makeModalWindow(for: layer)
            modal.container.show(layer.entries.map(widget(of:)), transition: transition)
            modal.chrome.show(titles: layer.entries.map(title(of:)), appTitle: appTitle)
            return modal
        }
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

/// A `GtkStack` showing one stack of the state: a tab's, or a modal layer's.
@MainActor
final class Container {
    enum Transition {
        case none, forward, back
    }

    let stack: OpaquePointer = gtk_stack_new()!
    /// The widgets in the stack, bottom first.
    var children: [OpaquePointer] = []

    init() {
        gtk_widget_set_vexpand(stack, 1)
        gtk_widget_set_hexpand(stack, 1)
    }

    /// Whether a page is sliding in or out.
    var isSliding: Bool { gtk_stack_get_transition_running(stack) != 0 }

    /// Shows `widgets` (bottom first): adds the new ones, shows the top one, and removes the
    /// widgets no longer wanted (after the slide, when it slides).
    func show(_ widgets: [OpaquePointer], transition: Transition) {
        for widget in widgets where !children.contains(widget) {
            gtk_stack_add_child(stack, widget)
            children.append(widget)
        }
        if let top = widgets.last {
            let type: Int32 = switch transition {
            case .none: CGTK_STACK_TRANSITION_NONE
            case .forward: CGTK_STACK_TRANSITION_SLIDE_LEFT
            case .back: CGTK_STACK_TRANSITION_SLIDE_RIGHT
            }
            gtk_stack_set_transition_type(stack, type)
            gtk_stack_set_visible_child(stack, top)
        }
        let leaving = children.filter { !widgets.contains($0) }
        children.removeAll { !widgets.contains($0) }
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
        if transition != .none {
            GObjectSignals.after(milliseconds: gtk_stack_get_transition_duration(stack) + 50, remove)
        } else {
            remove()
        }
    }
}
