import Foundation
import Testing

/// A plugin host with a GTK window (Examples/DemoPlugin's GTKPluginHost, on the
/// LinkRouterGTKDynamic product, built with the plugin by scripts/test) shows a plugin's GTK page
/// in its window: host, window and plugin share one copy of the core.
struct GTKPluginHostTests {
    /// The products beside the test binary.
    static let folder: URL = {
        var folder = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        while folder.path.contains(".xctest") { folder = folder.deletingLastPathComponent() }
        return folder
    }()

    struct NotBuilt: Error, CustomStringConvertible {
        let path: String
        var description: String {
            "\(path) is not built; run `swift build --package-path Examples/DemoPlugin --scratch-path .build` (scripts/test does) before `swift test`"
        }
    }

    @Test("GTKPluginHost opens the plugin's page in its window: the stack shows it, and its button, pressed there, reaches the host's navigator")
    func pluginPageInTheHostsWindow() async throws {
        let host = Self.folder.appendingPathComponent("GTKPluginHost").path
        let plugin = Self.folder.appendingPathComponent("libDemoGTKPlugin.so").path
        for path in [host, plugin] where !FileManager.default.fileExists(atPath: path) { throw NotBuilt(path: path) }
        let session = try await DesktopSession(name: "plugin-host")
        let run = try await session.run(host, [plugin, "shop://plugin/window?name=host"])
        let lines = run.output.split(separator: "\n").map(String.init)
        #expect(run.status == 0, "\(run.output)")
        #expect(lines.contains("routes: plugin/window"), "\(run.output)")
        #expect(lines.contains("opened: PluginWindowPage"), "\(run.output)")
        #expect(lines.contains("stack: plugin/window"), "\(run.output)")
        // The plugin's button, pressed in the host's window, runs the plugin's code, which hands
        // the host's navigator a link.
        #expect(lines.contains("pressed: true"), "\(run.output)")
        #expect(lines.contains("waved: host"), "\(run.output)")
        #expect(lines.contains("link from the page: plugin/window?name=host-again"), "\(run.output)")
        #expect(!lines.contains { $0.hasPrefix("diagnostic:") }, "\(run.output)")
    }
}
