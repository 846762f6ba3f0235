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
    var views: [NavigationEntry.ID: PageView] = [:]
    private let application: GTKApplication
    let appTitle: String
    let mainWindow: OpaquePointer
    let headerBar: OpaquePointer
    let toastOverlay: OpaquePointer
    let mainChrome: Chrome
    /// One `GtkStack` per tab (one for an app without tabs).
    let tabContainers: [Container]
    /// The `AdwViewStack` holding the tabs' containers, for an app with tabs.
    let viewStack: OpaquePointer?
    /// A modal window per modal layer, in the state's order.
    var modals: [ModalWindow] = []
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
    lazy var settling = WindowSettling(
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

    // MARK: Navigator

    /// What is shown, bottom first: the selected tab's stack, then each modal window's.
    public var stack: [NavigationEntry] { state.visibleEntries }

    /// The stack as route patterns, as ``/LinkRouterCore/NavigationState`` prints it:
    /// `catalog > cart | account/login`, then `  [tab catalog]` for an app with tabs.
    public nonisolated var description: String { printed.withLock { $0 } }

    /// Applies the operation to the state, shows the change in the windows, then commits it.
    ///
    /// A plan (``/LinkRouterCore/NavigationOperation/plan(_:)``, how the router shows an open: its
    /// tab, parents and page) is one change like any other: the windows go from one state to the
    /// next at once, and only the top of the change slides.
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
        var built: [NavigationEntry.ID: PageView] = [:]
        do {
            for entry in change.inserted { built[entry.id] = try makeView(entry) }
            for update in change.updated { built[update.new.id] = try updatedView(update) }
        } catch {
            // Nothing changes: pages updated in place keep their entries, new widgets go.
            for update in change.updated { views[update.old.id]?.handle.entry = update.old }
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

    /// Goes back one page, as the back button, Escape and Alt+Left do: pops the top container, or
    /// closes the top modal window when it shows its first page.
    public func goBack() {
        _ = try? perform(.back(levels: 1), animated: true)
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
}
