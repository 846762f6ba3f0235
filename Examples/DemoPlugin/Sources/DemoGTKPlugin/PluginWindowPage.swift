// A plugin with a GTK page, loaded with dlopen by a host with a GTK window. Host and plugin link
// LinkRouterGTKDynamic, so the page is the host's `GTKPage` and shows in the host's window.
import LinkRouter
import LinkRouterGTK

@Routable("plugin/window", exposure: .external, summary: "A GTK page from a dlopen'ed plugin")
@MainActor struct PluginWindowPage: GTKPage {
    @RouteParameter(from: .query) var name: String = "world"   // a link may set ?name=
    var title: String { "Hello, \(name)" }
    func makeWidget(in context: GTKPageContext) throws -> GTKWidget {
        .statusPage(title: title, description: "A page of libDemoGTKPlugin.so", child: .button("Wave") { [name] in
            print("waved: \(name)")
            context.open(PluginWindowPage.link(name: "\(name)-again"))
        })
    }
}
