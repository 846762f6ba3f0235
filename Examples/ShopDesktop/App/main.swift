// The desktop shop: a GTK 4 / libadwaita window over LinkRouter. Its feature modules (catalog,
// account, cart) register their pages by annotation; this file names none of them.
//
//   shop-desktop [URL...]              runs the app (or hands the URLs to the running one over D-Bus)
//   shop-desktop --print-stack         prints `stack: catalog > catalog/product/<int:id>` per change
//   shop-desktop --screenshot-dir DIR  saves a PNG of the window after each change
//   shop-desktop --install-desktop-entry   makes it the desktop's handler of shop:// links
//   shop-desktop --test-scripting      adds the actions tests drive it with (gapplication action ...)
//
// SHOP_DESKTOP_OPTIONS (options split at spaces) adds options to a start the desktop makes, as
// `gio open shop://…` does when the app is not running.
import LinkRouter
import Logging
#if canImport(Glibc)
import Glibc
#endif

func fail(_ message: String) -> Never {
    let line = "shop-desktop: \(message)\n"
    _ = line.withCString { write(STDERR_FILENO, $0, strlen($0)) }
    exit(2)
}

let options: DesktopOptions
do {
    let fromEnvironment = getenv("SHOP_DESKTOP_OPTIONS").map { String(cString: $0).split(separator: " ").map(String.init) } ?? []
    options = try DesktopOptions(Array(CommandLine.arguments.prefix(1)) + fromEnvironment + CommandLine.arguments.dropFirst())
} catch {
    fail("\(error)")
}

// The screenshot folder is made now, with its parents, so that a folder that cannot be made stops
// the app at start-up with the reason instead of failing every screenshot later.
if let folder = options.screenshotFolder {
    do {
        try ScreenshotFolder.make(folder)
    } catch {
        fail("--screenshot-dir: \(error)")
    }
}

if options.installsDesktopEntry {
    do {
        // The routes, found as the app finds them, for the launcher actions.
        let routes = Router(configuration: RouterConfiguration(allowedSchemes: ["shop"]), discovery: .automatic).routes
        print("installed \(try DesktopInstallation.install(routes: routes)); shop:// links now open in shop-desktop")
        exit(0)
    } catch {
        fail("\(error)")
    }
}

if options.printsStack { LoggingSystem.bootstrap { PrintedLog(label: $0) } }

// The top level runs on the main thread: GTKApplication.run turns the GLib main loop here, and
// it also runs the main actor's jobs.
do {
    exit(try ShopApplication(options: options).run())
} catch {
    fail("\(error)")
}
