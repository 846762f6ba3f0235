import Foundation
import Testing

/// The desktop shop run as a person would: a window on an X server (Xvfb), links from a second
/// instance, from `gio open` through the installed desktop entry, and from D-Bus; keys typed
/// through the X server (`xdotool`), buttons pressed through the app's actions (`gapplication action`). Each scenario saves screenshots, rendered by
/// GTK, under `.build/desktop-screenshots/`.
@Suite(.serialized)
struct ShopDesktopTests {
    static let screenshots = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent(".build/desktop-screenshots")

    /// Starts the app with --print-stack and screenshots into `.build/desktop-screenshots/NAME`,
    /// and waits for its first page, the catalog.
    private func start(_ name: String, in session: DesktopSession) throws -> RunningShop {
        let folder = Self.screenshots.appendingPathComponent(name)
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let shop = try RunningShop(in: session, arguments: ["--print-stack", "--screenshot-dir", folder.path])
        #expect(shop.nextStack(timeout: 20) == "catalog  [tab catalog]", "\(shop.lines)")
        return shop
    }

    /// Waits for the next screenshot and checks it: a PNG of the size the app measured for the
    /// window (the main one, made 800×600, or the modal login, 520×500, less the frame GTK draws
    /// itself) that is not blank.
    private func expectScreenshot(_ shop: RunningShop, modal: Bool = false) {
        guard let line = shop.next({ $0.hasPrefix("screenshot") }) else {
            Issue.record("no screenshot: \(shop.lines)")
            return
        }
        let fields = line.split(separator: " ")
        let size = fields.count == 3 ? fields[2].split(separator: "x").compactMap { Int($0) } : []
        guard fields.count == 3, fields[0] == "screenshot:", size.count == 2, let png = PNGSummary(path: String(fields[1])) else {
            Issue.record("not a screenshot: \(line)")
            return
        }
        #expect(png.width == size[0] && png.height == size[1], "\(line): the PNG is \(png.width)x\(png.height)")
        let expected = modal ? (520, 500) : (800, 600)
        #expect((expected.0 - 20...expected.0).contains(png.width) && (expected.1 - 20...expected.1).contains(png.height), "\(line)")
        // A blank window compresses to a few kilobytes; header bar, text and buttons do not.
        #expect(png.compressedBytes > 6_000, "\(line): \(png.compressedBytes) bytes of image data")
    }

    /// GTK and GLib report misuse (a bad argument, markup that does not parse) as warnings and
    /// criticals on standard error; a scenario must cause none.
    private func expectNoGTKComplaints(_ shop: RunningShop) {
        let complaints = shop.lines.filter { $0.contains("-WARNING **") || $0.contains("-CRITICAL **") }
        #expect(complaints.isEmpty, "\(complaints)")
    }

    @Test("A link given to a second instance is shown by the running one, over its parent; back returns to the catalog")
    func secondInstance() throws {
        let session = try DesktopSession(name: "second")
        let shop = try start("second-instance", in: session)
        expectScreenshot(shop)
        let second = try session.run(RunningShop.executable, ["shop://catalog/product/42?color=blue"])
        #expect(second.status == 0, "\(second.output)")
        #expect(shop.nextStack() == "catalog > catalog/product/<int:id>  [tab catalog]")
        expectScreenshot(shop)
        try shop.action("back")
        #expect(shop.nextStack() == "catalog  [tab catalog]")
        expectNoGTKComplaints(shop)
    }

    @Test("gio open reaches the app through the installed desktop entry; the cart asks for a login first, and signing in delivers the name")
    func gioOpenWithLogin() throws {
        let session = try DesktopSession(name: "gio")
        let install = try session.run(RunningShop.executable, ["--install-desktop-entry"])
        #expect(install.status == 0, "\(install.output)")
        let entry = session.environment["XDG_DATA_HOME"]! + "/applications/\(RunningShop.applicationID).desktop"
        #expect(try String(contentsOfFile: entry, encoding: .utf8).contains("MimeType=x-scheme-handler/shop;"))
        let shop = try start("gio-open-login", in: session)
        let open = try session.run("gio", ["open", "shop://cart?add=42"])
        #expect(open.status == 0, "\(open.output)")
        #expect(shop.nextStack() == "catalog | account/login  [tab catalog]")
        expectScreenshot(shop, modal: true)
        try shop.action("press", "Sign in")
        #expect(shop.nextStack() == "catalog  [tab catalog]")
        #expect(shop.nextStack() == "catalog > cart  [tab catalog]")
        expectScreenshot(shop)
        expectNoGTKComplaints(shop)
    }

    @Test("Closing the login window delivers .cancelled once: the interceptor stops the cart's open, with a toast")
    func closingTheLoginCancels() throws {
        let session = try DesktopSession(name: "cancel")
        let shop = try start("login-cancelled", in: session)
        try shop.action("type-link", "shop://cart")
        #expect(shop.nextStack() == "catalog | account/login  [tab catalog]")
        try shop.action("close-window")
        #expect(shop.nextStack() == "catalog  [tab catalog]")
        #expect(shop.next { $0.hasPrefix("toast: ") } == "toast: Cannot open shop://cart: interceptor 'login' stopped the open: not signed in")
        // Back (the button, Escape, Alt+Left) on the login page cancels the same way.
        try shop.action("type-link", "shop://cart")
        #expect(shop.nextStack() == "catalog | account/login  [tab catalog]")
        try shop.action("back")
        #expect(shop.nextStack() == "catalog  [tab catalog]")
        #expect(shop.next { $0.hasPrefix("toast: ") }?.hasSuffix("not signed in") == true)
        expectScreenshot(shop)
        expectNoGTKComplaints(shop)
    }

    /// Presses a key in the window titled `title`, through the X server, as a keyboard would.
    private func press(_ key: String, inWindowTitled title: String, _ session: DesktopSession) throws {
        let search = try session.run("xdotool", ["search", "--sync", "--onlyvisible", "--name", "^\(title)$"])
        guard search.status == 0, let window = search.output.split(separator: "\n").last.map(String.init) else {
            Issue.record("no window titled '\(title)': \(search.output)")
            return
        }
        let typed = try session.run("xdotool", ["windowfocus", "--sync", window, "key", key])
        #expect(typed.status == 0, "\(typed.output)")
    }

    @Test("Escape and Alt+Left typed on the keyboard go back; Escape on the sign-in window cancels the login")
    func keyboard() throws {
        let session = try DesktopSession(name: "keys")
        let shop = try start("keyboard", in: session)
        try session.run(RunningShop.executable, ["shop://catalog/product/42"])
        #expect(shop.nextStack() == "catalog > catalog/product/<int:id>  [tab catalog]")
        try press("Escape", inWindowTitled: "LinkRouter Shop", session)
        #expect(shop.nextStack() == "catalog  [tab catalog]")
        try session.run(RunningShop.executable, ["shop://catalog/product/7"])
        #expect(shop.nextStack() == "catalog > catalog/product/<int:id>  [tab catalog]")
        try press("alt+Left", inWindowTitled: "LinkRouter Shop", session)
        #expect(shop.nextStack() == "catalog  [tab catalog]")
        try shop.action("type-link", "shop://cart")
        #expect(shop.nextStack() == "catalog | account/login  [tab catalog]")
        try press("Escape", inWindowTitled: "Sign in", session)
        #expect(shop.nextStack() == "catalog  [tab catalog]")
        #expect(shop.next { $0.hasPrefix("toast: ") }?.hasSuffix("not signed in") == true)
        expectNoGTKComplaints(shop)
    }

    @Test("An internal route opened from outside is refused with a toast; typed into the app, it opens")
    func internalRouteFromOutside() throws {
        let session = try DesktopSession(name: "internal")
        let shop = try start("internal-refused", in: session)
        let second = try session.run(RunningShop.executable, ["shop://account/login"])
        #expect(second.status == 0, "\(second.output)")
        #expect(shop.next { $0.hasPrefix("toast: ") } == "toast: Cannot open shop://account/login: no route matches 'account/login'")
        try shop.action("type-link", "shop://account/login")
        #expect(shop.nextStack() == "catalog | account/login  [tab catalog]")
        #expect(!shop.lines.contains { $0.hasPrefix("stack: ") && $0 != "stack: catalog  [tab catalog]" && $0 != "stack: catalog | account/login  [tab catalog]" })
    }

    @Test("50 links sent over D-Bus within a second are all shown, in the order they arrived")
    func fiftyLinks() throws {
        let session = try DesktopSession(name: "fifty")
        let shop = try start("fifty-links", in: session)
        // Fifty D-Bus calls in flight at once, as fifty clicks from other programs would be: the
        // bus may deliver them in any order, so the app's `received:` lines say which it was.
        var calls: [Process] = []
        let started = Date()
        for id in 1...50 {
            let call = Process()
            call.executableURL = URL(fileURLWithPath: "/usr/bin/gdbus")
            call.arguments = [
                "call", "--session", "--dest", RunningShop.applicationID, "--object-path", "/org/linkrouter/ShopDesktop",
                "--method", "org.freedesktop.Application.Open", "['shop://catalog/product/\(id)']", "{}",
            ]
            call.environment = session.environment
            call.standardOutput = FileHandle.nullDevice
            try call.run()
            calls.append(call)
        }
        let sending = Date().timeIntervalSince(started)
        #expect(sending < 1, "starting the 50 calls took \(sending) s")
        for call in calls {
            call.waitUntilExit()
            #expect(call.terminationStatus == 0)
        }
        var opened: [String] = []
        while opened.count < 50, let line = shop.next({ $0.hasPrefix("opened: shop://catalog/product/") }) { opened.append(String(line.dropFirst(8))) }
        let received = shop.lines.filter { $0.hasPrefix("received: ") }.map { String($0.dropFirst(10)) }
        #expect(Set(opened) == Set((1...50).map { "shop://catalog/product/\($0)" }))
        #expect(opened == received)
        #expect(shop.lines.last { $0.hasPrefix("stack: ") } == "stack: catalog > catalog/product/<int:id>  [tab catalog]")
        expectScreenshot(shop)
        expectNoGTKComplaints(shop)
    }

    @Test("Bad input: a widget that fails to build, malformed links from gio open; the stack stays as it was")
    func badInput() throws {
        let session = try DesktopSession(name: "bad")
        _ = try session.run(RunningShop.executable, ["--install-desktop-entry"])
        let shop = try start("bad-input", in: session)
        expectScreenshot(shop)
        try shop.action("type-link", "shop://catalog/discontinued/9")
        #expect(shop.next { $0.hasPrefix("toast: ") } == "toast: Cannot open shop://catalog/discontinued/9: page 'catalog/discontinued/<int:id>' could not be shown: product 9 is discontinued")
        _ = try session.run("gio", ["open", "shop://catalog/product/forty-two"])
        #expect(shop.next { $0.hasPrefix("toast: ") } == "toast: Cannot open shop://catalog/product/forty-two: no route matches 'catalog/product/forty-two'")
        _ = try session.run("gio", ["open", "shop://catalog/product/%ZZ"])
        #expect(shop.next { $0.hasPrefix("toast: ") }?.contains("invalid URL") == true, "\(shop.lines)")
        #expect(shop.lines.filter { $0.hasPrefix("stack: ") } == ["stack: catalog  [tab catalog]"])
        expectNoGTKComplaints(shop)
        #expect(shop.process.isRunning)
    }

    @Test("Closing the main window while an open waits for the login: the open fails cleanly and the app exits 0")
    func closingWhileIntercepted() throws {
        let session = try DesktopSession(name: "close")
        let shop = try start("closed-while-intercepted", in: session)
        try shop.action("type-link", "shop://cart")
        #expect(shop.nextStack() == "catalog | account/login  [tab catalog]")
        try shop.action("close-main-window")
        #expect(shop.next { $0.hasPrefix("toast: ") }?.hasSuffix("not signed in") == true, "\(shop.lines)")
        #expect(shop.exitStatus(timeout: 10) == 0, "\(shop.lines)")
        expectNoGTKComplaints(shop)
    }
}
