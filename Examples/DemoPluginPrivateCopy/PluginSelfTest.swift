// A plugin built the way that does not work with a host: a `.dynamic` product whose target depends
// on LinkRouter (not LinkRouterDynamic), so it carries a private copy of the library and the demo
// refuses its records. Linked at start-up as a program's only LinkRouter, it works: the end-to-end
// tests build a C host that calls `demo_plugin_self_test`.
import LinkRouter

@Routable("plugin/private-copy", exposure: .external, summary: "A page of a plugin with a private copy of LinkRouter")
struct PrivateCopyPage: CustomStringConvertible {
    var description: String { "PrivateCopyPage()" }
}

/// Registers the routes of every loaded object with a new router, prints the patterns one per
/// line, and returns 0 when this library's own route is among them and resolves.
@_cdecl("demo_plugin_self_test")
public func demoPluginSelfTest() -> Int32 {
    let router = Router(discovery: .manual)
    let report = router.registerRoutes()
    for pattern in report.registered.sorted() { print(pattern) }
    return (try? router.resolve("plugin/private-copy"))?.pattern.text == "plugin/private-copy" ? 0 : 1
}
