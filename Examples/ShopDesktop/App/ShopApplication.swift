import LinkRouter
// The scripting actions (--test-scripting) press buttons and close windows through the test hooks.
@_spi(Testing) import LinkRouterGTK
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The desktop shop: one GApplication (a single instance per session), its window, the router, and
/// the links it is asked to open.
@MainActor
final class ShopApplication {
    nonisolated static let id = "org.linkrouter.ShopDesktop"

    let options: DesktopOptions
    let application = GTKApplication(id: ShopApplication.id)
    let router = Router(configuration: RouterConfiguration(allowedSchemes: ["shop"]), discovery: .automatic)
    let session = Session()
    private var navigator: GTKNavigator?
    private var queue: LinkQueue!
    /// Links queued and not yet opened; the application is held while there are any, so that
    /// closing the window lets them finish (and fail cleanly) before the process exits.
    private var pending = 0
    private var changes = 0
    private var screenshotScheduled = false
    private var linkEntryWidget: GTKWidget?

    init(options: DesktopOptions) throws {
        self.options = options
        queue = LinkQueue(router: router) { [weak self] link, outcome in
            await self?.finished(link, outcome)
        }
        try addLoginInterceptor()
        application.onActivate { [unowned self] in _ = window() }
        application.onOpen { [unowned self] urls in
            _ = window()
            for url in urls {
                say("received: \(url)")
                send(url, from: .external)
            }
        }
        // Everything that arrives over D-Bus is external (links are opened with `.external`);
        // the actions that act as a person at the keyboard exist only when the test switch asks.
        if options.addsScriptingActions { addScriptingActions() }
    }

    func run() -> Int32 {
        application.run(arguments: options.applicationArguments)
    }

    /// The window, made (showing the catalog) when there is none.
    private func window() -> GTKNavigator {
        if let navigator, !navigator.isClosed { return navigator }
        let navigator = GTKNavigator(application: application, title: "LinkRouter Shop", width: 800, height: 600)
        let entry = linkEntry()
        navigator.addToHeaderBar(entry)
        linkEntryWidget = entry
        navigator.linkHandler = { [unowned self] url in send(url, from: .app) }
        navigator.onChange = { [unowned self] navigator in changed(navigator) }
        router.navigator = navigator
        self.navigator = navigator
        send("shop://catalog", from: .app)
        return navigator
    }

    /// The header bar's link entry: a person types a URL and presses Enter.
    private func linkEntry() -> GTKWidget {
        .entry(placeholder: "shop://catalog/product/42") { [unowned self] url in
            let url = url.trimmingCharacters(in: " \t")
            if !url.isEmpty { send(url, from: .app) }
        }.accessibilityLabel("Link to open")
    }

    private func send(_ url: String, from source: OpenSource) {
        pending += 1
        if pending == 1 { application.hold() }
        queue.send(url, from: source)
    }

    private func finished(_ link: LinkQueue.Link, _ outcome: RouteOutcome) {
        if let failure = outcome.failure {
            let message = "Cannot open \(link.url): \(failure)"
            say("toast: \(message)")
            navigator?.showToast(message)
        } else {
            say("opened: \(link.url)")
        }
        pending -= 1
        if pending == 0 { application.release() }
    }

    private func changed(_ navigator: GTKNavigator) {
        say("stack: \(navigator)")
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
            do throws(ScreenshotError) {
                let size = try navigator.saveScreenshot(to: path)
                say("screenshot: \(path) \(size.width)x\(size.height)")
            } catch {
                say("screenshot failed: \(error)")
            }
        }
    }

    /// A line for tests and people debugging (with --print-stack), written at once, unbuffered,
    /// so a test reading the pipe sees it when it happens.
    private func say(_ line: String) {
        guard options.printsStack else { return }
        let bytes = Array((line + "\n").utf8)
        _ = bytes.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
    }

    /// Routes in the `requiresLogin` group (the cart) need a signed-in user: the interceptor
    /// presents the login page, waits for its result (the name), and lets the open go on or stops it.
    private func addLoginInterceptor() throws {
        let session = session
        try router.addInterceptor("login", scope: .group("requiresLogin"), priority: 100) { request, decision in
            if session.user.withLock({ $0 }) != nil { return decision.proceed() }
            Task {
                let login = "shop://account/login?return_to=" + RouteLink.encode(request.url.routeKey)
                await request.router.open(login, expecting: String.self) { result in
                    guard case .success(.value(let user)) = result else { return decision.stop(reason: "not signed in") }
                    session.user.withLock { $0 = user }
                    decision.proceed()
                }
            }
        }
    }

    /// With `--test-scripting` only: what a person can do, as application actions
    /// (`gapplication action org.linkrouter.ShopDesktop NAME`), which any program on the session
    /// bus can activate:
    /// `back` (the back button, Escape, Alt+Left), `press 'LABEL'` (clicks a button of the top
    /// window), `close-window` and `close-main-window` (a window's close button), `type-link 'URL'`
    /// (a URL typed in the link entry, then Enter).
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
    }
}

/// Who is signed in (the login page's result).
final class Session: Sendable {
    let user = Mutex<String?>(nil)
}

extension String {
    func trimmingCharacters(in set: String) -> String {
        String(drop { set.contains($0) }.reversed().drop { set.contains($0) }.reversed())
    }

    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
