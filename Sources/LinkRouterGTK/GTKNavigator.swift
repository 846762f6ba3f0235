public import LinkRouterCore
internal import CGTK
import Synchronization

/// A ``/LinkRouterCore/Navigator`` over GTK 4 / libadwaita windows: it renders a
/// ``/LinkRouterCore/NavigationState`` — each of the state's windows is an `AdwApplicationWindow`
/// showing its selected tab's stack, each modal layer a modal window transient for its window —
/// and holds no stack logic of its own.
///
/// Each navigation container is a `GtkStack` (slide transitions; none when `animated` is false or
/// the URL has `route_no_animation=1`) under an `AdwHeaderBar` whose back button, Escape and
/// Alt+Left go back one page, or close a modal window showing its first page. An app with tabs
/// gets an `AdwViewStack` with a `GtkStack` per tab, switched by an `AdwViewSwitcherTitle` in the
/// header bar (and an `AdwViewSwitcherBar` at the bottom when the window is too narrow for it);
/// each tab keeps its stack while another is shown, and a tab shown for the first time opens its
/// root URL through ``linkHandler``. A page whose type is a ``/LinkRouterCore/SplitViewDetail`` is
/// shown beside the page under it (a list and its item) in an `AdwLeaflet`, which folds to show the
/// item alone in a narrow window. Whatever takes a page off — those, closing a window, or a call —
/// closes its result slot, so its result is delivered exactly once. ``GTKPage`` pages build their
/// own widgets (and may update them in place); any other page is shown as a status page naming its
/// route.
///
/// Windows: the first window is the main one (``addToHeaderBar(_:)`` puts its widget there); an open in a new window
/// (``/LinkRouterCore/WindowTarget/newWindow``) opens another, with the same header bar and tabs and
/// an "Open in New Window" button; the active window of the state is the one presented
/// (`gtk_window_present`), so an open that brings forward the window showing its page
/// (``/LinkRouterCore/WindowTarget/showingPage``) raises it; a window the person goes to becomes the
/// active one. Closing another window closes its pages (``/LinkRouterCore/NavigationOperation/closeWindow(_:)``).
///
/// The navigator is `@MainActor`: the router calls it from any task and each call runs on the GLib
/// main thread (see ``GTKApplication``). Closing the main window closes every window and page
/// (results are `.cancelled`) and later pushes throw ``WindowClosed``.
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
    let application: GTKApplication
    let appTitle: String
    let tabs: [NavigationTab]
    let size: (width: Int32, height: Int32)
    /// A toolkit window per window of the state, in the state's order; the first is the main one.
    var windowViews: [WindowView] = []
    /// The main window's view: the first window of the state; closing it closes every window.
    /// (When the first window is closed by ``perform(_:animated:)``, the next one becomes the main one.)
    var mainView: WindowView
    /// Whether the main window was closed.
    public private(set) var isClosed = false
    /// Whether a change is being rendered: a window that becomes active meanwhile is the change's doing.
    var isRendering = false
    /// Opens links that pages ask for (``GTKPageContext/open(_:options:)``), the root URL of a tab
    /// shown for the first time, and the top page of a window in a new one (its "Open in New
    /// Window" button, with ``/LinkRouterCore/OpenOptions/window`` set); set by the app, which
    /// opens them as its own (`source: .app`) with the options given.
    public var linkHandler: (@MainActor (_ url: String, _ options: OpenOptions) -> Void)?
    /// Called after every change of what is shown.
    public var onChange: (@MainActor (GTKNavigator) -> Void)?
    /// Called when the main window was closed, after every page was closed.
    public var onClose: (@MainActor () -> Void)?
    /// Called when a split view folds (`true`: the item shown alone) or unfolds, with the window's id.
    @_spi(Testing) public var onFold: (@MainActor (_ folded: Bool) -> Void)?
    /// Waits for the top window to show the state (``whenSettled(timeout:_:)``).
    lazy var settling = WindowSettling(
        topWindow: { [unowned self] in isClosed ? nil : topWindow },
        slidingWindow: { [unowned self] in
            for view in windowViews {
                if view.tabContainers.contains(where: \.isSliding) { return title(ofWindow: view.window) }
                if let modal = view.modals.first(where: { $0.container.isSliding }) { return title(ofWindow: modal.window) }
            }
            return nil
        }
    )

    /// Creates the main window, with a header bar and an empty stack per tab, and shows it.
    /// - Parameters:
    ///   - application: The application the window belongs to.
    ///   - title: The window's title, shown in the header bar when no page is.
    ///   - tabs: The app's tabs, switched in the header bar; none for one stack.
    ///   - width: The default width of the windows.
    ///   - height: The default height of the windows.
    /// - Throws: ``/LinkRouterCore/NavigationError/invalidTabs(_:)`` when a tab's name is empty or repeated.
    public init(application: GTKApplication, title: String, tabs: [NavigationTab] = [], width: Int32 = 800, height: Int32 = 600) throws(NavigationError) {
        state = tabs.isEmpty ? NavigationState() : try NavigationState(tabs: tabs)
        printed = Mutex(state.description)
        self.application = application
        appTitle = title
        self.tabs = tabs
        size = (width, height)
        mainView = WindowView(id: state.windows[0].id, application: application, title: title, tabs: tabs, size: (width, height), isMain: true)
        windowViews = [mainView]
        connect(mainView)
        gtk_window_present(mainView.window)
    }

    // MARK: Navigator

    /// What is shown, bottom first: the active window's selected tab's stack, then each of its modal windows'.
    public var stack: [NavigationEntry] { state.visibleEntries }

    /// The stack as route patterns, as ``/LinkRouterCore/NavigationState`` prints it:
    /// `catalog > cart | account/login`, then `  [tab catalog]` for an app with tabs; each window
    /// after `window ID: ` when there are several.
    public nonisolated var description: String { printed.withLock { $0 } }

    /// Applies the operation to the state, shows the change in the windows, then commits it.
    ///
    /// A plan (``/LinkRouterCore/NavigationOperation/plan(_:)``, how the router shows an open: its
    /// window, tab, parents and page) is one change like any other: the windows go from one state
    /// to the next at once, and only the top of the change slides.
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
        isRendering = true
        render(change, animated: animated)
        isRendering = false
        settling.changed()
        forget(change)
        printed.withLock { $0 = state.description }
        change.commit()
        onChange?(self)
        return change
    }

    // MARK: What the person does

    /// Goes back one page in the active window, as the back button, Escape and Alt+Left do: pops
    /// the top container, or closes the top modal window when it shows its first page.
    public func goBack() {
        _ = try? perform(.back(levels: 1), animated: true)
    }

    /// Goes back one page in the window of `view`, which becomes the active one.
    func goBack(in view: WindowView) {
        activate(view)
        goBack()
    }

    /// Makes the window of `view` the state's active window, when it is not.
    func activate(_ view: WindowView) {
        guard state.activeWindow.id != view.id, state.window(withID: view.id) != nil else { return }
        _ = try? perform(.focusWindow(view.id), animated: false)
    }

    /// The person chose a tab in a window's switcher: the state selects it; a tab with no page yet
    /// opens its root.
    func tabSwitched(in view: WindowView) {
        guard !isRendering, let viewStack = view.viewStack,
              let name = adw_view_stack_get_visible_child_name(viewStack).map({ String(cString: $0) }),
              let window = state.window(withID: view.id), name != tabs[window.selectedTabIndex].name else { return }
        activate(view)
        _ = try? perform(.selectTab(name), animated: false)
        if let tab = state.selectedTab, tab.name == name, state.selectedStack.isEmpty { linkHandler?(tab.root, OpenOptions()) }
    }

    /// Opens the top page of the window of `view` in a new window (its "Open in New Window" button).
    func openTopInNewWindow(of view: WindowView) {
        guard let top = state.window(withID: view.id)?.top else { return }
        linkHandler?(top.url.string, OpenOptions(window: .newWindow))
    }

    /// Takes a page off with everything above it (``GTKPageContext/close()``).
    func close(_ entry: NavigationEntry) {
        _ = try? perform(.close(entry), animated: true)
    }

    /// A window other than the main one is closing: its pages leave.
    func windowClosing(_ view: WindowView) {
        guard !view.isClosing else { return }
        view.isClosing = true
        _ = try? perform(.closeWindow(view.id), animated: false)
    }

    /// The main window is closing: every window and page goes, results are cancelled.
    func closeEverything() {
        guard !isClosed else { return }
        mainView.isClosing = true
        // The other windows close with the change (render).
        _ = try? perform(.closeAll, animated: false)
        isClosed = true
        settling.closed()
        onClose?()
    }
}
