// `swift package --allow-writing-to-package-directory generate-routes --product App --output
// Sources/App/Routes.generated.swift [--scheme app] [--access public]`: builds the product and
// writes what `routes gen` makes of its routes: a `RouteID` constant and a typed link builder per route.
import Foundation
import PackagePlugin

@main
struct GenerateRoutes: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var arguments = ArgumentExtractor(arguments)
        let outputs = arguments.extractOption(named: "output")
        guard let output = outputs.last, outputs.count == 1 else {
            throw RoutesPluginError(description: "name the file to write with one --output PATH (relative to the package)")
        }
        var genOptions: [String] = []
        for option in ["scheme", "access"] {
            for value in arguments.extractOption(named: option) { genOptions += ["--\(option)", value] }
        }
        let built = try BuiltProductRoutes(
            context: context, packageManager: packageManager, arguments: &arguments, exactlyOne: true,
            usage: "generate-routes takes --product NAME, --output PATH, --scheme, --access and --release"
        )
        try built.write(output, command: "gen", options: genOptions, context: context)
    }
}
