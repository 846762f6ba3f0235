// `swift package --allow-writing-to-package-directory generate-links --product App --format FORMAT
// --output PATH [--host HOST] [--app-id ID] [--scheme S] [--package NAME] [--sha256 FP] [--min-sdk N]
// [--name NAME --exec PATH] [--strict]`: builds the product and writes what `routes links` makes of
// its routes: an apple-app-site-association file, Android intent filters, assetlinks.json, or the
// desktop entry's MimeType line (the whole entry with --name and --exec). The report (over-claims, routes not claimed) is printed; --strict fails on it.
import Foundation
import PackagePlugin

@main
struct GenerateLinks: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var arguments = ArgumentExtractor(arguments)
        let outputs = arguments.extractOption(named: "output")
        guard let output = outputs.last, outputs.count == 1 else {
            throw RoutesPluginError(description: "name the file to write with one --output PATH (relative to the package)")
        }
        let formats = arguments.extractOption(named: "format")
        guard let format = formats.last, formats.count == 1 else {
            throw RoutesPluginError(description: "name the file's format with one --format (apple-app-site-association, android-intent-filters, assetlinks or desktop-entry)")
        }
        var linkOptions = ["--format", format]
        for option in ["host", "app-id", "scheme", "package", "sha256", "min-sdk", "name", "exec"] {
            for value in arguments.extractOption(named: option) { linkOptions += ["--\(option)", value] }
        }
        if arguments.extractFlag(named: "strict") > 0 { linkOptions.append("--strict") }
        let built = try BuiltProductRoutes(
            context: context, packageManager: packageManager, arguments: &arguments, exactlyOne: true,
            usage: "generate-links takes --product NAME, --format, --output PATH, --host, --app-id, --scheme, --package, --sha256, --min-sdk, --name, --exec, --strict and --release"
        )
        try built.write(output, command: "links", options: linkOptions, context: context)
    }
}
