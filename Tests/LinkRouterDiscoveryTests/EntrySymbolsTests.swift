import Foundation
import RouteRecordReader
import Testing

struct EntrySymbolsTests {
    /// Accessor symbols from object files the Swift compiler built from annotations.
    @Test("an accessor's symbol reads as the annotation that made it, wherever the macro named its record", arguments: [
        // @Routable: the type's first record has a plain name...
        ("$s11TwoRoutable0A4PageV18__linkRouterRecords6UInt32V_s6UInt16VAh2FSbSv_S2VSgtXCs6UInt64VA12KtvpZfiSbSv_SVAItcfU_",
         "accessor of TwoRoutable.TwoPage.__linkRouterRecord"),
        // ...the second a unique one.
        ("$s11TwoRoutable0A4PageV04$s11A46Routable0A4Page0B0fMe_18__linkRouterRecordfMu_s6UInt32V_s6UInt16VAh2FSbSv_S2VSgtXCs6UInt64VA12KtvpZfiSbSv_SVAItcfU_",
         "accessor of TwoRoutable.TwoPage.__linkRouterRecord"),
        // #route at file scope, in a file whose name has a digit.
        ("$s9Annotated96$s9Annotated0016File0swift_eCJAcfMX8_0_33_F3B3B62110714B14933C549DE02EEC23Ll5routefMf_5routefMu_01_ghijklM0LLs6UInt32V_s6UInt16VAg2ESbSv_S2VSgtXCs6UInt64VA12JtvpfiSbSv_SVAHtcfU_",
         "#route at File0.swift:9 in Annotated"),
        // #route in a type.
        ("$s7InTypes12File3ActionsO03$s7A91Types0016File3swift_eCJAcfMX178_4_33_63EDC1A292B18B2B7958DD8ABCD1E44BLl5routefMf_5routefMu_03_63jklmnopQ1BLLs6UInt32V_s6UInt16VAi2GSbSv_S2VSgtXCs6UInt64VA12LtvpZfiSbSv_SVAJtcfU_",
         "#route at File3.swift:179 in InTypes.File3Actions"),
        // Not Swift: a C action's function.
        ("act", "act"),
    ])
    func demangle(_ symbol: String, _ expected: String) {
        #expect(EntrySymbols.demangle(symbol) == expected)
    }
}

/// Naming a record's accessor in a file on disk, bounded by work: the first containing interval
/// found by one sorted sweep, checked against a scan; a crafted file (`Benchmarks/crafted-elf`)
/// resolved record by record; the limits on records and symbols, each a typed error.
struct EntrySymbolsBoundTests {
    typealias Interval = FirstContainingInterval.Interval

    /// The answer of a scan of every interval for every point: what the sweep must give.
    static func scanned(_ points: [UInt64], _ intervals: [Interval]) -> [Int?] {
        points.map { point in intervals.firstIndex { $0.holds(point) } }
    }

    @Test("the sweep finds, for each point, the first interval in the order given that holds it: nested, overlapping, empty, near 2^64")
    func sweepAgreesWithScan() {
        let top = UInt64.max
        let intervals: [Interval] = [
            .init(start: 100, length: 10), .init(start: 0, length: 1000), .init(start: 105, length: 2), .init(start: 50, length: 0),
            .init(start: 104, length: 1), .init(start: top - 5, length: 3), .init(start: top - 5, length: 100), .init(start: 0, length: top),
            .init(start: 700, length: 1), .init(start: 700, length: 1),
        ]
        let points: [UInt64] = [0, 49, 50, 99, 100, 104, 105, 106, 109, 110, 700, 999, 1000, top - 6, top - 5, top - 3, top - 2, top, 104, 0]
        #expect(FirstContainingInterval.find(points, in: intervals).indices == Self.scanned(points, intervals))
        #expect(FirstContainingInterval.find([], in: intervals).indices.isEmpty)
        #expect(FirstContainingInterval.find(points, in: []).indices == points.map { _ in nil })
    }

    /// Nested intervals, the first given the innermost, each point held by all but the first few:
    /// a scan tests 8.4 million of them, the sweep pushes each interval once and pops one for
    /// each point after the first.
    @Test("4,096 nested intervals and 4,096 points take the sweep at most 2n · (log2 n + 1) steps")
    func sweepIsBounded() {
        let count = 4096
        let intervals = (0..<count).map { Interval(start: UInt64(count - 1 - $0), length: UInt64(2 * ($0 + 1))) }
        let points = (0..<count).map { UInt64(count - 1 + $0) }.reversed().map { $0 }
        let lookup = FirstContainingInterval.find(points, in: intervals)
        #expect(lookup.indices == Self.scanned(points, intervals))
        #expect(lookup.steps <= 2 * count * (12 + 1), "\(lookup.steps) steps")
    }

    /// The folder of `Benchmarks/crafted-elf`.
    static let benchmarks = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Benchmarks")

    /// A crafted file of `records` records and `symbols` function symbols, in a new folder.
    static func craftedFile(records: Int, symbols: Int) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("linkrouter-crafted-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("crafted.so")
        try CTools.run("/usr/bin/env", ["python3", Self.benchmarks.appendingPathComponent("crafted-elf").path, "\(records)", "\(symbols)", file.path])
        return file
    }

    @Test("a crafted file of 2,048 records and 2,048 symbols: each record is named by its own function, as a scan names it")
    func craftedFileResolves() throws {
        let file = try Self.craftedFile(records: 2048, symbols: 2048)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let section = try #require(try RouteSectionReader.read(file: file.path))
        #expect(section.records.count == 2048)
        let resolved = try EntrySymbols.resolve(in: section)
        #expect(resolved.hasSymbolTable)
        for record in section.records {
            let number = record.pattern.split(separator: "/").last.map(String.init) ?? ""
            #expect(resolved.symbols[record.location] == "crafted_\(number)", "\(record.pattern)")
        }
    }

    @Test("a file past the limits on records or symbols is refused with a typed error naming the count and the limit")
    func limits() throws {
        let file = try Self.craftedFile(records: 300, symbols: 500)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        #expect(throws: ELFReadError(path: file.path, reason: .tooManyRecords(count: 300, limit: 299))) {
            try RouteSectionReader.read(file: file.path, maximumRecords: 299)
        }
        #expect(ELFReadError(path: file.path, reason: .tooManyRecords(count: 300, limit: 299)).message
            == "its linkrouter_routes sections have room for 300 records, more than the 299 a reader reads")
        let section = try #require(try RouteSectionReader.read(file: file.path, maximumRecords: 300))
        // The symbol table's null entry counts: 501 entries.
        let error = #expect(throws: ELFReadError.self) { try EntrySymbols.resolve(in: section, maximumSymbols: 500) }
        #expect(error?.reason == .tooManySymbols(count: 501, limit: 500))
        #expect(error?.message == "its symbol table holds 501 symbols, more than the 500 a reader reads")
        #expect(try EntrySymbols.resolve(in: section, maximumSymbols: 501).symbols.count == 300)
        #expect(RouteSectionReader.maximumRecordCount == 262_144 && EntrySymbols.maximumSymbolCount == 4_194_304)
    }
}

/// Discovery names the records it reports from the file's symbol table, and remembers the names
/// for the file as it is on disk.
struct EntrySymbolsCacheTests {
    private static func source(action: String) -> String {
        """
        #include "LinkRouterRecord.h"
        bool \(action)(const char *const *names, const char *const *values, size_t count, char *result, size_t capacity) {
            return false;
        }
        LINKROUTER_C_ACTION(route, "loaded/renamed/record", \(action));
        """
    }

    @Test("a record's accessor is named again alike from the same file, and read again from a file rebuilt at its path")
    func namesFollowTheFile() throws {
        let library = try CTools.sharedLibrary("RenamedAction", source: Self.source(action: "first_answer"))
        defer { try? FileManager.default.removeItem(at: library.deletingLastPathComponent()) }
        func offsets() throws -> Set<Int> {
            let section = try #require(try RouteSectionReader.read(file: library.path))
            return Set(section.entries.compactMap { try? $0.get().location.fileOffset })
        }
        let first = try offsets()
        try #require(first.count == 1)
        #expect(Array(EntrySymbols.symbols(in: library.path, atOffsets: first).values) == ["first_answer"])
        #expect(Array(EntrySymbols.symbols(in: library.path, atOffsets: first).values) == ["first_answer"])

        let rebuilt = library.deletingLastPathComponent().appendingPathComponent("RenamedAction2.c")
        try Self.source(action: "second_answer").write(to: rebuilt, atomically: true, encoding: .utf8)
        try CTools.run("/usr/bin/cc", ["-shared", "-fPIC", "-I", CTools.recordHeader, rebuilt.path, "-o", library.path])
        #expect(Array(EntrySymbols.symbols(in: library.path, atOffsets: try offsets()).values) == ["second_answer"])
    }
}
