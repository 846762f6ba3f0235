public import LinkRouterCore
internal import CGTK
import Synchronization

/// A ``/LinkRouterCore/Navigator`` over GTK 4 / libadwaita windows: the root stack in the main window, each
/// presented layer in a modal window transient for it.
///
/// Each navigation container is a `GtkStack` (slide transitions; none when `animated` is false or
/// the URL has `route_no_animation=1`) under an `AdwHeaderBar` whose back button, Escape and
/// Alt+Left go back one page, or close a modal window showing its first page. Whatever takes a
/// page off the stack — those, closing a modal window, or a call — closes its result slot, so its
/// result is delivered exactly once. ``GTKPage`` pages build their own widgets; any other page is
/// shown as a status page naming its route.
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

    private struct ShownPage {
        let entry: NavigationEntry
        let widget: OpaquePointer
        let title: String
    }

    /// A navigation container: a window's header bar and stack, and the pages in it.
    private final class Layer {
        let window: OpaquePointer
        let wrapped: Bool
        let stack: OpaquePointer
        let backButton: OpaquePointer
        let title: OpaquePointer
        var pages: [ShownPage] = []
        var children: [OpaquePointer] = []
        var windowIsClosing = false

        init(window: OpaquePointer, wrapped: Bool, stack: OpaquePointer, backButton: OpaquePointer, title: OpaquePointer) {
            self.window = window
            self.wrapped = wrapped
            self.stack = stack
            self.backButton = backButton
            self.title = title
        }
    }

    private let application: GTKApplication
    private let appTitle: String
    private let mainWindow: OpaquePointer
    private let headerBar: OpaquePointer
    private let toastOverlay: OpaquePointer
    private var layers: [Layer] = []
    /// The stack as printed, kept for ``description``, which any thread may ask for.
    private nonisolated let printed = Mutex("(empty)")
    /// Whether the main window was closed.
    public private(set) var isClosed = false
    /// Opens links that pages ask for (``GTKPageContext/open(_:)``); set by the app.
    public var linkHandler: (@MainActor (String) -> Void)?
    /// Called after every change of the stack.
    public var onChange: (@MainActor (GTKNavigator) -> Void)?
    /// Called when the main window was closed, after every page was closed.
    public var onClose: (@MainActor () -> Void)?

    /// Creates the main window, with a header bar and an empty root stack, and shows it.
    public init(application: GTKApplication, title: String, width: Int32 = 800, height: Int32 = 600) {
        self.application = application
        appTitle = title
        mainWindow = adw_application_window_new(application.pointer)
        gtk_window_set_title(mainWindow, title)
        gtk_window_set_default_size(mainWindow, width, height)
        toastOverlay = adw_toast_overlay_new()
        let (content, header, root) = Self.makeContainer(in: mainWindow, wrapped: true, title: title)
        headerBar = header
        adw_toast_overlay_set_child(toastOverlay, content)
        adw_application_window_set_content(mainWindow, toastOverlay)
        layers = [root]
        configure(root)
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

    /// Every entry, bottom first: the main window's, then each modal window's.
    public var stack: [NavigationEntry] { layers.flatMap { $0.pages.map(\.entry) } }

    /// What is shown: the main window's stack, then each modal window's.
    public var state: NavigationState {
        var state = NavigationState(root: layers[0].pages.map(\.entry))
        for layer in layers.dropFirst() {
            _ = try? state.apply(.present(layer.pages[0].entry, inNavigationContainer: layer.wrapped))
            for page in layer.pages.dropFirst() { _ = try? state.apply(.push(page.entry)) }
        }
        return state
    }

    /// Applies an operation to the windows.
    @discardableResult
    public func perform(_ operation: NavigationOperation, animated: Bool) throws -> NavigationChange {
        let before = state
        let (_, expected) = try before.applying(operation)
        switch operation {
        case .push(let entry): try push(entry, animated: animated)
        case .present(let entry, let inNavigationContainer): try present(entry, inNavigationContainer: inNavigationContainer, animated: animated)
        case .pop: pop(animated: animated)
        case .dismiss: dismiss(animated: animated)
        case .back(let levels): back(levels: levels, animated: animated)
        case .backToRoute(let route): back(toRoute: route, animated: animated)
        case .backToEntry(let entry): back(toRoute: entry.route.text, animated: animated)
        case .close(let entry): close(entry)
        case .selectTab: break
        case .replaceStack(let entries): try replaceStack(with: entries, animated: animated)
        case .update(let old, let new):
            try replaceStack(with: stack.map { $0 === old ? new : $0 }, animated: false)
        case .closeAll: closeEverything()
        }
        return expected
    }

    /// The stack as route patterns, as ``/LinkRouterCore/InMemoryNavigator`` prints it: `catalog > cart | account/login`.
    public nonisolated var description: String { printed.withLock { $0 } }

    /// Shows the page on top of the top window's stack (in a new modal window when the top window
    /// has no stack of its own); throws, changing nothing, when its widget cannot be built.
    public func push(_ entry: NavigationEntry, animated: Bool) throws {
        let page = try show(entry)
        change(animated: animated, forward: true) {
            if layers[layers.count - 1].wrapped {
                layers[layers.count - 1].pages.append(page)
            } else {
                layers.append(makeModalLayer(wrapped: true, first: page))
            }
        }
    }

    /// Shows the page in a new modal window, with a stack and back button of its own when
    /// `inNavigationContainer`; throws, changing nothing, when its widget cannot be built.
    public func present(_ entry: NavigationEntry, inNavigationContainer: Bool, animated: Bool) throws {
        let page = try show(entry)
        change(animated: animated, forward: true) {
            layers.append(makeModalLayer(wrapped: inNavigationContainer, first: page))
        }
    }

    /// Takes the top page off the top window's stack; `false` when it is that stack's only page.
    @discardableResult
    public func pop(animated: Bool) -> Bool {
        change(animated: animated, forward: false) {
            guard layers[layers.count - 1].pages.count > 1 else { return false }
            layers[layers.count - 1].pages.removeLast()
            return true
        }
    }

    /// Closes the top modal window with all its pages; `false` when no modal window is open.
    @discardableResult
    public func dismiss(animated: Bool) -> Bool {
        change(animated: animated, forward: false) {
            guard layers.count > 1 else { return false }
            layers.removeLast()
            return true
        }
    }

    /// Takes the top `levels` pages off, closing modal windows as they empty, never the main
    /// window's first page; returns how many were taken off.
    @discardableResult
    public func back(levels: Int, animated: Bool) -> Int {
        change(animated: animated, forward: false) {
            var taken = 0
            while taken < levels, takeOffTop() { taken += 1 }
            return taken
        }
    }

    /// Takes off every page above the topmost page of `route` and returns its entry, or returns
    /// `nil` and changes nothing when no page of the route is shown.
    @discardableResult
    public func back(toRoute route: String, animated: Bool) -> NavigationEntry? {
        change(animated: animated, forward: false) {
            guard let (layer, index) = topmost(route) else { return nil }
            layers.removeSubrange((layer + 1)...)
            layers[layer].pages.removeSubrange((index + 1)...)
            return layers[layer].pages[index].entry
        }
    }

    /// The topmost entry of `route` (a pattern as registered), if a page of it is shown.
    public func entry(ofRoute route: String) -> NavigationEntry? {
        topmost(route).map { layers[$0.layer].pages[$0.index].entry }
    }

    /// Closes every modal window and shows `entries` as the main window's stack; throws,
    /// changing nothing, when a widget cannot be built.
    public func replaceStack(with entries: [NavigationEntry], animated: Bool) throws {
        var pages: [ShownPage] = []
        do {
            for entry in entries { pages.append(try show(entry)) }
        } catch {
            for page in pages { g_object_unref(UnsafeMutableRawPointer(page.widget)) }
            throw error
        }
        change(animated: animated, forward: true) {
            layers.removeSubrange(1...)
            layers[0].pages = pages
        }
    }

    // MARK: What the person does

    /// Goes back one page, as the back button, Escape and Alt+Left do: pops the top container, or
    /// closes the top modal window when it shows its first page.
    public func goBack() {
        change(animated: true, forward: false) { _ = takeOffTop() }
    }

    /// Activates the top window's button labelled `label`, as a click would; `false` when none is
    /// visible there.
    @discardableResult
    public func pressButton(labelled label: String) -> Bool {
        guard let top = layers.last, let page = top.pages.last,
              let button = Self.findButton(labelled: label, in: page.widget) else { return false }
        return gtk_widget_activate(button) != 0
    }

    /// Closes the top window as its close button does: a modal window's pages leave the stack; the
    /// main window's closing closes every page.
    public func closeTopWindow() {
        gtk_window_close(layers[layers.count - 1].window)
    }

    /// Closes the main window as its close button does: every page leaves the stack.
    public func closeMainWindow() {
        gtk_window_close(mainWindow)
    }

    /// Whether a page is still sliding in or out in some window: a screenshot taken now would show
    /// two pages half each.
    public var isTransitioning: Bool {
        layers.contains { gtk_stack_get_transition_running($0.stack) != 0 }
    }

    /// Saves a PNG of the top window as GTK renders it.
    /// - Returns: The image's width and height, or `nil` when the window has no size yet or GTK
    ///   could not write the file.
    public func saveScreenshot(to path: String) -> (width: Int32, height: Int32)? {
        Screenshot.save(layers[layers.count - 1].window, to: path)
    }

    // MARK: Internals

    /// Builds the widget of an entry's page, owned by the navigator until the page leaves.
    private func show(_ entry: NavigationEntry) throws -> ShownPage {
        guard !isClosed else { throw WindowClosed() }
        let widget: GTKWidget
        let title: String
        if let page = entry.page as? any GTKPage {
            widget = try page.makeWidget(in: GTKPageContext(entry: entry, navigator: self))
            title = page.title
        } else {
            title = entry.route.text
            widget = .statusPage(title: title, description: "\(entry.page)")
        }
        g_object_ref_sink(UnsafeMutableRawPointer(widget.pointer))
        return ShownPage(entry: entry, widget: widget.pointer, title: title)
    }

    /// Takes the top page off: pops, or removes a modal layer with one page; `false` at the root page.
    private func takeOffTop() -> Bool {
        if layers[layers.count - 1].pages.count > 1 {
            layers[layers.count - 1].pages.removeLast()
        } else if layers.count > 1 {
            layers.removeLast()
        } else {
            return false
        }
        return true
    }

    private func topmost(_ route: String) -> (layer: Int, index: Int)? {
        for layer in layers.indices.reversed() {
            if let index = layers[layer].pages.lastIndex(where: { $0.entry.route.text == route }) { return (layer, index) }
        }
        return nil
    }

    /// Takes a page off with everything above it (``GTKPageContext/close()``).
    func close(_ entry: NavigationEntry) {
        change(animated: true, forward: false) {
            for layer in layers.indices.reversed() {
                guard let index = layers[layer].pages.firstIndex(where: { $0.entry === entry }) else { continue }
                if index == 0 {
                    if layer > 0 { layers.removeSubrange(layer...) }
                    return
                }
                layers.removeSubrange((layer + 1)...)
                layers[layer].pages.removeSubrange(index...)
                return
            }
        }
    }

    /// The main window is closing: every page leaves, modal windows go, results are cancelled.
    private func closeEverything() {
        guard !isClosed else { return }
        layers[0].windowIsClosing = true
        change(animated: false, forward: false) {
            layers.removeSubrange(1...)
            layers[0].pages.removeAll()
        }
        isClosed = true
        onClose?()
    }

    /// Applies a change of the model, then makes the windows show it, closes the result slots of
    /// the entries that left, calls lifecycle callbacks, and reports the change.
    private func change<Result>(animated: Bool, forward: Bool, _ body: () -> Result) -> Result {
        let before = layers
        let oldEntries = stack
        let result = body()
        let newEntries = stack
        for layer in before where !layers.contains(where: { $0 === layer }) {
            // Destroying the window takes the widgets out of its stack; the navigator's references go.
            for widget in layer.children { g_object_unref(UnsafeMutableRawPointer(widget)) }
            if !layer.windowIsClosing {
                layer.windowIsClosing = true
                gtk_window_destroy(layer.window)
            }
        }
        for layer in layers { update(layer, animated: animated, forward: forward) }
        guard oldEntries.map(ObjectIdentifier.init) != newEntries.map(ObjectIdentifier.init) else { return result }
        let description = state.description
        printed.withLock { $0 = description }
        let remaining = Set(newEntries.map(ObjectIdentifier.init))
        if oldEntries.last !== newEntries.last {
            (oldEntries.last?.page as? any PageLifecycle)?.pageDidDisappear()
            (newEntries.last?.page as? any PageLifecycle)?.pageDidAppear()
        }
        for entry in oldEntries where !remaining.contains(ObjectIdentifier(entry)) { entry.result.close() }
        onChange?(self)
        return result
    }

    /// Makes a layer's stack show its pages: adds new widgets, shows the top one, removes the
    /// widgets of pages that left (after the slide, when animated).
    private func update(_ layer: Layer, animated: Bool, forward: Bool) {
        let wanted = layer.pages.map(\.widget)
        for widget in wanted where !layer.children.contains(widget) {
            gtk_stack_add_child(layer.stack, widget)
            layer.children.append(widget)
        }
        if let top = layer.pages.last {
            let transition = !animated ? CGTK_STACK_TRANSITION_NONE : forward ? CGTK_STACK_TRANSITION_SLIDE_LEFT : CGTK_STACK_TRANSITION_SLIDE_RIGHT
            gtk_stack_set_transition_type(layer.stack, transition)
            gtk_stack_set_visible_child(layer.stack, top.widget)
            adw_window_title_set_title(layer.title, top.title)
        } else {
            adw_window_title_set_title(layer.title, appTitle)
        }
        gtk_widget_set_visible(layer.backButton, layer.pages.count > 1 ? 1 : 0)
        let leaving = layer.children.filter { !wanted.contains($0) }
        layer.children.removeAll { !wanted.contains($0) }
        guard !leaving.isEmpty else { return }
        let stack = layer.stack
        let remove: @MainActor () -> Void = {
            for widget in leaving {
                if gtk_widget_get_parent(widget) == stack { gtk_stack_remove(stack, widget) }
                g_object_unref(UnsafeMutableRawPointer(widget))
            }
            g_object_unref(UnsafeMutableRawPointer(stack))
        }
        g_object_ref(UnsafeMutableRawPointer(stack))
        if animated {
            GObjectSignals.after(milliseconds: gtk_stack_get_transition_duration(stack) + 50, remove)
        } else {
            remove()
        }
    }

    /// A modal window transient for the main one, with its own header bar and stack.
    private func makeModalLayer(wrapped: Bool, first page: ShownPage) -> Layer {
        let window = adw_window_new()!
        gtk_window_set_title(window, page.title)
        gtk_window_set_default_size(window, 520, 500)
        gtk_window_set_transient_for(window, mainWindow)
        gtk_window_set_modal(window, 1)
        gtk_window_set_destroy_with_parent(window, 1)
        let (content, _, layer) = Self.makeContainer(in: window, wrapped: wrapped, title: page.title)
        adw_window_set_content(window, content)
        layer.pages = [page]
        configure(layer)
        GObjectSignals.connect(window, "close-request") { [weak self, weak layer] () -> Bool in
            guard let self, let layer, !layer.windowIsClosing else { return false }
            // Closed by the person (or the window manager): the layer and those above it leave.
            layer.windowIsClosing = true
            change(animated: false, forward: false) {
                if let index = layers.firstIndex(where: { $0 === layer }) { layers.removeSubrange(index...) }
            }
            return false
        }
        gtk_window_present(window)
        return layer
    }

    /// Back button, Escape and Alt+Left for a layer's window.
    private func configure(_ layer: Layer) {
        GObjectSignals.connect(layer.backButton, "clicked") { [weak self] in self?.goBack() }
        let keys = gtk_event_controller_key_new()!
        GObjectSignals.connectKeyPressed(keys) { [weak self] key, modifiers in
            let isBack = key == CGTK_KEY_Escape || (key == CGTK_KEY_Left && modifiers & UInt32(CGTK_ALT_MASK) != 0)
            guard isBack, let self else { return false }
            goBack()
            return true
        }
        gtk_widget_add_controller(layer.window, keys)
    }

    private static func makeContainer(in window: OpaquePointer, wrapped: Bool, title: String) -> (content: OpaquePointer, header: OpaquePointer, layer: Layer) {
        let box = gtk_box_new(CGTK_ORIENTATION_VERTICAL, 0)!
        let header = adw_header_bar_new()!
        let back = gtk_button_new_from_icon_name("go-previous-symbolic")!
        gtk_widget_set_tooltip_text(back, "Back")
        gtk_widget_set_visible(back, 0)
        adw_header_bar_pack_start(header, back)
        let windowTitle = adw_window_title_new(title, nil)!
        adw_header_bar_set_title_widget(header, windowTitle)
        let stack = gtk_stack_new()!
        gtk_widget_set_vexpand(stack, 1)
        gtk_widget_set_hexpand(stack, 1)
        gtk_box_append(box, header)
        gtk_box_append(box, stack)
        return (box, header, Layer(window: window, wrapped: wrapped, stack: stack, backButton: back, title: windowTitle))
    }

    private static func findButton(labelled label: String, in widget: OpaquePointer) -> OpaquePointer? {
        if g_type_check_instance_is_a(UnsafeMutableRawPointer(widget), gtk_button_get_type()) != 0,
           let text = gtk_button_get_label(widget), String(cString: text) == label {
            return widget
        }
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            if let found = findButton(labelled: label, in: current) { return found }
            child = gtk_widget_get_next_sibling(current)
        }
        return nil
    }
}
