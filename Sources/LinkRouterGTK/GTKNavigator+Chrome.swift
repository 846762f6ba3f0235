import LinkRouterCore
internal import CGTK

// Window chrome: the main window's header bar and toasts, modal windows, back button and keys.

extension GTKNavigator {
    /// Puts a widget at the end of the main window's header bar (a link entry, say).
    public func addToHeaderBar(_ widget: GTKWidget) {
        adw_header_bar_pack_end(headerBar, widget.pointer)
    }

    /// Shows a transient message over the main window.
    public func showToast(_ message: String) {
        // A toast's title is Pango markup: a route pattern's `<int:id>` must not be read as a tag.
        guard !isClosed, let escaped = g_markup_escape_text(message, -1) else { return }
        defer { g_free(escaped) }
        guard let toast = adw_toast_new(escaped) else { return }
        adw_toast_set_timeout(toast, 4)
        adw_toast_overlay_add_toast(toastOverlay, toast)
    }

    /// The window on top: the last modal window, or the main one.
    var topWindow: OpaquePointer { modals.last?.window ?? mainWindow }

    func title(ofWindow window: OpaquePointer) -> String {
        gtk_window_get_title(window).map { String(cString: $0) } ?? ""
    }

    /// A modal window transient for the main one, with its own header bar and stack.
    func makeModalWindow(for layer: NavigationState.ModalLayer) -> ModalWindow {
        let window = adw_window_new()!
        gtk_window_set_title(window, layer.entries.first.map(title(of:)) ?? appTitle)
        gtk_window_set_default_size(window, 520, 500)
        gtk_window_set_transient_for(window, mainWindow)
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
        connectBack(window, chrome: chrome)
        watchSlides(container)
        GObjectSignals.connect(window, "close-request") { [weak self, weak modal] () -> Bool in
            guard let self, let modal, !modal.isClosing else { return false }
            // Closed by the person (or the window manager): the layer and those above it leave.
            modal.isClosing = true
            if let first = state.layers.first(where: { $0.id == modal.layerID })?.entries.first {
                _ = try? perform(.close(first), animated: false)
            }
            return false
        }
        gtk_window_present(window)
        return modal
    }

    /// Back button, Escape and Alt+Left for a window.
    func connectBack(_ window: OpaquePointer, chrome: Chrome) {
        GObjectSignals.connect(chrome.backButton, "clicked") { [weak self] in self?.goBack() }
        let keys = gtk_event_controller_key_new()!
        GObjectSignals.connectKeyPressed(keys) { [weak self] key, modifiers in
            let isBack = key == CGTK_KEY_Escape || (key == CGTK_KEY_Left && modifiers & UInt32(CGTK_ALT_MASK) != 0)
            guard isBack, let self else { return false }
            goBack()
            return true
        }
        gtk_widget_add_controller(window, keys)
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
