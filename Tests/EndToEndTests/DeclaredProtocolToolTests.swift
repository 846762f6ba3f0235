import Foundation
import RouteRecordLayout
import Testing

/// `routes check` and `routes gen` on a module built with `swiftc` whose pages declare the protocol
/// they offer (`@Routable(..., as: P.self)`). The compiler checks that such a page conforms where
/// it is declared; a record written otherwise (by a build that did not check: written out here as
/// such a build would) is reported by the tool from the binary.
struct DeclaredProtocolToolTests {
    static var source: String {
        """
        import LinkRouter
        public protocol NoteEditing: Sendable { var delegateName: String? { get set } }
        #routableProtocol((any NoteEditing).self)

        @Routable("note/edit", as: (any NoteEditing).self)
        struct NoteEditor: NoteEditing {
            var delegateName: String?
            init?(parameters: RouteParameters) throws {}
        }

        struct NoteViewer: Routable {
            init?(parameters: RouteParameters) throws {}
        }

        // NoteViewer's record as a build that did not check its conformance wrote it.
        extension NoteViewer {
            @used @section("linkrouter_routes") nonisolated static let __record: LinkRouter.__RouteRecord<12> = \(uncheckedRecord)
        }
        """
    }

    /// `@Routable("note/view", as: NoteEditing.self)`'s record on a page that does not conform,
    /// as Swift source, its accessor storing the page with no conformance check.
    static var uncheckedRecord: String {
        let bytes = RouteRecordCodec.encodeRoute(
            kind: .page, flags: [], text: RecordText(pattern: "note/view"), compiledPattern: nil, declaredProtocol: "NoteEditing"
        )
        let words = stride(from: 0, to: bytes.count, by: 8).map { start in
            "0x" + String(bytes[start..<(start + 8)].reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }, radix: 16)
        }
        return "(header: [\(words[0]), \(words[1])], "
            + "accessor: { __value, __type, _ in LinkRouter.__storePage(NoteViewer.self, to: __value, ifExpected: __type) }, "
            + "layout: \(words[3]), body: [\(words[4...].joined(separator: ", "))])"
    }

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
        #expect(check.lines.contains("1 problem(s) in 3 records"), "\(check.standardOutput)")
    }

    @Test("the compiler refuses a page that does not offer the protocol its route declares, where the page is declared")
    func compilerChecks() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("linkrouter-offers-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Notes.swift")
        try """
            import LinkRouter
            public protocol NoteEditing: Sendable {}
            @Routable("note/view", as: NoteEditing.self)
            struct NoteViewer {}
            """.write(to: file, atomically: true, encoding: .utf8)
        let run = try BuiltProduct.run(URL(fileURLWithPath: "/usr/bin/env"), ["swiftc", "-typecheck"] + (try CompileTimeCheckTests.swiftcArguments()) + [file.path])
        #expect(run.status != 0)
        #expect(run.standardError.contains("error: type 'NoteViewer' does not conform to protocol 'NoteEditing'"), "swiftc: \(run.standardError)")
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
