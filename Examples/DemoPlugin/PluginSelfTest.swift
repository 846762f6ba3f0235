// Lets a C host that links this library at start-up (instead of dlopen'ing it) check that
// discovery works inside a dynamic library product: the end-to-end tests build such a host.
import LinkRouter

/// Registers the routes of every loaded object with a new router, prints the patterns one per
/// line, and returns 0 when this library's own route is among them and resolves.
@_cdecl("demo_plugin_self_test")
public func demoPluginSelfTest() -> Int32 {
    let router = Router(discovery: .manual)
    let report = router.registerRoutes()
    for pattern in report.registered.sorted() { print(pattern) }
    return (try? router.resolve("plugin/hello?name=host"))?.pattern.text == "plugin/hello" ? 0 : 1
}
