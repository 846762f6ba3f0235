import Foundation
import LinkRouterGTK

/// The `.desktop` file that makes the app the desktop's handler of `shop:` links.
enum DesktopInstallation {
    static let fileName = "\(ShopApplication.id).desktop"

    struct InstallFailed: Error, CustomStringConvertible {
        let description: String
    }

    /// Writes the entry under `$XDG_DATA_HOME/applications` (default `~/.local/share`) and runs
    /// `xdg-mime default` so `gio open shop://…` and `xdg-open` start (or reach) this executable.
    /// - Returns: The path written.
    static func install() throws -> String {
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
                comment: "The LinkRouter desktop demo: opens shop:// links", categories: ["Utility"]
            )
        } catch {
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
