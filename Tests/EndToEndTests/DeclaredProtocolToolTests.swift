import Foundation
import Testing

/// `routes check` and `routes gen` on a module built with `swiftc` whose pages declare the protocol
/// they offer (`@Routable(..., as: P.self)`): one conforms, one does not, which the compiler allows
/// (a conformance may be declared in another module) and the tool reports from the binary.
struct DeclaredProtocolToolTests {
    static let source = """
        import LinkRouter
        public protocol NoteEditing: Sendable { var delegateName: String? { get set } }

        @Routable("note/edit", as: (any NoteEditing).self)
        struct NoteEditor: NoteEditing {
            var delegateName: String?
            init?(parameters: RouteParameters) throws {}
        }

        @Routable("note/view", as: NoteEditing.self)
        struct NoteViewer {
            init?(parameters: RouteParameters) throws {}
        }
        """

    /// The module `Notes` built from ``source`` in a new folder, as an object file (`-c`) or a
    /// shared library (its LinkRouter symbols left to the loader), and the folder.
    func build(_ output: String) throws -> (path: String, folder: URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("linkrouter-protocols-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("Notes.swift")
        try Self.source.write(to: file, atomically: true, encoding: .utf8)
        let path = folder.appendingPathComponent(output).path
        let mode = output.hasSuffix(".o") ? ["-c", "-parse-as-library"] : ["-emit-library"]
        let run = try BuiltProduct.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["swiftc"] + mode + ["-module-name", "Notes", "-o", path] + (try CompileTimeCheckTests.swiftcArguments()) + [file.path]
        )
        try #require(run.status == 0, "swiftc: \(run.standardError)")
        return (path, folder)
    }

    @Test("routes check names the page that does not conform to its route's protocol, from an object file and from a shared library", arguments: ["Notes.o", "libNotes.so"])
    func check(output: String) throws {
        let (path, folder) = try build(output)
        defer { try? FileManager.default.removeItem(at: folder) }
        let check = try BuiltProduct(name: "routes").run(["check", path])
        #expect(check.status != 0)
        let problems = check.lines.filter { $0.contains("conform") }
        #expect(problems.count == 1, "\(check.standardOutput)")
        #expect(problems.first?.hasSuffix(
            "'note/view': page Notes.NoteViewer does not conform to 'NoteEditing', the protocol its route declares (no conformance in the files given); an open that asks for it fails with pageMismatch"
        ) == true, "\(check.standardOutput)")
        #expect(check.lines.contains("1 problem(s) in 2 records"), "\(check.standardOutput)")
    }

    @Test("routes gen writes the routes' links as PageLinks of the protocol, qualified by its module, which it imports")
    func gen() throws {
        let (path, folder) = try build("libNotes.so")
        defer { try? FileManager.default.removeItem(at: folder) }
        let gen = try BuiltProduct(name: "routes").run(["gen", path])
        #expect(gen.status == 0, "\(gen.standardError)")
        #expect(gen.lines.contains("import Notes"), "\(gen.standardOutput)")
        #expect(gen.lines.contains(#"    static var noteEdit: PageLink<any Notes.NoteEditing> { PageLink(RouteLink(route: .noteEdit, path: "note/edit")) }"#), "\(gen.standardOutput)")
        #expect(gen.lines.contains(#"    static var noteView: PageLink<any Notes.NoteEditing> { PageLink(RouteLink(route: .noteView, path: "note/view")) }"#), "\(gen.standardOutput)")
    }
}
