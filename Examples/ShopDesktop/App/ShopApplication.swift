import DesktopShopRoutes
import LinkRouter
// The scripting actions (--test-scripting) press buttons and close windows through the test hooks.
@_spi(Testing) import LinkRouterGTK
#if canImport(Glibc)
import Glibc
#endif

/// The desktop shop: one GApplication (a single instance per session), its window, the router, and
/// the links it is asked to open.
@MainActor
final class ShopApplication {
    nonisolated static let id = "org.linkrouter.ShopDesktop"
    /// The two tabs: a link to a page whose parents lead to a tab's root selects that tab.
    nonisolated static let tabs = [
        NavigationTab("catalog", root: Routes.catalog.url, title: "Catalog", icon: "view-grid-symbolic"),
        NavigationTab("account", root: Routes.account.url, title: "Account", icon: "avatar-default-symbolic"),
    ]

    let options: DesktopOptions
    let application = GTKApplication(id: ShopApplication.id)
    let router = Router(configuration: RouterConfiguration(allowedSchemes: ["shop"]), discovery: .automatic)
    private var navigator: GTKNavigator?
    private var queue: LinkQueue!
    /// Links queued and not yet opened; the application is held while there are any, so that
    /// closing the window lets them finish (and fail cleanly) before the process exits.
    private var pending = 0
    private var changes = 0
    /// How many times a split view folded or unfolded: each fold's screenshot is `fold-N-BOOL.png`.
    private var folds = 0
    private var screenshotScheduled = false
    private var linkEntryWidget: GTKWidget?

    init(options: DesktopOptions) throws {
        self.options = options
        queue = LinkQueue(router: router) { [weak self] link, outcome in
            await self?.finished(link, outcome)
        }
        application.onActivate { [unowned self] in _ = window(showingHome: true) }
        application.onOpen { [unowned self] urls in
            // A first start with links shows them (with the pages under them), not the catalog first.
            _ = window(showingHome: false)
            for url in urls {
                say("received: \(url)")
                // Every link from outside (a second start, gio open, a notification clicked, a
                // search result picked): a page shown in a window brings that window forward.
                send(url, from: .external, options: OpenOptions(window: .showingPage))
            }
        }
        application.onHandOverRefused { reason in fail(reason) }
        // The desktop's search answers from the catalog's product search, found as a service.
        if let search = try? router.services.service((any DesktopSearchProvider).self) { application.addSearchProvider(search) }
        // Everything that arrives over D-Bus is external (links are opened with `.external`);
        // the actions that act as a person at the keyboard exist only when the test switch asks.
        if options.addsScriptingActions { addScriptingActions() }
    }

    func run() -> Int32 {
        application.run(arguments: options.applicationArguments)
    }

    /// The window, made when there is none (showing the catalog, when `showingHome`).
    private func window(showingHome: Bool) -> GTKNavigator {
        if let navigator, !navigator.isClosed { return navigator }
        let navigator: GTKNavigator
        do {
            navigator = try GTKNavigator(application: application, title: "LinkRouter Shop", tabs: Self.tabs, width: 800, height: 600)
        } catch {
            fail("\(error)")
        }
        let entry = linkEntry()
        navigator.addToHeaderBar(entry)
        linkEntryWidget = entry
        navigator.linkHandler = { [unowned self] url, options in send(url, from: .app, options: options) }
        navigator.onChange = { [unowned self] navigator in changed(navigator) }
        navigator.onFold = { [unowned self] folded in
            folds += 1
            say("folded: \(folded)")
            screenshot(named: "fold-\(folds)-\(folded)")
        }
        router.navigator = navigator
        self.navigator = navigator
        if showingHome { send(Routes.catalog.url, from: .app) }
        return navigator
    }

    /// The header bar's link entry: a person types a URL and presses Enter.
    private func linkEntry() -> GTKWidget {
        .entry(placeholder: Routes.catalogProduct(id: 42).url) { [unowned self] url in
            let url = url.trimmingCharacters(in: " \t")
            if !url.isEmpty { send(url, from: .app) }
        }.accessibilityLabel("Link to open")
    }

    private func send(_ url: String, from source: OpenSource, options: OpenOptions = OpenOptions()) {
        pending += 1
        if pending == 1 { application.hold() }
        queue.send(url, from: source, options: options)
    }

    private func finished(_ link: LinkQueue.Link, _ outcome: RouteOutcome) {
        if let failure = outcome.failure {
            let message = "Cannot open \(link.url): \(failure)"
            say("toast: \(message)")
            navigator?.showToast(message)
        } else {
            say("opened: \(link.url)")
            OrderNotifications.opened(outcome, by: application)
        }
        pending -= 1
        guard pending == 0 else { return }
        application.release()
        // Links that opened nothing leave no empty window: it shows the catalog.
        if let navigator, !navigator.isClosed, navigator.state.allEntries.isEmpty { send(Routes.catalog.url, from: .app) }
    }

    private func changed(_ navigator: GTKNavigator) {
        say("stack: \(navigator)")
        // Whether the change slides (animated) or is shown at once (`animated: false`, `route_no_animation=1`).
        say("sliding: \(navigator.isTransitioning)")
        changes += 1
        guard let folder = options.screenshotFolder, !screenshotScheduled else { return }
        // When the window shows the stack, slides finished: changes in between share the
        // screenshot, named after the last of them.
        screenshotScheduled = true
        navigator.whenSettled { [weak self, weak navigator] unsettled in
            guard let self, let navigator, !navigator.isClosed else { return }
            screenshotScheduled = false
            let path = "\(folder)/\(String(changes).leftPadded(to: 3)).png"
            if let unsettled { return say("screenshot failed: \(path): \(unsettled)") }
            save(navigator, to: path)
            // With several windows, each window too: NNN-window-ID.png.
            let windows = navigator.state.windows
            if windows.count > 1 {
                for window in windows { save(navigator, to: "\(folder)/\(String(changes).leftPadded(to: 3))-window-\(window.id).png", window: window.id) }
            }
        }
    }

    /// A screenshot of the top window once it settled, named `NAME.png` (a split view folded, say).
    private func screenshot(named name: String) {
        guard let folder = options.screenshotFolder, let navigator else { return }
        navigator.whenSettled { [weak self, weak navigator] unsettled in
            guard let self, let navigator, !navigator.isClosed else { return }
            let path = "\(folder)/\(name).png"
            if let unsettled { return say("screenshot failed: \(path): \(unsettled)") }
            save(navigator, to: path)
        }
    }

    private func save(_ navigator: GTKNavigator, to path: String, window: Int? = nil) {
        do throws(ScreenshotError) {
            let size = try navigator.saveScreenshot(to: path, window: window)
            say("screenshot: \(path) \(size.width)x\(size.height)")
        } catch {
            say("screenshot failed: \(error)")
        }
    }

    /// A line for tests and people debugging (with --print-stack), written at once, unbuffered,
    /// so a test reading the pipe sees it when it happens.
    private func say(_ line: String) {
        guard options.printsStack else { return }
        let bytes = Array((line + "\n").utf8)
        _ = bytes.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
    }

    /// With `--test-scripting` only: what a person can do, as application actions
    /// (`gapplication action org.linkrouter.ShopDesktop NAME`), which any program on the session
    /// bus can activate:
    /// `back` (the back button, Escape, Alt+Left), `press 'LABEL'` (clicks a button of the top
    /// window), `close-window` and `close-main-window` (a window's close button), `type-link 'URL'`
    /// (a URL typed in the link entry, then Enter), `navigate 'OPERATION'` (below).
    private func addScriptingActions() {
        application.addAction("back") { [unowned self] _ in navigator?.goBack() }
        application.addAction("press", takesString: true) { [unowned self] label in
            guard let label, navigator?.pressButton(labelled: label) == true else { return say("no button '\(label ?? "")' in the top window") }
        }
        application.addAction("close-window") { [unowned self] _ in navigator?.closeTopWindow() }
        application.addAction("close-main-window") { [unowned self] _ in navigator?.closeMainWindow() }
        application.addAction("type-link", takesString: true) { [unowned self] url in
            guard let url, let entry = linkEntryWidget else { return }
            entry.text = url
            entry.pressEnter()
        }
        application.addAction("navigate", takesString: true) { [unowned self] operation in
            if let operation { navigate(operation) }
        }
    }

    /// `navigate 'OPERATION'`: what an app does with its navigator in code, which no button does:
    /// `pop`, `dismiss`, `back N`, `back-to ROUTE`, `tab NAME`, `close-window ID` (each then says
    /// `navigated: OPERATION -> RESULT`), and opens with options, which say `opened:` as links do:
    /// `replace URL` (a custom transition replaces the stack with the page), `present-bare URL`
    /// (presented without a navigation container), `still URL` (not animated), `window URL` (in a
    /// new window).
    private func navigate(_ operation: String) {
        let words = operation.split(separator: " ", maxSplits: 1).map(String.init)
        let argument = words.count > 1 ? words[1] : ""
        guard let navigator else { return say("navigated: \(operation) -> no window") }
        switch words.first {
        case "replace":
            send(argument, from: .app, options: OpenOptions(transition: { request in
                try await request.navigator.replaceStack(with: [request.entry], animated: request.animated)
            }))
        case "present-bare": send(argument, from: .app, options: OpenOptions(style: .present, presentsInNavigationContainer: false))
        case "still": send(argument, from: .app, options: OpenOptions(animated: false))
        case "window": send(argument, from: .app, options: OpenOptions(window: .newWindow))
        default:
            Task {
                let result: String
                switch words.first {
                case "pop": result = "\(await navigator.pop(animated: true))"
                case "dismiss": result = "\(await navigator.dismiss(animated: true))"
                case "back": result = "\(await navigator.back(levels: Int(argument) ?? 1, animated: true))"
                case "back-to": result = await navigator.back(toRoute: argument, animated: true)?.route.text ?? "none"
                case "close-window":
                    do {
                        try navigator.perform(.closeWindow(Int(argument) ?? 0), animated: true)
                        result = "closed"
                    } catch {
                        result = "\(error)"
                    }
                case "tab":
                    do {
                        try await navigator.selectTab(argument, animated: true)
                        result = "selected"
                    } catch {
                        result = "\(error)"
                    }
                default: result = "unknown operation"
                }
                say("navigated: \(operation) -> \(result)")
            }
        }
    }
}

extension String {
    func trimmingCharacters(in set: String) -> String {
        String(drop { set.contains($0) }.reversed().drop { set.contains($0) }.reversed())
    }

    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
