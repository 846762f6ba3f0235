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

    @Test("strip --strip-all: every route is found at start-up and by routes check (section headers stay); a declared protocol cannot be checked without symbols")
    func stripAll() throws {
        try withChangedDemo("strip", ["--strip-all"]) { stripped in
            try expectEveryRoute(in: stripped)
            let check = try routes.run(["check", stripped.path])
            // The login page declares the protocol it offers: without the symbol table its page type
            // is not named, so that check cannot finish, and a check that cannot finish does not pass.
            #expect(check.status == 1, "\(check.standardError)")
            #expect(check.lines.filter { $0.contains(": '") }.map { $0.drop { $0 != "'" } } == [
                "'account/login': cannot check that its page conforms to 'SignInPrompting': the file does not name the record's accessor (stripped?)",
            ], "\(check.standardOutput)")
            #expect(check.lines.contains("1 problem(s) in 21 records"), "\(check.standardOutput)")
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

    /// Links the demo's objects into `folder/name` as SwiftPM does, `--export-dynamic` included
    /// unless told otherwise, with `objects` (all the demo's by default) and then `extra` inputs.
    private func linkDemo(
        _ name: String, in folder: URL, objects: (String) -> Bool = { _ in true }, extra: [String] = [], exportDynamic: Bool = true
    ) throws -> URL {
        let all = try String(contentsOf: demo.folder.appendingPathComponent("demo.product/Objects.LinkFileList"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        // Under AddressSanitizer (scripts/test) the objects need the sanitizer's runtime.
        let sanitizer = ProcessInfo.processInfo.environment["LINKROUTER_TEST_CFLAGS"]?.contains("-fsanitize=address") == true ? ["-sanitize=address"] : []
        let output = folder.appendingPathComponent(name)
        let run = try BuiltProduct.run(URL(fileURLWithPath: "/usr/bin/env"), ["swiftc", "-emit-executable", "-o", output.path]
            + sanitizer + ["-lelf", "-Xlinker", "--defsym", "-Xlinker", "main=demo_main"]
            + (exportDynamic ? ["-Xlinker", "--export-dynamic"] : [])
            + all.filter(objects) + extra)
        try #require(run.status == 0, "swiftc: \(run.standardError)")
        return output
    }

    @Test("a host linked statically without --export-dynamic: the warning blames the host, not its plugin")
    func hostNotExported() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let host = try linkDemo("demo-unexported", in: folder, exportDynamic: false)
        // The demo's plugin, built right (on LinkRouterDynamic), binds to the library's copy.
        let plugin = demo.folder.appendingPathComponent("libDemoPlugin.so")
        let run = try BuiltProduct.run(host, ["--plugin", plugin.path, "--routes"])
        #expect(run.lines.first == "plugin loaded: 0 route(s), 0 service(s) from libDemoPlugin.so")
        #expect(run.standardError.contains(
            "its page type is not a Routable of this copy of LinkRouter (the host is linked wrong, not the library: the program links LinkRouter statically without -Xlinker --export-dynamic"
        ), "\(run.standardError)")
        #expect(!run.standardError.contains("the image carries a private copy"))
        // Linked as SwiftPM links the demo, the same plugin loads.
        let exported = try BuiltProduct.run(try linkDemo("demo-exported", in: folder), ["--plugin", plugin.path, "--routes"])
        #expect(exported.lines.first == "plugin loaded: 1 route(s), 1 service(s) from libDemoPlugin.so", "\(exported.standardError)")
    }

    @Test("feature modules from a static archive lose their records: a warning at start-up and from routes check; linked whole they work")
    func staticArchive() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let objects = try String(contentsOf: demo.folder.appendingPathComponent("demo.product/Objects.LinkFileList"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        let features = ["ShopContracts", "AccountFeature", "CatalogFeature", "CartFeature", "CGreetings"]
        let isFeature = { (object: String) in features.contains { object.contains("/\($0).build/") } }
        let archive = folder.appendingPathComponent("libFeatures.a")
        let ar = try BuiltProduct.run(URL(fileURLWithPath: "/usr/bin/ar"), ["rcs", archive.path] + objects.filter(isFeature))
        try #require(ar.status == 0, "ar: \(ar.standardError)")
        // As SwiftPM links the demo, with the feature modules taken from the archive. The archive
        // goes to the linker with -Xlinker, so that it stays between the --whole-archive pair
        // (swiftc would move a plain input ahead of them).
        func link(_ name: String, archive archiveArguments: [String]) throws -> URL {
            try linkDemo(name, in: folder, objects: { !isFeature($0) }, extra: archiveArguments)
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
