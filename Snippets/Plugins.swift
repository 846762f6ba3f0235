// The samples of "How discovery works", section Plugins
// (Sources/LinkRouter/LinkRouter.docc/HowDiscoveryWorks.md), shown there through `@Snippet`
// slices; `swift build` compiles this file.

import LinkRouterTesting

// snippet.load
import LinkRouter

do {
    let report = try Router.shared.loadPlugin(atPath: "libPlugin.so")   // its routes and services, once
    print(report.registered)
} catch {
    print(error)   // libPlugin.so: not loaded: cannot open: No such file or directory
}
// snippet.end

// snippet.check
/// What a test target of a host on LinkRouterDynamic checks, with `import LinkRouterTesting` (the
/// LinkRouterDynamic product holds it: the host's own copy): the routes and services of every
/// module linked into the test binary, discovered and validated.
func hostRoutesAreSound() -> Bool {
    let routes = AppRoutes(configuration: RouterConfiguration(allowedSchemes: ["app"]))
    for problem in routes.problems { print(problem) }
    return routes.problems.isEmpty
}
// snippet.end

print(hostRoutesAreSound())   // true
