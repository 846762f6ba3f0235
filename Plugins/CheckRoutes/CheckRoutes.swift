// `swift package check-routes [--product App]...`: builds each product and runs `routes check` on
// it, so an app's CI checks its routes with one line. Fails when a product has a problem.
import Foundation
import PackagePlugin

@main
struct CheckRoutes: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var arguments = ArgumentExtractor(arguments)
        let built = try BuiltProductRoutes(
            context: context, packageManager: packageManager, arguments: &arguments, exactlyOne: false,
            usage: "check-routes takes --product NAME, repeated, and --release"
        )
        var failed: [String] = []
        for (product, binary) in built.binaries {
            BuiltProductRoutes.say("routes check \(product):")
            if try built.run(["check", binary.path]) != 0 { failed.append(product) }
        }
        if !failed.isEmpty {
            throw RoutesPluginError(description: "route problems in \(failed.joined(separator: ", ")) (see above)")
        }
    }
}
