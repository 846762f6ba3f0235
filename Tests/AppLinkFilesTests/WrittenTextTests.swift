import AppLinkFiles
import Foundation
import Testing

/// The one JSON writer and the one XML writer of the app-link files, read back by independent
/// conforming parsers: Python's `json`, libxml2's `xmllint` and Python's `xml` (expat). Values
/// that need escaping (quotes, backslashes, control characters, line breaks, `--` in a comment,
/// characters outside the BMP) read back as the values written.
struct WrittenTextTests {
    /// Values every writer must carry through.
    static let values = [
        #""quoted" \back\slash /slash"#, "line\nbreak\ttab\rreturn", "\u{1}\u{1F}\u{7F}", "é — 日本 🎉", "\u{2028}\u{2029}",
        "</script><!-- x -->", "a--b-", "&amp; <x> 'apos'", "",
    ]

    /// A program's output and status; Python's or xmllint's.
    private static func run(_ arguments: [String]) throws -> (status: Int32, output: String, messages: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let (output, error) = (Pipe(), Pipe())
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: outputData, as: UTF8.self), String(decoding: errorData, as: UTF8.self))
    }

    /// The code points of each value, in hexadecimal, a line each: how Python tells what it read.
    private static func codePoints(_ values: [String]) -> String {
        values.map { $0.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " ") }.joined(separator: "\n")
    }

    private static let pythonCodePoints = #"print("\n".join(" ".join("%x" % ord(c) for c in s) for s in strings))"#

    private func temporaryFile(_ text: String, name: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("linkrouter-written-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: file)
        return file
    }

    @Test("an apple-app-site-association file whose paths and comments need escaping reads back the same with Python's json")
    func jsonReadsBack() throws {
        let components = Self.values.map { AppleAppSiteAssociation.Component(path: $0, comment: "route " + $0) }
        let document = AppleAppSiteAssociation(details: [.init(appIDs: ["ABCDE12345.com.example.shop"], components: components)])
        let file = try temporaryFile(document.json, name: "apple-app-site-association")
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let program = "import json, sys; components = json.load(open(sys.argv[1], encoding='utf-8'))['applinks']['details'][0]['components']; "
            + "strings = [c[k] for c in components for k in ('/', 'comment')]; " + Self.pythonCodePoints
        let parsed = try Self.run(["python3", "-c", program, file.path])
        #expect(parsed.status == 0 && parsed.messages.isEmpty, "\(parsed.messages)")
        #expect(parsed.output == Self.codePoints(Self.values.flatMap { [$0, "route " + $0] }) + "\n")
        #expect(try AppleAppSiteAssociation(json: document.json) == document)
    }

    @Test("intent filters whose values and comments need escaping are well-formed for xmllint and expat, and their values read back the same")
    func xmlReadsBack() throws {
        let paths = Self.values.map { AndroidPathRule(.path, $0) }
        let filter = AndroidIntentFilters.Filter(
            autoVerify: true, schemes: ["https"], hosts: ["shop.example.com"], paths: paths,
            pathComments: Dictionary(uniqueKeysWithValues: Self.values.enumerated().map { ($0.offset, "route '\($0.element)'") })
        )
        let written = AndroidIntentFilters(filters: [filter]).xml(header: "Generated -- with a\nsecond line-")
        let file = try temporaryFile(written, name: "intent-filters.xml")
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let lint = try Self.run(["xmllint", "--noout", file.path])
        #expect(lint.status == 0 && lint.messages.isEmpty && lint.output.isEmpty, "\(lint.messages)")
        // The attribute carries the value as an Android resource string: `\` doubled, control
        // characters as `\uXXXX`, which Android reads back (AndroidIntentFilters.init(xml:) too).
        let program = "import sys, xml.etree.ElementTree as tree; android = '{http://schemas.android.com/apk/res/android}'; "
            + "strings = [e.get(android + 'path') for e in tree.parse(sys.argv[1]).iter('data') if e.get(android + 'path') is not None]; "
            + Self.pythonCodePoints
        let parsed = try Self.run(["python3", "-c", program, file.path])
        #expect(parsed.status == 0 && parsed.messages.isEmpty, "\(parsed.messages)")
        #expect(parsed.output == Self.codePoints(Self.values.map(AndroidIntentFilters.resourceEscaped)) + "\n")
        #expect(try AndroidIntentFilters(xml: written).filters.first?.paths == paths)
    }
}
