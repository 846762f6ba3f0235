import Foundation
import LinkRouter
import RouteRecordReader
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Libraries loaded with `dlopen` while the program runs: which records win, a library opened by
/// a relative path, a section ending in half a record (files changed on disk: ChangedFileTests).
///
/// The libraries stay loaded (see ``CTools/loadedLibraryMarker``).
struct LoadedLibraryTests {
    /// A C library with one action per pattern, each answering `answer`.
    private static func library(_ name: String, patterns: [String], answer: String) throws -> URL {
        let records = patterns.enumerated().map { index, pattern in
            "LINKROUTER_C_ACTION(route_\(index), \"\(pattern)\", answer);"
        }
        return try CTools.sharedLibrary(name, source: """
            #include "LinkRouterRecord.h"
            #include <string.h>
            static bool answer(const char *const *names, const char *const *values, size_t count, char *result, size_t capacity) {
                strncpy(result, "\(answer)", capacity - 1);
                return true;
            }
            \(records.joined(separator: "\n"))
            """)
    }

    private static func load(_ library: URL) throws -> UnsafeMutableRawPointer {
        try #require(dlopen(library.path, RTLD_NOW | RTLD_LOCAL), "dlopen: \(dlerror().map { String(cString: $0) } ?? "")")
    }

    @Test("a library discovered before an automatic router's first use loses a shared pattern to the main program")
    func mainProgramFirst() async throws {
        let library = try Self.library("Clash", patterns: ["fixture/c/clash", "loaded/clash/own"], answer: "from the library")
        let handle = try Self.load(library)
        let router = Router(discovery: .automatic)

        let report = router.discoverRoutes(in: handle)
        #expect(report.registered == ["loaded/clash/own"])
        let line = try #require(report.diagnostics.first { $0.hasPrefix("duplicate route 'fixture/c/clash'") })
        #expect(line.contains("at \(library.path) at offset 0x"))
        #expect(line.hasSuffix("ignored: 'fixture/c/clash' registered earlier wins"))
        // The main program's C fixture answered, and the first use found nothing more to do.
        #expect(await router.open("app://fixture/c/clash?a=2&b=40").actionResult as? String == "42")
        #expect(await router.open("app://loaded/clash/own").actionResult as? String == "from the library")
        #expect(router.routes.filter { $0.pattern.text == "fixture/c/clash" }.count == 1)
    }

    @Test("a library built by 4281fac registers its C routes: version-1 records read as that commit read them")
    func libraryFrom4281fac() async throws {
        // Tests/Fixtures/Records4281fac, built by its make-fixtures with LinkRouter 4281fac.
        let fixtures = URL(filePath: "\(#filePath)").deletingLastPathComponent().deletingLastPathComponent()
            .appending(path: "Fixtures/Records4281fac")
        let handle = try Self.load(fixtures.appending(path: "libOldCRecords.so"))
        let router = Router(discovery: .manual)
        let report = router.discoverRoutes(in: handle)
        #expect(report.registered.sorted() == [
            "old/c/echo/:text", "old/c/longest/0123456789012345678901234567890123456789012345678901234567890123456789012345678",
            "old/c/override/:x",
        ])
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        #expect(await router.open("app://old/c/echo/hi").actionResult as? String == "old c hi")
        let image = try #require(LoadedImage.opened(by: handle))
        let records = try #require(try RouteSectionReader.read(image: image)).records
        #expect(records.allSatisfy { $0.version == 1 && $0.compiledPattern == nil })
        #expect(records.map(\.isOverride) == [false, true, false])
    }

    @Test("a library opened by a relative path is read from its absolute path")
    func relativePath() throws {
        let library = try Self.library("Relative", patterns: ["loaded/relative"], answer: "relative")
        let absolute = try #require(realpath(library.path, nil).map { path in defer { free(path) }; return String(cString: path) })
        let relative = Self.relativePath(to: absolute, from: FileManager.default.currentDirectoryPath)
        #expect(!relative.hasPrefix("/"))
        let handle = try #require(dlopen(relative, RTLD_NOW | RTLD_LOCAL))

        // The dynamic linker keeps the relative name, which would name another file (or none)
        // once the process changes directory.
        let image = try #require(LoadedImage.opened(by: handle))
        #expect(image.path == absolute)
        #expect(LoadedImage.all().contains { $0.path == absolute })
        #expect(!LoadedImage.all().contains { $0.path == relative })
        #expect(Router(discovery: .manual).discoverRoutes(in: handle).registered == ["loaded/relative"])
    }

    @Test("half a record at the end of a library's route section is reported; the whole record before it is registered")
    func truncatedRecord() throws {
        let library = try CTools.sharedLibrary("Truncated", source: """
            #include "LinkRouterRecord.h"
            static bool answer(const char *const *names, const char *const *values, size_t count, char *result, size_t capacity) {
                result[0] = 0;
                return true;
            }
            // One section entry, so that the half record comes after the whole one.
            __attribute__((used, retain, section(LINKROUTER_SECTION_NAME), aligned(8)))
            static const struct { linkrouter_route_record whole; unsigned char half[64]; } records = {
                {LINKROUTER_RECORD_MAGIC, LINKROUTER_RECORD_VERSION, 0, LINKROUTER_KIND_C_ACTION, 22,
                 (linkrouter_route_accessor)answer, 0, "loaded/truncated/whole"},
                {0x4C, 0x6E, 0x6B, 0x52, 1, 0},
            };
            """)
        let handle = try Self.load(library)
        let report = Router(discovery: .manual).discoverRoutes(in: handle)
        #expect(report.registered == ["loaded/truncated/whole"])
        let line = try #require(report.diagnostics.first { $0.contains("section size 192 is not a multiple of the 128-byte record") })
        #expect(line.contains(library.path))
    }

    /// `target` relative to the folder `base`, both absolute.
    @Test("a library closed after its routes were registered stays loaded, and its routes still open")
    func closedAfterRegistration() async throws {
        let library = try Self.library("Closed", patterns: ["loaded/closed"], answer: "still here")
        let handle = try Self.load(library)
        let router = Router(discovery: .manual)
        #expect(router.discoverRoutes(in: handle).registered == ["loaded/closed"])
        #expect(dlclose(handle) == 0)

        // Without RTLD_NODELETE the last reference is gone now, the file is unmapped, and the
        // route's C function with it: RTLD_NOLOAD would find nothing, and the open would crash.
        let probe = try #require(dlopen(library.path, RTLD_NOW | RTLD_NOLOAD), "the library was unloaded")
        dlclose(probe)
        #expect(await router.open("app://loaded/closed").actionResult as? String == "still here")
    }

    @Test("registerRoutes() registers libraries loaded since its last pass by anyone, each once")
    func newImages() throws {
        let router = Router(discovery: .manual)
        router.registerRoutes()
        let library = try Self.library("Later", patterns: ["loaded/later"], answer: "later")
        _ = try Self.load(library)
        // Other tests load libraries meanwhile: only this one's route is known to be new.
        #expect(router.registerRoutes().registered.contains("loaded/later"))
        #expect(!router.registerRoutes().registered.contains("loaded/later"))
    }

    @Test("the report lists the ties and shadowed routes that involve the pass's routes, and only those")
    func conflictsInReport() throws {
        let router = Router(discovery: .manual)
        let action = RouteAction { _ in "by hand" }
        // Registered before the pass: an older conflict the pass must leave out, and a route the
        // library's `*` loses to (a parameter takes precedence over a wildcard).
        try router.register("loaded/old(/:page)", action: action)
        try router.register("loaded/old/:n", action: action)
        try router.register("loaded/files/:name", action: action)
        let library = try Self.library(
            "Conflicts", patterns: ["loaded/tie(/:page)", "loaded/tie/:n", "loaded/files/*", "loaded/fine"], answer: "library"
        )

        let report = router.discoverRoutes(in: try Self.load(library))

        #expect(report.registered == ["loaded/tie(/:page)", "loaded/tie/:n", "loaded/files/*", "loaded/fine"])
        #expect(report.conflicts.map(\.pattern) == ["loaded/tie/:n", "loaded/files/*"])
        #expect(report.conflicts.map(\.winner) == ["loaded/tie(/:page)", "loaded/files/:name"])
        #expect(report.conflicts.map(\.kind) == [.tie, .shadowed])
        #expect(report.conflicts.last?.description == "'loaded/files/*' never wins for 'loaded/files/~': 'loaded/files/:name' takes precedence")
        #expect(report.diagnostics.isEmpty)
        // The router as a whole still has the older conflict.
        #expect(router.validate().map(\.pattern) == ["loaded/old/:n", "loaded/tie/:n", "loaded/files/*"])
    }

    @Test("a pass told not to validate reports no conflicts; the tests' debug build validates by default")
    func conflictsNotChecked() throws {
        #expect(RouteDiscovery.validatesByDefault)
        let library = try Self.library("Unchecked", patterns: ["loaded/unchecked(/:page)", "loaded/unchecked/:n"], answer: "library")
        let router = Router(discovery: .manual)
        let report = router.discoverRoutes(in: try Self.load(library), validating: false)
        #expect(report.registered == ["loaded/unchecked(/:page)", "loaded/unchecked/:n"])
        #expect(report.conflicts.isEmpty)
        #expect(router.validate().map(\.pattern) == ["loaded/unchecked/:n"])
    }

    @Test("registerRoutes() opens no file of a library whose dynamic symbols show it holds no records")
    func librariesJudgedFromMemory() throws {
        // The record written out by hand, without the record header: the library does not define
        // the header's marker and uses nothing of LinkRouter, so the automatic pass leaves it unread.
        let unmarked = try CTools.sharedLibrary("Unmarked", source: """
            #include <stdbool.h>
            #include <stddef.h>
            #include <stdint.h>
            #include <string.h>
            static bool answer(const char *const *names, const char *const *values, size_t count, char *result, size_t capacity) {
                strncpy(result, "unmarked", capacity - 1);
                return true;
            }
            __attribute__((used, retain, section("linkrouter_routes"), aligned(8)))
            static const struct { uint32_t magic; uint16_t version, flags; uint32_t kind, length; void *accessor; uint64_t reserved; char text[96]; }
                record = {0x526B6E4Cu, 1, 0, 0x63616374u, 15, (void *)answer, 0, "loaded/unmarked"};
            """)
        let marked = try Self.library("Marked", patterns: ["loaded/marked"], answer: "marked")
        let unmarkedHandle = try Self.load(unmarked)
        _ = try Self.load(marked)

        let report = Router(discovery: .manual).registerRoutes()
        #expect(report.scannedFiles.contains { $0.hasSuffix("/libMarked.so") })
        #expect(report.registered.contains("loaded/marked"))
        #expect(report.unopenedFiles.contains { $0.hasSuffix("/libUnmarked.so") })
        #expect(!report.registered.contains("loaded/unmarked"))
        // The C library and the Swift runtime cannot hold records; the test program (the main
        // program) is always read.
        #expect(report.unopenedFiles.contains { $0.hasSuffix("/libc.so.6") })
        #expect(report.unopenedFiles.contains { $0.hasSuffix("/libswiftCore.so") })
        #expect(!report.unopenedFiles.contains(LoadedImage.all()[0].path))
        // Named explicitly, the library is read all the same.
        #expect(Router(discovery: .manual).discoverRoutes(in: unmarkedHandle).registered == ["loaded/unmarked"])
    }

    @Test("a record's query contract is registered with its route and checked at open; one that does not parse is skipped")
    func queryContract() async throws {
        // C writes the text whole: pattern, NUL, no groups, NUL, no summary, NUL, the contract.
        let library = try Self.library(
            "Query", patterns: [#"loaded/query\0\0\0rpage:int=1"#, #"loaded/badquery\0\0\0xpage"#], answer: "queried"
        )
        let router = Router(discovery: .manual)
        let report = router.discoverRoutes(in: try Self.load(library))
        #expect(report.registered == ["loaded/query"])
        let line = try #require(report.diagnostics.first)
        #expect(line.hasPrefix("skipped record: \(library.path) at offset 0x") && line.hasSuffix("its query contract does not parse: query parameter 'xpage': expected 'name: type' or 'name: type = default'"))
        let contract = try #require(router.routes.first?.options.query)
        #expect(contract.description == "page: int = 1; unknown: refuse")
        #expect(await router.open("app://loaded/query?page=2").actionResult as? String == "queried")
        #expect(await router.open("app://loaded/query?utm=x").failure.map { "\($0)" } == "route 'loaded/query' rejected its parameters: query parameter 'utm' is not declared by the route")
    }

    private static func relativePath(to target: String, from base: String) -> String {
        let targetParts = target.split(separator: "/")
        let baseParts = base.split(separator: "/")
        var common = 0
        while common < min(targetParts.count, baseParts.count), targetParts[common] == baseParts[common] { common += 1 }
        let up = Array(repeating: "..", count: baseParts.count - common)
        return (up + targetParts[common...].map(String.init)).joined(separator: "/")
    }
}
