// A host that links LinkRouter as the LinkRouterDynamic product, as its plugins do: host and
// plugins share the one libLinkRouterDynamic.so. (The demo, in the LinkRouter package itself,
// cannot link that product, so it exports its static copy instead.)
//
//   PluginHost PLUGIN.so   loads the plugin, prints what discovery found in it, opens its page and
//                          asks for its service, checks the routes with LinkRouterTesting as a
//                          test target would, hands a mailto: link to the desktop's opener through
//                          LinkRouterDesktop; exits 1 when any of these fails
import LinkRouter
import LinkRouterTesting   // from the LinkRouterDynamic product too: the same copy as the host's
import LinkRouterDesktop   // and so is this one (the LinkRouterDesktop product would be a second)
import ShopInterfaces
#if canImport(Glibc)
import Glibc
#endif

guard CommandLine.arguments.count == 2 else {
    print("usage: PluginHost PLUGIN.so")
    exit(2)
}
// Loaded by the host itself, as a library some other code loaded would be (`Router.loadPlugin`
// does both steps and reads the file first). Lazily bound: a plugin built against another
// LinkRouter loads, and discovery refuses its records before any of its Swift code runs.
guard let handle = dlopen(CommandLine.arguments[1], RTLD_LAZY) else {
    print("plugin not loaded: \(dlerror().map { String(cString: $0) } ?? CommandLine.arguments[1])")
    exit(1)
}
let router = Router(configuration: RouterConfiguration(allowedSchemes: ["shop"]), discovery: .manual)
let report = router.discoverRoutes(in: handle)
for refusal in report.refusedLibraries {
    print("refused: \(refusal)")
    exit(1)
}
print("routes: \(report.registered.joined(separator: ", "))")
print("services: \(report.registeredServices.joined(separator: ", "))")
for diagnostic in report.diagnostics { print("diagnostic: \(diagnostic)") }
let outcome = await router.open("shop://plugin/hello?name=host")
print("opened: \(outcome.page.map { "\($0)" } ?? "nothing")")
let recommendations = try? router.services.service((any RecommendationService).self).recommendations(for: "ada")
print("recommended: \(recommendations?.joined(separator: ", ") ?? "nothing")")
// What a host's test target checks: with a second copy of LinkRouter, the plugin's records would be
// refused and the URL would not resolve.
let checked = AppRoutes(configuration: RouterConfiguration(allowedSchemes: ["shop"]))
let problems = checked.problems + checked.mismatches(resolving: ["shop://plugin/hello": "plugin/hello"])
print("checked: \(problems.isEmpty ? "no problem" : problems.joined(separator: "; "))")
// The desktop's opener is `true` here: it takes any URL and succeeds.
router.setDispatcher(DesktopOpenerDispatcher(allowedSchemes: ["mailto"], opener: .init(executable: "true")), forSchemes: ["mailto"])
let handedOver = await router.open("mailto:ada@example.com")
print("desktop opener: \(handedOver.succeeded ? "opened" : "failed: \(handedOver.failure.map { "\($0)" } ?? "")") mailto:ada@example.com")
exit(outcome.page != nil && recommendations != nil && report.diagnostics.isEmpty && problems.isEmpty && handedOver.succeeded ? 0 : 1)
