import Foundation
import Glibc
import LinkRouterCore
@testable import LinkRouterDesktop
import Testing

private struct Plain: Routable {
    init?(parameters: RouteParameters) throws {}
}

/// Routes registered with these options, as `Router.routes` lists them.
private func routes(_ declared: [(String, RouteOptions)]) throws -> [RouteDescription] {
    let router = Router()
    for (pattern, options) in declared { try router.register(pattern, options: options, page: Plain.self) }
    return router.routes
}

@Suite("Launcher actions")
struct LauncherActionTests {
    @Test("The routes declared as launcher actions become the entry's Actions= groups, titled by their summaries; desktop-file-validate accepts the file and GLib launches each action with its link")
    func actionsFromRoutes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("linkrouter-actions-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("My Shop"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let actions = try DesktopEntry.Action.launcherActions(of: routes([
            ("catalog", RouteOptions(exposure: .external, summary: "Catalog")),
            ("cart", RouteOptions(exposure: .external, summary: "Cart", launcherAction: true)),
            ("catalog/search", RouteOptions(exposure: .external, summary: "Search; find products", launcherAction: true)),
        ]), scheme: "shop")
        #expect(actions == [
            try DesktopEntry.Action(id: "cart", name: "Cart", link: "shop://cart"),
            try DesktopEntry.Action(id: "catalog-search", name: "Search; find products", link: "shop://catalog/search"),
        ])
        // The program records its arguments: GLib starts it for an action as GNOME Shell does.
        let program = folder.appendingPathComponent("My Shop/shop").path
        let record = folder.appendingPathComponent("arguments").path
        #expect(mkfifo(record, 0o600) == 0)
        let script = "#!/bin/sh\nprintf '%s\\n' \"$@\" > '\(record)'\n"
        let written = try run("/bin/sh", ["-c", "printf '%s' \"$1\" > \"$2\" && chmod +x \"$2\"", "sh", script, program])
        try #require(written.status == 0, "\(written.output)")
        let entry = try DesktopEntry(name: "Shop", executable: program, schemes: ["shop"], actions: actions)
        let file = folder.appendingPathComponent("org.example.Shop.desktop")
        try entry.contents.write(to: file, atomically: true, encoding: .utf8)
        #expect(entry.contents.contains("Actions=cart;catalog-search;\n\n[Desktop Action cart]\nName=Cart\nExec=\"\(program)\" shop://cart\n"), "\(entry.contents)")
        let validated = try run("/usr/bin/desktop-file-validate", [file.path])
        #expect(validated.status == 0 && validated.output.isEmpty, "\(validated.output)\n\(entry.contents)")
        // GLib's own launcher (g_desktop_app_info_launch_action, what GNOME Shell calls), through
        // Debian's Python bindings; the program's arguments come through the FIFO once it ran.
        let recorded = Thread.detachedRead(record, timeout: 120)
        let launched = try run("/usr/bin/python3", ["-c", """
            import sys, gi
            gi.require_version('Gio', '2.0')
            from gi.repository import Gio, GLib
            info = Gio.DesktopAppInfo.new_from_filename(sys.argv[1])
            print(';'.join(info.list_actions()), info.get_action_name('catalog-search'))
            info.launch_action('catalog-search', None)
            """, file.path])
        #expect(launched.status == 0, "\(launched.output)")
        #expect(launched.output.hasPrefix("cart;catalog-search Search; find products"), "\(launched.output)")
        if launched.status != 0 { Thread.unblockRead(record) }
        #expect(recorded.wait() == "shop://catalog/search\n")
    }

    @Test("A route that cannot be a launcher action is refused, naming it and why: internal, without a summary, with placeholders")
    func refused() throws {
        let cases: [(String, RouteOptions, String)] = [
            ("admin", RouteOptions(summary: "Admin", launcherAction: true),
             "'admin' is declared a launcher action but is internal: the launcher opens its link as a link from outside, which an internal route refuses (declare it exposure: .external, or drop launcherAction)"),
            ("cart", RouteOptions(exposure: .external, launcherAction: true), "'cart' is declared a launcher action without a summary: the summary is the action's title"),
            ("product/<int:id>", RouteOptions(exposure: .external, summary: "A product", launcherAction: true),
             "'product/<int:id>' is declared a launcher action but its pattern has placeholders, wildcards or optional groups: the action's link is the pattern itself"),
            ("help(/:topic)", RouteOptions(exposure: .external, summary: "Help", launcherAction: true),
             "'help(/:topic)' is declared a launcher action but its pattern has placeholders, wildcards or optional groups: the action's link is the pattern itself"),
        ]
        for (pattern, options, reason) in cases {
            #expect(throws: DesktopEntry.InvalidValue(key: "Actions", reason: reason)) {
                try DesktopEntry.Action.launcherActions(of: routes([(pattern, options)]), scheme: "shop")
            }
        }
        #expect(throws: DesktopEntry.InvalidValue(key: "Actions", reason: "'new window' is not an action identifier (ASCII letters, digits and '-')")) {
            try DesktopEntry.Action(id: "new window", name: "New", link: "shop://new")
        }
        #expect(throws: DesktopEntry.InvalidValue(key: "Actions", reason: "two actions are named 'cart'")) {
            let cart = try DesktopEntry.Action(id: "cart", name: "Cart", link: "shop://cart")
            return try DesktopEntry(name: "Shop", executable: "shop", actions: [cart, cart])
        }
        // With a fixed host, the link names it.
        let hosted = try DesktopEntry.Action.launcherActions(of: routes([("cart", RouteOptions(exposure: .external, summary: "Cart", launcherAction: true))]), scheme: "shop", host: "example")
        #expect(hosted.map(\.link) == ["shop://example/cart"])
    }
}
