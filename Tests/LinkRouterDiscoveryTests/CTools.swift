import Foundation
import Testing

/// Builds small C shared libraries with route records for the tests, in temporary folders.
enum CTools {
    /// The folder of the route record header, `LinkRouterRecord.h`.
    static let recordHeader = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/CRouteRecord/include").path

    /// Runs a tool and waits for it; records an issue unless it exits 0.
    static func run(_ tool: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "\(tool) \(arguments.joined(separator: " ")) failed")
    }

    /// What the folders of the libraries built here have in their names.
    ///
    /// A library a test loads with `dlopen` stays loaded (another test's discovery pass may be
    /// reading it), so every later discovery pass in the test process reads it too. Its diagnostics
    /// name its file, which has this marker in its path, and the patterns it adds start with
    /// ``loadedPatternPrefix``: tests that check what a pass found leave both out.
    static let loadedLibraryMarker = "linkrouter-loaded-"
    /// The start of every pattern a library loaded at run time adds (its records may also repeat
    /// `fixture/c/clash`, on purpose: a later pass that reads both records registers neither,
    /// so no test relies on that route).
    static let loadedPatternPrefix = "loaded/"

    /// Whether a discovery diagnostic is about a library that a test loaded at run time.
    static func isAboutLoadedLibrary(_ diagnostic: String) -> Bool {
        diagnostic.contains(loadedLibraryMarker)
    }

    /// Compiles `source` into `lib<name>.so` in a new temporary folder (the caller removes the
    /// folder, unless it loads the library) and returns the library's location.
    static func sharedLibrary(_ name: String, source: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(loadedLibraryMarker)\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("\(name).c")
        try source.write(to: file, atomically: true, encoding: .utf8)
        let library = folder.appendingPathComponent("lib\(name).so")
        try run("/usr/bin/cc", ["-shared", "-fPIC", "-I", recordHeader, file.path, "-o", library.path])
        return library
    }
}
