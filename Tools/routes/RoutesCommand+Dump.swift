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
                records of kind "service", their pattern the protocol's name and their lifetime set. Each \
                record says its layout version (recordVersion in JSON).
                Records that cannot be read (a record version this tool does not know, a bad record) are \
                listed last with their file, offset, version and problem ("unreadable" in JSON); the \
                others are listed all the same.
                Exit status: 0 every record listed, 1 some records could not be read, 2 bad input (not \
                ELF, truncated, no route section).
                """
        )

        @Argument(help: "ELF files to read; their records merge into one table.")
        var binaries: [String]

        @Flag(help: "Print one JSON object: {\"serializationVersion\": 1, \"records\": [...], \"unreadable\": [...]}.")
        var json = false

        @Flag(help: "Print the patterns as a tree of segments (then the services).")
        var tree = false

        func inspect() throws(RouteInspectionError) -> CommandResult {
            let format: RouteDump.Format = json ? .json : tree ? .tree : .table
            let dump = try RouteDump(binaries: binaries)
            return CommandResult(output: try dump.text(format) + "\n", foundWhatItLookedFor: dump.isComplete)
        }
    }
}
