// A plugin loaded at run time with dlopen. It links LinkRouter as the LinkRouterDynamic product, so
// its references to LinkRouter bind to the copy its host already has: its pages are the host's
// `Routable`s and its service implements the host's protocol.
import LinkRouter
import ShopInterfaces

@Routable("plugin/hello", exposure: .external, summary: "A page from a dlopen'ed plugin")
struct PluginHelloPage: CustomStringConvertible {
    @RouteParameter(from: .query) var name = "world"
    var description: String { "PluginHelloPage(name: \(name))" }
}

/// The protocol the plugin implements, declared routable where the plugin uses it: a host's checks
/// find its provider here.
#routableProtocol((any RecommendationService).self)

@RoutableService((any RecommendationService).self)
struct PluginRecommendations: RecommendationService {
    init() {}
    func recommendations(for user: String) -> [String] { ["tea mug", "enamel poster"] }
}

/// The plugin's own rule for its pages, declared with them: added to the host's router when the
/// host registers the plugin (`discoverRoutes(in:)`), and kept as long as the plugin's routes.
@RouteInterceptor(scope: .pattern("plugin/**"), priority: 10)
struct PluginNameInterceptor: RouteInterceptor {
    func intercept(_ request: InterceptionRequest, decision: InterceptorDecision) {
        if request.parameters.values("name").contains("") { return decision.stop(reason: "the plugin greets no one without a name") }
        decision.proceed()
    }
}
