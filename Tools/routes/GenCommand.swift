import ArgumentParser
#if canImport(Glibc)
import Glibc
#endif

/// `routes gen BINARY`: Swift source with a `RouteKey` constant and a typed `RouteLink` builder for
/// every route a binary registers, so call sites never spell pattern strings or build URLs by hand.
struct GenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gen",
        abstract: "Generate typed URL builders for the routes of a binary.",
        discussion: """
            Prints Swift source: `extension RouteKey` with a constant per route and `enum Routes` with a \
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
        if let scheme, !Self.isValidScheme(scheme) {
            throw ValidationError("invalid scheme '\(scheme)': use a letter, then letters, digits, '+', '-' or '.'")
        }
    }

    func run() throws {
        // An unreadable file, no route section or a bad record: one line on stderr, exit 2.
        let routes = BinaryRoutes.read([binary])
        routes.requireWellFormed()

        let generator = SwiftSourceGenerator(command: commandLine, scheme: scheme, access: access)
        let source = generator.generate(routes.routeRecords)
        if let output {
            if let problem = Self.write(source, to: output) { Output.fail("cannot write \(output): \(problem)") }
        } else {
            print(source, terminator: "")
        }
    }

    /// The command as the header names it: the binary by file name only, so the output does not
    /// depend on where the binary was built.
    private var commandLine: String {
        let name = binary.split(separator: "/").last.map(String.init) ?? binary
        var words = ["routes", "gen", name]
        if let scheme { words += ["--scheme", scheme] }
        if access != .internal { words += ["--access", access.rawValue] }
        return words.joined(separator: " ")
    }

    /// Whether a scheme is valid in a URL (RFC 3986): a letter, then letters, digits, `+`, `-`, `.`.
    static func isValidScheme(_ scheme: String) -> Bool {
        guard let first = scheme.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic else { return false }
        return scheme.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0)) }
    }

    /// Writes the text to a file, replacing it; returns the system's message on failure.
    static func write(_ text: String, to path: String) -> String? {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return String(cString: strerror(errno)) }
        var text = text
        let failure: String? = text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return String(cString: strerror(errno))
                }
                offset += written
            }
            return nil
        }
        if close(descriptor) != 0, failure == nil { return String(cString: strerror(errno)) }
        return failure
    }
}

extension SwiftSourceGenerator.Access: ExpressibleByArgument {}
