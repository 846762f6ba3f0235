import Foundation
import Testing

/// A plugin compiled against another LinkRouter than its host's is refused before any of its code
/// runs (HowDiscoveryWorks.md, "Plugins"; Security.md): the host compares the build identity the
/// plugin's records import with its own, whether it loads the plugin with `Router.loadPlugin` (the
/// file read first, nothing loaded) or finds it loaded already (`discoverRoutes(in:)` after a lazy
/// `dlopen`, PluginHost).
@Suite(
    // Most of its time is swiftc compiling the plugins, no instrumented code: the normal run covers it.
    .disabled(if: ProcessInfo.processInfo.environment["LINKROUTER_TEST_CFLAGS"]?.contains("sanitize") == true,
              "the plugins are compiled by swiftc, not with the sanitizer")
)
struct PluginBuildIdentityTests {
    static let repository = CompileTimeCheckTests.repository
    let demo = BuiltProduct(name: "demo")

    /// A plugin page, filled from its URL: its generated `init?(parameters:)` takes a
    /// `RouteParameters` by value, laid out as the LinkRouter it is compiled against says.
    static let pluginSource = """
        import LinkRouter

        @Routable("changed/<int:id>", exposure: .external)
        struct ChangedPage {
            let id: Int
        }

        """

    /// The package identity SwiftPM compiles this package's modules with (`-package-name`): the
    /// name of the repository's folder, lowercased, other characters than letters and digits `_`.
    static var packageName: String {
        String(repository.lastPathComponent.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }

    /// Compiles `ChangedPage` into a shared library against the LinkRouter modules in `modules`
    /// (searched first) and the built ones.
    private func compilePlugin(in folder: URL, name: String, modules: URL?) throws -> URL {
        let source = folder.appendingPathComponent("\(name).swift")
        try Self.pluginSource.write(to: source, atomically: true, encoding: .utf8)
        let library = folder.appendingPathComponent("lib\(name).so")
        let search = modules.map { ["-I", $0.path] } ?? []
        let run = try BuiltProduct.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["swiftc", "-emit-library", "-parse-as-library", "-module-name", name] + search + (try CompileTimeCheckTests.swiftcArguments())
                + [source.path, "-o", library.path]
        )
        #expect(run.status == 0, "swiftc: \(run.standardError)")
        return library
    }

    @Test("a plugin compiled against a LinkRouter whose RouteParameters has another layout is refused, naming both builds; the same plugin compiled against the host's loads")
    func changedLayoutRefused() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("linkrouter-identity-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        // Another LinkRouter: this one's sources with one stored property more in RouteParameters.
        let tree = folder.appendingPathComponent("LinkRouter")
        try FileManager.default.createDirectory(at: tree, withIntermediateDirectories: true)
        for item in ["Sources", "Package.swift"] {
            try FileManager.default.copyItem(at: Self.repository.appendingPathComponent(item), to: tree.appendingPathComponent(item))
        }
        let parameters = tree.appendingPathComponent("Sources/LinkRouterCore/Parameters/RouteParameters.swift")
        let original = try String(contentsOf: parameters, encoding: .utf8)
        let declaration = "public struct RouteParameters: Sendable {\n"
        #expect(original.contains(declaration))
        try original.replacingOccurrences(of: declaration, with: declaration + "    var addedInAnotherBuild: (Int, Int) = (0, 0)\n")
            .write(to: parameters, atomically: true, encoding: .utf8)

        // Its modules as SwiftPM would build them: LinkRouterCore, and LinkRouter with the build
        // identity its sources hash to. Only their interfaces: the plugin links against the host.
        let identityTool = BuiltProduct(name: "linkrouter-build-identity")
        let generated = folder.appendingPathComponent("BuildIdentity.generated.swift")
        let identity = try identityTool.run([tree.path, generated.path])
        #expect(identity.status == 0, "\(identity.standardError)")
        let otherBuild = try #require(try String(contentsOf: generated, encoding: .utf8).firstMatch(of: /linkRouterBuildIdentity = "([0-9a-f]+)"/)?.1)
        let modules = folder.appendingPathComponent("modules")
        try FileManager.default.createDirectory(at: modules, withIntermediateDirectories: true)
        for (module, extra) in [("LinkRouterCore", [String]()), ("LinkRouter", [generated.path])] {
            let sources = try FileManager.default.subpathsOfDirectory(atPath: tree.appendingPathComponent("Sources/\(module)").path)
                .filter { $0.hasSuffix(".swift") }.map { tree.appendingPathComponent("Sources/\(module)/\($0)").path }
            let run = try BuiltProduct.run(
                URL(fileURLWithPath: "/usr/bin/env"),
                ["swiftc", "-emit-module", "-experimental-skip-non-inlinable-function-bodies", "-parse-as-library",
                 "-module-name", module, "-package-name", Self.packageName, "-enable-upcoming-feature", "InternalImportsByDefault",
                 "-I", modules.path, "-emit-module-path", modules.appendingPathComponent("\(module).swiftmodule").path]
                    + (try CompileTimeCheckTests.swiftcArguments()) + sources + extra
            )
            #expect(run.status == 0, "swiftc \(module): \(run.standardError)")
        }

        let changed = try compilePlugin(in: folder, name: "ChangedLayout", modules: modules)
        let matching = try compilePlugin(in: folder, name: "HostLayout", modules: nil)

        // Router.loadPlugin reads the file first: refused, never loaded.
        let refused = try demo.run(["--plugin", changed.path], input: "shop://changed/7\n")
        let refusal = try #require(refused.lines.first)
        let expected = /plugin not loaded: .*libChangedLayout\.so: refused: its Swift code was compiled against LinkRouter build ([0-9a-f]+), and this host runs build ([0-9a-f]+); rebuild it against the host's LinkRouter/
        let builds = try #require(refusal.wholeMatch(of: expected), "\(refused.standardOutput)\(refused.standardError)")
        #expect(builds.1 == otherBuild)
        #expect(builds.2 != otherBuild)
        #expect(refused.lines.contains("failed no route matches 'changed/7'"), "\(refused.standardOutput)")

        // Found loaded already, after a lazy dlopen: discovery refuses it before calling an accessor.
        let host = try BuiltProduct(name: "PluginHost").run([changed.path])
        #expect(host.status == 1)
        #expect(host.lines.first?.hasPrefix("refused: ") == true, "\(host.standardOutput)")
        #expect(host.standardOutput.contains("compiled against LinkRouter build \(otherBuild), and this host runs build \(builds.2)"))

        // Compiled against the host's own LinkRouter, the same source loads and opens.
        let loaded = try demo.run(["--plugin", matching.path], input: "shop://changed/7\n")
        #expect(loaded.lines.first == "plugin loaded: 1 route(s), 0 service(s) from libHostLayout.so", "\(loaded.standardOutput)\(loaded.standardError)")
        #expect(loaded.lines.contains("page   ChangedPage(id: 7)"), "\(loaded.standardOutput)")
    }
}
