import ArgumentParser
import RouteInspection

extension RoutesCommand {
    /// `routes check BINARY...`: the checks run-time validation does, offline, for CI.
    struct Check: RoutesSubcommand {
        static let configuration = CommandConfiguration(
            commandName: "check",
            abstract: "Check the routes of ELF files: bad records, bad patterns, duplicates, ties, shadowed routes and duplicate services.",
            discussion: """
                Prints each problem on one line (file, pattern, what, why); with --forms, first the forms of \
                every pattern with optional groups, in precedence order.
                Exit status: 0 no problems, 1 problems found, 2 bad input (a file that cannot be read).
                """
        )

        @Argument(help: "ELF files whose routes are checked together, as one app would register them.")
        var binaries: [String]

        @Flag(help: "First list the forms of every pattern with optional groups, in precedence order.")
        var forms = false

        func inspect() throws(RouteInspectionError) -> CommandResult {
            let check = try RouteCheck(binaries: binaries)
            let output = (forms ? check.formsText.map { $0 + "\n" } ?? "" : "") + check.text + "\n"
            return CommandResult(output: output, foundWhatItLookedFor: !check.hasProblems)
        }
    }
}
