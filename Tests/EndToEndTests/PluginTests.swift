import Foundation
import Testing

/// Plugins and dynamic libraries: the demo's plugin binds to the host's LinkRouter; a plugin with
/// a private copy is refused cleanly; a dynamic library linked at start-up discovers its routes.
struct PluginTests {
    let demo = BuiltProduct(name: "demo")
    var privateCopy: URL { demo.folder.appendingPathComponent("libDemoPluginPrivateCopy.so") }

    private func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("linkrouter-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test("a plugin with a private copy of LinkRouter is refused with a warning, not miscast")
    func privateCopyRefused() throws {
        let run = try demo.run(["--plugin", privateCopy.path, "--routes"])
        #expect(run.status == 0)
        #expect(run.lines.first == "plugin loaded: 0 route(s) from libDemoPluginPrivateCopy.so")
        #expect(run.standardError.contains("libDemoPluginPrivateCopy.so at offset 0x"))
        #expect(run.standardError.contains("its page type is not a Routable of this copy of LinkRouter"))
        #expect(!run.standardOutput.contains("plugin/hello"))
    }

    @Test("a dynamic library linked at start-up discovers its own routes and the program's")
    func dynamicLibraryLinkedAtStart() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("host.c")
        try "int demo_plugin_self_test(void);\nint main(void) { return demo_plugin_self_test(); }\n"
            .write(to: source, atomically: true, encoding: .utf8)
        let host = folder.appendingPathComponent("host")
        // Under AddressSanitizer (scripts/test) the library needs the sanitizer's runtime in its host.
        let sanitizerFlags = ProcessInfo.processInfo.environment["LINKROUTER_TEST_CFLAGS"]?.split(separator: " ").map(String.init) ?? []
        let compile = try BuiltProduct.run(URL(fileURLWithPath: "/usr/bin/cc"), sanitizerFlags + [
            source.path, "-o", host.path, privateCopy.path, "-Wl,-rpath,\(demo.folder.path)",
        ])
        #expect(compile.status == 0, "cc: \(compile.standardError)")
        let run = try BuiltProduct.run(host, [])
        #expect(run.status == 0, "output: \(run.standardOutput) \(run.standardError)")
        #expect(run.lines.contains("plugin/hello"))
    }

    @Test("an object stripped of its section headers gets a clear warning")
    func strippedSectionHeaders() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let stripped = folder.appendingPathComponent("libStripped.so")
        let objcopy = try BuiltProduct.run(URL(fileURLWithPath: "/usr/bin/env"), [
            "llvm-objcopy", "--strip-sections", demo.folder.appendingPathComponent("libDemoPlugin.so").path, stripped.path,
        ])
        #expect(objcopy.status == 0, "llvm-objcopy: \(objcopy.standardError)")
        let run = try demo.run(["--plugin", stripped.path, "--routes"])
        #expect(run.lines.first == "plugin loaded: 0 route(s) from libStripped.so")
        #expect(run.standardError.contains("cannot read route records: \(stripped.path): no section headers (stripped with --strip-sections?)"))
    }
}
