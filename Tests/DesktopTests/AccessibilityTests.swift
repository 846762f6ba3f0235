import Foundation
import Testing

/// The desktop shop read through AT-SPI, as a screen reader reads it: GTK's accessibility on, the
/// session's accessibility bus (started on demand by D-Bus activation, `at-spi2-core`), and
/// Debian's Python bindings (`python3-pyatspi`) walking the app's tree of accessible objects.
@Suite(.serialized)
struct AccessibilityTests {
    /// Prints `ROLE<TAB>NAME` for every object of the application named `argv[1]` that a
    /// person can act on or type into, one a line, as AT-SPI reports them.
    static let reader = """
        import sys, pyatspi
        interactive = {"push button", "toggle button", "text", "entry", "password text", "page tab", "page tab list", "combo box"}
        for app in pyatspi.Registry.getDesktop(0):
            if app is None or app.name != sys.argv[1]:
                continue
            pending = [app]
            while pending:
                node = pending.pop()
                if node is None:
                    continue
                if node.getRoleName() in interactive:
                    print(node.getRoleName() + "\\t" + node.name, flush=True)
                pending.extend(node[i] for i in range(node.childCount))
        """

    /// What AT-SPI reports of the running app: (role, name) pairs.
    private func read(_ session: DesktopSession) async throws -> [(role: String, name: String)] {
        // Debian's python3, which has pyatspi (a python3 earlier on PATH may not).
        let python = "/usr/bin/python3"
        let run = try await session.run(python, ["-c", Self.reader, "shop-desktop"])
        #expect(run.status == 0, "\(run.output)")
        return run.output.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            return fields.count == 2 ? (fields[0], fields[1]) : nil
        }
    }

    @Test("A screen reader finds the back button, the tabs, the link entry and the sign-in field by name")
    func names() async throws {
        let session = try await DesktopSession(name: "a11y")
        let folder = session.folder.appendingPathComponent("shots")
        let shop = try await RunningShop(in: session, arguments: ["--print-stack", "--test-scripting", "--screenshot-dir", folder.path], accessibility: true)
        #expect(await shop.nextStack() == "catalog  [tab catalog]")
        try await session.run(RunningShop.executable, ["shop://catalog/product/42"])
        #expect(await shop.nextStack() == "catalog > catalog/product/<int:id>  [tab catalog]")
        // Read once the window shows the page (its screenshot is taken then).
        #expect(await shop.next { $0.hasPrefix("screenshot: ") } != nil)
        let main = try await read(session)
        #expect(main.contains { $0.role == "push button" && $0.name == "Back" }, "\(main)")
        #expect(main.contains { ($0.role == "text" || $0.role == "entry") && $0.name == "Link to open" }, "\(main)")
        // The tabs of the header bar's view switcher, by the names they show.
        #expect(main.contains { $0.role == "page tab" && $0.name == "Catalog" }, "\(main)")
        #expect(main.contains { $0.role == "page tab" && $0.name == "Account" }, "\(main)")

        try await shop.action("type-link", "shop://account/login")
        #expect(await shop.nextStack() == "catalog > catalog/product/<int:id> | account/login  [tab catalog]")
        #expect(await shop.next { $0.hasPrefix("screenshot: ") } != nil)
        let modal = try await read(session)
        #expect(modal.contains { ($0.role == "text" || $0.role == "entry") && $0.name == "Your name" }, "\(modal)")
        #expect(modal.contains { $0.role == "push button" && $0.name == "Sign in" }, "\(modal)")
        // Nothing a person can act on is nameless.
        #expect((main + modal).filter { $0.name.isEmpty }.isEmpty, "\(main + modal)")
    }
}
