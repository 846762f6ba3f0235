import LinkRouterCore
internal import CGTK

extension GTKNavigator {
    // The members marked `@_spi(Testing)` drive the window as a person would, for tests and the
    // example app's scripting (`@_spi(Testing) import LinkRouterGTK`); they are not API.

    /// Activates the top window's button labelled `label`, as a click would: one of the top page's
    /// buttons, else one shown elsewhere in the window (a tab in the header bar's switcher);
    /// `false` when none is shown there.
    @discardableResult
    @_spi(Testing) public func pressButton(labelled label: String) -> Bool {
        let page = state.top.flatMap { views[$0.id]?.widget }
        guard let button = page.flatMap({ Self.findButton(labelled: label, in: $0) }) ?? Self.findButton(labelled: label, in: topWindow)
        else { return false }
        return gtk_widget_activate(button) != 0
    }

    /// Closes the top window as its close button does: a modal window's pages leave the stack; the
    /// active window's closing closes its pages (every page, for the main window).
    @_spi(Testing) public func closeTopWindow() {
        gtk_window_close(topWindow)
    }

    /// Closes the main window as its close button does: every page leaves the stack.
    @_spi(Testing) public func closeMainWindow() {
        gtk_window_close(mainView.window)
    }

    /// Whether a page is still sliding in or out in some window: a screenshot taken now would show
    /// two pages half each.
    @_spi(Testing) public var isTransitioning: Bool {
        windowViews.contains { view in view.tabContainers.contains(where: \.isSliding) || view.modals.contains { $0.container.isSliding } }
    }

    /// Whether the split view on top of the active window shows the item alone (folded); `nil`
    /// when none is shown there.
    @_spi(Testing) public var isSplitFolded: Bool? {
        let view = activeView
        let container = view.tabContainers[state.activeWindow.selectedTabIndex]
        guard let top = container.children.last, let split = container.splits.values.first(where: { $0.leaflet == top }) else { return nil }
        return split.isFolded
    }

    /// The first mapped button under `widget` whose label, or a label inside it (an icon-and-text
    /// button, such as a tab in a view switcher), or for an icon button its tooltip, reads `label`.
    private static func findButton(labelled label: String, in widget: OpaquePointer) -> OpaquePointer? {
        guard gtk_widget_get_mapped(widget) != 0 else { return nil }
        if isA(widget, gtk_button_get_type()) {
            if let text = gtk_button_get_label(widget) { return String(cString: text) == label ? widget : nil }
            if let tip = gtk_widget_get_tooltip_text(widget), String(cString: tip) == label { return widget }
            return hasLabel(label, in: widget) ? widget : nil
        }
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            if let found = findButton(labelled: label, in: current) { return found }
            child = gtk_widget_get_next_sibling(current)
        }
        return nil
    }

    /// Whether a `GtkLabel` under `widget` (shown or not) reads `text`.
    private static func hasLabel(_ text: String, in widget: OpaquePointer) -> Bool {
        if isA(widget, gtk_label_get_type()), let shown = gtk_label_get_text(widget), String(cString: shown) == text { return true }
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            if hasLabel(text, in: current) { return true }
            child = gtk_widget_get_next_sibling(current)
        }
        return false
    }

    private static func isA(_ widget: OpaquePointer, _ type: Int) -> Bool {
        g_type_check_instance_is_a(UnsafeMutableRawPointer(widget), type) != 0
    }
}
