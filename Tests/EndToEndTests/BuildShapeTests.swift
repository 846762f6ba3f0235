import Foundation
import Testing

/// The demo in the build shapes of deployments that CI can make from the debug build in seconds:
/// stripped, its route section cut out, its feature modules linked from a static archive. (Release
/// builds with a static Swift runtime, LTO and static executables take a release build each:
/// `scripts/build-shapes`.)
struct BuildShapeTests {
    private let demo = BuiltProduct(name: "demo")
    private let routes = BuiltProduct(name: "routes")

    private func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("linkrouter-shape-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Calls `body` with a copy of the demo changed by `tool` (`tool arguments… copy`), in a
    /// temporary folder removed afterwards.
    private func withChangedDemo(_ tool: String, _ arguments: [String], _ body: (URL) throws -> Void) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("demo")
        try FileManager.default.copyItem(at: demo.path, to: copy)
        let run = try BuiltProduct.run(URL(fileURLWithPath: "/usr/bin/env"), [tool] + arguments + [copy.path])
        try #require(run.status == 0, "\(tool): \(run.standardError)")
        try body(copy)
    }

    /// What a demo prints with `--routes` and no plugin: a line per route, then a summary with the time.
    private func listedRoutes(_ executable: URL) throws -> BuiltProduct.Run {
        try BuiltProduct.run(executable, ["--plugin", "/nonexistent/libNone.so", "--routes"])
    }

    /// The route lines of a listing.
    private func routeLines(_ run: BuiltProduct.Run) -> [String] {
        run.lines.filter { $0.hasPrefix("page ") || $0.hasPrefix("action ") }
    }

    /// Expects `executable` to list the demo's 14 routes, as the demo does.
    private func expectEveryRoute(in executable: URL) throws {
        let run = try listedRoutes(executable)
        #expect(run.status == 0)
        #expect(routeLines(run).count == 14)
        #expect(routeLines(run) == routeLines(try listedRoutes(demo.path)))
    }

    /// Expects `executable` to list no route and warn `warning` at start-up, and `routes check`
    /// to exit 2 with a message starting with `check`.
    private func expectNoRoutes(in executable: URL, warning: String, check: String) throws {
        let run = try listedRoutes(executable)
        #expect(routeLines(run).isEmpty)
        #expect(run.standardError.contains(warning), "\(run.standardError)")
        let checked = try routes.run(["check", executable.path])
        #expect(checked.status == 2)
        #expect(checked.standardError.hasPrefix(check), "\(checked.standardError)")
    }

    @Test("strip --strip-all: every route is found at start-up and by routes check (section headers stay)")
    func stripAll() throws {
        try withChangedDemo("strip", ["--strip-all"]) { stripped in
            try expectEveryRoute(in: stripped)
            let check = try routes.run(["check", stripped.path])
            #expect(check.status == 0, "\(check.standardError)")
        }
    }

    @Test("--strip-sections: the program still finds its routes in memory; routes says it cannot read the file")
    func stripSections() throws {
        try withChangedDemo("llvm-objcopy", ["--strip-sections"]) { stripped in
            try expectEveryRoute(in: stripped)
            let check = try routes.run(["check", stripped.path])
            #expect(check.status == 2)
            #expect(check.standardError == "routes: \(stripped.path): no section headers (stripped with --strip-sections?): its route records cannot be found\n")
        }
    }

    @Test("objcopy --remove-section: no routes, and the reason at start-up and from routes check")
    func removedSection() throws {
        try withChangedDemo("objcopy", ["--remove-section", "linkrouter_routes"]) { cut in
            try expectNoRoutes(
                in: cut,
                warning: "cannot read route records: \(cut.path): its linkrouter_routes section was removed after linking (objcopy --remove-section or strip --remove-section?)",
                check: "routes: \(cut.path): no linkrouter_routes section, though it links LinkRouter:"
            )
        }
    }

    @Test("feature modules from a static archive lose their records: a warning at start-up and from routes check; linked whole they work")
    func staticArchive() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let objects = try String(contentsOf: demo.folder.appendingPathComponent("demo.product/Objects.LinkFileList"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        let features = ["AccountFeature", "CatalogFeature", "CartFeature", "CGreetings"]
        let isFeature = { (object: String) in features.contains { object.contains("/\($0).build/") } }
        let archive = folder.appendingPathComponent("libFeatures.a")
        let ar = try BuiltProduct.run(URL(fileURLWithPath: "/usr/bin/ar"), ["rcs", archive.path] + objects.filter(isFeature))
        try #require(ar.status == 0, "ar: \(ar.standardError)")
        // Under AddressSanitizer (scripts/test) the objects need the sanitizer's runtime.
        let sanitizer = ProcessInfo.processInfo.environment["LINKROUTER_TEST_CFLAGS"]?.contains("-fsanitize=address") == true ? ["-sanitize=address"] : []
        func link(_ name: String, archive archiveArguments: [String]) throws -> URL {
            let output = folder.appendingPathComponent(name)
            // As SwiftPM links the demo, with the feature modules taken from the archive. The archive
            // goes to the linker with -Xlinker, so that it stays between the --whole-archive pair
            // (swiftc would move a plain input ahead of them).
            let run = try BuiltProduct.run(URL(fileURLWithPath: "/usr/bin/env"), ["swiftc", "-emit-executable", "-o", output.path]
                + sanitizer + ["-lelf", "-Xlinker", "--defsym", "-Xlinker", "main=demo_main", "-Xlinker", "--export-dynamic"]
                + objects.filter { !isFeature($0) } + archiveArguments)
            try #require(run.status == 0, "swiftc: \(run.standardError)")
            return output
        }

        let dropped = try link("demo-archive", archive: [archive.path])
        try expectNoRoutes(
            in: dropped,
            warning: "no route records found: \(dropped.path) links LinkRouter, but neither it nor a loaded library holds a record. Feature modules linked from static archives (.a) lose their records unless the archive is linked whole (-Xlinker --whole-archive -Xlinker libFeature.a -Xlinker --no-whole-archive)",
            check: "routes: \(dropped.path): no linkrouter_routes section, though it links LinkRouter: its records were not linked (feature modules from static archives need -Xlinker --whole-archive"
        )

        let whole = try link("demo-whole", archive: ["-Xlinker", "--whole-archive", "-Xlinker", archive.path, "-Xlinker", "--no-whole-archive"])
        try expectEveryRoute(in: whole)
        #expect(try routes.run(["check", whole.path]).status == 0)
    }
}
