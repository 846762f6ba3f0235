import ArgumentParser
import RouteInspection

extension RoutesCommand {
    /// `routes gen BINARY`: Swift source with a `RouteID` constant and a typed `RouteLink` builder
    /// for every route a binary registers.
    struct Gen: RoutesSubcommand {
        static let configuration = CommandConfiguration(
            commandName: "gen",
            abstract: "Generate typed URL builders for the routes of a binary.",
            discussion: """
                Prints Swift source: `extension RouteID` with a constant per route and `enum Routes` with a \
                builder per route, e.g. `Routes.catalogProduct(id: 42).url`. The output depends only on the \
                routes and the options. Records whose pattern does not parse are left out (see `routes check`).
                Values are percent-encoded, so a link resolves to its route for any value but an empty string \
                segment (URLs drop empty segments) or a non-finite Double.
                Exit status: 0 success, 2 the file cannot be read, has no route section or a bad record, or the \
                output cannot be written.
                """
        )

        @Argument(help: "The executable or shared library whose route records to read.")
        var binary: String

        @Option(help: ArgumentHelp("Write the source to this file instead of standard output.", valueName: "file"))
        var output: String?

        @Option(help: "The scheme of the built URLs (e.g. shop); without it, a link's URL is its route key.")
        var scheme: String?

        @Option(help: "The access level of the generated declarations.")
        var access: SwiftSourceGenerator.Access = .internal

        func validate() throws {
            if let scheme {
                do { try GeneratedRoutes.validate(scheme: scheme) } catch { throw ValidationError(error.description) }
            }
        }

        func inspect() throws(RouteInspectionError) -> CommandResult {
            let generated = try GeneratedRoutes(binary: binary, scheme: scheme, access: access)
            let diagnostics = generated.warnings.map { "routes: warning: \($0)\n" }.joined()
            guard let output else { return CommandResult(output: generated.source, diagnostics: diagnostics) }
            try generated.write(to: output)
            return CommandResult(output: "", diagnostics: diagnostics)
        }
    }
}

extension SwiftSourceGenerator.Access: ExpressibleByArgument {}
