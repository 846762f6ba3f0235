public import LinkRouterCore
internal import CGTK
import Synchronization

/// A ``/LinkRouterCore/Navigator`` over GTK 4 / libadwaita windows: it renders a
/// ``/LinkRouterCore/NavigationState`` — the main window shows the selected tab's stack, each modal
/// layer is a modal window transient for it — and holds no stack logic of its own.
///
/// Each navigation container is a `GtkStack` (slide transitions; none when `animated` is false or
/// the URL has `route_no_animation=1`) under an `AdwHeaderBar` whose back button, Escape and
/// Alt+Left go back one page, or close a modal window showing its first page. An app with tabs
/// gets an `AdwViewStack` with a `GtkStack` per tab, switched by an `AdwViewSwitcherTitle` in the
/// header bar (and an `AdwViewSwitcherBar` at the bottom when the window is too narrow for it);
/// each tab keeps its stack while another is shown, and a tab shown for the first time opens its
/// root URL through ``linkHandler``. Whatever takes a page off — those, closing a modal window, or
/// a call — closes its result slot, so its result is delivered exactly once. ``GTKPage`` pages
/// build their own widgets (and may update them in place); any other page is shown as a status
/// page naming its route.
///
/// The navigator is `@MainActor`: the router calls it from any task and each call runs on the GLib
/// main thread (see ``GTKApplication``). Closing the main window closes every page (results are
/// `.cancelled`) and later pushes throw ``WindowClosed``.
@MainActor
public final class GTKNavigator: Navigator, CustomStringConvertible {
    /// Thrown by pushes and presents after the main window was closed.
    public struct WindowClosed: Error, CustomStringConvertible {
        /// What happened.
        public var description: String { "the window is closed" }
    }

    /// What is shown.
    public private(set) var state: NavigationState
    /// The stack as printed, kept for ``description``, which any thread may ask for.
    private nonisolated let printed: Mutex<String>
    /// Each shown entry's widget and title.
    private var views: [ObjectIdentifier: PageView] = [:]
    private let application: GTKApplication
    private let appTitle: String
    private let mainWindow: OpaquePointer
    private let headerBar: OpaquePointer
    private let toastOverlay: OpaquePointer
    private let mainChrome: Chrome
    /// One `GtkStack` per tab (one for an app without tabs).
    private let tabContainers: [Container]
    /// The `AdwViewStack` holding the tabs' containers, for an app with tabs.
    private let viewStack: OpaquePointer?
    /// A modal window per modal layer, in the state's order.
    private var modals: [ModalWindow] = []
    /// Whether the main window was closed.
    public private(set) var isClosed = false
    /// Opens links that pages ask for (``GTKPageContext/open(_:)``) and the root URL of a tab shown
    /// for the first time; set by the app.
    public var linkHandler: (@MainActor (String) -> Void)?
    /// Called after every change of what is shown.
    public var onChange: (@MainActor (GTKNavigator) -> Void)?
    /// Called when the main window was closed, after every page was closed.
    public var onClose: (@MainActor () -> Void)?
    /// Waits for the top window to show the state (``whenSettled(timeout:_:)``).
    private lazy var settling = WindowSettling(
        topWindow: { [unowned self] in isClosed ? nil : topWindow },
        slidingWindow: { [unowned self] in
            if tabContainers.contains(where: \.isSliding) { return title(ofWindow: mainWindow) }
            return modals.first { $0.container.isSliding }.map { title(ofWindow: $0.window) }
        }
    )

    /// Creates the main window, with a header bar and an empty stack per tab, and shows it.
    /// - Parameters:
    ///   - application: The application the window belongs to.
    ///   - title: The window's title, shown in the header bar when no page is.
    ///   - tabs: The app's tabs, switched in the header bar; none for one stack.
    ///   - width: The window's default width.
    ///   - height: The window's default height.
    /// - Throws: ``/LinkRouterCore/NavigationError/invalidTabs(_:)`` when a tab's name is empty or repeated.
    public init(application: GTKApplication, title: String, tabs: [NavigationTab] = [], width: Int32 = 800, height: Int32 = 600) throws(NavigationError) {
        state = tabs.isEmpty ? NavigationState() : try NavigationState(tabs: tabs)
        printed = Mutex(state.description)
        self.application = application
        appTitle = title
        mainWindow = adw_application_window_new(application.pointer)
        gtk_window_set_title(mainWindow, title)
        gtk_window_set_default_size(mainWindow, width, height)
        toastOverlay = adw_toast_overlay_new()
        let box = gtk_box_new(CGTK_ORIENTATION_VERTICAL, 0)!
        headerBar = adw_header_bar_new()
        gtk_box_append(box, headerBar)
        if tabs.isEmpty {
            let container = Container()
            tabContainers = [container]
            viewStack = nil
            mainChrome = Chrome(in: headerBar, title: .window(adw_window_title_new(title, nil)))
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
            mainChrome = Chrome(in: headerBar, title: .switcher(switcher))
            // The bar at the bottom shows the tabs when the header bar is too narrow for them.
            let bar = adw_view_switcher_bar_new()!
            adw_view_switcher_bar_set_stack(bar, viewStack)
            g_object_bind_property(UnsafeMutableRawPointer(switcher), "title-visible", UnsafeMutableRawPointer(bar), "reveal", CGTK_BINDING_SYNC_CREATE)
            gtk_box_append(box, viewStack)
            gtk_box_append(box, bar)
        }
        adw_toast_overlay_set_child(toastOverlay, box)
        adw_application_window_set_content(mainWindow, toastOverlay)
        connectBack(mainWindow, chrome: mainChrome)
        for container in tabContainers { watchSlides(container) }
        if let viewStack {
            GObjectSignals.connectNotify(viewStack, property: "visible-child-name") { [weak self] in self?.tabSwitched() }
        }
        GObjectSignals.connect(mainWindow, "close-request") { [weak self] () -> Bool in
            self?.closeEverything()
            return false
        }
        gtk_window_present(mainWindow)
    }

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

    // MARK: Navigator

    /// What is shown, bottom first: the selected tab's stack, then each modal window's.
    public var stack: [NavigationEntry] { state.visibleEntries }

    /// The stack as route patterns, as ``/LinkRouterCore/NavigationState`` prints it:
    /// `catalog > cart | account/login`, then `  [tab catalog]` for an app with tabs.
    public nonisolated var description: String { printed.withLock { $0 } }

    /// Applies the operation to the state, shows the change in the windows, then commits it.
    ///
    /// The widgets of the pages that join are built first: when one cannot be built (its
    /// ``GTKPage/makeWidget(in:)`` throws), nothing changes and the error is thrown.
    /// - Throws: ``/LinkRouterCore/NavigationError`` when the operation does not apply,
    ///   ``WindowClosed`` when a page is to be shown after the main window closed, or the page's error.
    @discardableResult
    public func perform(_ operation: NavigationOperation, animated: Bool) throws -> NavigationChange {
        var next = state
        let change = try next.apply(operation)
        guard !change.isEmpty else { return change }
        var built: [ObjectIdentifier: PageView] = [:]
        do {
            for entry in change.inserted { built[ObjectIdentifier(entry)] = try makeView(entry) }
            for update in change.updated { built[ObjectIdentifier(update.new)] = try updatedView(update) }
        } catch {
            // Nothing changes: pages updated in place keep their entries, new widgets go.
            for update in change.updated { views[ObjectIdentifier(update.old)]?.handle.entry = update.old }
            let shown = Set(views.values.map(\.widget))
            for view in built.values where !shown.contains(view.widget) { g_object_unref(UnsafeMutableRawPointer(view.widget)) }
            throw error
        }
        state = next
        views.merge(built) { _, new in new }
        render(change, animated: animated)
        settling.changed()
        forget(change)
        printed.withLock { $0 = state.description }
        change.commit()
        onChange?(self)
        return change
    }

    // MARK: What the person does

    // The members marked `@_spi(Testing)` drive the window as a person would, for tests and the
    // example app's scripting (`@_spi(Testing) import LinkRouterGTK`); they are not API.

    /// Goes back one page, as the back button, Escape and Alt+Left do: pops the top container, or
    /// closes the top modal window when it shows its first page.
    public func goBack() {
        _ = try? perform(.back(levels: 1), animated: true)
    }

    /// Activates the top window's button labelled `label`, as a click would: one of the top page's
    /// buttons, else one shown elsewhere in the window (a tab in the header bar's switcher);
    /// `false` when none is shown there.
    @discardableResult
    @_spi(Testing) public func pressButton(labelled label: String) -> Bool {
        let page = state.top.flatMap { views[ObjectIdentifier($0)]?.widget }
        guard let button = page.flatMap({ Self.findButton(labelled: label, in: $0) }) ?? Self.findButton(labelled: label, in: topWindow)
        else { return false }
        return gtk_widget_activate(button) != 0
    }

    /// Closes the top window as its close button does: a modal window's pages leave the stack; the
    /// main window's closing closes every page.
    @_spi(Testing) public func closeTopWindow() {
        gtk_window_close(modals.last?.window ?? mainWindow)
    }

    /// Closes the main window as its close button does: every page leaves the stack.
    @_spi(Testing) public func closeMainWindow() {
        gtk_window_close(mainWindow)
    }

    /// Whether a page is still sliding in or out in some window: a screenshot taken now would show
    /// two pages half each.
    @_spi(Testing) public var isTransitioning: Bool {
        tabContainers.contains(where: \.isSliding) || modals.contains { $0.container.isSliding }
    }

    /// Calls `body` once the top window shows the state as it is now: mapped, with a size, painted
    /// since the last change, and no page sliding in any window — the moment for
    /// ``saveScreenshot(to:)``. A change meanwhile makes it wait for the new state.
    ///
    /// It waits for GTK's own events (the window's `map`, its frame clock's `after-paint`, the
    /// stacks' `transition-running`), however slow the machine; no timer stands in for them. The
    /// theme's CSS transitions (a tab's button fading to checked, 200 ms in Adwaita) are not waited
    /// for: GTK tells no one when they end.
    /// - Parameters:
    ///   - timeout: How long after the last change to wait before giving up.
    ///   - body: Called on the main actor with `nil` once settled, or with the condition that still
    ///     failed at the timeout, or that the main window was closed.
    public func whenSettled(timeout: Duration = .seconds(30), _ body: @escaping @MainActor (UnsettledWindow?) -> Void) {
        settling.wait(timeout: timeout, body)
    }

    /// Saves a PNG of the top window as GTK renders it (call it once ``whenSettled(timeout:_:)``
    /// reported the window settled, or it may catch a page half-way through a slide).
    /// - Returns: The image's width and height.
    /// - Throws: ``ScreenshotError`` naming the step that failed: the window has no size yet, or
    ///   is closed, or GLib could not write the file (its message: a missing folder, no permission).
    public func saveScreenshot(to path: String) throws(ScreenshotError) -> (width: Int32, height: Int32) {
        guard !isClosed else { throw ScreenshotError(path: path, reason: "the window is closed") }
        return try Screenshot.save(topWindow, to: path)
    }

    /// The window on top: the last modal window, or the main one.
    private var topWindow: OpaquePointer { modals.last?.window ?? mainWindow }

    private func title(ofWindow window: OpaquePointer) -> String {
        gtk_window_get_title(window).map { String(cString: $0) } ?? ""
    }

    // MARK: Rendering

    /// Makes the windows show the state: each container its entries' widgets, the selected tab,
    /// a modal window per layer (new ones opened, gone ones closed), titles and back buttons.
    private func render(_ change: NavigationChange, animated: Bool) {
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
    private func forget(_ change: NavigationChange) {
        var leaving = change.removed.map(ObjectIdentifier.init)
        for update in change.updated where views[ObjectIdentifier(update.old)]?.widget != views[ObjectIdentifier(update.new)]?.widget {
            leaving.append(ObjectIdentifier(update.old))
        }
        for update in change.updated where !leaving.contains(ObjectIdentifier(update.old)) {
            views[ObjectIdentifier(update.old)] = nil   // the widget lives on with the new entry
        }
        for id in leaving {
            guard let view = views.removeValue(forKey: id) else { continue }
            g_object_unref(UnsafeMutableRawPointer(view.widget))
        }
    }

    private func widget(of entry: NavigationEntry) -> OpaquePointer { views[ObjectIdentifier(entry)]!.widget }
    private func title(of entry: NavigationEntry) -> String { views[ObjectIdentifier(entry)]!.title }

    /// Builds the widget of an entry's page, owned by the navigator until the entry leaves.
    private func makeView(_ entry: NavigationEntry) throws -> PageView {
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
    private func updatedView(_ update: NavigationChange.Update) throws -> PageView {
        if let old = views[ObjectIdentifier(update.old)], let page = update.new.page as? any GTKPage {
            old.handle.entry = update.new
            if page.update(GTKWidget(old.widget), in: GTKPageContext(handle: old.handle, navigator: self)) {
                return PageView(widget: old.widget, title: page.title, handle: old.handle)
            }
            old.handle.entry = update.old
        }
        return try makeView(update.new)
    }

    /// A modal window transient for the main one, with its own header bar and stack.
    private func makeModalWindow(for layer: NavigationState.ModalLayer) -> ModalWindow {
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
    private func connectBack(_ window: OpaquePointer, chrome: Chrome) {
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

    /// A slide that ends in a container may be what a screenshot waits for.
    private func watchSlides(_ container: Container) {
        GObjectSignals.connectNotify(container.stack, property: "transition-running") { [weak self] in self?.settling.slideEnded() }
    }

    /// The person chose a tab in the switcher: the state selects it; a tab with no page yet opens
    /// its root.
    private func tabSwitched() {
        guard let viewStack, let name = adw_view_stack_get_visible_child_name(viewStack).map({ String(cString: $0) }),
              name != state.selectedTab?.name else { return }
        _ = try? perform(.selectTab(name), animated: false)
        if let tab = state.selectedTab, tab.name == name, state.selectedStack.isEmpty { linkHandler?(tab.root) }
    }

    /// Takes a page off with everything above it (``GTKPageContext/close()``).
    func close(_ entry: NavigationEntry) {
        _ = try? perform(.close(entry), animated: true)
    }

    /// The main window is closing: every page leaves, modal windows go, results are cancelled.
    private func closeEverything() {
        guard !isClosed else { return }
        _ = try? perform(.closeAll, animated: false)
        isClosed = true
        settling.closed()
        onClose?()
    }

    /// The first mapped button under `widget` whose label, or a label inside it (an icon-and-text
    /// button, such as a tab in a view switcher), reads `label`.
    private static func findButton(labelled label: String, in widget: OpaquePointer) -> OpaquePointer? {
        guard gtk_widget_get_mapped(widget) != 0 else { return nil }
        if isA(widget, gtk_button_get_type()) {
            if let text = gtk_button_get_label(widget) { return String(cString: text) == label ? widget : nil }
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

/// Where a page's widget finds its entry: the entry changes when the page is updated in place and
/// keeps its widget.
@MainActor
final class PageHandle {
    var entry: NavigationEntry

    init(entry: NavigationEntry) { self.entry = entry }
}

/// A shown page: its widget (the navigator holds a reference) and title.
@MainActor
private struct PageView {
    let widget: OpaquePointer
    let title: String
    let handle: PageHandle
}

/// A `GtkStack` showing one stack of the state: a tab's, or a modal layer's.
@MainActor
private final class Container {
    enum Transition {
        case none, forward, back
    }

    let stack: OpaquePointer = gtk_stack_new()!
    /// The widgets in the stack, bottom first.
    private var children: [OpaquePointer] = []

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

/// A window's header bar: its back button and title.
@MainActor
private struct Chrome {
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
private final class ModalWindow {
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
