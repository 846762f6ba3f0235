import Foundation
import Testing

/// Every navigator operation rendered by GTKNavigator in a real window under Xvfb, through the
/// desktop shop: what a person does (links, buttons, keys, a click on a tab) and what an app does
/// with its navigator in code (`gapplication action … navigate 'OPERATION'`). Each scenario saves
/// screenshots under `.build/desktop-screenshots/navigator-*`.
@Suite(.serialized)
struct GTKNavigatorTests {
    /// Starts the shop with --print-stack and screenshots into `.build/desktop-screenshots/navigator-NAME`.
    private func start(_ name: String, in session: DesktopSession, links: [String] = []) throws -> RunningShop {
        let folder = ShopDesktopTests.screenshots.appendingPathComponent("navigator-\(name)")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return try RunningShop(in: session, arguments: ["--print-stack", "--screenshot-dir", folder.path] + links)
    }

    /// Waits for the next screenshot and checks that it is a PNG of the window's size (the main
    /// window, made 800×600, or a modal one, 520×500, less the frame GTK draws itself) that is not blank.
    private func expectScreenshot(_ shop: RunningShop, modal: Bool = false) {
        guard let line = shop.next({ $0.hasPrefix("screenshot") }) else {
            Issue.record("no screenshot: \(shop.lines)")
            return
        }
        let fields = line.split(separator: " ")
        guard fields.count == 3, fields[0] == "screenshot:", let png = PNGSummary(path: String(fields[1])) else {
            Issue.record("not a screenshot: \(line)")
            return
        }
        let expected = modal ? (520, 500) : (800, 600)
        #expect((expected.0 - 20...expected.0).contains(png.width) && (expected.1 - 20...expected.1).contains(png.height), "\(line)")
        #expect(png.compressedBytes > 6_000, "\(line): \(png.compressedBytes) bytes of image data")
    }

    /// Waits for the stack line `stack`, past any others (the steps of one open), and returns whether it came.
    @discardableResult
    private func expectStack(_ shop: RunningShop, _ stack: String, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        let found = shop.next { $0 == "stack: \(stack)" } != nil
        #expect(found, "no 'stack: \(stack)' in \(shop.lines)", sourceLocation: sourceLocation)
        return found
    }

    /// Performs a navigator operation in the app, waits for its `navigated:` line, and returns its
    /// result and the lines printed meanwhile (the changes it made).
    private func navigate(_ shop: RunningShop, _ operation: String) throws -> (result: String?, lines: [String]) {
        let start = shop.lines.count
        try shop.action("navigate", operation)
        let prefix = "navigated: \(operation) -> "
        let result = shop.next { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
        return (result, Array(shop.lines.dropFirst(start)))
    }

    private func expectNoGTKComplaints(_ shop: RunningShop) {
        let complaints = shop.lines.filter { $0.contains("-WARNING **") || $0.contains("-CRITICAL **") }
        #expect(complaints.isEmpty, "\(complaints)")
    }

    /// Clicks at a point of the main window through the X server, as a mouse would.
    private func click(x: Int, y: Int, _ session: DesktopSession) throws {
        let search = try session.run("xdotool", ["search", "--sync", "--onlyvisible", "--name", "^LinkRouter Shop$"])
        guard search.status == 0, let window = search.output.split(separator: "\n").last.map(String.init) else {
            Issue.record("no main window: \(search.output)")
            return
        }
        let clicked = try session.run("xdotool", ["mousemove", "--sync", "--window", window, String(x), String(y), "click", "1"])
        #expect(clicked.status == 0, "\(clicked.output)")
    }

    @Test("Tabs: a first start with an order link shows the account tab with account under the order; a click on the Catalog tab opens its root; each tab keeps its stack")
    func tabs() throws {
        let session = try DesktopSession(name: "nav-tabs")
        let shop = try start("tabs", in: session, links: ["shop://account/orders/7"])
        // Parents built from a cold start, in the order's tab; the order page hears it appeared.
        expectStack(shop, "account > account/orders/<int:id>  [tab account]")
        #expect(shop.lines.contains("log: shop.account: viewing order 7"))
        #expect(!shop.lines.contains { $0.hasPrefix("stack: catalog") }, "a first start with a link does not show the catalog first")
        expectScreenshot(shop)
        // The person clicks the Catalog tab in the header bar: shown for the first time, it opens its root.
        try click(x: 335, y: 27, session)
        expectStack(shop, "catalog  [tab catalog]")
        #expect(shop.lines.contains("log: shop.account: left order 7"))
        expectScreenshot(shop)
        try session.run(RunningShop.executable, ["shop://catalog/product/42"])
        expectStack(shop, "catalog > catalog/product/<int:id>  [tab catalog]")
        // Selected in code, the account tab shows the stack it kept.
        let selected = try navigate(shop, "tab account")
        #expect(selected.result == "selected")
        #expect(selected.lines.contains("stack: account > account/orders/<int:id>  [tab account]"), "\(selected.lines)")
        #expect(selected.lines.contains("log: shop.catalog: left product 42") && selected.lines.contains("log: shop.account: viewing order 7"))
        expectScreenshot(shop)
        #expect(try navigate(shop, "tab orders").result == "no tab is named 'orders' (tabs: catalog, account)")
        // A link to a page of the other tab selects it and goes back to its parent there.
        try session.run(RunningShop.executable, ["shop://catalog/product/7"])
        #expect(shop.next { $0 == "opened: shop://catalog/product/7" } != nil)
        #expect(shop.lines.last { $0.hasPrefix("stack: ") } == "stack: catalog > catalog/product/<int:id>  [tab catalog]")
        #expect(shop.lines.contains("log: shop.catalog: viewing product 7"))
        expectScreenshot(shop)
        expectNoGTKComplaints(shop)
    }

    @Test("gio open with a link when the shop is not running starts it through the desktop entry, and it shows the link over its parent")
    func gioOpenStartsTheShop() throws {
        let session = try DesktopSession(name: "nav-gio-start", environment: ["SHOP_DESKTOP_OPTIONS": "--print-stack"])
        let install = try session.run(RunningShop.executable, ["--install-desktop-entry"])
        #expect(install.status == 0, "\(install.output)")
        let shop = try RunningShop(in: session, running: "/usr/bin/gio", arguments: ["open", "shop://catalog/product/42"])
        #expect(shop.next { $0 == "received: shop://catalog/product/42" } != nil, "\(shop.lines)")
        expectStack(shop, "catalog > catalog/product/<int:id>  [tab catalog]")
        #expect(shop.next { $0 == "opened: shop://catalog/product/42" } != nil)
        try shop.action("close-main-window")
        expectStack(shop, "(empty)  [tab catalog]")
        expectNoGTKComplaints(shop)
    }

    @Test("Update in place: the product on top opened again with another colour changes where it is; no page is pushed, none appears or leaves")
    func updateInPlace() throws {
        let session = try DesktopSession(name: "nav-update")
        let shop = try start("update", in: session, links: ["shop://catalog/product/42?color=blue"])
        expectStack(shop, "catalog > catalog/product/<int:id>  [tab catalog]")
        expectScreenshot(shop)
        let before = shop.lines.count
        try session.run(RunningShop.executable, ["shop://catalog/product/42?color=red"])
        #expect(shop.next { $0 == "opened: shop://catalog/product/42?color=red" } != nil)
        let after = Array(shop.lines.dropFirst(before))
        #expect(after.filter { $0.hasPrefix("stack: ") } == ["stack: catalog > catalog/product/<int:id>  [tab catalog]"], "one change: the update")
        #expect(!after.contains { $0.hasPrefix("log: shop.catalog:") }, "the page neither appeared nor left: \(after)")
        expectScreenshot(shop)
        // Another product is another page: back to the catalog, then pushed.
        try session.run(RunningShop.executable, ["shop://catalog/product/7"])
        expectStack(shop, "catalog > catalog/product/<int:id>  [tab catalog]")
        #expect(shop.lines.contains("log: shop.catalog: left product 42") && shop.lines.contains("log: shop.catalog: viewing product 7"))
        expectNoGTKComplaints(shop)
    }

    @Test("back(levels:), back(toRoute:), pop, dismiss and replaceStack, called by the app, change the window")
    func operationsInCode() throws {
        let session = try DesktopSession(name: "nav-code")
        let shop = try start("code", in: session)
        expectStack(shop, "catalog  [tab catalog]")
        // Signed in once, the cart opens without the login page.
        try shop.action("type-link", "shop://cart")
        expectStack(shop, "catalog | account/login  [tab catalog]")
        try shop.action("press", "Sign in")
        expectStack(shop, "catalog > cart  [tab catalog]")
        try shop.action("type-link", "shop://catalog/product/42")
        expectStack(shop, "catalog > catalog/product/<int:id>  [tab catalog]")
        try shop.action("press", "Add to cart")
        expectStack(shop, "catalog > catalog/product/<int:id> > cart  [tab catalog]")
        expectScreenshot(shop)

        let back2 = try navigate(shop, "back 2")
        #expect(back2.result == "2")
        #expect(back2.lines.filter { $0.hasPrefix("stack: ") } == ["stack: catalog  [tab catalog]"])
        expectScreenshot(shop)

        try shop.action("type-link", "shop://catalog/product/42")
        expectStack(shop, "catalog > catalog/product/<int:id>  [tab catalog]")
        try shop.action("press", "Add to cart")
        expectStack(shop, "catalog > catalog/product/<int:id> > cart  [tab catalog]")
        let backTo = try navigate(shop, "back-to catalog/product/<int:id>")
        #expect(backTo.result == "catalog/product/<int:id>")
        #expect(backTo.lines.filter { $0.hasPrefix("stack: ") } == ["stack: catalog > catalog/product/<int:id>  [tab catalog]"])
        expectScreenshot(shop)
        let nowhere = try navigate(shop, "back-to account")
        #expect(nowhere.result == "none" && !nowhere.lines.contains { $0.hasPrefix("stack: ") })

        let pop = try navigate(shop, "pop")
        #expect(pop.result == "true" && pop.lines.contains("stack: catalog  [tab catalog]"))
        let rootPop = try navigate(shop, "pop")
        #expect(rootPop.result == "false" && !rootPop.lines.contains { $0.hasPrefix("stack: ") }, "the stack's first page stays")

        try shop.action("type-link", "shop://account/login")
        expectStack(shop, "catalog | account/login  [tab catalog]")
        expectScreenshot(shop, modal: true)
        let dismiss = try navigate(shop, "dismiss")
        #expect(dismiss.result == "true" && dismiss.lines.contains("stack: catalog  [tab catalog]"))
        #expect(try navigate(shop, "dismiss").result == "false")

        // A custom transition replaces the stack with the page opened: no catalog under it.
        try shop.action("navigate", "replace shop://catalog/product/9")
        expectStack(shop, "catalog/product/<int:id>  [tab catalog]")
        #expect(shop.lines.contains("log: shop.catalog: viewing product 9"))
        expectScreenshot(shop)
        expectNoGTKComplaints(shop)
    }

    @Test("A modal without a navigation container: a page pushed on it opens in a new window with one; back closes each")
    func modalWithoutContainer() throws {
        let session = try DesktopSession(name: "nav-bare")
        let shop = try start("bare", in: session)
        expectStack(shop, "catalog  [tab catalog]")
        try shop.action("type-link", "shop://cart")
        try shop.action("press", "Sign in")
        expectStack(shop, "catalog > cart  [tab catalog]")
        try shop.action("back")
        expectStack(shop, "catalog  [tab catalog]")
        try shop.action("navigate", "present-bare shop://account/login")
        expectStack(shop, "catalog | [account/login]  [tab catalog]")
        expectScreenshot(shop, modal: true)
        try shop.action("type-link", "shop://cart")
        expectStack(shop, "catalog | [account/login] | cart  [tab catalog]")
        expectScreenshot(shop, modal: true)
        try shop.action("back")
        expectStack(shop, "catalog | [account/login]  [tab catalog]")
        try shop.action("back")
        expectStack(shop, "catalog  [tab catalog]")
        expectScreenshot(shop)
        expectNoGTKComplaints(shop)
    }

    @Test("Reconstruction into a modal: a link to the address flow's last step selects the account tab, presents the flow's first page in a window and pushes the step inside it")
    func reconstructionIntoModal() throws {
        let session = try DesktopSession(name: "nav-modal")
        let shop = try start("modal-reconstruction", in: session)
        expectStack(shop, "catalog  [tab catalog]")
        try session.run(RunningShop.executable, ["shop://account/address/confirm"])
        expectStack(shop, "account | account/address > account/address/confirm  [tab account]")
        expectScreenshot(shop, modal: true)
        // Back inside the flow's window, then Confirm's link to the account page closes the flow.
        try shop.action("back")
        expectStack(shop, "account | account/address  [tab account]")
        try shop.action("press", "Change")
        expectStack(shop, "account | account/address > account/address/confirm  [tab account]")
        try shop.action("press", "Confirm")
        expectStack(shop, "account  [tab account]")
        expectScreenshot(shop)
        #expect(shop.lines.filter { $0.hasPrefix("stack: catalog") }.count == 1, "the catalog tab kept its page: \(shop.lines)")
        expectNoGTKComplaints(shop)
    }

    @Test("animated: false and route_no_animation=1 show the page at once; an animated push and back slide")
    func animation() throws {
        let session = try DesktopSession(name: "nav-animation")
        let shop = try start("animation", in: session)
        expectStack(shop, "catalog  [tab catalog]")
        try shop.action("type-link", "shop://catalog/product/42")
        expectStack(shop, "catalog > catalog/product/<int:id>  [tab catalog]")
        #expect(shop.next { $0.hasPrefix("sliding: ") } == "sliding: true")
        try shop.action("back")
        expectStack(shop, "catalog  [tab catalog]")
        #expect(shop.next { $0.hasPrefix("sliding: ") } == "sliding: true")
        try shop.action("navigate", "still shop://catalog/product/7")
        expectStack(shop, "catalog > catalog/product/<int:id>  [tab catalog]")
        #expect(shop.next { $0.hasPrefix("sliding: ") } == "sliding: false")
        expectScreenshot(shop)
        try shop.action("back")
        expectStack(shop, "catalog  [tab catalog]")
        try shop.action("type-link", "shop://catalog/product/8?route_no_animation=1")
        expectStack(shop, "catalog > catalog/product/<int:id>  [tab catalog]")
        #expect(shop.next { $0.hasPrefix("sliding: ") } == "sliding: false")
        expectScreenshot(shop)
        expectNoGTKComplaints(shop)
    }

    @Test("In dark mode (the desktop prefers dark) the windows are drawn dark: the account tab and the address flow's window")
    func darkMode() throws {
        let session = try DesktopSession(name: "nav-dark", environment: ["ADW_DEBUG_COLOR_SCHEME": "prefer-dark"])
        let shop = try start("dark", in: session, links: ["shop://account/orders/3"])
        expectStack(shop, "account > account/orders/<int:id>  [tab account]")
        expectScreenshot(shop)
        try session.run(RunningShop.executable, ["shop://account/address/confirm"])
        expectStack(shop, "account | account/address > account/address/confirm  [tab account]")
        expectScreenshot(shop, modal: true)
        expectNoGTKComplaints(shop)
    }
}
