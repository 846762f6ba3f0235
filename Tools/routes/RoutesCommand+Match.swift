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
                With --source, --web-host or --route-table, also what the app would do when it opens the link, from the binary alone: \
                the open runs on a router built as the app's (the same routes, web hosts and route table) and its decision trace is \
                printed (redirect hops, exposure, the query contract, disabled routes; "opens", "chain", "failure" and "trace" in JSON); \
                exit status 1 when the app would not open it. A record the app skips is reported on standard error.
                """
        )

        @Option(name: .customLong("pattern"), help: "A route pattern; repeat for several. Precedence follows the patterns, not their order, except for full ties.")
        var patterns: [String] = []

        @Option(help: "A fixed host: route keys are then the path alone.")
        var host: String?

        @Option(name: .customLong("web-host"), help: "A web host of the app: an https link to it is routed by its path; repeat for several.")
        var webHosts: [String] = []

        @Option(help: "Where the link comes from: app or external (external links reach external routes only).")
        var source: RouteMatch.Source?

        @Option(name: .customLong("route-table"), help: "The app's route table (JSON: redirects, disabled routes, groups, exposure), in force for the open.")
        var routeTable: String?

        @Flag(help: "Print one JSON object.")
        var json = false

        @Argument(help: "BINARY URL: the routes of an ELF file; or URL alone with --pattern.")
        var inputs: [String]

        func validate() throws {
            if patterns.isEmpty && inputs.count != 2 { throw ValidationError("give a binary and a URL, or --pattern and a URL") }
            if !patterns.isEmpty && inputs.count != 1 { throw ValidationError("with --pattern, give only the URL") }
        }

        func inspect() async throws(RouteInspectionError) -> CommandResult {
            // validate() has required one input or two.
            guard let url = inputs.last else { throw .invalidArgument("give a URL") }
            let routes: RouteMatch.Routes = patterns.isEmpty ? .binary(inputs[0]) : .patterns(patterns)
            let app = RouteMatch.App(
                host: host, webHosts: webHosts, source: source,
                routeTable: try routeTable.map { path throws(RouteInspectionError) in try RouteMatch.App.routeTable(file: path) }
            )
            let match = try await RouteMatch(url: url, in: routes, app: app)
            return CommandResult(
                output: (json ? try match.json() : match.text) + "\n", diagnostics: match.warnings.map { "routes: warning: \($0)\n" }.joined(),
                foundWhatItLookedFor: match.isMatch
            )
        }
    }
}

extension RouteMatch.Source: ExpressibleByArgument {}
