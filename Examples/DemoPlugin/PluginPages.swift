// A plugin loaded at run time with dlopen. It binds to the host's copy of LinkRouter (the host
// exports its symbols), so its pages are the host's `Routable`s.
import LinkRouter

@Routable("plugin/hello", exposure: .external, summary: "A page from a dlopen'ed plugin")
struct PluginHelloPage: CustomStringConvertible {
    let name: String
    init?(parameters: RouteParameters) throws { name = parameters.string("name", default: "world") }
    var description: String { "PluginHelloPage(name: \(name))" }
}
