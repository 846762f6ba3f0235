import Foundation
import Testing

/// The code samples of the documentation are the snippets in Snippets/, which `swift build`
/// compiles: run, they print what their comments say, and the README's copy is the snippet's.
struct DocumentationTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private func text(_ path: String) throws -> String {
        try String(contentsOf: Self.repository.appendingPathComponent(path), encoding: .utf8)
    }

    /// The lines of a snippet between `// snippet.NAME` and `// snippet.end`.
    private func slice(_ name: String, of source: String) throws -> String {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex(of: "// snippet.\(name)"), "no slice \(name)")
        let end = try #require(lines[start...].firstIndex(of: "// snippet.end"), "slice \(name) has no end")
        return lines[(start + 1)..<end].map { "\($0)\n" }.joined()
    }

    @Test("each sample of the snippets prints what its comment says", arguments: ["GettingStarted", "Plugins"])
    func snippetsPrintTheirComments(snippet: String) throws {
        let source = try text("Snippets/\(snippet).swift")
        // `print(...)   // what it prints`, in the order written.
        let promised = source.split(separator: "\n").filter { $0.contains("print(") && $0.contains("  // ") }
            .map { String($0[$0.range(of: "  // ")!.upperBound...]) }
        #expect(!promised.isEmpty)
        let run = try BuiltProduct(name: snippet).run([])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.split(separator: "\n").map(String.init) == promised, "\(run.standardError)")
    }

    @Test("Getting started reads as Markdown: each sample is inline, the same as its slice of the snippet the build compiles")
    func gettingStartedSamplesAreTheSnippet() throws {
        let source = try text("Snippets/GettingStarted.swift")
        let article = try text("Sources/LinkRouter/LinkRouter.docc/GettingStarted.md")
        #expect(!article.contains("@Snippet"))
        let names = source.split(separator: "\n").filter { $0.hasPrefix("// snippet.") && $0 != "// snippet.end" }.map { String($0.dropFirst(11)) }
        #expect(names.count == 9)
        for name in names {
            #expect(article.contains("```swift\n\(try slice(name, of: source))```\n"), "slice \(name) is not inline in GettingStarted.md")
        }
    }

    @Test("the README's nine lines are the Getting started snippet the build compiles")
    func readmeSampleIsTheSnippet() throws {
        let source = try text("Snippets/GettingStarted.swift")
        let sample = try slice("declare", of: source) + "\n" + slice("open", of: source)
        #expect(try text("README.md").contains("```swift\n\(sample)```\n"))
    }
}
