import Foundation
import Testing

/// The desktop's surfaces as doors, in the desktop shop under Xvfb and a D-Bus session of its own:
/// several windows, a split view, a notification's click, launcher actions, the desktop's search,
/// and a second start that finds another program holding the app's bus name. Each opens routes as
/// a link from outside, so an internal route is refused at each. Screenshots are saved under
/// `.build/desktop-screenshots/surfaces-*`.
@Suite(.serialized)
struct DesktopSurfacesTests {
    static let searchPath = "/org/linkrouter/ShopDesktop/SearchProvider"
    static let searchInterface = "org.gnome.Shell.SearchProvider2"

    private func start(_ name: String, in session: DesktopSession, links: [String] = []) async throws -> RunningShop {
        try await RunningShop(in: session, screenshotsNamed: "surfaces-\(name)", links: links)
    }

    /// Waits for the stack line `stack`, past any others, and returns whether it came.
    @discardableResult
    private func expectStack(_ shop: RunningShop, _ stack: String, sourceLocation: SourceLocation = #_sourceLocation) async -> Bool {
        let found = await shop.next { $0 == "stack: \(stack)" } != nil
        #expect(found, "no 'stack: \(stack)' in \(shop.lines)", sourceLocation: sourceLocation)
        return found
    }

    /// Waits for the screenshot named `name` (`002-window-2`, `folded-true`) and checks it is a PNG
    /// of `width`×`height` (give or take the frame GTK draws) that is not blank.
    private func expectScreenshot(_ shop: RunningShop, named name: String, width: Int, height: Int, sourceLocation: SourceLocation = #_sourceLocation) async {
        guard let line = await shop.line({ $0.hasPrefix("screenshot") && $0.contains("/\(name).png") }) else {
            Issue.record("no screenshot \(name): \(shop.lines)", sourceLocation: sourceLocation)
            return
        }
        let fields = line.split(separator: " ")
        guard fields.count == 3, fields[0] == "screenshot:", let png = PNGSummary(path: String(fields[1])) else {
            Issue.record("not a screenshot: \(line)", sourceLocation: sourceLocation)
            return
        }
        #expect((width - 20...width).contains(png.width) && (height - 20...height).contains(png.height), "\(line)", sourceLocation: sourceLocation)
        #expect(png.compressedBytes > 6_000, "\(line): \(png.compressedBytes) bytes of image data", sourceLocation: sourceLocation)
    }

    /// Calls a method of the shop's search provider as GNOME Shell does; its output, or the error.
    private func search(_ session: DesktopSession, _ method: String, _ arguments: [String]) async throws -> (status: Int32, output: String) {
        try await session.run("gdbus", [
            "call", "--session", "--dest", RunningShop.applicationID, "--object-path", Self.searchPath, "--method", "\(Self.searchInterface).\(method)",
        ] + arguments)
    }

    @Test("Two windows: a page opened in a new window builds its list beside it there; a link from outside to a page shown in the first window brings that window forward; an internal route from outside is refused; Open in New Window opens the page shown in a third; closing a window is one change")
    func twoWindows() async throws {
        // About 10 s: one session, one app, four changes with screenshots of each window.
        let session = try await DesktopSession(name: "surfaces-windows")
        let shop = try await start("windows", in: session, links: ["shop://catalog/product/42"])
        await expectStack(shop, "catalog > catalog/product/<int:id>  [tab catalog]")
        try await shop.action("navigate", "window shop://catalog/product/7")
        let two = "window 1: catalog > catalog/product/<int:id>  [tab catalog] || window 2*: catalog > catalog/product/<int:id>  [tab catalog]"
        await expectStack(shop, two)
        #expect(shop.lines.filter { $0.hasPrefix("stack: ") }.count == 2, "one change for the new window, its list and its page: \(shop.lines)")
        await expectScreenshot(shop, named: "002-window-1", width: 800, height: 600)
        await expectScreenshot(shop, named: "002-window-2", width: 800, height: 600)

        // Product 42 is shown in window 1: a link from outside to it brings window 1 forward, and
        // no page is made or taken off (the windows keep their stacks).
        let forward = try await session.run(RunningShop.executable, ["shop://catalog/product/42"])
        #expect(forward.status == 0, "\(forward.output)")
        await expectStack(shop, "window 1*: catalog > catalog/product/<int:id>  [tab catalog] || window 2: catalog > catalog/product/<int:id>  [tab catalog]")
        #expect(await shop.next { $0 == "opened: shop://catalog/product/42" } != nil)
        await expectScreenshot(shop, named: "003-window-1", width: 800, height: 600)

        // The sign-in page is internal: from outside it is refused, whatever window it would target.
        _ = try await session.run(RunningShop.executable, ["shop://account/login"])
        #expect(await shop.next { $0.hasPrefix("toast: ") } == "toast: Cannot open shop://account/login: no route matches 'account/login'")

        // The person presses "Open in New Window" in window 1: its page, product 42, opens in window 3.
        try await shop.action("press", "Open in New Window")
        let product = "catalog > catalog/product/<int:id>  [tab catalog]"
        await expectStack(shop, "window 1: \(product) || window 2: \(product) || window 3*: \(product)")
        #expect(await shop.next { $0 == "opened: shop://catalog/product/42" } != nil)

        // Closing window 2 is a change like any other: its pages leave, one line.
        try await shop.action("navigate", "close-window 2")
        await expectStack(shop, "window 1: \(product) || window 3*: \(product)")
        #expect(await shop.next { $0.hasPrefix("navigated: close-window 2") } == "navigated: close-window 2 -> closed")
        shop.expectNoGTKComplaints()
    }

    @Test("A split view: a deep link to a product builds the catalog beside it; a narrow window folds it to the product alone, back shows the catalog")
    func splitView() async throws {
        // About 8 s: one session, one app, a resize through the X server.
        let session = try await DesktopSession(name: "surfaces-split")
        let shop = try await start("split", in: session, links: ["shop://catalog/product/42"])
        await expectStack(shop, "catalog > catalog/product/<int:id>  [tab catalog]")
        await shop.expectScreenshot()
        // The window made narrow, as a person drags its edge: the leaflet folds.
        let search = try await session.run("xdotool", ["search", "--sync", "--onlyvisible", "--name", "^LinkRouter Shop$"])
        let window = try #require(search.output.split(separator: "\n").last.map(String.init), "\(search.output)")
        let narrow = try await session.run("xdotool", ["windowsize", "--sync", window, "560", "600"])
        #expect(narrow.status == 0, "\(narrow.output)")
        #expect(await shop.next { $0.hasPrefix("folded: ") } == "folded: true", "\(shop.lines)")
        await expectScreenshot(shop, named: "fold-1-true", width: 560, height: 600)
        // Folded, the product is a page on a stack: back shows the catalog, alone.
        try await shop.action("back")
        await expectStack(shop, "catalog  [tab catalog]")
        // Another product, from the narrow window's catalog: a new split view, folded at once.
        try await shop.action("press", "Poster #7")
        await expectStack(shop, "catalog > catalog/product/<int:id>  [tab catalog]")
        #expect(await shop.next { $0.hasPrefix("folded: ") } == "folded: true", "\(shop.lines)")
        await expectScreenshot(shop, named: "fold-2-true", width: 560, height: 600)
        // Wide again: the catalog beside the product.
        let wide = try await session.run("xdotool", ["windowsize", "--sync", window, "800", "600"])
        #expect(wide.status == 0, "\(wide.output)")
        #expect(await shop.next { $0.hasPrefix("folded: ") } == "folded: false", "\(shop.lines)")
        await expectScreenshot(shop, named: "fold-3-false", width: 800, height: 600)
        shop.expectNoGTKComplaints()
    }

    /// A notification server (org.gtk.Notifications, as GNOME Shell is one) that prints each
    /// notification it is sent: GLib sends an app's notifications to it when it owns the name.
    static let notificationServer = """
        import gi
        gi.require_version('Gio', '2.0')
        from gi.repository import Gio, GLib
        XML = '''<node><interface name="org.gtk.Notifications">
          <method name="AddNotification"><arg type="s" direction="in"/><arg type="s" direction="in"/><arg type="a{sv}" direction="in"/></method>
          <method name="RemoveNotification"><arg type="s" direction="in"/><arg type="s" direction="in"/></method>
        </interface></node>'''
        def call(connection, sender, path, interface, method, parameters, invocation):
            if method == 'AddNotification':
                notification = parameters.get_child_value(2)
                print('notification:', parameters.get_child_value(1).get_string(),
                      notification.lookup_value('default-action', None).get_string(),
                      notification.lookup_value('default-action-target', None).get_string(),
                      [(b['label'], b['action'], b['target']) for b in notification.lookup_value('buttons', None).unpack()], flush=True)
            invocation.return_value(None)
        def acquired(connection, name):
            connection.register_object('/org/gtk/Notifications', Gio.DBusNodeInfo.new_for_xml(XML).interfaces[0], call, None, None)
        Gio.bus_own_name(Gio.BusType.SESSION, 'org.gtk.Notifications', Gio.BusNameOwnerFlags.NONE, acquired, lambda c, n: print('serving', flush=True), None)
        GLib.MainLoop().run()
        """

    /// Activates the shop's `open-link` action over D-Bus, as a notification server does on a click.
    private func activateOpenLink(_ session: DesktopSession, _ link: String) async throws {
        let activated = try await session.run("gdbus", [
            "call", "--session", "--dest", RunningShop.applicationID, "--object-path", "/org/linkrouter/ShopDesktop",
            "--method", "org.gtk.Actions.Activate", "open-link", "[<'\(link)'>]", "{}",
        ])
        #expect(activated.status == 0 && activated.output == "()\n", "\(activated.output)")
    }

    @Test("A notification whose click and button carry route links: activated over D-Bus as the notification server would, its link opens the order, as a link from outside; an internal route is refused there")
    func notification() async throws {
        // About 10 s: one session, the app, a notification server in Python.
        let session = try await DesktopSession(name: "surfaces-notification")
        let server = try await RunningShop(in: session, running: "/usr/bin/python3", arguments: ["-c", Self.notificationServer])
        #expect(await server.next { $0 == "serving" } != nil, "\(server.lines)")
        let shop = try await start("notification", in: session)
        await expectStack(shop, "catalog  [tab catalog]")
        // An order: the cart with a product added, after the sign-in, then "Place the order".
        try await shop.action("type-link", "shop://cart?add=7")
        await expectStack(shop, "catalog | account/login  [tab catalog]")
        try await shop.action("press", "Sign in")
        await expectStack(shop, "catalog > cart  [tab catalog]")
        try await shop.action("press", "Place the order")
        #expect(await shop.next { $0 == "opened: cart/order?product=7" } != nil, "\(shop.lines)")
        let sent = await server.next { $0.hasPrefix("notification: ") }
        #expect(sent == "notification: order-7 app.open-link shop://account/orders/7 [('Buy again', 'app.open-link', 'shop://catalog/product/7')]")
        // The person clicks it: the server activates the action with the notification's target.
        try await activateOpenLink(session, "shop://account/orders/7")
        #expect(await shop.next { $0 == "received: shop://account/orders/7" } != nil)
        await expectStack(shop, "account > account/orders/<int:id>  [tab account]")
        await shop.expectScreenshot()
        // Any program on the bus can activate the action: it is a door from outside like any other.
        try await activateOpenLink(session, "shop://account/login")
        #expect(await shop.next { $0.hasPrefix("toast: ") } == "toast: Cannot open shop://account/login: no route matches 'account/login'")
        shop.expectNoGTKComplaints()
    }

    @Test("The desktop's search: gdbus asks the shop's search provider for products by name, their names, activates one (opened as a link from outside; an internal one refused), and launches the app's search; inputs past the limits are refused")
    func desktopSearch() async throws {
        // About 8 s: one session, the app, ten gdbus calls.
        let session = try await DesktopSession(name: "surfaces-search")
        let shop = try await start("search", in: session)
        await expectStack(shop, "catalog  [tab catalog]")
        var transcript: [String] = []
        func call(_ method: String, _ arguments: [String]) async throws -> String {
            let result = try await search(session, method, arguments)
            let shown = arguments.map { $0.count > 80 ? $0.prefix(40) + "…(\($0.utf8.count) bytes)" : $0 }
            transcript.append("$ gdbus call … --method \(Self.searchInterface).\(method) \(shown.joined(separator: " "))\n\(result.output)")
            return result.output
        }
        #expect(try await call("GetInitialResultSet", ["['poster']"]) == "(['shop://catalog/product/7', 'shop://catalog/product/19'],)\n")
        #expect(try await call("GetSubsearchResultSet", ["['shop://catalog/product/7', 'shop://catalog/product/19']", "['poster', 'frame']"])
            == "(['shop://catalog/product/19'],)\n")
        #expect(try await call("GetResultMetas", ["['shop://catalog/product/7', 'shop://catalog/product/19', 'shop://unknown']"]) == """
            ([{'id': <'shop://catalog/product/7'>, 'name': <'Harbour poster'>, 'description': <'Product 7 in the LinkRouter Shop'>}, \
            {'id': <'shop://catalog/product/19'>, 'name': <'Poster frame'>, 'description': <'Product 19 in the LinkRouter Shop'>}],)

            """)
        #expect(try await call("ActivateResult", ["shop://catalog/product/19", "['poster']", "0"]) == "()\n")
        #expect(await shop.next { $0 == "received: shop://catalog/product/19" } != nil)
        await expectStack(shop, "catalog > catalog/product/<int:id>  [tab catalog]")
        await shop.expectScreenshot()
        // An identifier is whatever the caller sends: an internal route's link is refused.
        #expect(try await call("ActivateResult", ["shop://account/login", "['login']", "0"]) == "()\n")
        #expect(await shop.next { $0.hasPrefix("toast: ") } == "toast: Cannot open shop://account/login: no route matches 'account/login'")
        #expect(try await call("LaunchSearch", ["['poster']", "0"]) == "()\n")
        await expectStack(shop, "catalog > catalog/search  [tab catalog]")
        // Past the limits: a D-Bus error naming the limit, and nothing opens.
        let many = "[" + Array(repeating: "'a'", count: 17).joined(separator: ", ") + "]"
        #expect(try await call("GetInitialResultSet", [many]).contains("org.freedesktop.DBus.Error.InvalidArgs: 17 search terms; at most 16"))
        let long = "'shop://" + String(repeating: "a", count: 4_100) + "'"
        #expect(try await call("ActivateResult", [long, "[]", "0"]).contains("a result identifier of 4107 bytes; at most 4096"))
        // GDBus checks the arguments' types against the interface before the app sees them (sent
        // by dbus-send, which, unlike gdbus, does not read the interface first).
        let mistyped = try await session.run("dbus-send", [
            "--session", "--print-reply", "--dest=\(RunningShop.applicationID)", Self.searchPath, "\(Self.searchInterface).GetInitialResultSet", "string:poster",
        ])
        #expect(mistyped.status != 0 && mistyped.output.contains("org.freedesktop.DBus.Error.InvalidArgs"), "\(mistyped.output)")
        print(transcript.joined(separator: "\n"))
        #expect(shop.lines.filter { $0.hasPrefix("received: ") } == ["received: shop://catalog/product/19", "received: shop://account/login", "received: shop://catalog/search?q=poster"])
        shop.expectNoGTKComplaints()
    }

    @Test("--install-desktop-entry writes the Cart and Search launcher actions and the search provider's file; desktop-file-validate and GLib's key file accept them, routes links writes the same actions, and GLib's launch of the Cart action reaches the running shop as a link from outside")
    func launcherActions() async throws {
        // About 8 s: one session, the app, the routes tool, two Python one-liners.
        let session = try await DesktopSession(name: "surfaces-launcher")
        let install = try await session.run(RunningShop.executable, ["--install-desktop-entry"])
        #expect(install.status == 0, "\(install.output)")
        let data = session.environment["XDG_DATA_HOME"]!
        let entry = data + "/applications/\(RunningShop.applicationID).desktop"
        let text = try String(contentsOfFile: entry, encoding: .utf8)
        let executable = URL(fileURLWithPath: RunningShop.executable).resolvingSymlinksInPath().path
        #expect(text.hasSuffix("""
            Actions=cart;catalog-search;

            [Desktop Action cart]
            Name=Cart
            Exec=\(executable) shop://cart

            [Desktop Action catalog-search]
            Name=Search
            Exec=\(executable) shop://catalog/search

            """), "\(text)")
        let validated = try await session.run("desktop-file-validate", [entry])
        #expect(validated.status == 0 && validated.output.isEmpty, "\(validated.output)")
        // The routes tool writes the same actions from the binary's records.
        let routes = URL(fileURLWithPath: RunningShop.executable).deletingLastPathComponent().appendingPathComponent("routes").path
        let links = try await session.run(routes, [
            "links", RunningShop.executable, "--format", "desktop-entry", "--scheme", "shop", "--name", "LinkRouter Shop", "--exec", executable,
            "--output", session.folder.appendingPathComponent("tool.desktop").path,
        ])
        #expect(links.status == 0, "\(links.output)")
        let written = try String(contentsOf: session.folder.appendingPathComponent("tool.desktop"), encoding: .utf8)
        #expect(written.contains("Actions=cart;catalog-search;\n") && written.contains("[Desktop Action catalog-search]\nName=Search\nExec=\(executable) shop://catalog/search\n"), "\(written)")
        let validatedTool = try await session.run("desktop-file-validate", [session.folder.appendingPathComponent("tool.desktop").path])
        #expect(validatedTool.status == 0 && validatedTool.output.isEmpty, "\(validatedTool.output)")
        // The search provider's file, read by GLib's key file as GNOME Shell reads it; its desktop ID names the entry installed.
        let ini = data + "/gnome-shell/search-providers/\(RunningShop.applicationID).search-provider.ini"
        let read = try await session.run("/usr/bin/python3", ["-c", """
            import sys, gi
            gi.require_version('Gio', '2.0')
            from gi.repository import Gio, GLib
            keyfile = GLib.KeyFile()
            keyfile.load_from_file(sys.argv[1], GLib.KeyFileFlags.NONE)
            group = 'Shell Search Provider'
            print(Gio.DesktopAppInfo.new(keyfile.get_string(group, 'DesktopId')).get_name(), keyfile.get_string(group, 'BusName'),
                  keyfile.get_string(group, 'ObjectPath'), keyfile.get_integer(group, 'Version'))
            """, ini])
        #expect(read.output == "LinkRouter Shop org.linkrouter.ShopDesktop /org/linkrouter/ShopDesktop/SearchProvider 2\n", "\(read.output)")

        // The Cart action launched by GLib, as the launcher's menu does: a second start that hands
        // shop://cart to the running shop, which asks for the sign-in first.
        let shop = try await start("launcher", in: session)
        await expectStack(shop, "catalog  [tab catalog]")
        let launched = try await session.run("/usr/bin/python3", ["-c", """
            import sys, gi
            gi.require_version('Gio', '2.0')
            from gi.repository import Gio
            Gio.DesktopAppInfo.new_from_filename(sys.argv[1]).launch_action('cart', None)
            """, entry])
        #expect(launched.status == 0, "\(launched.output)")
        #expect(await shop.next { $0 == "received: shop://cart" } != nil, "\(shop.lines)")
        await expectStack(shop, "catalog | account/login  [tab catalog]")
        shop.expectNoGTKComplaints()
    }

    /// A program that takes the shop's application ID on the session bus before the shop starts,
    /// and prints every link handed to it.
    static let squatter = """
        import sys, gi
        gi.require_version('Gio', '2.0')
        from gi.repository import Gio
        app = Gio.Application(application_id='org.linkrouter.ShopDesktop', flags=Gio.ApplicationFlags.HANDLES_OPEN)
        app.connect('open', lambda a, files, n, hint: [print('squatter received:', f.get_uri(), flush=True) for f in files])
        app.connect('startup', lambda a: print('squatting', flush=True))
        app.connect('activate', lambda a: None)
        app.hold()
        app.run([sys.argv[0]])
        """

    @Test("Bus-name squatting: when another program owns the shop's bus name, a start with a link refuses to hand it over, says who holds the name, and exits 2; the squatter receives nothing")
    func squattedBusName() async throws {
        // About 3 s: one session, a Python squatter, one start of the shop (no window).
        let session = try await DesktopSession(name: "surfaces-squat")
        let squatter = try await RunningShop(in: session, running: "/usr/bin/python3", arguments: ["-c", Self.squatter])
        #expect(await squatter.next { $0 == "squatting" } != nil, "\(squatter.lines)")
        let start = try await session.run(RunningShop.executable, ["shop://account/reset?token=secret"])
        #expect(start.status == 2, "\(start.output)")
        #expect(start.output.hasPrefix("shop-desktop: process "), "\(start.output)")
        #expect(start.output.contains(", which owns org.linkrouter.ShopDesktop on the session bus, runs /usr/bin/python3"), "\(start.output)")
        #expect(start.output.hasSuffix(": the links were not handed to it\n"), "\(start.output)")
        // A link sent to the name now reaches the squatter: had the start handed its link over
        // before it exited, the squatter would have printed it first.
        let marker = try await session.run("gdbus", [
            "call", "--session", "--dest", RunningShop.applicationID, "--object-path", "/org/linkrouter/ShopDesktop",
            "--method", "org.freedesktop.Application.Open", "['shop://marker']", "{}",
        ])
        #expect(marker.status == 0, "\(marker.output)")
        #expect(await squatter.next { $0.hasPrefix("squatter received:") } == "squatter received: shop://marker", "\(squatter.lines)")
    }
}
