import Foundation
import RouteInspection
import Testing

/// Bad input: every command throws one ``RouteInspectionError`` whose description is one line
/// naming the file and the problem, and returns no partial result.
struct RouteInspectionErrorTests {
    /// Writes the bad input of `kind`; returns its path.
    static func craft(_ kind: String, in scratch: ScratchFolder) throws -> String {
        switch kind {
        case "not ELF": try scratch.write(Data("hello, routes\n".utf8), "notes.txt")
        case "truncated": try scratch.write(try Data(contentsOf: URL(fileURLWithPath: InspectionInputs.demo)).prefix(4096), "truncated")
        case "no route section": try scratch.object("empty.o", nil)
        case "directory": scratch.folder.path
        case "missing": scratch.path("does-not-exist")
        case "bad magic": try scratch.object("magic.o", [PlantedRoute("a"), .badMagic("x"), .badMagic("y")])
        default: fatalError("unknown bad input \(kind)")
        }
    }

    @Test("dump, match and gen refuse bad input with one line naming the file", arguments: [
        ("not ELF", "not an ELF file"),
        ("truncated", "truncated or corrupt ELF file"),
        ("no route section", "no linkrouter_routes section (nothing registered by annotation)"),
        ("directory", "is a directory"),
        ("missing", "cannot open: No such file or directory"),
    ])
    func badInput(kind: String, message: String) throws {
        let scratch = try ScratchFolder()
        let path = try Self.craft(kind, in: scratch)
        let commands: [(String, () throws(RouteInspectionError) -> Void)] = [
            ("dump", { () throws(RouteInspectionError) in _ = try RouteDump(binaries: [path]) }),
            ("match", { () throws(RouteInspectionError) in _ = try RouteMatch(url: "app://x", in: .binary(path), host: nil) }),
            ("gen", { () throws(RouteInspectionError) in _ = try GeneratedRoutes(binary: path, scheme: nil, access: .internal) }),
        ]
        for (command, run) in commands {
            do {
                try run()
                Issue.record("\(command): no error")
            } catch {
                let line = error.description
                #expect(line.hasPrefix(path), "\(command): \(line)")
                #expect(line.contains(message), "\(command): \(line)")
                #expect(!line.contains("\n"), "\(command): \(line)")
            }
        }
    }

    @Test("match and gen skip bad records as the app's discovery does, and say so in a warning each")
    func badRecordsSkipped() throws {
        let scratch = try ScratchFolder()
        let path = try Self.craft("bad magic", in: scratch)
        let match = try RouteMatch(url: "app://a", in: .binary(path), host: nil)
        #expect(match.report.match == "a")
        #expect(match.warnings.count == 2)
        #expect(match.warnings.allSatisfy { $0.hasPrefix("skipped record: \(path) at offset 0x") && $0.contains("bad magic 0x12345678") })
        let generated = try GeneratedRoutes(binary: path, scheme: nil, access: .internal)
        #expect(generated.source.contains("\"a\""))
        #expect(generated.warnings == match.warnings)
    }

    @Test("check reports bad records as problems, and refuses a file it cannot read")
    func checkBadInput() throws {
        let scratch = try ScratchFolder()
        let check = try RouteCheck(binaries: [try Self.craft("bad magic", in: scratch)])
        #expect(check.problems.map(\.kind) == [.badRecord, .badRecord])
        let missing = try Self.craft("missing", in: scratch)
        do {
            _ = try RouteCheck(binaries: [missing])
            Issue.record("no error")
        } catch {
            guard case .unreadableFile(let underlying) = error else { Issue.record("\(error)"); return }
            #expect(underlying.path == missing)
        }
    }
}
