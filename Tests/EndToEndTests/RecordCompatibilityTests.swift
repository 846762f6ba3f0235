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
    /// Whether the record is of a kind added after 4281fac, which its reader skips as unknown:
    /// an interceptor, a module's set-up, a routable protocol or a declared group.
    static func isHook(_ record: RouteRecord) -> Bool {
        ["interceptor", "module", "protocol", "group"].contains(record.kind.description)
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

    @Test("this tool lists and checks the old records: recordVersion 1, nothing unreadable, no problem but the declarations they cannot carry")
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
        // The records read as they did; what the checks added since (routable protocols and
        // declared groups, which records of that commit cannot carry) is all `check` reports.
        let check = try routes.run(["check", library])
        #expect(check.lines.contains("3 problem(s) in 8 records"), "\(check.standardOutput)")
        #expect(check.lines.dropLast(2).allSatisfy { $0.contains("a protocol no linked module declares routable") || $0.contains("is declared nowhere in the linked modules") },
                "\(check.standardOutput)")
    }

    @Test("this host refuses an old plugin whose Swift code knows no build identity, before any of it runs; the old C records' plugin loads and opens its routes")
    func newHostOldPlugin() throws {
        // Its Swift records' accessors were compiled against 4281fac's LinkRouter: run here, they
        // would use 4281fac's layouts. Their records still read exactly (the tests above).
        let library = Self.fixtures.appendingPathComponent("libOldRecords.so").path
        let refused = try BuiltProduct(name: "demo").run(["--plugin", library], input: "shop://old/page/7\nshop://old/c/echo/hi\n")
        #expect(refused.status == 0, "\(refused.standardError)")
        let refusal = try #require(refused.lines.first)
        #expect(refusal.wholeMatch(of: /plugin not loaded: .*libOldRecords\.so: refused: its Swift code was compiled against a LinkRouter without a build identity \(older than this host's build [0-9a-f]{16}\); rebuild it against the host's LinkRouter/) != nil, "\(refusal)")
        #expect(refused.lines.contains("failed no route matches 'old/page/7'"), "\(refused.standardOutput)")
        #expect(refused.lines.contains("failed no route matches 'old/c/echo/hi'"), "\(refused.standardOutput)")
        // C records call C functions: nothing of a LinkRouter's Swift layout, so no build to match.
        let cLibrary = Self.fixtures.appendingPathComponent("libOldCRecords.so").path
        let urls = ["shop://old/c/echo/hi", "shop://old/c/override/1"]
        let loaded = try BuiltProduct(name: "demo").run(["--plugin", cLibrary], input: urls.joined(separator: "\n") + "\n")
        #expect(loaded.lines.first == "plugin loaded: 3 route(s), 0 service(s) from libOldCRecords.so", "\(loaded.standardOutput)\n\(loaded.standardError)")
        let outcomes = loaded.lines.filter { !$0.hasPrefix("stack:") && !$0.hasPrefix("plugin") && !$0.hasPrefix("Type a URL") && !$0.isEmpty }
        #expect(outcomes == ["action old/c/echo/:text → old c hi", "action old/c/override/:x → old c"])
    }

    @Test("the old host reads new version-1 records as written, skips version 2 with a diagnostic once per block, and skips the interceptor and module kinds it does not know")
    func oldHostNewRecords() throws {
        // The demo's records: version 1, their compiled patterns where version-1 readers do not look,
        // but for those that declare a query (version 2, one block each here).
        let demo = BuiltProduct(name: "demo").path.path
        let demoSection = try #require(try RouteSectionReader.read(file: demo))
        #expect(demoSection.records.allSatisfy { $0.version == ($0.query == nil ? 1 : 2) })
        #expect(demoSection.records.contains { $0.compiledPattern != nil })
        // Its interceptor and module records are of kinds added since: the old reader skips each
        // with a diagnostic, and reads the others as written; each version-2 record is one block
        // of an unknown version to it.
        let demoHooks = demoSection.records.filter(Self.isHook)
        #expect(Set(demoHooks.map(\.kind.description)) == ["interceptor", "module", "protocol", "group"])
        let oldDemo = try oldRead([demo])
        #expect(oldDemo.filter { $0.hasPrefix("record ") } == demoSection.records.filter { !Self.isHook($0) && $0.version == 1 }.map(Self.line))
        let skipped = demoSection.records.filter { Self.isHook($0) || $0.version == 2 }.sorted { $0.location.fileOffset < $1.location.fileOffset }
        #expect(oldDemo.filter { $0.hasPrefix("issue ") } == skipped.map { Self.isHook($0) ? Self.unknownKindLine($0) : "issue \($0.location.fileOffset): record version 2 is not supported (this reader knows 1)" })

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
        // (The declarations, routable protocols and groups, are of kinds added since too, and carry no origin.)
        #expect(hooks.filter { $0.kind == .interceptor || $0.kind == .module }.allSatisfy { $0.hookOrigin != nil })
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

    @Test("the old host reads a route whose page declares a protocol and a result as the route it is: the names after the compiled pattern are not seen")
    func oldHostDeclaredProtocol() throws {
        // LinkRouterDiscoveryTests' OfferingPage offers FixtureOffering and returns a String: flag
        // bits 6 and 8, a version-1 record.
        let tests = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        let section = try #require(try RouteSectionReader.read(file: tests))
        // (AccountFeature's address picker, linked into this binary too, declares its result alone.)
        let declaring = section.records.filter { ($0.declaredProtocol != nil || $0.declaredResult != nil) && $0.version == 1 }
        let offering = try #require(declaring.first { $0.pattern == "fixture/offers/:name" })
        #expect(offering.declaredProtocol == "FixtureOffering" && offering.declaredResult == "String" && offering.compiledPattern != nil)
        #expect(declaring.contains { $0.pattern == "account/addresses/pick" && $0.declaredProtocol == nil && $0.declaredResult == "String" })
        let old = try oldRead([tests])
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
