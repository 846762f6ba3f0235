// A plugin host with a GTK window. It links LinkRouter and LinkRouterGTK as one shared library,
// the LinkRouterGTKDynamic product, as its plugins do: host, window and plugins share one copy of
// the core. (LinkRouterDynamic beside the LinkRouterGTK product would link a second, static copy
// into the host: two registries, two `Router.shared`.)
//
//   GTKPluginHost PLUGIN.so URL   loads the plugin, opens URL in the window; once the window shows
//                                 it, prints the stack and presses the page's "Wave" button, which
//                                 hands the window a link; then closes it; exits 1 when any fails
import LinkRouter
// pressButton and closeMainWindow drive the window as a person would.
@_spi(Testing) import LinkRouterGTK
#if canImport(Glibc)
import Glibc
#endif

guard CommandLine.arguments.count == 3 else {
    print("usage: GTKPluginHost PLUGIN.so URL")
    exit(2)
}
let router = Router(configuration: RouterConfiguration(allowedSchemes: ["shop"]), discovery: .manual)
let report: DiscoveryReport
do { report = try router.loadPlugin(atPath: CommandLine.arguments[1]) } catch {
    print("plugin not loaded: \(error)")
    exit(1)
}
print("routes: \(report.registered.joined(separator: ", "))")
for diagnostic in report.diagnostics { print("diagnostic: \(diagnostic)") }

let application = GTKApplication(id: "org.linkrouter.GTKPluginHost", handlesOpen: false)
var succeeded = false
application.onActivate {
    let navigator: GTKNavigator
    do {
        navigator = try GTKNavigator(application: application, title: "Plugin host")
    } catch {
        print("no window: \(error)")
        return application.quit()
    }
    router.navigator = navigator
    Task { @MainActor in
        let outcome = await router.open(CommandLine.arguments[2])
        print("opened: \(outcome.page.map { "\(type(of: $0))" } ?? "nothing (\(outcome.failure.map { "\($0)" } ?? ""))")")
        navigator.whenSettled { unsettled in
            print("stack: \(navigator)")
            // The plugin's button asks the host's navigator to open a link.
            navigator.linkHandler = { link, _ in
                print("link from the page: \(link)")
                succeeded = report.diagnostics.isEmpty
                navigator.closeMainWindow()
            }
            // Found only when the plugin's widget is mapped in the host's window.
            let pressed = unsettled == nil && outcome.page != nil && navigator.pressButton(labelled: "Wave")
            print("pressed: \(pressed)")
            if !pressed { navigator.closeMainWindow() }
        }
    }
}
let status = application.run(arguments: [CommandLine.arguments[0]])
exit(status == 0 && succeeded ? 0 : 1)
