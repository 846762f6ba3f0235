import Foundation
import Testing

/// `routes gen` as a process: the committed file, `--output`, and bad input (one line on stderr,
/// exit 2). What the generated source says is tested in process (GeneratedRoutesTests).
struct RoutesGenToolTests {
    let routes = BuiltProduct(name: "routes")
    let demo = BuiltProduct(name: "demo")

    /// The generated file the demo compiles, as committed.
    static let committedFile = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples/Demo/Routes.generated.swift")

    private func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("linkrouter-gen-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    // MARK: - The demo

    @Test("gen on the demo prints the committed Examples/Demo/Routes.generated.swift, the same every run")
    func committedFileIsCurrent() throws {
        let first = try routes.run(["gen", demo.path.path, "--scheme", "shop"])
        let second = try routes.run(["gen", demo.path.path, "--scheme", "shop"])
        #expect(first.status == 0, "stderr: \(first.standardError)")
        #expect(first.standardError.isEmpty)
        #expect(first.standardOutput == second.standardOutput)
        let committed = try String(contentsOf: Self.committedFile, encoding: .utf8)
        #expect(
            first.standardOutput == committed,
            "Examples/Demo/Routes.generated.swift is out of date: run `routes gen .build/debug/demo --scheme shop --output Examples/Demo/Routes.generated.swift`"
        )
    }

    @Test("gen on the desktop shop prints the committed Examples/ShopDesktop/ShopRoutes/Routes.generated.swift, which its features link to each other's pages with")
    func desktopRoutesAreCurrent() throws {
        let run = try routes.run(["gen", BuiltProduct(name: "shop-desktop").path.path, "--scheme", "shop", "--access", "public"])
        #expect(run.status == 0, "stderr: \(run.standardError)")
        let file = Self.committedFile.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("ShopDesktop/ShopRoutes/Routes.generated.swift")
        #expect(
            run.standardOutput == (try String(contentsOf: file, encoding: .utf8)),
            "Examples/ShopDesktop/ShopRoutes/Routes.generated.swift is out of date: run `routes gen .build/debug/shop-desktop --scheme shop --access public --output Examples/ShopDesktop/ShopRoutes/Routes.generated.swift`"
        )
    }

    @Test("--output writes the file and prints nothing")
    func outputFile() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Routes.swift")
        let run = try routes.run(["gen", demo.path.path, "--scheme", "shop", "--output", file.path])
        #expect(run.status == 0, "stderr: \(run.standardError)")
        #expect(run.standardOutput.isEmpty)
        #expect(run.standardError.isEmpty)
        let printed = try routes.run(["gen", demo.path.path, "--scheme", "shop"])
        #expect(try String(contentsOf: file, encoding: .utf8) == printed.standardOutput)
    }

    // MARK: - Bad input

    @Test("bad input is one line on stderr starting with 'routes: ' and exit status 2", arguments: [
        "missing", "directory", "text", "no section", "bad scheme", "bad access", "unwritable output",
    ])
    func badInput(_ kind: String) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = folder.appendingPathComponent("notes.txt")
        try Data("just some text\n".utf8).write(to: text)
        let scratch = try RoutesBinaryToolTests.Scratch()
        let empty = try scratch.object("empty", "static int nothing;\n")

        let arguments: [String] = switch kind {
        case "missing": ["gen", "/nonexistent"]
        case "directory": ["gen", folder.path]
        case "text": ["gen", text.path]
        case "no section": ["gen", empty]
        case "bad scheme": ["gen", demo.path.path, "--scheme", "1x"]
        case "bad access": ["gen", demo.path.path, "--access", "private"]
        default: ["gen", demo.path.path, "--output", folder.appendingPathComponent("no/such/folder.swift").path]
        }
        let run = try routes.run(arguments)
        #expect(run.status == 2)
        #expect(run.standardOutput.isEmpty)
        let lines = run.standardError.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 2 && lines[1].isEmpty, "stderr: \(run.standardError)")
        #expect(run.standardError.hasPrefix("routes: "))
    }
}
