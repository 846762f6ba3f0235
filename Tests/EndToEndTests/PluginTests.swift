import Foundation
import Testing

/// Plugins and dynamic libraries: the demo's plugin binds to the host's LinkRouter, whether the
/// host exports its static copy (the demo) or links LinkRouterDynamic (PluginHost); a plugin with
/// a private copy is refused cleanly; a dynamic library linked at start-up discovers its routes.
struct PluginTests {
    let demo = BuiltProduct(name: "demo")
    var privateCopy: URL { demo.folder.appendingPathComponent("libDemoPluginPrivateCopy.so") }

    private func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("linkrouter-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test("the demo's plugin, built by SwiftPM as a package of its own, links LinkRouterDynamic and carries no copy of LinkRouter")
    func pluginSharesTheHostsCopy() throws {
        let plugin = demo.folder.appendingPathComponent("libDemoPlugin.so")
        let needed = try BuiltProduct.run(URL(fileURLWithPath: "/usr/bin/env"), ["llvm-readelf", "--dynamic", plugin.path])
        #expect(needed.status == 0, "llvm-readelf: \(needed.standardError)")
        #expect(needed.standardOutput.contains("Shared library: [libLinkRouterDynamic.so]"), "\(needed.standardOutput)")
        // The Routable protocol's descriptor: defined in a private copy, only referenced by the plugin.
        let routable = "$s14LinkRouterCore8RoutableMp"
        let definedIn = { (library: URL) throws -> [String] in
            let symbols = try BuiltProduct.run(URL(fileURLWithPath: "/usr/bin/env"), ["llvm-nm", "--dynamic", "--defined-only", "--just-symbol-name", library.path])
            #expect(symbols.status == 0, "llvm-nm: \(symbols.standardError)")
            return symbols.lines
        }
        #expect(try !definedIn(plugin).contains(routable))
        #expect(try definedIn(privateCopy).contains(routable))
    }

    @Test("a host that links LinkRouterDynamic, as its plugin does, opens the plugin's page and gets its service")
    func hostSharingTheDynamicLibrary() throws {
        // Examples/DemoPlugin's PluginHost, built with the plugin (scripts/test).
        let host = BuiltProduct(name: "PluginHost")
        let run = try host.run([demo.folder.appendingPathComponent("libDemoPlugin.so").path])
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        #expect(run.lines.prefix(5) == [
            "routes: plugin/hello",
            "services: ShopInterfaces.RecommendationService",
            "opened: PluginHelloPage(name: host)",
            "recommended: tea mug, enamel poster",
            // LinkRouterTesting from the LinkRouterDynamic product: one copy, so its discovery
            // takes the plugin's records.
            "checked: no problem",
        ])
        // LinkRouterDesktop from the same library: its dispatcher is the core's RouteDispatcher.
        #expect(run.lines.contains("desktop opener: opened mailto:ada@example.com"), "\(run.standardOutput)")
        // The same host refuses the library with a copy of its own.
        let refused = try host.run([privateCopy.path])
        #expect(refused.status == 1)
        #expect(refused.lines.contains("opened: nothing"))
        #expect(refused.standardOutput.contains("its page type is not a Routable of this copy of LinkRouter (the image carries a private copy"))
    }

    /// The type and protocol descriptors of LinkRouter's core, desktop and GTK modules that an
    /// image defines: an image that defines them carries a copy of the module; one that only uses
    /// them references them.
    private func descriptors(definedIn image: URL) throws -> [String] {
        guard FileManager.default.fileExists(atPath: image.path) else { throw BuiltProduct.MissingProduct(path: image.path) }
        let symbols = try BuiltProduct.run(URL(fileURLWithPath: "/usr/bin/env"), ["llvm-nm", "--defined-only", "--just-symbol-name", image.path])
        #expect(symbols.status == 0, "llvm-nm: \(symbols.standardError)")
        let modules = ["$s14LinkRouterCore", "$s17LinkRouterDesktop", "$s13LinkRouterGTK"]
        return symbols.lines.filter { symbol in
            modules.contains { symbol.hasPrefix($0) } && (symbol.hasSuffix("Mn") || symbol.hasSuffix("Mp"))
        }
    }

    @Test("every plugin host shape links one copy of the core: PluginHost (LinkRouterDynamic, with LinkRouterDesktop) and GTKPluginHost (LinkRouterGTKDynamic) and their plugins define none of its descriptors")
    func oneCoreInEveryHostShape() throws {
        let routable = "$s14LinkRouterCore8RoutableMp"
        let shapes = [
            (host: "PluginHost", plugin: "libDemoPlugin.so", library: "libLinkRouterDynamic.so", module: "$s17LinkRouterDesktop0C16OpenerDispatcherVMn"),
            (host: "GTKPluginHost", plugin: "libDemoGTKPlugin.so", library: "libLinkRouterGTKDynamic.so", module: "$s13LinkRouterGTK12GTKNavigatorCMn"),
        ]
        for shape in shapes {
            let host = demo.folder.appendingPathComponent(shape.host)
            #expect(try descriptors(definedIn: host) == [], "\(shape.host) carries a copy")
            #expect(try descriptors(definedIn: demo.folder.appendingPathComponent(shape.plugin)) == [], "\(shape.plugin) carries a copy")
            let needed = try BuiltProduct.run(URL(fileURLWithPath: "/usr/bin/env"), ["llvm-readelf", "--dynamic", host.path])
            #expect(needed.standardOutput.contains("Shared library: [\(shape.library)]"), "\(needed.standardOutput)")
            // The one copy: the shared library's, with the desktop or GTK module beside the core.
            let shared = try descriptors(definedIn: demo.folder.appendingPathComponent(shape.library))
            #expect(shared.contains(routable) && shared.contains(shape.module), "\(shape.library)")
        }
        // The check sees a copy where there is one: the demo links LinkRouter statically.
        #expect(try descriptors(definedIn: demo.path).contains(routable))
    }

    @Test("a plugin with a private copy of LinkRouter is refused with a warning, not miscast")
    func privateCopyRefused() throws {
        let run = try demo.run(["--plugin", privateCopy.path, "--routes"])
        #expect(run.status == 0)
        #expect(run.lines.first == "plugin loaded: 0 route(s), 0 service(s) from libDemoPluginPrivateCopy.so")
        #expect(run.standardError.contains("libDemoPluginPrivateCopy.so at offset 0x"))
        // The warning says what to do about it.
        #expect(run.standardError.contains(
            "its page type is not a Routable of this copy of LinkRouter (the image carries a private copy of LinkRouter: link it with the LinkRouterDynamic product instead of LinkRouter"
        ))
        #expect(!run.standardOutput.contains("plugin/private-copy"))
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
        #expect(run.lines.contains("plugin/private-copy"))
    }

    @Test("an object stripped of its section headers is not loaded by loadPlugin, and found loaded it gets a clear warning")
    func strippedSectionHeaders() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let stripped = folder.appendingPathComponent("libStripped.so")
        // The library with a copy of its own: it needs no shared library beside it in this folder.
        let objcopy = try BuiltProduct.run(URL(fileURLWithPath: "/usr/bin/env"), [
            "llvm-objcopy", "--strip-sections", privateCopy.path, stripped.path,
        ])
        #expect(objcopy.status == 0, "llvm-objcopy: \(objcopy.standardError)")
        // Router.loadPlugin cannot tell what the library's records are: it does not load it.
        let run = try demo.run(["--plugin", stripped.path, "--routes"])
        #expect(run.lines.first == "plugin not loaded: \(stripped.path): not loaded: no section headers (stripped with --strip-sections?): its route records cannot be found")
        // Loaded by the host itself, then discovered: nothing registered, and the warning says why.
        let host = try BuiltProduct(name: "PluginHost").run([stripped.path])
        #expect(host.lines.contains("diagnostic: cannot read route records: \(stripped.path): no section headers (stripped with --strip-sections?): its route records cannot be found"), "\(host.standardOutput)")
    }
}
