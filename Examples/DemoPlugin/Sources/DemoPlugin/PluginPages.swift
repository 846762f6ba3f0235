// A plugin loaded at run time with dlopen. It links LinkRouter as the LinkRouterDynamic product, so
// its references to LinkRouter bind to the copy its host already has: its pages are the host's
// `Routable`s and its service implements the host's protocol.
import LinkRouter
import ShopInterfaces

@Routable("plugin/hello", exposure: .external, summary: "A page from a dlopen'ed plugin")
struct PluginHelloPage: CustomStringConvertible {
    var name = "world"
    var description: String { "PluginHelloPage(name: \(name))" }
}

@RoutableService((any RecommendationService).self)
struct PluginRecommendations: RecommendationService {
    init() {}
    func recommendations(for user: String) -> [String] { ["tea mug", "enamel poster"] }
}
