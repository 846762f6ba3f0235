import Foundation
import RouteRecordReader
import Testing

/// Records and hosts of two LinkRouters, both ways (Documentation/ABI/RouteRecord.md,
/// "Compatibility"): the fixtures in Tests/Fixtures/Records4281fac were built with LinkRouter
/// 4281fac, which wrote every record in version 1; `old-reader` there is that commit's record
/// reader, run as a process, an old host. They are x86-64 Linux binaries: elsewhere the suite is
/// skipped, not failed.
#if arch(x86_64) && os(Linux)
private let fixturesRun = true
#else
private let fixturesRun = false
#endif

@Suite(.enabled(if: fixturesRun, "the fixtures are x86-64 Linux binaries"))
struct RecordCompatibilityTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Records4281fac")
    static let oldReader = fixtures.appendingPathComponent("old-reader")
    /// The files old-reader.txt describes, in its order.
    static let fixtureFiles = ["OldCRecords.o", "OldSwiftRecords.o", "libOldRecords.so"]

    /// What old-reader prints of a record, for a record read by this commit's reader.
    static func line(_ record: RouteRecord) -> String {
        "record \(record.location.fileOffset) \(record.kind) '\(record.pattern)' groups=\(record.groups)"
            + " summary=\(record.summary ?? "nil") query=\(record.query ?? "nil") external=\(record.isExternal)"
            + " style=\(record.openStyle) override=\(record.isOverride) lifetime=\(record.serviceLifetime.map { "\($0)" } ?? "nil")"
    }

    /// Whether a record is of a kind added after 4281fac (an interceptor's or a module's), which
    /// that reader skips as unknown.
    static func isHook(_ record: RouteRecord) -> Bool {
        record.kind.description == "interceptor" || record.kind.description == "module"
    }

    /// What old-reader says of a record of a kind it does not know.
    static func unknownKindLine(_ record: RouteRecord) -> String {
        "issue \(record.location.fileOffset): unknown record kind 0x\(String(record.kind.rawValue, radix: 16))"
    }

    /// What old-reader says of a file, as lines.
    func oldRead(_ paths: [String]) throws -> [String] {
        let run = try BuiltProduct.run(Self.oldReader, paths)
        #expect(run.status == 0, "old-reader: \(run.standardError)")
        return run.lines.filter { !$0.isEmpty }
    }

    /// What old-reader said of the fixtures when they were made.
    var recorded: [String] {
        get throws {
            try String(contentsOf: Self.fixtures.appendingPathComponent("old-reader.txt"), encoding: .utf8)
                .split(separator: "\n").map(String.init)
        }
    }

    @Test("the old host reads the old records as it did")
    func oldHostOldRecords() throws {
        let paths = Self.fixtureFiles.map { Self.fixtures.appendingPathComponent($0).path }
        #expect(try oldRead(paths) == recorded)
    }

    @Test("this reader reads the old records exactly as the old reader did: version 1, no compiled pattern")
    func newReaderOldRecords() throws {
        var lines: [String] = []
        for name in Self.fixtureFiles {
            let section = try #require(try RouteSectionReader.read(file: Self.fixtures.appendingPathComponent(name).path))
            #expect(section.issues.isEmpty, "\(name): \(section.issues)")
            #expect(section.records.allSatisfy { $0.version == 1 && $0.compiledPattern == nil }, "\(name)")
            lines += section.records.map(Self.line)
        }
        #expect(lines == (try recorded))
    }

    @Test("this tool lists and checks the old records: recordVersion 1, nothing unreadable, no problem")
    func newToolOldRecords() throws {
        let routes = BuiltProduct(name: "routes")
        let library = Self.fixtures.appendingPathComponent("libOldRecords.so").path
        let dump = try routes.run(["dump", "--json", library])
        #expect(dump.status == 0, "\(dump.standardError)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(dump.standardOutput.utf8)) as? [String: Any])
        let records = try #require(object["records"] as? [[String: Any]])
        #expect(records.count == 8)
        #expect(records.allSatisfy { $0["recordVersion"] as? Int == 1 })
        #expect((object["unreadable"] as? [Any])?.isEmpty == true)
        let query = records.first { $0["pattern"] as? String == "old/query" }
        #expect(query?["query"] as? String == "page: int = 1, tab: string; unknown: refuse")
        let check = try routes.run(["check", library])
        #expect(check.status == 0, "\(check.standardOutput)")
        #expect(check.lines.contains("no problems in 8 records"))
    }

    @Test("this host loads an old plugin and opens its routes: C and Swift records, a contract, groups mid-pattern, a service")
    func newHostOldPlugin() throws {
        let library = Self.fixtures.appendingPathComponent("libOldRecords.so").path
        let urls = [
            "shop://old/page/7", "shop://old/action/ada", "shop://old/query?page=3", "shop://old/query?color=red",
            "shop://old/groups/x/b/end", "shop://old/groups/end", "shop://old/c/echo/hi",
        ]
        let run = try BuiltProduct(name: "demo").run(["--plugin", library], input: urls.joined(separator: "\n") + "\n")
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.lines.first == "plugin loaded: 7 route(s), 1 service(s) from libOldRecords.so", "\(run.standardOutput)\n\(run.standardError)")
        let outcomes = run.lines.filter { !$0.hasPrefix("stack:") && !$0.hasPrefix("plugin") && !$0.hasPrefix("Type a URL") && !$0.isEmpty }
        #expect(outcomes == [
            "page   OldPage(id: 7)",
            "action old/action/:name → old ada",
            "action old/query → old page 3",
            "failed route 'old/query' rejected its parameters: query parameter 'color' is not declared by the route",
            "action old/groups(/:a)(/b)/end → old groups",
            "action old/groups(/:a)(/b)/end → old groups",
            "action old/c/echo/:text → old c hi",
        ])
    }

    @Test("the old host reads new version-1 records as written, skips version 2 with a diagnostic once per block, and skips the interceptor and module kinds it does not know")
    func oldHostNewRecords() throws {
        // The demo's records, all version 1, their compiled patterns where version-1 readers do not look.
        let demo = BuiltProduct(name: "demo").path.path
        let demoSection = try #require(try RouteSectionReader.read(file: demo))
        #expect(demoSection.records.allSatisfy { $0.version == 1 })
        #expect(demoSection.records.contains { $0.compiledPattern != nil })
        // Its interceptor and module records are of kinds added since: the old reader skips each
        // with a diagnostic, and reads the others as written.
        let demoHooks = demoSection.records.filter(Self.isHook)
        #expect(Set(demoHooks.map(\.kind.description)) == ["interceptor", "module"])
        let oldDemo = try oldRead([demo])
        #expect(oldDemo.filter { $0.hasPrefix("record ") } == demoSection.records.filter { !Self.isHook($0) }.map(Self.line))
        #expect(oldDemo.filter { $0.hasPrefix("issue ") } == demoHooks.map(Self.unknownKindLine))

        // This test binary: versions 1 and 2 (LinkRouterDiscoveryTests' fixtures), and bad records.
        let tests = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        let section = try #require(try RouteSectionReader.read(file: tests))
        let old = try oldRead([tests])
        let version1 = section.records.filter { $0.version == 1 && !Self.isHook($0) }
        let version2 = section.records.filter { $0.version == 2 }
        #expect(!version2.isEmpty)
        #expect(old.filter { $0.hasPrefix("record ") } == version1.map(Self.line))
        // LinkRouterDiscoveryTests' interceptors and modules (HookFixtures.swift, GuardFixtures.swift):
        // of version 1 an unknown kind, of version 2 (a long name, scope and origin) an unknown version.
        let hooks = section.records.filter(Self.isHook)
        #expect(hooks.filter { $0.version == 1 }.count >= 5)
        #expect(hooks.allSatisfy { $0.hookOrigin != nil })
        for hook in hooks where hook.version == 1 { #expect(old.contains(Self.unknownKindLine(hook)), "\(hook.pattern)") }
        for record in version2 {
            // Every block of a version-2 record is one record of an unknown version to the old reader.
            let size = try #require(try blockCount(of: record, in: tests))
            for block in 0..<size {
                #expect(old.contains("issue \(record.location.fileOffset + 128 * block): record version 2 is not supported (this reader knows 1)"),
                        "\(record.pattern), block \(block)")
            }
        }
    }

    @Test("the old host reads a route whose page declares a protocol as the route it is: the name after the compiled pattern is not seen")
    func oldHostDeclaredProtocol() throws {
        // The demo's login page offers ShopInterfaces.SignInPrompting: flag bit 6, a version-1 record.
        let demo = BuiltProduct(name: "demo").path.path
        let section = try #require(try RouteSectionReader.read(file: demo))
        let declaring = section.records.filter { $0.declaredProtocol != nil }
        #expect(declaring.map(\.pattern) == ["account/login"])
        #expect(declaring.map(\.declaredProtocol) == ["SignInPrompting"])
        #expect(declaring.allSatisfy { $0.version == 1 && $0.compiledPattern != nil })
        let old = try oldRead([demo])
        // The demo's interceptor and module records are kinds the old reader skips, and says so.
        let skippedHooks = Set(section.records.filter(Self.isHook).map(Self.unknownKindLine))
        #expect(old.filter { $0.hasPrefix("issue ") && !skippedHooks.contains($0) } == [], "\(old)")
        for record in declaring {
            #expect(old.contains(Self.line(record)), "\(old)")
        }
    }

    /// How many blocks a record takes, from its header in the file.
    func blockCount(of record: RouteRecord, in path: String) throws -> Int? {
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        try handle.seek(toOffset: UInt64(record.location.fileOffset + 12))
        guard let bytes = try handle.read(upToCount: 2), bytes.count == 2 else { return nil }
        return Int(bytes[0]) | Int(bytes[1]) << 8
    }
}
