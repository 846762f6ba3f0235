import Foundation
import Testing

/// `routes dump`, `check` and `match` as processes, on real binaries and on crafted bad files: exit
/// statuses, standard output and error, the JSON shape. What the commands find is tested in
/// process (RouteInspectionTests).
struct RoutesBinaryToolTests {
    let routes = BuiltProduct(name: "routes")
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let recordHeader = repository.appendingPathComponent("Sources/CRouteRecord/include").path

    struct DumpReport: Decodable {
        struct Record: Decodable {
            let kind: String
            let pattern: String
            let symbol: String?
            let file: String
            let offset: Int
            let exposure: String
            let groups: [String]
            let lifetime: String?
        }
        let serializationVersion: Int
        let records: [Record]
    }

    /// A scratch folder that is removed after the test.
    final class Scratch {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("routes-\(UUID().uuidString)")
        init() throws { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(at: folder) }
        func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

        /// Compiles C source to an object file with the record header.
        func object(_ name: String, _ source: String) throws -> String {
            let sourcePath = path(name + ".c")
            try source.write(toFile: sourcePath, atomically: true, encoding: .utf8)
            let output = path(name + ".o")
            let run = try BuiltProduct.run(URL(fileURLWithPath: "/usr/bin/cc"), ["-c", "-I", RoutesBinaryToolTests.recordHeader, sourcePath, "-o", output])
            #expect(run.status == 0, "cc: \(run.standardError)")
            return output
        }
    }

    static let actionSource = """
        #include "LinkRouterRecord.h"
        static bool act(const char *const *n, const char *const *v, size_t c, char *r, size_t cap) { return true; }
        """

    @Test("dump --json lists the same records the demo discovers at run time", arguments: [BuiltProduct.Configuration.debug, .release])
    func dumpMatchesDiscovery(configuration: BuiltProduct.Configuration) throws {
        let demo = BuiltProduct(name: "demo", configuration: configuration)
        guard configuration == .debug || FileManager.default.fileExists(atPath: demo.path.path) else { return }
        let run = try routes.run(["dump", "--json", demo.path.path])
        #expect(run.status == 0, "stderr: \(run.standardError)")
        let report = try JSONDecoder().decode(DumpReport.self, from: Data(run.standardOutput.utf8))
        #expect(report.serializationVersion == 1)
        let discovered = try demo.run(["--routes"]).lines
            .filter { $0.hasPrefix("page ") || $0.hasPrefix("action ") }
            .compactMap { $0.split(separator: " ").dropFirst().first.map(String.init) }
            .filter { $0 != "plugin/hello" }   // loaded with dlopen, not in the executable
        let routeRecords = report.records.filter { $0.kind == "page" || $0.kind == "action" }
        #expect(routeRecords.map(\.pattern).sorted() == discovered.sorted())
        #expect(routeRecords.allSatisfy { $0.lifetime == nil })
        #expect(report.records.allSatisfy { $0.file == demo.path.path && $0.offset > 0 })
        let product = try #require(report.records.first { $0.pattern == "catalog/product/<int:id>" })
        #expect(product.kind == "page")
        #expect(product.exposure == "external")
        #expect(product.symbol == "accessor of CatalogFeature.ProductPage.__linkRouterRecord")
        #expect(report.records.first { $0.pattern == "greet/:name" }?.symbol == "greet")
        #expect(report.records.first { $0.pattern == "cart/add" }?.symbol == "accessor of CartFeature.AddToCart.__linkRouterRecord")
        #expect(report.records.first { $0.pattern == "catalog/search" }?.symbol == "#route at CatalogPages.swift:25 in CatalogFeature")
        // AccountFeature's @RoutableService, a record of its own kind named by its protocol.
        let services = report.records.filter { $0.kind == "service" }
        #expect(services.count == 1)
        #expect(services.first?.pattern == "SessionService")
        #expect(services.first?.lifetime == "shared")
        #expect(services.first?.symbol == "accessor of AccountFeature.AccountSession.__linkRouterService")
    }

    @Test("check passes the demo and exits 0")
    func checkDemo() throws {
        let run = try routes.run(["check", BuiltProduct(name: "demo").path.path])
        #expect(run.status == 0)
        #expect(run.lines.first == "no problems in 21 records")
    }

    @Test("check --forms lists the forms of the demo's pattern with an optional group before the summary")
    func checkForms() throws {
        let run = try routes.run(["check", "--forms", BuiltProduct(name: "demo").path.path])
        #expect(run.status == 0)
        #expect(run.standardOutput == """
            forms of 'account/profile/:user(/:tab)': 1. account/profile/:user/:tab  2. account/profile/:user
            no problems in 21 records

            """)
    }

    @Test("check reports duplicates across files, ties, shadowed routes, bad patterns and bad records, exit 1")
    func checkProblems() throws {
        let scratch = try Scratch()
        let first = try scratch.object("first", Self.actionSource + """

            LINKROUTER_C_ACTION(r1, "user/:id", act);
            LINKROUTER_C_ACTION(r2, "list(/:page)", act);
            LINKROUTER_C_ACTION(r3, "files/:name/raw", act);
            """)
        let second = try scratch.object("second", Self.actionSource + """

            LINKROUTER_C_ACTION(s1, "user/:name", act);
            LINKROUTER_C_ACTION(s2, "list/:n", act);
            LINKROUTER_C_ACTION(s3, "files/*/raw", act);
            LINKROUTER_C_ACTION(s4, "bad/<int:>", act);
            __attribute__((used, retain, section(LINKROUTER_SECTION_NAME), aligned(8)))
            static const linkrouter_route_record s5 = {0x12345678u, 1, 0, LINKROUTER_KIND_C_ACTION, 1, 0, 0, "x"};
            """)
        let run = try routes.run(["check", first, second])
        #expect(run.status == 1, "output: \(run.standardOutput)")
        let output = run.standardOutput
        #expect(output.contains("\(second) at 0x") && output.contains("bad record: bad magic 0x12345678"))
        #expect(output.contains(": duplicate route 'user/:id': 2 records of one shape, none marked as an override: 'user/:id' ('act') in \(first) at offset 0x"))
        #expect(output.contains("; 'user/:name' ('act') in \(second) at offset 0x"))
        // One line per problem, each naming the file, then the count (RouteCheckTests tests what each says).
        #expect(run.lines.filter { !$0.isEmpty }.count == 6)
        #expect(run.lines.filter { !$0.isEmpty }.dropLast().allSatisfy { $0.hasPrefix("\(first) at 0x") || $0.hasPrefix("\(second) at 0x") })
        #expect(run.lines.filter { !$0.isEmpty }.last == "5 problem(s) in 8 records")
        #expect(run.standardError.isEmpty)
    }

    @Test("check reports two service records for one protocol name, neither an override, naming both, exit 1")
    func checkDuplicateService() throws {
        let scratch = try Scratch()
        func service(_ identifier: String, _ name: String) -> String {
            """

            __attribute__((used, retain, section(LINKROUTER_SECTION_NAME), aligned(8)))
            static const linkrouter_route_record \(identifier) = {
                LINKROUTER_RECORD_MAGIC, 1, 0, LINKROUTER_KIND_SERVICE, sizeof("\(name)") - 1, (linkrouter_route_accessor)act, 0, "\(name)"};
            """
        }
        let first = try scratch.object("first", Self.actionSource + service("session_a", "SessionService") + service("payments", "Payments"))
        let second = try scratch.object("second", Self.actionSource + service("session_b", "SessionService"))
        let run = try routes.run(["check", first, second])
        #expect(run.status == 1, "output: \(run.standardOutput)")
        let line = try #require(run.lines.first { $0.contains("service 'SessionService'") }, "output: \(run.standardOutput)")
        #expect(line.hasPrefix("\(second) at 0x"))
        // In the words discovery uses for the same duplicate.
        #expect(line.contains(": duplicate service 'SessionService': 2 implementations, none marked as an override: 'act' in \(first) at offset 0x"))
        #expect(line.contains("; 'act' in \(second) at offset 0x"))
        #expect(line.hasSuffix("; none is registered (mark the one that wins with 'overrides: true')"))
        // No other problem but the declaration checks': these services' protocols are declared nowhere.
        #expect(!run.standardOutput.contains("'Payments'") || run.lines.filter { $0.contains("'Payments'") }.allSatisfy { $0.contains("a protocol no linked module declares routable") })
        #expect(run.lines.contains("4 problem(s) in 3 records"))

        // Services are no routes: dump lists them apart, match and gen leave them out.
        let dump = try routes.run(["dump", "--json", first])
        let report = try JSONDecoder().decode(DumpReport.self, from: Data(dump.standardOutput.utf8))
        #expect(report.records.map(\.kind) == ["service", "service"])
        #expect(report.records.map(\.lifetime) == ["perRequest", "perRequest"])
        #expect(try routes.run(["match", first, "app://SessionService"]).status == 1)
        #expect(!(try routes.run(["gen", first]).standardOutput.contains("SessionService")))
    }

    @Test("check fails on an interceptor the executable's override replaces unless --expect-override names it, and on one a library's override would replace, exit 1")
    func checkHookOverrides() throws {
        let scratch = try Scratch()
        // An interceptor record: name, scope, priority, and the override flag (bit 4) when `overrides`.
        func interceptor(_ identifier: String, _ name: String, overrides: Bool) -> String {
            """

            #define \(identifier)_TEXT "\(name)\\0all\\0" "0"
            __attribute__((used, retain, section(LINKROUTER_SECTION_NAME), aligned(8)))
            static const linkrouter_route_record \(identifier) = {
                LINKROUTER_RECORD_MAGIC, 1, \(overrides ? "LINKROUTER_FLAG_OVERRIDE" : "0"), LINKROUTER_KIND_INTERCEPTOR,
                sizeof(\(identifier)_TEXT) - 1, (linkrouter_route_accessor)act, 0, \(identifier)_TEXT};
            """
        }
        let source = scratch.path("app.c")
        try (Self.actionSource + interceptor("app_audit", "audit", overrides: true) + "\nint main(void) { return 0; }\n")
            .write(toFile: source, atomically: true, encoding: .utf8)
        let app = scratch.path("app")
        let link = try BuiltProduct.run(URL(fileURLWithPath: "/usr/bin/cc"), ["-I", Self.recordHeader, source, "-o", app])
        try #require(link.status == 0, "cc: \(link.standardError)")
        let dependency = try scratch.object("dependency", Self.actionSource + interceptor("dependency_audit", "audit", overrides: false))

        let unexpected = try routes.run(["check", app, dependency])
        #expect(unexpected.status == 1, "output: \(unexpected.standardOutput)")
        #expect(unexpected.lines.contains { $0.hasPrefix("\(dependency) at 0x") && $0.contains(": interceptor 'audit' ('act') in \(dependency) at offset 0x") && $0.contains(" is overridden by 'audit' ('act') in \(app) at offset 0x") }, "\(unexpected.standardOutput)")
        let expected = try routes.run(["check", "--expect-override", "audit", app, dependency])
        #expect(expected.status == 0, "output: \(expected.standardOutput)")
        #expect(expected.lines.contains { $0.hasPrefix("note: \(dependency) at 0x") && $0.contains("is overridden by 'audit'") })
        #expect(expected.lines.contains("no problems in 2 records"))
        // The same override from an object file, not the executable, is refused, expected or not.
        let library = try scratch.object("library", Self.actionSource + interceptor("library_audit", "audit", overrides: true))
        let refused = try routes.run(["check", "--expect-override", "audit", library, dependency])
        #expect(refused.status == 1)
        #expect(refused.lines.contains { $0.contains(": override refused: interceptor 'audit' ('act') in \(library) at offset 0x") }, "\(refused.standardOutput)")
    }

    @Test("dump reads object files and names C functions through their relocations")
    func dumpObjectFile() throws {
        let scratch = try Scratch()
        let object = try scratch.object("routes", Self.actionSource + "\nLINKROUTER_C_ACTION(r1, \"greet/:name\", act);\n")
        let run = try routes.run(["dump", "--json", object])
        #expect(run.status == 0, "stderr: \(run.standardError)")
        let report = try JSONDecoder().decode(DumpReport.self, from: Data(run.standardOutput.utf8))
        #expect(report.records.map(\.pattern) == ["greet/:name"])
        #expect(report.records.first?.symbol == "act")
    }

    @Test("match resolves a URL against the routes read from a binary")
    func matchBinary() throws {
        let demo = BuiltProduct(name: "demo").path.path
        let hit = try routes.run(["match", "--json", demo, "shop://catalog/mugs/enamel?ref=push"])
        #expect(hit.status == 0)
        #expect(hit.standardOutput.contains(#""match":"catalog/<path:category>""#))
        #expect(hit.standardOutput.contains(#""category":"mugs/enamel""#))
        let miss = try routes.run(["match", demo, "shop://account/profile"])
        #expect(miss.status == 1)
        #expect(miss.standardOutput.contains("account/profile/:user(/:tab)"))
    }

    /// Crafts each bad input; returns the path.
    static func craft(_ kind: String, in scratch: Scratch) throws -> String {
        let demo = try Data(contentsOf: BuiltProduct(name: "demo").path)
        func write(_ data: Data, _ name: String) throws -> String {
            let path = scratch.path(name)
            try data.write(to: URL(fileURLWithPath: path))
            return path
        }
        switch kind {
        case "not ELF": return try write(Data("hello, routes\n".utf8), "notes.txt")
        case "truncated": return try write(demo.prefix(4096), "truncated")
        case "32-bit": var copy = demo; copy[4] = 1; return try write(copy, "elf32")
        case "big-endian": var copy = demo; copy[5] = 2; return try write(copy, "elfbe")
        case "no route section": return "/bin/true"
        case "directory": return scratch.folder.path
        case "missing": return scratch.path("does-not-exist")
        case "size not a multiple":
            return try scratch.object("odd", "__attribute__((used, section(\"linkrouter_routes\"))) static const char blob[40] = {1};\n")
        case "bad magic":
            return try scratch.object("magic", Self.actionSource + """

                __attribute__((used, retain, section(LINKROUTER_SECTION_NAME), aligned(8)))
                static const linkrouter_route_record r = {0x12345678u, 1, 0, LINKROUTER_KIND_C_ACTION, 1, (linkrouter_route_accessor)act, 0, "x"};
                """)
        case "bad version":
            return try scratch.object("version", Self.actionSource + """

                __attribute__((used, retain, section(LINKROUTER_SECTION_NAME), aligned(8)))
                static const linkrouter_route_record r = {LINKROUTER_RECORD_MAGIC, 7, 0, LINKROUTER_KIND_C_ACTION, 1, (linkrouter_route_accessor)act, 0, "x"};
                """)
        default: fatalError("unknown bad input \(kind)")
        }
    }

    @Test("bad input is one line on stderr naming the file and the problem, exit 2; dump lists what it can read of partly bad input, match and gen skip its bad records as the app does, with a warning", arguments: [
        ("not ELF", "not an ELF file"),
        ("truncated", "truncated or corrupt ELF file"),
        ("32-bit", "32-bit ELF files are not supported"),
        ("big-endian", "big-endian ELF files are not supported"),
        ("no route section", "no linkrouter_routes section"),
        ("directory", "is a directory"),
        ("missing", "cannot open: No such file or directory"),
        ("size not a multiple", "section size 40 is not a multiple of the 128-byte record"),
        ("bad magic", "bad magic 0x12345678"),
        ("bad version", "record version 7 is not supported"),
    ])
    func badInput(kind: String, message: String) throws {
        let scratch = try Scratch()
        let path = try Self.craft(kind, in: scratch)
        // A file whose records are partly bad: dump lists what it can (RoutesBinaryToolTests.partlyBadInput).
        let partlyBad = ["size not a multiple", "bad magic", "bad version"].contains(kind)
        for command in [["dump"], ["dump", "--json"], ["match"], ["gen"]] where !(partlyBad && command.first == "dump") {
            let arguments = command + [path] + (command == ["match"] ? ["app://x"] : [])
            let run = try routes.run(arguments)
            if partlyBad {
                // The app's discovery skips the bad records and registers the rest: so do match and gen.
                #expect(run.status != 2, "\(arguments): \(run.standardError)")
                let warnings = run.standardError.split(separator: "\n")
                #expect(!warnings.isEmpty && warnings.allSatisfy { $0.hasPrefix("routes: warning: skipped record: \(path) at offset 0x") })
                #expect(warnings.contains { $0.contains(message) }, "\(arguments): \(run.standardError)")
                continue
            }
            #expect(run.status == 2, "\(arguments): \(run.standardOutput)")
            #expect(run.standardOutput.isEmpty, "\(arguments) printed a partial result")
            let lines = run.standardError.split(separator: "\n")
            #expect(lines.count == 1, "\(arguments): \(run.standardError)")
            #expect(lines.first?.hasPrefix("routes: \(path)") == true, "\(arguments): \(run.standardError)")
            #expect(lines.first?.contains(message) == true, "\(arguments): \(run.standardError)")
        }
    }
}

extension RoutesBinaryToolTests {
    @Test("dump lists every record it can read, and the unreadable ones with their offset and version, exit 1", arguments: [
        ("bad magic", nil, "bad magic 0x12345678 (expected 0x526b6e4c)"),
        ("bad version", 7, "record version 7 is not supported (this reader knows versions 1 to 2)"),
    ] as [(String, Int?, String)])
    func partlyBadInput(kind: String, version: Int?, message: String) throws {
        let scratch = try Scratch()
        let path = try Self.craft(kind, in: scratch)
        let table = try routes.run(["dump", path])
        #expect(table.status == 1, "\(table.standardOutput)")
        #expect(table.standardError.isEmpty)
        #expect(table.lines.contains { $0.hasPrefix("UNREADABLE") && $0.contains("  VERSION  FILE") && $0.hasSuffix("  OFFSET") })
        // The row's columns: problem, version, file, offset.
        let row = try #require(table.lines.first { $0.hasPrefix(message) })
        let columns = row.components(separatedBy: "  ").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        #expect(columns.count == 4, "\(row)")
        #expect(columns.dropFirst().first == version.map(String.init) ?? "?")
        #expect(columns.dropFirst(2).first == path)
        let offset = try #require(columns.last.flatMap { Int($0.dropFirst(2), radix: 16) })
        let json = try routes.run(["dump", "--json", path])
        #expect(json.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        let unreadable = try #require(object["unreadable"] as? [[String: Any]])
        #expect(unreadable.count == 1)
        #expect(unreadable.first?["offset"] as? Int == offset)
        #expect(unreadable.first?["recordVersion"] as? Int == version)
        #expect((unreadable.first?["problem"] as? String)?.hasPrefix(message) == true)
        #expect(unreadable.first?["file"] as? String == path)
        // The check reports it as a problem.
        let check = try routes.run(["check", path])
        #expect(check.status == 1)
        #expect(check.lines.contains { $0.hasPrefix("\(path) at 0x\(String(offset, radix: 16)): bad record: \(message)") })
    }

    @Test("dump says so when a binary is stripped of its symbol table")
    func strippedBinary() throws {
        let scratch = try Scratch()
        let stripped = scratch.path("demo-stripped")
        let strip = try BuiltProduct.run(URL(fileURLWithPath: "/usr/bin/strip"), ["-o", stripped, BuiltProduct(name: "demo").path.path])
        #expect(strip.status == 0, "strip: \(strip.standardError)")
        let run = try routes.run(["dump", "--json", stripped])
        #expect(run.status == 0, "stderr: \(run.standardError)")
        let report = try JSONDecoder().decode(DumpReport.self, from: Data(run.standardOutput.utf8))
        #expect(report.records.count == 21)
        // The C action is a local symbol: only the full symbol table named it.
        #expect(report.records.first { $0.pattern == "greet/:name" }?.symbol == "(stripped: no symbol table)")
    }
}
