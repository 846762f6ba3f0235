// The samples of "How discovery works", section Plugins
// (Sources/LinkRouter/LinkRouter.docc/HowDiscoveryWorks.md), shown there through `@Snippet`
// slices; `swift build` compiles this file.

// snippet.load
import Glibc
import LinkRouter

if let handle = dlopen("libPlugin.so", RTLD_NOW) {
    let report = Router.shared.discoverRoutes(in: handle)   // its routes and services, once
    print(report.registered)
}
// snippet.end

// snippet.check
/// What a test of a host on LinkRouterDynamic checks without LinkRouterTesting: the routes and
/// services of every module linked into the test binary, registered and validated.
func hostRoutesAreSound() -> Bool {
    let report = Router(discovery: .manual).registerRoutes(validating: true)
    for problem in report.diagnostics { print(problem) }
    return report.diagnostics.isEmpty && report.duplicateRoutes.isEmpty
        && report.serviceProblems.isEmpty && report.conflicts.isEmpty
}
// snippet.end

print(hostRoutesAreSound())   // true
