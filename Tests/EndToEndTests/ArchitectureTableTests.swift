import Foundation
import Testing

/// Documentation/Architecture.md's module table against Package.swift and the sources: each
/// module's row lists exactly the dependencies the manifest declares (`swift package dump-package`),
/// every module the sources import from this package is declared, and every declared module is
/// imported, so the table, the manifest and the code cannot drift apart.
struct ArchitectureTableTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A target of the manifest: its name, where its sources are, what it depends on (targets by
    /// name; products by their package's name, `swift-log`), and its type.
    struct Target {
        let name: String
        let path: String
        let type: String
        let targets: Set<String>
        let packages: Set<String>
    }

    /// The manifest's targets, as `swift package dump-package` prints them.
    static let manifest: Result<[String: Target], any Error> = Result {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("dump-package-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        // A scratch folder of its own: the test run holds the package's build folder.
        let run = try BuiltProduct.run(URL(fileURLWithPath: "/usr/bin/env"), [
            "swift", "package", "--package-path", root.path, "--scratch-path", scratch.path, "dump-package",
        ])
        guard run.status == 0, let json = try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any],
              let targets = json["targets"] as? [[String: Any]] else {
            throw ManifestUnreadable(message: run.standardError)
        }
        var result: [String: Target] = [:]
        for target in targets {
            guard let name = target["name"] as? String, let type = target["type"] as? String else { continue }
            var byName: Set<String> = []
            var packages: Set<String> = []
            for dependency in target["dependencies"] as? [[String: Any]] ?? [] {
                if let names = (dependency["byName"] ?? dependency["target"]) as? [Any], let first = names.first as? String { byName.insert(first) }
                if let product = dependency["product"] as? [Any], product.count > 1, let package = product[1] as? String { packages.insert(package) }
            }
            let path = target["path"] as? String ?? (type == "test" ? "Tests/\(name)" : "Sources/\(name)")
            result[name] = Target(name: name, path: path, type: type, targets: byName, packages: packages)
        }
        return result
    }

    struct ManifestUnreadable: Error, CustomStringConvertible {
        let message: String
        var description: String { "swift package dump-package failed: \(message)" }
    }

    /// The table's rows: module → the dependencies it names (targets and packages), parenthetical
    /// remarks and the re-export marks left out.
    static func table() throws -> [String: Set<String>] {
        let text = try String(contentsOf: root.appendingPathComponent("Documentation/Architecture.md"), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(where: { $0.contains("what uses it") }) else { return [:] }
        var rows: [String: String] = [:]
        var current: String?
        var arrowColumn = 0
        for line in lines[(start + 2)...] {
            if line.hasPrefix("```") { break }
            if let arrow = line.range(of: "──►") {
                let left = line[..<arrow.lowerBound].replacingOccurrences(of: "(executable)", with: "")
                let module = left.split(separator: " ").last.map(String.init) ?? ""
                current = module
                arrowColumn = line.distance(from: line.startIndex, to: arrow.lowerBound)
                rows[module] = String(line[arrow.upperBound...])
            } else if let module = current, line.count > arrowColumn + 4 {
                rows[module, default: ""] += " " + String(line.dropFirst(arrowColumn + 4))
            }
        }
        return rows.mapValues { text in
            var text = text.replacingOccurrences(of: "◄─", with: "")
            // Remarks in parentheses go, commas inside them included.
            while let open = text.firstIndex(of: "("), let close = text[open...].firstIndex(of: ")") {
                text.removeSubrange(open...close)
            }
            return Set(text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
        }
    }

    /// The modules of this package that a target's Swift sources import, and those of them it
    /// re-exports (`@_exported`).
    static func imports(of target: Target, among names: Set<String>) throws -> (imported: Set<String>, exported: Set<String>) {
        let folder = root.appendingPathComponent(target.path)
        var found: Set<String> = []
        var exported: Set<String> = []
        let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift" else { continue }
            for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n") {
                let words = line.split(separator: " ").map(String.init)
                guard let index = words.firstIndex(of: "import"), index + 1 < words.count,
                      words[..<index].allSatisfy({ ["@_exported", "public", "package", "internal", "@preconcurrency"].contains($0) }) else { continue }
                guard names.contains(words[index + 1]) else { continue }
                found.insert(words[index + 1])
                if words.first == "@_exported" { exported.insert(words[index + 1]) }
            }
        }
        return (found, exported)
    }

    @Test("each row of the module table lists the dependencies Package.swift declares, and every library module has a row")
    func tableMatchesManifest() throws {
        let targets = try Self.manifest.get()
        let table = try Self.table()
        for (module, named) in table {
            let target = try #require(targets[module], "the table names \(module), which Package.swift does not declare")
            #expect(named == target.targets.union(target.packages), "\(module): the table says \(named.sorted()), Package.swift \(target.targets.union(target.packages).sorted())")
        }
        let swiftModules = targets.values.filter { ["regular", "executable", "macro"].contains($0.type) && ($0.path.hasPrefix("Sources/") || $0.path.hasPrefix("Tools/")) }
        for target in swiftModules where !FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(target.path).appendingPathComponent("include").path) {
            #expect(table[target.name] != nil, "\(target.name) has no row in Architecture.md's table")
        }
    }

    @Test("every module of the package a library's sources import is declared, and every declared one is imported or re-exported by one it imports")
    func importsMatchManifest() throws {
        let targets = try Self.manifest.get()
        let names = Set(targets.keys)
        let modules = try Self.table().keys.compactMap { targets[$0] }
        var imports: [String: (imported: Set<String>, exported: Set<String>)] = [:]
        for target in modules { imports[target.name] = try Self.imports(of: target, among: names) }
        for target in modules {
            let imported = imports[target.name]?.imported ?? []
            let reachable = imported.union(imported.flatMap { imports[$0]?.exported ?? [] })
            // A macro target is named by `#externalMacro`, not imported.
            let declared = target.targets.filter { targets[$0]?.type != "macro" }
            #expect(imported.subtracting(target.targets).isEmpty, "\(target.name) imports \(imported.subtracting(target.targets).sorted()) without declaring it")
            #expect(declared.subtracting(reachable).isEmpty, "\(target.name) declares \(declared.subtracting(reachable).sorted()) but never imports it")
        }
    }
}
