import ArgumentParser
import RouteInspection
#if canImport(Glibc)
import Glibc
#endif

/// `routes`: list, check and explain the routes of a LinkRouter app.
///
/// Exit status: 0 success, 1 the command found no match, problems or unreadable records, 2 bad input or
/// arguments, 3 `links` could not verify a file.
@main
struct RoutesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "routes",
        abstract: "List, check and explain the routes of a LinkRouter app.",
        discussion: "Exit status: 0 success, 1 no match (match), problems found (check, links --check) or records that could not be read (dump), 2 bad input or arguments, 3 links could not verify a file (a check neither passed nor failed, or a file not written).",
        subcommands: [Dump.self, Check.self, Match.self, Gen.self, Links.self]
    )

    /// Parses the command line, runs the subcommand and exits with the status ``exitStatus(_:)`` decides.
    static func main() async {
        Glibc.exit(await exitStatus(Array(CommandLine.arguments.dropFirst())))
    }

    /// Parses and runs: the one place where exit statuses are decided.
    ///
    /// 0: success (and help). 1: `match` found no route, `check` found problems, or `dump` listed
    /// what it could but some records could not be read. 2: bad input
    /// (``RouteInspectionError``) or bad arguments (argument-parser's errors), reported as one line
    /// on standard error with nothing on standard output. 3: `links` could not verify a file's
    /// rules against the routes (past a limit of the verification): neither a pass nor a failure.
    static func exitStatus(_ arguments: [String]) async -> Int32 {
        do {
            var command = try parseAsRoot(arguments)
            guard let subcommand = command as? any RoutesSubcommand else {
                try command.run()  // `routes` alone: argument-parser asks for the help
                return 0
            }
            let result = try await subcommand.inspect()
            writeStandardError(result.diagnostics)
            print(result.output, terminator: "")
            if result.couldNotVerify { return 3 }
            return result.foundWhatItLookedFor ? 0 : 1
        } catch let error as RouteInspectionError {
            return fail(error.description)
        } catch {
            // argument-parser's own errors: a help or version request succeeds; anything else is a
            // bad argument, of which the first line of argument-parser's message is shown.
            if exitCode(for: error) == .success {
                print(fullMessage(for: error))
                return 0
            }
            return fail(message(for: error).split(separator: "\n").first.map(String.init) ?? "\(error)")
        }
    }

    /// Writes `routes: message` on standard error; returns exit status 2.
    private static func fail(_ message: String) -> Int32 {
        writeStandardError("routes: \(message)\n")
        return 2
    }

    private static func writeStandardError(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            guard let start = bytes.baseAddress else { return }
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(2, start + offset, bytes.count - offset)
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { return }
                offset += written
            }
        }
    }
}

/// A `routes` subcommand: its arguments, parsed by argument-parser, and a run that returns what to
/// print; ``RoutesCommand/exitStatus(_:)`` prints it and decides the exit status.
protocol RoutesSubcommand: ParsableCommand {
    /// Runs the command on the `RouteInspection` library (`match` awaits an open of the app's router).
    func inspect() async throws(RouteInspectionError) -> CommandResult
}

/// What a subcommand prints, and how it came out.
struct CommandResult {
    /// Standard output, with its final newline; empty for none.
    var output: String
    /// Standard error, written before the output (reports such as `routes links`' over-claims), one
    /// line each with its newline; empty for none.
    var diagnostics = ""
    /// `false` when `match` found no route, `check` or `links --check` found problems, or `dump`
    /// could not read every record (exit status 1).
    var foundWhatItLookedFor = true
    /// `links` could not verify the file's rules against the routes (exit status 3).
    var couldNotVerify = false
}
