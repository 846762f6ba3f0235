import Foundation
import LinkRouter
import LinkRouterGTK

/// The `.desktop` file that makes the app the desktop's handler of `shop:` links.
enum DesktopInstallation {
    static let fileName = "\(ShopApplication.id).desktop"

    struct InstallFailed: Error, CustomStringConvertible {
        let description: String
    }

    /// Writes the entry under `$XDG_DATA_HOME/applications` (default `~/.local/share`), with the
    /// launcher actions of the routes declared so (`launcherAction: true`: Cart, Search), and the
    /// search provider's file under `$XDG_DATA_HOME/gnome-shell/search-providers`, and runs
    /// `xdg-mime default` so `gio open shop://…` and `xdg-open` start (or reach) this executable.
    /// - Parameter routes: The app's routes, for the launcher actions.
    /// - Returns: The path of the entry written.
    static func install(routes: [RouteDescription]) throws -> String {
        let environment = ProcessInfo.processInfo.environment
        guard let dataHome = environment["XDG_DATA_HOME"].flatMap({ $0.isEmpty ? nil : $0 })
            ?? environment["HOME"].map({ $0 + "/.local/share" }) else {
            throw InstallFailed(description: "neither XDG_DATA_HOME nor HOME is set")
        }
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        let folder = dataHome + "/applications"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/" + fileName
        // Written by LinkRouterDesktop's DesktopEntry, which quotes the path for `Exec` (a
        // build folder with a space, `"` or `$` in its path still works).
        let entry: DesktopEntry
        do {
            entry = try DesktopEntry(
                name: "LinkRouter Shop", executable: executable, schemes: ["shop"],
                comment: "The LinkRouter desktop demo: opens shop:// links", categories: ["Utility"],
                actions: DesktopEntry.Action.launcherActions(of: routes, scheme: "shop")
            )
            let provider = try SearchProviderFile(
                desktopID: fileName, busName: ShopApplication.id, objectPath: "/" + ShopApplication.id.split(separator: ".").joined(separator: "/") + "/SearchProvider"
            )
            let providers = dataHome + "/gnome-shell/search-providers"
            try FileManager.default.createDirectory(atPath: providers, withIntermediateDirectories: true)
            try provider.contents.write(toFile: providers + "/" + provider.fileName, atomically: true, encoding: .utf8)
        } catch let error as DesktopEntry.InvalidValue {
            throw InstallFailed(description: "\(error)")
        }
        try entry.contents.write(toFile: path, atomically: true, encoding: .utf8)
        let xdgMime = Process()
        xdgMime.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        xdgMime.arguments = ["xdg-mime", "default", fileName, "x-scheme-handler/shop"]
        do {
            try xdgMime.run()
        } catch {
            throw InstallFailed(description: "wrote \(path), but could not run xdg-mime (install xdg-utils): \(error)")
        }
        xdgMime.waitUntilExit()
        guard xdgMime.terminationStatus == 0 else {
            throw InstallFailed(description: "wrote \(path), but `xdg-mime default` failed with status \(xdgMime.terminationStatus)")
        }
        return path
    }
}
