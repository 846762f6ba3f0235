import LinkRouterCore
internal import CGTK

// Window chrome: the windows' header bars and toasts, modal windows, back button and keys.

extension GTKNavigator {
    /// Puts a widget at the end of the main window's header bar (a link entry, say).
    public func addToHeaderBar(_ widget: GTKWidget) {
        adw_header_bar_pack_end(mainView.headerBar, widget.pointer)
    }

    /// Shows a transient message over the active window.
    public func showToast(_ message: String) {
        // A toast's title is Pango markup: a route pattern's `<int:id>` must not be read as a tag.
        guard !isClosed, let escaped = g_markup_escape_text(message, -1) else { return }
        defer { g_free(escaped) }
        guard let toast = adw_toast_new(escaped) else { return }
        adw_toast_set_timeout(toast, 4)
        adw_toast_overlay_add_toast(activeView.toastOverlay, toast)
    }

    /// The toolkit window of the state's active window.
    var activeView: WindowView {
        windowViews.first { $0.id == state.activeWindow.id } ?? mainView
    }

    /// The window on top: the active window's last modal window, or the active window.
    var topWindow: OpaquePointer { activeView.modals.last?.window ?? activeView.window }

    func title(ofWindow window: OpaquePointer) -> String {
        gtk_window_get_title(window).map { String(cString: $0) } ?? ""
    }

    /// Connects a window's back button and keys, tab switcher, slides, "Open in New Window"
    /// button, closing and activation to the state.
    func connect(_ view: WindowView) {
        connectBack(view.window, chrome: view.chrome, in: view)
        for container in view.tabContainers {
            watchSlides(container)
            container.onFold = { [weak self] folded in self?.onFold?(folded) }
        }
        if let viewStack = view.viewStack {
            GObjectSignals.connectNotify(viewStack, property: "visible-child-name") { [weak self, weak view] in
                guard let self, let view else { return }
                tabSwitched(in: view)
            }
        }
        GObjectSignals.connect(view.newWindowButton, "clicked") { [weak self, weak view] in
            guard let self, let view else { return }
            openTopInNewWindow(of: view)
        }
        GObjectSignals.connect(view.window, "close-request") { [weak self, weak view] () -> Bool in
            guard let self, let view else { return false }
            // The main window, or the last one, takes every window with it; another closes alone.
            if view === mainView || windowViews.count == 1 { closeEverything() } else { windowClosing(view) }
            return false
        }
        // The person went to this window: it becomes the state's active window.
        GObjectSignals.connectNotify(view.window, property: "is-active") { [weak self, weak view] in
            guard let self, let view, !isRendering, !view.isClosing, gtk_window_is_active(view.window) != 0 else { return }
            activate(view)
        }
    }

    /// A modal window transient for its window, with its own header bar and stack.
    func makeModalWindow(for layer: NavigationState.ModalLayer, over view: WindowView) -> ModalWindow {
        let window = adw_window_new()!
        gtk_window_set_title(window, layer.entries.first.map(title(of:)) ?? appTitle)
        gtk_window_set_default_size(window, 520, 500)
        gtk_window_set_transient_for(window, view.window)
        gtk_window_set_modal(window, 1)
        gtk_window_set_destroy_with_parent(window, 1)
        let box = gtk_box_new(CGTK_ORIENTATION_VERTICAL, 0)!
        let header = adw_header_bar_new()!
        let chrome = Chrome(in: header, title: .window(adw_window_title_new(appTitle, nil)))
        let container = Container()
        gtk_box_append(box, header)
        gtk_box_append(box, container.stack)
        adw_window_set_content(window, box)
        let modal = ModalWindow(layerID: layer.id, window: window, container: container, chrome: chrome)
        connectBack(window, chrome: chrome, in: view)
        watchSlides(container)
        GObjectSignals.connect(window, "close-request") { [weak self, weak modal, weak view] () -> Bool in
            guard let self, let modal, let view, !modal.isClosing else { return false }
            // Closed by the person (or the window manager): the layer and those above it leave.
            modal.isClosing = true
            activate(view)
            if let first = state.layers.first(where: { $0.id == modal.layerID })?.entries.first {
                _ = try? perform(.close(first), animated: false)
            }
            return false
        }
        gtk_window_present(window)
        return modal
    }

    /// Back button, Escape and Alt+Left for a window of `view` (or one of its modal windows).
    func connectBack(_ window: OpaquePointer, chrome: Chrome, in view: WindowView) {
        GObjectSignals.connect(chrome.backButton, "clicked") { [weak self, weak view] in
            guard let self, let view else { return }
            goBack(in: view)
        }
        let keys = gtk_event_controller_key_new()!
        GObjectSignals.connectKeyPressed(keys) { [weak self, weak view] key, modifiers in
            let isBack = key == CGTK_KEY_Escape || (key == CGTK_KEY_Left && modifiers & UInt32(CGTK_ALT_MASK) != 0)
            guard isBack, let self, let view else { return false }
            goBack(in: view)
            return true
        }
        gtk_widget_add_controller(window, keys)
    }
}

/// One window of the navigation state: an `AdwApplicationWindow` with a header bar (back button,
/// title or tab switcher, "Open in New Window"), toasts, a stack per tab and its modal windows.
@MainActor
final class WindowView {
    /// The state's window it shows.
    let id: Int
    let window: OpaquePointer
    let headerBar: OpaquePointer
    let toastOverlay: OpaquePointer
    let chrome: Chrome
    let newWindowButton: OpaquePointer
    /// One `GtkStack` per tab (one for an app without tabs).
    let tabContainers: [Container]
    /// The `AdwViewStack` holding the tabs' containers, for an app with tabs.
    let viewStack: OpaquePointer?
    /// A modal window per modal layer, in the state's order.
    var modals: [ModalWindow] = []
    /// Whether the window is being closed (by the person, or because it left the state).
    var isClosing = false

    init(id: Int, application: GTKApplication, title: String, tabs: [NavigationTab], size: (width: Int32, height: Int32), isMain: Bool) {
        self.id = id
        window = adw_application_window_new(application.pointer)
        gtk_window_set_title(window, isMain ? title : "\(title) (\(id))")
        gtk_window_set_default_size(window, size.width, size.height)
        toastOverlay = adw_toast_overlay_new()
        let box = gtk_box_new(CGTK_ORIENTATION_VERTICAL, 0)!
        headerBar = adw_header_bar_new()
        gtk_box_append(box, headerBar)
        if tabs.isEmpty {
            let container = Container()
            tabContainers = [container]
            viewStack = nil
            chrome = Chrome(in: headerBar, title: .window(adw_window_title_new(title, nil)))
            gtk_box_append(box, container.stack)
        } else {
            let viewStack = adw_view_stack_new()!
            gtk_widget_set_vexpand(viewStack, 1)
            tabContainers = tabs.map { tab in
                let container = Container()
                let page = adw_view_stack_add_titled(viewStack, container.stack, tab.name, tab.title)
                if let icon = tab.icon { adw_view_stack_page_set_icon_name(page, icon) }
                return container
            }
            self.viewStack = viewStack
            let switcher = adw_view_switcher_title_new()!
            adw_view_switcher_title_set_stack(switcher, viewStack)
            adw_view_switcher_title_set_title(switcher, title)
            chrome = Chrome(in: headerBar, title: .switcher(switcher))
            // The bar at the bottom shows the tabs when the header bar is too narrow for them.
            let bar = adw_view_switcher_bar_new()!
            adw_view_switcher_bar_set_stack(bar, viewStack)
            g_object_bind_property(UnsafeMutableRawPointer(switcher), "title-visible", UnsafeMutableRawPointer(bar), "reveal", CGTK_BINDING_SYNC_CREATE)
            gtk_box_append(box, viewStack)
            gtk_box_append(box, bar)
        }
        newWindowButton = gtk_button_new_from_icon_name("window-new-symbolic")!
        gtk_widget_set_tooltip_text(newWindowButton, "Open in New Window")
        GTKWidget(newWindowButton).accessibilityLabel("Open in New Window")
        adw_header_bar_pack_end(headerBar, newWindowButton)
        adw_toast_overlay_set_child(toastOverlay, box)
        adw_application_window_set_content(window, toastOverlay)
        if !isMain { gtk_window_present(window) }
    }
}

/// A window's header bar: its back button and title.
@MainActor
struct Chrome {
    enum Title {
        case window(OpaquePointer)
        case switcher(OpaquePointer)
    }

    let backButton: OpaquePointer
    let title: Title

    init(in header: OpaquePointer, title: Title) {
        backButton = gtk_button_new_from_icon_name("go-previous-symbolic")!
        gtk_widget_set_tooltip_text(backButton, "Back")
        // An icon button has no text of its own: the name a screen reader says.
        GTKWidget(backButton).accessibilityLabel("Back")
        gtk_widget_set_visible(backButton, 0)
        adw_header_bar_pack_start(header, backButton)
        switch title {
        case .window(let widget), .switcher(let widget): adw_header_bar_set_title_widget(header, widget)
        }
        self.title = title
    }

    /// Shows the top page's title, and the back button when there is a page to go back to.
    func show(titles: [String], appTitle: String) {
        switch title {
        case .window(let widget): adw_window_title_set_title(widget, titles.last ?? appTitle)
        case .switcher(let widget): adw_view_switcher_title_set_title(widget, titles.last ?? appTitle)
        }
        gtk_widget_set_visible(backButton, titles.count > 1 ? 1 : 0)
    }
}

/// A modal window showing one modal layer.
@MainActor
final class ModalWindow {
    let layerID: Int
    let window: OpaquePointer
    let container: Container
    let chrome: Chrome
    var isClosing = false

    init(layerID: Int, window: OpaquePointer, container: Container, chrome: Chrome) {
        self.layerID = layerID
        self.window = window
        self.container = container
        self.chrome = chrome
    }
}
