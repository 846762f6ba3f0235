import Foundation
import Testing

/// The contributors' documents name the code: Architecture.md its types and files, Security.md the
/// test that holds each rule. A name that no longer exists makes a document false without anyone
/// noticing; these tests fail instead, naming it.
struct DocumentedNamesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Names the documents use that are not this package's declarations: the platform's (GTK,
    /// libadwaita, Foundation, D-Bus, the desktop entry's keys), the products of Package.swift,
    /// data files read at test time, and the placeholder of Security.md's introduction.
    static let outsideNames: Set<String> = [
        "AdwApplicationWindow", "AdwLeaflet", "AdwViewStack", "GtkStack", "Decodable", "UUID", "Exec",
        "ActivateResult", "LaunchSearch", "LinkRouterDynamic", "LinkRouterGTKDynamic",
        "File.swift", "IdnaTestV2.txt", "urltestdata.json",
    ]

    /// Every file of the repository's source folders, by path.
    static let files: [URL] = {
        var result: [URL] = []
        for folder in ["Sources", "Tools", "Tests", "Examples", "Plugins", "Snippets", "Benchmarks", "scripts", "Documentation"] {
            let walker = FileManager.default.enumerator(at: root.appendingPathComponent(folder), includingPropertiesForKeys: [.isRegularFileKey])
            while let file = walker?.nextObject() as? URL {
                if file.path.contains("/.build") { walker?.skipDescendants(); continue }
                if (try? file.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true { result.append(file) }
            }
        }
        return result
    }()

    /// The names Swift sources declare (types, functions, properties, cases, macros) and the
    /// module folders: what a document's `Type` or `Type.member` may name.
    static let declared: Set<String> = {
        let declaration = /\b(?:struct|class|enum|protocol|typealias|actor|extension|func|var|let|case|macro)\s+([A-Za-z_][A-Za-z0-9_]*)/
        var names: Set<String> = []
        for file in files where file.pathExtension == "swift" {
            guard let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
            for match in text.matches(of: declaration) { names.insert(String(match.1)) }
        }
        for folder in ["Sources", "Tools", "Examples"] {
            let modules = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)) ?? []
            names.formUnion(modules)
        }
        return names
    }()

    /// A document's text without its fenced code blocks (whose backticks pair with nothing), each
    /// run of white space one space, so that a name wrapped over two lines reads as written.
    static func document(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
            .replacing(/(?s)```.*?```/, with: "").replacing(/\s+/, with: " ")
    }

    /// The code names of a document (its backticked words) that name nothing: a file (`X.swift`,
    /// `Folder/X.swift`) that is not in the repository, or a type (`RouterSnapshot`, `Router.admit`,
    /// `AdmissionRules.locate(…)`) one of whose parts no source declares.
    static func missingCodeNames(in text: String) -> [String] {
        let basenames = Set(files.map(\.lastPathComponent))
        var missing: Set<String> = []
        for match in text.matches(of: /`([^`]+)`/) {
            let name = String(match.1).trimmingCharacters(in: .whitespaces)
            guard !outsideNames.contains(name) else { continue }
            if name.wholeMatch(of: /[\w+.\/-]+\.(swift|md|h|c|json)/) != nil {
                let url = URL(fileURLWithPath: name)
                if !basenames.contains(url.lastPathComponent) { missing.insert(name) }
            } else if name.wholeMatch(of: /[A-Z][A-Za-z0-9]+(\.[A-Za-z_][A-Za-z0-9_]*)*(\([^)]*\))?/) != nil {
                let parts = name.replacing(/\(.*\)/, with: "").split(separator: ".").map(String.init)
                if parts.contains(where: { !declared.contains($0) && !outsideNames.contains($0) }) { missing.insert(name) }
            }
        }
        return missing.sorted()
    }

    /// The tests a document names (`FileTests.swift › "display name"`) that are not in that file:
    /// the file is gone, or no test of it has that name. A name cut with `…` matches by its parts.
    static func missingTests(in text: String) throws -> [String] {
        var missing: [String] = []
        for match in text.matches(of: /([A-Za-z]+Tests\.swift) › "([^"]+)"/) {
            let (file, name) = (String(match.1), String(match.2))
            let sources = try files.filter { $0.lastPathComponent == file }.map {
                try String(contentsOf: $0, encoding: .utf8).replacing(/\s+/, with: " ").replacing("\\\"", with: "\"").replacing("\\\\", with: "\\")
            }
            let pieces = name.split(separator: "…").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            if sources.isEmpty || !sources.contains(where: { source in pieces.allSatisfy { source.contains($0) } }) {
                missing.append("\(file) › \"\(name)\"")
            }
        }
        return missing
    }

    @Test("every type and file Architecture.md and Security.md name exists", arguments: ["Documentation/Architecture.md", "Documentation/Security.md"])
    func codeNamesExist(document: String) throws {
        let missing = Self.missingCodeNames(in: try Self.document(document))
        #expect(missing.isEmpty, "\(document) names what no longer exists: \(missing)")
    }

    @Test("every test Security.md and BadInput.md name as holding a rule exists, in the file named", arguments: ["Documentation/Security.md", "Documentation/BadInput.md"])
    func namedTestsExist(document: String) throws {
        let missing = try Self.missingTests(in: try Self.document(document))
        #expect(missing.isEmpty, "\(document) names tests that are not there: \(missing)")
    }
}
