// Gives the LinkRouter target its build identity (Tools/build-identity): a hash of the sources of
// the tree it is built from, regenerated whenever one of them changes.
import Foundation
import PackagePlugin

@main
struct BuildIdentity: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        let root = context.package.directoryURL
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("BuildIdentity.generated.swift")
        return [
            .buildCommand(
                displayName: "Computing LinkRouter's build identity",
                executable: try context.tool(named: "linkrouter-build-identity").url,
                arguments: [root.path, output.path],
                inputFiles: try inputs(under: root),
                outputFiles: [output]
            ),
        ]
    }

    /// What the identity is made of (the tool decides; these are what make SwiftPM run it again):
    /// Package.swift and every file under Sources but the documentation catalogs and Markdown.
    private func inputs(under root: URL) throws -> [URL] {
        var files = [root.appendingPathComponent("Package.swift")]
        let sources = root.appendingPathComponent("Sources")
        guard let walker = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: [.isRegularFileKey]) else { return files }
        for case let file as URL in walker {
            if file.pathExtension == "docc" { walker.skipDescendants(); continue }
            guard (try? file.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true, file.pathExtension != "md" else { continue }
            files.append(file)
        }
        return files
    }
}
