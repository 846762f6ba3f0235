import Foundation
import Testing

/// A product of this package built next to the test binary (or in the release folder beside
/// it), run as a separate process.
struct BuiltProduct {
    enum Configuration: String { case debug, release }

    let name: String
    var configuration = Configuration.debug

    /// The folder holding the test binary and the package's other products.
    static let buildFolder: URL = {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var folder = executable.deletingLastPathComponent()
        // Bundled test layouts put the binary inside `*.xctest/...`; products sit beside the bundle.
        while folder.path.contains(".xctest") { folder = folder.deletingLastPathComponent() }
        return folder
    }()

    /// The folder of this product's configuration.
    var folder: URL {
        configuration == .debug ? Self.buildFolder
            : Self.buildFolder.deletingLastPathComponent().appendingPathComponent(configuration.rawValue)
    }

    var path: URL { folder.appendingPathComponent(name) }

    struct Run {
        let status: Int32
        /// Standard output as written.
        let output: Data
        let standardError: String
        var standardOutput: String { String(decoding: output, as: UTF8.self) }
        var lines: [String] { standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
    }

    /// Runs the product with the arguments and standard input, and waits for it to exit.
    func run(_ arguments: [String], input: String = "") throws -> Run {
        try run(arguments, input: Data(input.utf8))
    }

    /// Runs the product with the arguments and bytes on standard input, and waits for it to exit.
    func run(_ arguments: [String], input: Data) throws -> Run {
        guard FileManager.default.isExecutableFile(atPath: path.path) else {
            throw MissingProduct(path: path.path)
        }
        return try Self.run(path, arguments, input: input)
    }

    /// Runs any executable with the arguments and standard input, and waits for it to exit.
    static func run(_ executable: URL, _ arguments: [String], input: String = "") throws -> Run {
        try run(executable, arguments, input: Data(input.utf8))
    }

    /// Runs any executable with the arguments and bytes on standard input, and waits for it to exit.
    static func run(_ executable: URL, _ arguments: [String], input: Data) throws -> Run {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        // Input is written, and standard error read, each on a thread of its own while standard
        // output is read here: a child that fills one pipe (64 KiB) while this process is busy
        // with another would wait forever, and so would the test.
        let writer = stdin.fileHandleForWriting
        let written = OnOwnThread { writer.write(input); try? writer.close(); return Data() }
        let errors = OnOwnThread { [reader = stderr.fileHandleForReading] in reader.readDataToEndOfFile() }
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        _ = written.result
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus,
            output: output,
            standardError: String(decoding: errors.result, as: UTF8.self)
        )
    }

    /// Bytes made by a body that blocks (a pipe read or write), on a thread of its own.
    private final class OnOwnThread: @unchecked Sendable {
        private var bytes = Data()
        private let done = DispatchSemaphore(value: 0)

        init(_ body: @escaping @Sendable () -> Data) {
            Thread { [self] in
                bytes = body()
                done.signal()
            }.start()
        }

        /// The bytes, once the body returned.
        var result: Data {
            done.wait()
            defer { done.signal() }
            return bytes
        }
    }

    /// Like ``run(_:_:input:)``, waiting on a thread of its own: a test that waits minutes for a
    /// child (SwiftPM building a package) must not hold one of the cooperative pool's threads,
    /// which the other tests running meanwhile need (there are two on a 2-core machine).
    static func runOnOwnThread(_ executable: URL, _ arguments: [String]) async throws -> Run {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try run(executable, arguments, input: Data()) }) }.start()
        }
    }

    struct MissingProduct: Error, CustomStringConvertible {
        let path: String
        var description: String {
            "\(path) is not built; run `swift build`, and `swift build --package-path Examples/DemoPlugin --scratch-path .build` for the plugin and PluginHost (scripts/test does both), before `swift test`"
        }
    }
}
