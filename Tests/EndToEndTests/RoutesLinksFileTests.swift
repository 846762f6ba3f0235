import Foundation
import Testing

/// `routes links` and files from outside: hostile files given to `--check` answer quickly, in
/// bounded memory, with one line and a documented exit status; every file the tool writes is
/// read by independent conforming parsers (libxml2's `xmllint`, Python's `xml` and `json`,
/// `desktop-file-validate`), and `--check` refuses what they refuse.
struct RoutesLinksFileTests {
    let routes = BuiltProduct(name: "routes")
    let demo = BuiltProduct(name: "demo")

    static let intentFilterOptions = ["--format", "android-intent-filters", "--host", "shop.example.com"]
    static let appleOptions = ["--format", "apple-app-site-association", "--host", "shop.example.com", "--app-id", "ABCDE12345.org.linkrouter.Shop"]

    private func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("linkrouter-link-files-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// An intent-filter file whose one path attribute is `rule`.
    private static func intentFilters(_ rule: String) -> String {
        """
        <intent-filters xmlns:android="http://schemas.android.com/apk/res/android">
          <intent-filter android:autoVerify="true">
            <data android:scheme="https" /><data android:host="shop.example.com" />
            \(rule)
          </intent-filter>
        </intent-filters>
        """
    }

    /// The hostile files, each built here (none is committed): its name, its bytes (`nil` for
    /// `/dev/zero`), the options, and the exit status and line expected.
    static let hostileFiles: [(name: String, bytes: @Sendable () -> Data?, options: [String], status: Int32, line: String)] = [
        ("10^6 nested elements", { Data((String(repeating: "<a>", count: 1_000_000) + String(repeating: "</a>", count: 1_000_000)).utf8) },
         intentFilterOptions, 2, "routes: FILE: larger than 1048576 bytes, the limit for this kind of file"),
        ("100,000 nested elements within the size limit", { Data((String(repeating: "<a>", count: 100_000) + String(repeating: "</a>", count: 100_000)).utf8) },
         intentFilterOptions, 2, "routes: FILE: line 1: elements nested deeper than 64"),
        ("a repetition of 100,000", { Data(intentFilters(#"<data android:pathAdvancedPattern="/a{0,100000}" />"#).utf8) },
         intentFilterOptions, 3, "FILE: could not verify: a repetition of 100000 in an android:pathAdvancedPattern, more than the 1000 verified"),
        ("an exclusion whose paths explode the exploration, then an internal route claimed", {
            Data(#"{"applinks": {"details": [{"appIDs": ["ABCDE12345.org.linkrouter.Shop"], "components": [{"/": "*a??????????????????????", "exclude": true}, {"/": "/account/addresses/pick"}]}]}}"#.utf8)
        }, appleOptions, 3, "FILE: could not verify: too complex: the paths of 2 rules and "),
        ("an android:pathPattern of '/' and '.*a' 500 times", { Data(intentFilters(#"<data android:pathPattern="/\#(String(repeating: ".*a", count: 500))" />"#).utf8) },
         intentFilterOptions, 3, "FILE: could not verify: too complex: the paths of 1 rule and "),
        ("fifteen such patterns", {
            Data(intentFilters(String(repeating: #"<data android:pathPattern="/\#(String(repeating: ".*a", count: 500))" />"#, count: 15)).utf8)
        }, intentFilterOptions, 3, "FILE: could not verify: too complex: the paths of 15 rules and "),
        ("/dev/zero", { nil }, intentFilterOptions, 2, "routes: FILE: larger than 1048576 bytes, the limit for this kind of file"),
        ("an apple-app-site-association file over Apple's 128 KB", { Data(("{\"applinks\": {\"details\": []}}" + String(repeating: " ", count: 128 * 1024)).utf8) },
         appleOptions, 2, "routes: FILE: larger than 131072 bytes, the limit for this kind of file"),
        ("JSON nested 100,000 deep", { Data((String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)).utf8) },
         appleOptions, 2, "routes: FILE: larger than 131072 bytes, the limit for this kind of file"),
        ("JSON nested 60,000 deep within the size limit", { Data((String(repeating: "[", count: 60_000) + String(repeating: "]", count: 60_000)).utf8) },
         appleOptions, 2, "routes: FILE: arrays and objects nested deeper than 64"),
        ("an android:pathAdvancedPattern Android refuses as too large", { Data(intentFilters(#"<data android:pathAdvancedPattern="/\#(String(repeating: "[ab]", count: 400))" />"#).utf8) },
         intentFilterOptions, 2, "routes: FILE: an android:pathAdvancedPattern takes 2401 entries of Android's pattern storage, more than 2045: Android refuses it"),
    ]

    @Test("A hostile file given to --check answers in under 10 s of processor time and 300 MB, with one line on stderr and its exit status (2 bad, 3 not verified)",
          arguments: hostileFiles.indices)
    func hostileFile(index: Int) throws {
        let hostile = Self.hostileFiles[index]
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var path = "/dev/zero"
        if let bytes = hostile.bytes() {
            path = folder.appendingPathComponent("hostile").path
            try bytes.write(to: URL(fileURLWithPath: path))
        }
        // GNU time writes the processor time (user and system) and the largest resident set (KB)
        // to a file of its own. Processor time, not wall time: on a machine shared with other
        // builds the wall time measures the load (the hostile exploration takes 0.6 s of
        // processor time, 3 s of wall time under a load of 15 on two cores).
        // Under AddressSanitizer (scripts/test's last step) freed memory waits in a quarantine of
        // 256 MB before it is reused, which the largest resident set would count as the tool's: a
        // small quarantine keeps the measure the tool's own. Other builds ignore ASAN_OPTIONS.
        let measure = folder.appendingPathComponent("time").path
        let sanitizerOptions = ["quarantine_size_mb=16", ProcessInfo.processInfo.environment["ASAN_OPTIONS"]].compactMap { $0 }
        let run = try BuiltProduct.run(
            URL(fileURLWithPath: "/usr/bin/time"),
            ["-f", "%U %S %M", "-o", measure, "/usr/bin/env", "ASAN_OPTIONS=\(sanitizerOptions.joined(separator: ":"))",
             routes.path.path, "links", demo.path.path, "--check", path] + hostile.options
        )
        #expect(run.status == hostile.status, "\(hostile.name): \(run.standardError)")
        #expect(run.standardOutput.isEmpty)
        let lines = run.standardError.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 2 && lines[1].isEmpty, "\(hostile.name): \(run.standardError)")
        #expect(run.standardError.hasPrefix(hostile.line.replacing("FILE", with: path)), "\(hostile.name): \(run.standardError)")
        // The last line (a status line comes first when the tool exits non-zero).
        let measured = try String(contentsOfFile: measure, encoding: .utf8).split(separator: "\n").last?.split(separator: " ") ?? []
        try #require(measured.count == 3, "\(hostile.name): /usr/bin/time wrote \(measured)")
        let (seconds, kilobytes) = ((Double(measured[0]) ?? .infinity) + (Double(measured[1]) ?? .infinity), Int(measured[2]) ?? .max)
        #expect(seconds < 10, "\(hostile.name): \(seconds) s")
        #expect(kilobytes < 300 * 1024, "\(hostile.name): \(kilobytes) KB")
    }

    @Test("A byte order mark before a file is accepted: the committed files with one pass --check")
    func byteOrderMark() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (file, options) in RoutesLinksToolTests.demoFiles.prefix(3) {
            let marked = folder.appendingPathComponent(file)
            try (Data([0xEF, 0xBB, 0xBF]) + Data(contentsOf: RoutesLinksToolTests.folder.appendingPathComponent(file))).write(to: marked)
            let run = try routes.run(["links", demo.path.path, "--check", marked.path] + options)
            #expect(run.status == 0, "\(file): \(run.standardError)")
        }
    }

    /// The files `routes links` writes for the demo, by name, with the options that write each.
    static let writtenFiles: [(file: String, options: [String])] = RoutesLinksToolTests.demoFiles + [
        ("simple-intent-filters.xml", intentFilterOptions + ["--scheme", "shop"]),
        ("org.linkrouter.Shop.desktop", ["--format", "desktop-entry", "--scheme", "shop", "--name", "Shop -- the demo", "--exec", "/opt/shop --new-window"]),
    ]

    @Test("Every file routes links writes is read by independent conforming parsers: xmllint and Python's xml for XML, Python's json for JSON, desktop-file-validate for a desktop entry",
          arguments: writtenFiles.indices)
    func conformingParsersAccept(index: Int) throws {
        let (name, options) = Self.writtenFiles[index]
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent(name)
        let run = try routes.run(["links", demo.path.path, "--output", file.path] + options)
        #expect(run.status == 0, "\(name): \(run.standardError)")
        let format = options[options.firstIndex(of: "--format")! + 1]
        switch format {
        case "android-intent-filters":
            try expectAccepted(try Self.xmllint(file.path), name)
            try expectAccepted(try Self.python(Self.pythonXML, file.path), name)
        case "apple-app-site-association", "assetlinks":
            try expectAccepted(try Self.python("import json, sys; json.load(open(sys.argv[1], encoding='utf-8'))", file.path), name)
        default:
            guard name.hasSuffix(".desktop") else {
                // A MimeType line alone is no desktop entry; as part of one it must validate.
                let entry = folder.appendingPathComponent("entry.desktop")
                try Data(("[Desktop Entry]\nType=Application\nName=Shop\nExec=shop %u\n" + String(contentsOf: file, encoding: .utf8)).utf8).write(to: entry)
                try expectAccepted(try BuiltProduct.run(URL(fileURLWithPath: "/usr/bin/desktop-file-validate"), [entry.path]), name)
                return
            }
            try expectAccepted(try BuiltProduct.run(URL(fileURLWithPath: "/usr/bin/desktop-file-validate"), [file.path]), name)
        }
    }

    private func expectAccepted(_ run: BuiltProduct.Run, _ name: String) throws {
        #expect(run.status == 0 && run.standardError.isEmpty && run.standardOutput.isEmpty, "\(name): \(run.standardOutput)\(run.standardError)")
    }

    /// Parses with ElementTree and minidom, both over expat.
    static let pythonXML = "import sys, xml.etree.ElementTree as tree, xml.dom.minidom as dom; tree.parse(sys.argv[1]); dom.parse(sys.argv[1])"

    static func xmllint(_ path: String) throws -> BuiltProduct.Run {
        let tool = "/usr/bin/xmllint"
        try #require(FileManager.default.isExecutableFile(atPath: tool), "xmllint is missing: install libxml2-utils (scripts/setup does)")
        return try BuiltProduct.run(URL(fileURLWithPath: tool), ["--noout", path])
    }

    static func python(_ program: String, _ path: String) throws -> BuiltProduct.Run {
        try BuiltProduct.run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", program, path])
    }

    /// Documents that are not well-formed XML, with the line `--check` gives for each.
    static let malformed: [(xml: String, line: String)] = [
        ("<!-- Generated by `routes links demo --format android-intent-filters` -->\n<a/>", "line 1: '--' inside a comment"),
        ("<a><!-- x ---></a>", "line 1: '--' inside a comment"),
        ("<a b=\"<\"/>", "line 1: '<' in the value of b"),
        ("<a b=\"x & y\"/>", "line 1: a '&' that starts no reference"),
        ("<a>\n&nbsp;</a>", "line 2: unknown reference &nbsp;"),
        ("<a>]]></a>", "line 1: ']]>' in text"),
        ("<a b=\"1\"c=\"2\"/>", "line 1: space expected before an attribute in <a>"),
        ("<a>\u{1}</a>", "line 1: a character XML does not allow (byte 0x1)"),
        ("<android:a/>", "line 1: the prefix android of android:a is not declared"),
        ("<a/>\n<b/>", "line 2: text after the root element"),
        ("<a>&#0;</a>", "line 1: unknown reference &#0;"),
        ("<a/>\n<?xml version=\"1.0\"?>", "line 2: an XML declaration is allowed only at the start"),
        ("<1a/>", "line 1: a name expected"),
    ]

    @Test("--check refuses what a conforming parser refuses: each document xmllint and expat call not well-formed is exit 2 with its line",
          arguments: malformed.indices)
    func malformedXML(index: Int) throws {
        let (xml, line) = Self.malformed[index]
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("AndroidManifest.xml")
        try Data(xml.utf8).write(to: file)
        // xmllint reports an undeclared prefix as a namespace error but exits 0; expat refuses it.
        let xmllint = try Self.xmllint(file.path)
        #expect(xmllint.status != 0 || xmllint.standardError.contains("namespace error"), "xmllint accepts \(xml)")
        #expect(try Self.python(Self.pythonXML, file.path).status != 0, "expat accepts \(xml)")
        let run = try routes.run(["links", demo.path.path, "--check", file.path] + Self.intentFilterOptions)
        #expect(run.status == 2)
        #expect(run.standardError == "routes: \(file.path): \(line)\n")
    }

    @Test("--allow-unverified is for writing: with --check it is a bad argument, exit 2")
    func allowUnverifiedWithCheck() throws {
        let run = try routes.run(["links", demo.path.path, "--check", "/dev/null", "--allow-unverified"] + Self.intentFilterOptions)
        #expect(run.status == 2)
        #expect(run.standardError == "routes: --allow-unverified is for writing a file; a checked file that cannot be verified fails\n")
    }
}
