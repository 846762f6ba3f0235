/// The app's own command-line options; everything else (the URLs) goes to GApplication.
struct DesktopOptions {
    /// Print `stack: ...` after each change of the stack (and `toast: ...`, `screenshot: ...`).
    var printsStack = false
    /// Save a PNG of the window after each change, into this folder.
    var screenshotFolder: String?
    /// Write the `.desktop` file and make the app the `shop:` handler, then exit.
    var installsDesktopEntry = false
    /// Add the application actions that drive the window as a person would (`back`, `press`,
    /// `close-window`, `close-main-window`, `type-link`), for tests and demos. Off by default: any
    /// program on the session bus can activate an action, and `type-link` opens a URL as typed
    /// into the app (internal routes included).
    var addsScriptingActions = false
    /// The program name and the URLs, for `g_application_run`.
    var applicationArguments: [String] = []

    struct BadOption: Error, CustomStringConvertible {
        let description: String
    }

    init(_ arguments: [String]) throws(BadOption) {
        applicationArguments = [arguments.first ?? "shop-desktop"]
        var rest = arguments.dropFirst()
        while let argument = rest.popFirst() {
            switch argument {
            case "--print-stack": printsStack = true
            case "--install-desktop-entry": installsDesktopEntry = true
            case "--test-scripting": addsScriptingActions = true
            case "--screenshot-dir":
                guard let folder = rest.popFirst(), !folder.isEmpty else { throw BadOption(description: "--screenshot-dir needs a folder") }
                screenshotFolder = folder
            case let option where option.hasPrefix("--"):
                throw BadOption(description: "unknown option '\(option)' (expected --print-stack, --screenshot-dir DIR, --install-desktop-entry, --test-scripting, or shop:// URLs)")
            default:
                applicationArguments.append(argument)
            }
        }
    }
}
