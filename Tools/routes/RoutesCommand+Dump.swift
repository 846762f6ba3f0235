import ArgumentParser
import RouteInspection

extension RoutesCommand {
    /// `routes dump BINARY...`: every route and service record of one or more ELF files.
    struct Dump: RoutesSubcommand {
        static let configuration = CommandConfiguration(
            commandName: "dump",
            abstract: "List every route and service record of ELF files (executables, shared libraries, object files).",
            discussion: """
                Reads the linkrouter_routes section with libelf; nothing of the file is run or loaded.
                Services (@RoutableService) follow the routes in a table of their own; in JSON they are \
                records of kind "service", their pattern the protocol's name and their lifetime set.
                Exit status: 0 success, 2 bad input (not ELF, truncated, no route section, bad records).
                """
        )

        @Argument(help: "ELF files to read; their records merge into one table.")
        var binaries: [String]

        @Flag(help: "Print one JSON object: {\"serializationVersion\": 1, \"records\": [...]}.")
        var json = false

        @Flag(help: "Print the patterns as a tree of segments (then the services).")
        var tree = false

        func inspect() throws(RouteInspectionError) -> CommandResult {
            let format: RouteDump.Format = json ? .json : tree ? .tree : .table
            return CommandResult(output: try RouteDump(binaries: binaries).text(format) + "\n")
        }
    }
}
