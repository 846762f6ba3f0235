import Foundation
import Testing

/// Every navigator operation rendered by GTKNavigator in a real window under Xvfb, through the
/// desktop shop: what a person does (links, buttons, keys, a tab chosen in the switcher) and what
/// an app does with its navigator in code (`gapplication action … navigate 'OPERATION'`). Each
/// scenario saves screenshots under `.build/desktop-screenshots/navigator-*`.
@Suite(.serialized)
struct GTKNavigatorTests {
    /// Starts the shop with --print-stack and screenshots into `.build/desktop-screenshots/navigator-NAME`.
    private func start(_ name: String, in session: DesktopSession, links: [String] = []) async throws -> RunningShop {
        try await RunningShop(in: session, screenshotsNamed: "navigator-\(name)", links: links)
    }

    /// Waits for the stack line `stack`, past any others (earlier changes), and returns whether it came.
    @discardableResult
    private func expectStack(_ shop: RunningShop, _ stack: String, sourceLocation: SourceLocation = #_sourceLocation) async -> Bool {
        let found = await shop.next { $0 == "stack: \(stack)" } != nil
        #expect(found, "no 'stack: \(stack)' in \(shop.lines)", sourceLocation: sourceLocation)
        return found
    }

    /// Performs a navigator operation in the app, waits for its `navigated:` line, and returns its
    /// result and the lines printed meanwhile (the changes it made).
    private func navigate(_ shop: RunningShop, _ operation: String) async throws -> (result: String?, lines: [String]) {
        let start = shop.lines.count
        try await shop.action("navigate", operation)
        let prefix = "navigated: \(operation) -> "
        let result = await shop.next { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
        return (result, Array(shop.lines.dropFirst(start)))
    }

    @Test("Tabs: a first start with an order link shows the account tab with account under the order; the Catalog tab chosen in the switcher opens its root; each tab keeps its stack")
    func tabs() async throws {
        let session = try await DesktopSession(name: "nav-tabs")
        let shop = try await start("tabs", in: session, links: ["shop://account/orders/7"])
        // Parents built from a cold start, in the order's tab; the order page hears it appeared.
        await expectStack(shop, "account > account/orders/<int:id>  [tab account]")
        #expect(shop.lines.contains("log: shop.account: viewing order 7"))
        #expect(!shop.lines.contains { $0.hasPrefix("stack: catalog") }, "a first start with a link does not show the catalog first")
        await shop.expectScreenshot()
        // The person chooses the Catalog tab in the header bar's switcher (its button, found by its
        // label, activated as a click does): shown for the first time, it opens its root.
        try await shop.action("press", "Catalog")
        await expectStack(shop, "catalog  [tab catalog]")
        #expect(shop.lines.contains("log: shop.account: left order 7"))
        await shop.expectScreenshot()
        try await session.run(RunningShop.executable, ["shop://catalog/product/42"])
        await expectStack(shop, "catalog > catalog/product/<int:id>  [tab catalog]")
        // Selected in code, the account tab shows the stack it kept.
        let selected = try await navigate(shop, "tab account")
        #expect(selected.result == "selected")
        #expect(selected.lines.contains("stack: account > account/orders/<int:id>  [tab account]"), "\(selected.lines)")
        #expect(selected.lines.contains("log: shop.catalog: left product 42") && selected.lines.contains("log: shop.account: viewing order 7"))
        await shop.expectScreenshot()
        #expect(try await navigate(shop, "tab orders").result == "no tab is named 'orders' (tabs: catalog, account)")
        // A link to a page of the other tab selects it, goes back to its parent there and pushes
        // the page: one change, one stack line.
        let beforeLink = shop.lines.count
        try await session.run(RunningShop.executable, ["shop://catalog/product/7"])
        #expect(await shop.next { $0 == "opened: shop://catalog/product/7" } != nil)
        let linkChanges = shop.lines.dropFirst(beforeLink).filter { $0.hasPrefix("stack: ") }
        #expect(linkChanges == ["stack: catalog > catalog/product/<int:id>  [tab catalog]"], "\(shop.lines)")
        await shop.expectScreenshot()
        #expect(shop.lines.contains("log: shop.catalog: viewing product 7"))
        await shop.expectScreenshot()
        shop.expectNoGTKComplaints()
    }

    @Test("gio open with a link when the shop is not running starts it through the desktop entry, and it shows the link over its parent")
    func gioOpenStartsTheShop() async throws {
        let session = try await DesktopSession(name: "nav-gio-start", environment: ["SHOP_DESKTOP_OPTIONS": "--print-stack --test-scripting"])
        let install = try await session.run(RunningShop.executable, ["--install-desktop-entry"])
        #expect(install.status == 0, "\(install.output)")
        let shop = try await RunningShop(in: session, running: "/usr/bin/gio", arguments: ["open", "shop://catalog/product/42"])
        #expect(await shop.next { $0 == "received: shop://catalog/product/42" } != nil, "\(shop.lines)")
        await expectStack(shop, "catalog > catalog/product/<int:id>  [tab catalog]")
        #expect(await shop.next { $0 == "opened: shop://catalog/product/42" } != nil)
        try await shop.action("close-main-window")
        await expectStack(shop, "(empty)  [tab catalog]")
        shop.expectNoGTKComplaints()
    }

    @Test("Update in place: the product on top opened again with another colour changes where it is; no page is pushed, none appears or leaves")
    func updateInPlace() async throws {
        let session = try await DesktopSession(name: "nav-update")
        let shop = try await start("update", in: session, links: ["shop://catalog/product/42?color=blue"])
        await expectStack(shop, "catalog > catalog/product/<int:id>  [tab catalog]")
        await shop.expectScreenshot()
        let before = shop.lines.count
        try await session.run(RunningShop.executable, ["shop://catalog/product/42?color=red"])
        #expect(await shop.next { $0 == "opened: shop://catalog/product/42?color=red" } != nil)
        let after = Array(shop.lines.dropFirst(before))
        #expect(after.filter { $0.hasPrefix("stack: ") } == ["stack: catalog > catalog/product/<int:id>  [tab catalog]"], "one change: the update")
        #expect(!after.contains { $0.hasPrefix("log: shop.catalog:") }, "the page neither appeared nor left: \(after)")
        await shop.expectScreenshot()
        // Another product is another page: back to the catalog, then pushed.
        try await session.run(RunningShop.executable, ["shop://catalog/product/7"])
        await expectStack(shop, "catalog > catalog/product/<int:id>  [tab catalog]")
        #expect(shop.lines.contains("log: shop.catalog: left product 42") && shop.lines.contains("log: shop.catalog: viewing product 7"))
        shop.expectNoGTKComplaints()
    }

    @Test("back(levels:), back(toRoute:), pop, dismiss and replaceStack, called by the app, change the window")
    func operationsInCode() async throws {
        let session = try await DesktopSession(name: "nav-code")
        let shop = try await start("code", in: session)
        await expectStack(shop, "catalog  [tab catalog]")
        // Signed in once, the cart opens without the login page.
        try await shop.action("type-link", "shop://cart")
        await expectStack(shop, "catalog | account/login  [tab catalog]")
        try await shop.action("press", "Sign in")
        await expectStack(shop, "catalog > cart  [tab catalog]")
        try await shop.action("type-link", "shop://catalog/product/42")
        await expectStack(shop, "catalog > catalog/product/<int:id>  [tab catalog]")
        try await shop.action("press", "Add to cart")
        await expectStack(shop, "catalog > catalog/product/<int:id> > cart  [tab catalog]")
        await shop.expectScreenshot()

        let back2 = try await navigate(shop, "back 2")
        #expect(back2.result == "2")
        #expect(back2.lines.filter { $0.hasPrefix("stack: ") } == ["stack: catalog  [tab catalog]"])
        await shop.expectScreenshot()

        try await shop.action("type-link", "shop://catalog/product/42")
        await expectStack(shop, "catalog > catalog/product/<int:id>  [tab catalog]")
        try await shop.action("press", "Add to cart")
        await expectStack(shop, "catalog > catalog/product/<int:id> > cart  [tab catalog]")
        let backTo = try await navigate(shop, "back-to catalog/product/<int:id>")
        #expect(backTo.result == "catalog/product/<int:id>")
        #expect(backTo.lines.filter { $0.hasPrefix("stack: ") } == ["stack: catalog > catalog/product/<int:id>  [tab catalog]"])
        await shop.expectScreenshot()
        let nowhere = try await navigate(shop, "back-to account")
        #expect(nowhere.result == "none" && !nowhere.lines.contains { $0.hasPrefix("stack: ") })

        let pop = try await navigate(shop, "pop")
        #expect(pop.result == "true" && pop.lines.contains("stack: catalog  [tab catalog]"))
        let rootPop = try await navigate(shop, "pop")
        #expect(rootPop.result == "false" && !rootPop.lines.contains { $0.hasPrefix("stack: ") }, "the stack's first page stays")

        try await shop.action("type-link", "shop://account/login")
        await expectStack(shop, "catalog | account/login  [tab catalog]")
        await shop.expectScreenshot(modal: true)
        let dismiss = try await navigate(shop, "dismiss")
        #expect(dismiss.result == "true" && dismiss.lines.contains("stack: catalog  [tab catalog]"))
        #expect(try await navigate(shop, "dismiss").result == "false")

        // A custom transition replaces the stack with the page opened: no catalog under it.
        try await shop.action("navigate", "replace shop://catalog/product/9")
        await expectStack(shop, "catalog/product/<int:id>  [tab catalog]")
        #expect(shop.lines.contains("log: shop.catalog: viewing product 9"))
        await shop.expectScreenshot()
        shop.expectNoGTKComplaints()
    }

    @Test("A modal without a navigation container: a page pushed on it opens in a new window with one; back closes each")
    func modalWithoutContainer() async throws {
        let session = try await DesktopSession(name: "nav-bare")
        let shop = try await start("bare", in: session)
        await expectStack(shop, "catalog  [tab catalog]")
        try await shop.action("type-link", "shop://cart")
        // The login interceptor asks first; its page must be up before its button is pressed.
        await expectStack(shop, "catalog | account/login  [tab catalog]")
        try await shop.action("press", "Sign in")
        await expectStack(shop, "catalog > cart  [tab catalog]")
        try await shop.action("back")
        await expectStack(shop, "catalog  [tab catalog]")
        try await shop.action("navigate", "present-bare shop://account/login")
        await expectStack(shop, "catalog | [account/login]  [tab catalog]")
        await shop.expectScreenshot(modal: true)
        try await shop.action("type-link", "shop://cart")
        await expectStack(shop, "catalog | [account/login] | cart  [tab catalog]")
        await shop.expectScreenshot(modal: true)
        try await shop.action("back")
        await expectStack(shop, "catalog | [account/login]  [tab catalog]")
        try await shop.action("back")
        await expectStack(shop, "catalog  [tab catalog]")
        await shop.expectScreenshot()
        shop.expectNoGTKComplaints()
    }

    @Test("Reconstruction into a modal: a link to the address flow's last step selects the account tab, presents the flow's first page in a window and pushes the step inside it")
    func reconstructionIntoModal() async throws {
        let session = try await DesktopSession(name: "nav-modal")
        let shop = try await start("modal-reconstruction", in: session)
        await expectStack(shop, "catalog  [tab catalog]")
        // Tab, parent, presented parent and page: one change of the open.
        let beforeLink = shop.lines.count
        try await session.run(RunningShop.executable, ["shop://account/address/confirm"])
        await expectStack(shop, "account | account/address > account/address/confirm  [tab account]")
        #expect(shop.lines.dropFirst(beforeLink).filter { $0.hasPrefix("stack: ") }.count == 1, "\(shop.lines)")
        await shop.expectScreenshot(modal: true)
        // Back inside the flow's window, then Confirm's link to the account page closes the flow.
        try await shop.action("back")
        await expectStack(shop, "account | account/address  [tab account]")
        try await shop.action("press", "Change")
        await expectStack(shop, "account | account/address > account/address/confirm  [tab account]")
        // The account page is updated in place (its route does that in its stack): the flow's
        // window goes and the page takes the link's parameters, in one change of the open.
        let before = shop.lines.count
        try await shop.action("press", "Confirm")
        // The page links by its typed link, a bare route key.
        #expect(await shop.next { $0 == "opened: account" } != nil)
        let changes = shop.lines.dropFirst(before).filter { $0.hasPrefix("stack: ") }
        #expect(changes == ["stack: account  [tab account]"], "\(shop.lines)")
        await shop.expectScreenshot()
        #expect(shop.lines.filter { $0.hasPrefix("stack: catalog") }.count == 1, "the catalog tab kept its page: \(shop.lines)")
        shop.expectNoGTKComplaints()
    }

    @Test("animated: false and route_no_animation=1 show the page at once; an animated push and back slide; a product shown beside the catalog does not slide")
    func animation() async throws {
        let session = try await DesktopSession(name: "nav-animation")
        let shop = try await start("animation", in: session)
        await expectStack(shop, "catalog  [tab catalog]")
        // The search page is pushed above the catalog: it slides in and out.
        try await shop.action("type-link", "shop://catalog/search?q=mug")
        await expectStack(shop, "catalog > catalog/search  [tab catalog]")
        #expect(await shop.next { $0.hasPrefix("sliding: ") } == "sliding: true")
        try await shop.action("back")
        await expectStack(shop, "catalog  [tab catalog]")
        #expect(await shop.next { $0.hasPrefix("sliding: ") } == "sliding: true")
        try await shop.action("navigate", "still shop://catalog/search?q=poster")
        await expectStack(shop, "catalog > catalog/search  [tab catalog]")
        #expect(await shop.next { $0.hasPrefix("sliding: ") } == "sliding: false")
        await shop.expectScreenshot()
        try await shop.action("back")
        await expectStack(shop, "catalog  [tab catalog]")
        try await shop.action("type-link", "shop://catalog/search?q=tea&route_no_animation=1")
        await expectStack(shop, "catalog > catalog/search  [tab catalog]")
        #expect(await shop.next { $0.hasPrefix("sliding: ") } == "sliding: false")
        await shop.expectScreenshot()
        // A product is shown beside the catalog (a split view): the catalog stays, nothing slides.
        try await shop.action("back")
        await expectStack(shop, "catalog  [tab catalog]")
        try await shop.action("type-link", "shop://catalog/product/42")
        await expectStack(shop, "catalog > catalog/product/<int:id>  [tab catalog]")
        #expect(await shop.next { $0.hasPrefix("sliding: ") } == "sliding: false")
        shop.expectNoGTKComplaints()
    }

    @Test("In dark mode (the desktop prefers dark) the windows are drawn dark: the account tab and the address flow's window")
    func darkMode() async throws {
        let session = try await DesktopSession(name: "nav-dark", environment: ["ADW_DEBUG_COLOR_SCHEME": "prefer-dark"])
        let shop = try await start("dark", in: session, links: ["shop://account/orders/3"])
        await expectStack(shop, "account > account/orders/<int:id>  [tab account]")
        await shop.expectScreenshot()
        // Tab, parent, presented parent and page: one change of the open.
        let beforeLink = shop.lines.count
        try await session.run(RunningShop.executable, ["shop://account/address/confirm"])
        await expectStack(shop, "account | account/address > account/address/confirm  [tab account]")
        #expect(shop.lines.dropFirst(beforeLink).filter { $0.hasPrefix("stack: ") }.count == 1, "\(shop.lines)")
        await shop.expectScreenshot(modal: true)
        shop.expectNoGTKComplaints()
    }
}
