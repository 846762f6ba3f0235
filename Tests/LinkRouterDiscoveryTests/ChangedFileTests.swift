import CDiscoveryFixtures
import Foundation
import LinkRouter
import RouteRecordReader
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Libraries whose files changed after they were loaded: replaced or deleted on disk, or loaded
/// from a memfd. Discovery reads the file that was loaded, through `/proc/self/map_files`; without
/// the capability that takes, it reports what it skipped and why.
///
/// The tests are synchronous: capabilities belong to a thread, and the ones lowered here must stay
/// lowered for the whole pass.
struct ChangedFileTests {
    private static func library(_ name: String, pattern: String) throws -> URL {
        try CTools.sharedLibrary(name, source: """
            #include "LinkRouterRecord.h"
            #include <string.h>
            static bool answer(const char *const *names, const char *const *values, size_t count, char *result, size_t capacity) {
                strncpy(result, "\(name)", capacity - 1);
                return true;
            }
            LINKROUTER_C_ACTION(route, "\(pattern)", answer);
            """)
    }

    private static func load(_ path: String) throws -> UnsafeMutableRawPointer {
        try #require(dlopen(path, RTLD_NOW | RTLD_LOCAL), "dlopen: \(dlerror().map { String(cString: $0) } ?? "")")
    }

    /// Runs `body` with /proc/self/map_files closed to this thread.
    private static func withoutMapFiles<Result>(_ body: () throws -> Result) throws -> Result {
        try #require(linkrouter_fixture_allow_map_files(0) == 0, "capset failed")
        defer { linkrouter_fixture_allow_map_files(1) }
        return try body()
    }

    @Test("a library replaced on disk since it was loaded is read from the loaded file; without map_files it is reported, its memory not read")
    func replacedLibrary() throws {
        let library = try Self.library("ChangedReplaced", pattern: "loaded/changed/replaced")
        let handle = try Self.load(library.path)
        // Another file at the same path, whose route section lies where the loaded object has no memory.
        let other = library.deletingLastPathComponent().appendingPathComponent("other.so")
        try CTools.run("/usr/bin/objcopy", ["--change-section-address", "linkrouter_routes=0xFFFFFFFFFFFF0000", library.path, other.path])
        try FileManager.default.removeItem(at: library)
        try FileManager.default.moveItem(at: other, to: library)

        let image = try #require(LoadedImage.opened(by: handle))
        #expect(image.loadedFile.hasPrefix("/proc/self/map_files/"))
        let report = Router(discovery: .manual).discoverRoutes(in: handle)
        #expect(report.registered == ["loaded/changed/replaced"])
        #expect(report.diagnostics.isEmpty)

        let refused = try Self.withoutMapFiles { Router(discovery: .manual).discoverRoutes(in: handle) }
        #expect(refused.registered.isEmpty)
        #expect(refused.diagnostics == [
            "cannot read route records: \(library.path): the file no longer matches the loaded object (rebuilt or replaced since it was loaded?): its route section is outside the object's memory",
        ])
    }

    @Test("a library deleted since it was loaded is read from the loaded file; without map_files it is skipped with both reasons")
    func deletedLibrary() throws {
        let library = try Self.library("ChangedDeleted", pattern: "loaded/changed/deleted")
        let handle = try Self.load(library.path)
        try FileManager.default.removeItem(at: library)

        let router = Router(discovery: .manual)
        let report = router.registerRoutes()
        #expect(report.registered.contains("loaded/changed/deleted"))
        #expect(report.scannedFiles.contains(library.path))
        #expect(!report.diagnostics.contains { $0.contains(library.path) })

        let refused = try Self.withoutMapFiles { Router(discovery: .manual).discoverRoutes(in: handle) }
        #expect(refused.registered.isEmpty)
        let line = try #require(refused.diagnostics.first)
        #expect(line.hasPrefix("cannot read route records: \(library.path): replaced or deleted since it was loaded, and the loaded file cannot be read through /proc/self/map_files/"))
        #expect(line.hasSuffix("(Operation not permitted) nor the path (cannot open: No such file or directory): its records are skipped"))
    }

    @Test("a library loaded from a memfd is discovered, also once its descriptor is closed")
    func memfdLibrary() throws {
        let library = try Self.library("ChangedMemfd", pattern: "loaded/changed/memfd")
        let bytes = try Data(contentsOf: library)
        try FileManager.default.removeItem(at: library.deletingLastPathComponent())
        let descriptor = linkrouter_fixture_memfd("linkrouter-loaded-memfd")
        try #require(descriptor >= 0)
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        try #require(written == bytes.count)
        let handle = try Self.load("/proc/self/fd/\(descriptor)")

        let report = Router(discovery: .manual).registerRoutes()
        #expect(report.registered.contains("loaded/changed/memfd"))
        #expect(report.scannedFiles.contains("/proc/self/fd/\(descriptor)"))

        // The name the dynamic linker keeps now names no file, or another one.
        close(descriptor)
        let router = Router(discovery: .manual)
        #expect(router.discoverRoutes(in: handle).registered == ["loaded/changed/memfd"])
        #expect(try router.resolve("app://loaded/changed/memfd").pattern.text == "loaded/changed/memfd")
    }
}
