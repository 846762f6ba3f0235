import Foundation
import Testing

/// The desktop shop run as a person would: a window on an X server (Xvfb), links from a second
/// instance, from `gio open` through the installed desktop entry, and from D-Bus; keys typed
/// through the X server (`xdotool`), buttons pressed through the app's actions (`gapplication action`). Each scenario saves screenshots, rendered by
/// GTK, under `.build/desktop-screenshots/`.
@Suite(.serialized)
struct ShopDesktopTests {
    /// Starts the app with --print-stack and screenshots into `.build/desktop-screenshots/NAME`,
    /// and waits for its first page, the catalog.
    private func start(_ name: String, in session: DesktopSession) async throws -> RunningShop {
        let shop = try await RunningShop(in: session, screenshotsNamed: name)
        #expect(await shop.nextStack() == "catalog  [tab catalog]", "\(shop.lines)")
        return shop
    }

    @Test("A link given to a second instance is shown by the running one, over its parent; back returns to the catalog")
    func secondInstance() async throws {
        let session = try await DesktopSession(name: "second")
        let shop = try await start("second-instance", in: session)
        await shop.expectScreenshot()
        let second = try await session.run(RunningShop.executable, ["shop://catalog/product/42?color=blue"])
        #expect(second.status == 0, "\(second.output)")
        #expect(await shop.nextStack() == "catalog > catalog/product/<int:id>  [tab catalog]")
        await shop.expectScreenshot()
        try await shop.action("back")
        #expect(await shop.nextStack() == "catalog  [tab catalog]")
        shop.expectNoGTKComplaints()
    }

    @Test("gio open reaches the app through the installed desktop entry; the cart asks for a login first, and signing in delivers the name")
    func gioOpenWithLogin() async throws {
        let session = try await DesktopSession(name: "gio")
        let install = try await session.run(RunningShop.executable, ["--install-desktop-entry"])
        #expect(install.status == 0, "\(install.output)")
        let entry = session.environment["XDG_DATA_HOME"]! + "/applications/\(RunningShop.applicationID).desktop"
        #expect(try String(contentsOfFile: entry, encoding: .utf8).contains("MimeType=x-scheme-handler/shop;"))
        let shop = try await start("gio-open-login", in: session)
        let open = try await session.run("gio", ["open", "shop://cart?add=42"])
        #expect(open.status == 0, "\(open.output)")
        #expect(await shop.nextStack() == "catalog | account/login  [tab catalog]")
        await shop.expectScreenshot(modal: true)
        try await shop.action("press", "Sign in")
        #expect(await shop.nextStack() == "catalog  [tab catalog]")
        #expect(await shop.nextStack() == "catalog > cart  [tab catalog]")
        await shop.expectScreenshot()
        shop.expectNoGTKComplaints()
    }

    @Test("Closing the login window delivers .cancelled once: the interceptor stops the cart's open, with a toast")
    func closingTheLoginCancels() async throws {
        let session = try await DesktopSession(name: "cancel")
        let shop = try await start("login-cancelled", in: session)
        try await shop.action("type-link", "shop://cart")
        #expect(await shop.nextStack() == "catalog | account/login  [tab catalog]")
        try await shop.action("close-window")
        #expect(await shop.nextStack() == "catalog  [tab catalog]")
        #expect(await shop.next { $0.hasPrefix("toast: ") } == "toast: Cannot open shop://cart: interceptor 'login' stopped the open: not signed in")
        // Back (the button, Escape, Alt+Left) on the login page cancels the same way.
        try await shop.action("type-link", "shop://cart")
        #expect(await shop.nextStack() == "catalog | account/login  [tab catalog]")
        try await shop.action("back")
        #expect(await shop.nextStack() == "catalog  [tab catalog]")
        #expect(await shop.next { $0.hasPrefix("toast: ") }?.hasSuffix("not signed in") == true)
        await shop.expectScreenshot()
        shop.expectNoGTKComplaints()
    }

    /// Presses a key in the window titled `title`, through the X server, as a keyboard would.
    private func press(_ key: String, inWindowTitled title: String, _ session: DesktopSession) async throws {
        let search = try await session.run("xdotool", ["search", "--sync", "--onlyvisible", "--name", "^\(title)$"])
        guard search.status == 0, let window = search.output.split(separator: "\n").last.map(String.init) else {
            Issue.record("no window titled '\(title)': \(search.output)")
            return
        }
        let typed = try await session.run("xdotool", ["windowfocus", "--sync", window, "key", key])
        #expect(typed.status == 0, "\(typed.output)")
    }

    @Test("Escape and Alt+Left typed on the keyboard go back; Escape on the sign-in window cancels the login")
    func keyboard() async throws {
        let session = try await DesktopSession(name: "keys")
        let shop = try await start("keyboard", in: session)
        try await session.run(RunningShop.executable, ["shop://catalog/product/42"])
        #expect(await shop.nextStack() == "catalog > catalog/product/<int:id>  [tab catalog]")
        try await press("Escape", inWindowTitled: "LinkRouter Shop", session)
        #expect(await shop.nextStack() == "catalog  [tab catalog]")
        try await session.run(RunningShop.executable, ["shop://catalog/product/7"])
        #expect(await shop.nextStack() == "catalog > catalog/product/<int:id>  [tab catalog]")
        try await press("alt+Left", inWindowTitled: "LinkRouter Shop", session)
        #expect(await shop.nextStack() == "catalog  [tab catalog]")
        try await shop.action("type-link", "shop://cart")
        #expect(await shop.nextStack() == "catalog | account/login  [tab catalog]")
        try await press("Escape", inWindowTitled: "Sign in", session)
        #expect(await shop.nextStack() == "catalog  [tab catalog]")
        #expect(await shop.next { $0.hasPrefix("toast: ") }?.hasSuffix("not signed in") == true)
        shop.expectNoGTKComplaints()
    }

    @Test("An internal route opened from outside is refused with a toast; typed into the app, it opens")
    func internalRouteFromOutside() async throws {
        let session = try await DesktopSession(name: "internal")
        let shop = try await start("internal-refused", in: session)
        let second = try await session.run(RunningShop.executable, ["shop://account/login"])
        #expect(second.status == 0, "\(second.output)")
        #expect(await shop.next { $0.hasPrefix("toast: ") } == "toast: Cannot open shop://account/login: no route matches 'account/login'")
        try await shop.action("type-link", "shop://account/login")
        #expect(await shop.nextStack() == "catalog | account/login  [tab catalog]")
        #expect(!shop.lines.contains { $0.hasPrefix("stack: ") && $0 != "stack: catalog  [tab catalog]" && $0 != "stack: catalog | account/login  [tab catalog]" })
    }

    @Test("Without --test-scripting the app has no scripting action: nothing on the session bus opens an internal route")
    func noScriptingFromOutside() async throws {
        let session = try await DesktopSession(name: "no-scripting")
        let shop = try await RunningShop(in: session, arguments: ["--print-stack"])
        #expect(await shop.nextStack() == "catalog  [tab catalog]")
        // The actions the app exports on the bus, as any program there sees them: `(['NAME', ...],)`.
        let actions = try await session.run("gdbus", [
            "call", "--session", "--dest", RunningShop.applicationID, "--object-path", "/org/linkrouter/ShopDesktop",
            "--method", "org.gtk.Actions.List",
        ])
        #expect(actions.status == 0, "\(actions.output)")
        for name in ["back", "press", "close-window", "close-main-window", "type-link", "navigate"] {
            #expect(!actions.output.contains("'\(name)'"), "\(actions.output)")
        }
        // Activated over D-Bus as any program could: refused by GLib, nothing opens.
        let typed = try await session.run("gdbus", [
            "call", "--session", "--dest", RunningShop.applicationID, "--object-path", "/org/linkrouter/ShopDesktop",
            "--method", "org.freedesktop.Application.ActivateAction", "type-link", "[<'shop://account/login'>]", "{}",
        ])
        #expect(typed.status != 0, "\(typed.output)")
        let opened = try await session.run("gdbus", [
            "call", "--session", "--dest", RunningShop.applicationID, "--object-path", "/org/linkrouter/ShopDesktop",
            "--method", "org.freedesktop.Application.Open", "['shop://account/login']", "{}",
        ])
        #expect(opened.status == 0, "\(opened.output)")
        #expect(await shop.next { $0.hasPrefix("toast: ") } == "toast: Cannot open shop://account/login: no route matches 'account/login'")
        // The app still opens external links it is sent.
        try await session.run(RunningShop.executable, ["shop://catalog/product/7"])
        #expect(await shop.nextStack() == "catalog > catalog/product/<int:id>  [tab catalog]")
        #expect(shop.lines.filter { $0.hasPrefix("stack: ") } == ["stack: catalog  [tab catalog]", "stack: catalog > catalog/product/<int:id>  [tab catalog]"])
    }

    @Test("50 links sent over D-Bus at once are all shown, in the order they arrived")
    func fiftyLinks() async throws {
        let session = try await DesktopSession(name: "fifty")
        let shop = try await start("fifty-links", in: session)
        // Fifty D-Bus calls in flight at once, as fifty clicks from other programs would be: the
        // bus may deliver them in any order, so the app's `received:` lines say which it was.
        // (How fast they start is the machine's business: no wall-clock bound here.)
        var calls: [Process] = []
        let finished = DispatchGroup()
        for id in 1...50 {
            let call = Process()
            call.executableURL = URL(fileURLWithPath: "/usr/bin/gdbus")
            call.arguments = [
                "call", "--session", "--dest", RunningShop.applicationID, "--object-path", "/org/linkrouter/ShopDesktop",
                "--method", "org.freedesktop.Application.Open", "['shop://catalog/product/\(id)']", "{}",
            ]
            call.environment = session.environment
            call.standardOutput = FileHandle.nullDevice
            finished.enter()
            call.terminationHandler = { _ in finished.leave() }
            try call.run()
            calls.append(call)
        }
        await offPool { finished.wait() }
        #expect(calls.allSatisfy { $0.terminationStatus == 0 })
        var opened: [String] = []
        while opened.count < 50, let line = await shop.next({ $0.hasPrefix("opened: shop://catalog/product/") }) { opened.append(String(line.dropFirst(8))) }
        let received = shop.lines.filter { $0.hasPrefix("received: ") }.map { String($0.dropFirst(10)) }
        #expect(Set(opened) == Set((1...50).map { "shop://catalog/product/\($0)" }))
        #expect(opened == received)
        #expect(shop.lines.last { $0.hasPrefix("stack: ") } == "stack: catalog > catalog/product/<int:id>  [tab catalog]")
        await shop.expectScreenshot()
        shop.expectNoGTKComplaints()
    }

    @Test("Bad input: a widget that fails to build, malformed links from gio open; the stack stays as it was")
    func badInput() async throws {
        let session = try await DesktopSession(name: "bad")
        _ = try await session.run(RunningShop.executable, ["--install-desktop-entry"])
        let shop = try await start("bad-input", in: session)
        await shop.expectScreenshot()
        try await shop.action("type-link", "shop://catalog/discontinued/9")
        #expect(await shop.next { $0.hasPrefix("toast: ") } == "toast: Cannot open shop://catalog/discontinued/9: page 'catalog/discontinued/<int:id>' could not be shown: product 9 is discontinued")
        _ = try await session.run("gio", ["open", "shop://catalog/product/forty-two"])
        #expect(await shop.next { $0.hasPrefix("toast: ") } == "toast: Cannot open shop://catalog/product/forty-two: no route matches 'catalog/product/forty-two'")
        _ = try await session.run("gio", ["open", "shop://catalog/product/%ZZ"])
        #expect(await shop.next { $0.hasPrefix("toast: ") }?.contains("invalid URL") == true, "\(shop.lines)")
        #expect(shop.lines.filter { $0.hasPrefix("stack: ") } == ["stack: catalog  [tab catalog]"])
        shop.expectNoGTKComplaints()
        #expect(shop.process.isRunning)
    }

    @Test("--screenshot-dir makes its folder with its parents; one that cannot be made stops the app at start-up, saying why")
    func screenshotFolder() async throws {
        let session = try await DesktopSession(name: "folder")
        let nested = session.folder.appendingPathComponent("new/nested/shots")
        let shop = try await RunningShop(in: session, arguments: ["--print-stack", "--screenshot-dir", nested.path])
        #expect(await shop.nextStack() == "catalog  [tab catalog]")
        let line = await shop.next { $0.hasPrefix("screenshot") }
        #expect(line?.hasPrefix("screenshot: \(nested.path)/001.png ") == true, "\(shop.lines)")
        #expect(PNGSummary(path: nested.appendingPathComponent("001.png").path) != nil)

        let file = session.folder.appendingPathComponent("a-file")
        try Data("not a folder".utf8).write(to: file)
        let refused = try await session.run(RunningShop.executable, ["--screenshot-dir", file.appendingPathComponent("shots").path])
        #expect(refused.status == 2)
        #expect(refused.output == "shop-desktop: --screenshot-dir: cannot make the folder '\(file.path)': it exists and is not a folder\n")
    }

    @Test("A screenshot that cannot be written says why, in GLib's words, and the app goes on")
    func screenshotNotWritten() async throws {
        let session = try await DesktopSession(name: "unwritable")
        let folder = session.folder.appendingPathComponent("shots")
        // The first screenshot's name is taken by a folder.
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("001.png"), withIntermediateDirectories: true)
        let shop = try await RunningShop(in: session, arguments: ["--print-stack", "--screenshot-dir", folder.path])
        #expect(await shop.nextStack() == "catalog  [tab catalog]")
        let line = await shop.next { $0.hasPrefix("screenshot") }
        #expect(line?.hasPrefix("screenshot failed: \(folder.path)/001.png: ") == true, "\(shop.lines)")
        #expect(line?.hasSuffix("Is a directory") == true, "\(line ?? "")")
        try await session.run(RunningShop.executable, ["shop://catalog/product/42"])
        #expect(await shop.nextStack() == "catalog > catalog/product/<int:id>  [tab catalog]")
        await shop.expectScreenshot()
        shop.expectNoGTKComplaints()
    }

    @Test("Closing the main window while an open waits for the login: the open fails cleanly and the app exits 0")
    func closingWhileIntercepted() async throws {
        let session = try await DesktopSession(name: "close")
        let shop = try await start("closed-while-intercepted", in: session)
        try await shop.action("type-link", "shop://cart")
        #expect(await shop.nextStack() == "catalog | account/login  [tab catalog]")
        try await shop.action("close-main-window")
        #expect(await shop.next { $0.hasPrefix("toast: ") }?.hasSuffix("not signed in") == true, "\(shop.lines)")
        #expect(await shop.exitStatus(timeout: RunningShop.lineTimeout) == 0, "\(shop.lines)")
        shop.expectNoGTKComplaints()
    }
}
