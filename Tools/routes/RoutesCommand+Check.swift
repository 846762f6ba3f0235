import ArgumentParser
import RouteInspection

extension RoutesCommand {
    /// `routes check BINARY...`: the checks run-time validation does, offline, for CI.
    struct Check: RoutesSubcommand {
        static let configuration = CommandConfiguration(
            commandName: "check",
            abstract: "Check the routes of ELF files: the checks discovery and AppRoutes.validate() run, offline.",
            discussion: """
                Bad records and patterns, duplicate routes, services, interceptors and modules, refused \
                overrides, interceptors and modules replaced by another's override, ties, shadowed routes, \
                interceptor scopes that match no route, pages that do not offer their route's protocol. \
                Prints each problem on one line (file, pattern, what, why), then each override taken \
                (note: ...); with --forms, first the forms of every pattern with optional groups, in \
                precedence order. A program among the files is the app's executable: its interceptors and \
                modules marked 'overrides: true' may replace others of their name.
                Exit status: 0 no problems, 1 problems found, 2 bad input (a file that cannot be read).
                """
        )

        @Argument(help: "ELF files whose routes are checked together, as one app would register them.")
        var binaries: [String]

        @Flag(help: "First list the forms of every pattern with optional groups, in precedence order.")
        var forms = false

        @Option(name: .customLong("expect-override"), help: ArgumentHelp(
            "An interceptor or module, by name, that another's override is expected to replace (repeat for each); any other replacement is a problem.",
            valueName: "name"
        ))
        var expectedOverrides: [String] = []

        func inspect() throws(RouteInspectionError) -> CommandResult {
            let check = try RouteCheck(binaries: binaries, expectedOverrides: Set(expectedOverrides))
            let output = (forms ? check.formsText.map { $0 + "\n" } ?? "" : "") + check.text + "\n"
            return CommandResult(output: output, foundWhatItLookedFor: !check.hasProblems)
        }
    }
}
