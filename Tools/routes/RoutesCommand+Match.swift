import ArgumentParser
import RouteInspection

extension RoutesCommand {
    /// `routes match BINARY URL` or `routes match --pattern P ... URL`: which pattern a URL
    /// resolves to, and why the others do not.
    struct Match: RoutesSubcommand {
        static let configuration = CommandConfiguration(
            commandName: "match",
            abstract: "Show which pattern a URL resolves to, with its parameters.",
            discussion: """
                Exit status: 0 the URL matched, 1 it matched no pattern (or names another host than --host), 2 bad arguments, pattern or URL.
                With --json, prints one object: {"serializationVersion": 1, "url": ..., "match": pattern or null, "params": {...}}.
                """
        )

        @Option(name: .customLong("pattern"), help: "A route pattern; repeat for several. Precedence follows the patterns, not their order, except for full ties.")
        var patterns: [String] = []

        @Option(help: "A fixed host: route keys are then the path alone.")
        var host: String?

        @Flag(help: "Print one JSON object.")
        var json = false

        @Argument(help: "BINARY URL: the routes of an ELF file; or URL alone with --pattern.")
        var inputs: [String]

        func validate() throws {
            if patterns.isEmpty && inputs.count != 2 { throw ValidationError("give a binary and a URL, or --pattern and a URL") }
            if !patterns.isEmpty && inputs.count != 1 { throw ValidationError("with --pattern, give only the URL") }
        }

        func inspect() throws(RouteInspectionError) -> CommandResult {
            let routes: RouteMatch.Routes = patterns.isEmpty ? .binary(inputs[0]) : .patterns(patterns)
            let match = try RouteMatch(url: inputs.last!, in: routes, host: host)
            return CommandResult(output: (json ? try match.json() : match.text) + "\n", foundWhatItLookedFor: match.isMatch)
        }
    }
}
