import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// `routes`: list, check and explain the routes of a LinkRouter app.
///
/// Exit status: 0 success, 1 the command found no match or problems, 2 bad input or arguments.
@main
struct RoutesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "routes",
        abstract: "List, check and explain the routes of a LinkRouter app.",
        discussion: "Exit status: 0 success, 1 no match (match) or problems found, 2 bad input or arguments.",
        subcommands: [DumpCommand.self, CheckCommand.self, MatchCommand.self, GenCommand.self]
    )

    /// Parses and runs, reporting any error as one line on standard error with exit status 2.
    static func main() async {
        do {
            var command = try parseAsRoot()
            if var command = command as? any AsyncParsableCommand {
                try await command.run()
            } else {
                try command.run()
            }
        } catch let exit as ExitCode {
            Self.exit(withError: exit)
        } catch {
            if exitCode(for: error) == .success {
                print(fullMessage(for: error))
                Self.exit(withError: ExitCode.success)
            }
            let message = self.message(for: error).split(separator: "\n").first.map(String.init) ?? "\(error)"
            Output.fail(message)
        }
    }
}

/// Writing to the terminal.
enum Output {
    /// Writes one line to standard error and exits with status 2 (bad input or arguments).
    static func fail(_ message: String) -> Never {
        FileHandleWriter.standardError.write("routes: \(message)\n")
        exit(2)
    }

    /// Encodes a value as one line of JSON.
    static func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// Left-aligned columns separated by two spaces.
    static func table(_ rows: [[String]]) -> String {
        guard let width = rows.map(\.count).max() else { return "" }
        let widths = (0..<width).map { column in rows.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : cell.padding(to: widths[column])
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }
}

private extension String {
    func padding(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}

/// Unbuffered writes to a file descriptor.
struct FileHandleWriter {
    let descriptor: Int32
    static let standardError = FileHandleWriter(descriptor: 2)

    func write(_ text: String) {
        var text = text
        text.withUTF8 { bytes in _ = Glibc.write(descriptor, bytes.baseAddress, bytes.count) }
    }
}
