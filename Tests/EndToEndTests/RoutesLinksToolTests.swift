import Foundation
import Testing

/// `routes links` as a process: the demo's committed files, `--output`, `--check`, `--strict`, and
/// bad input (one line on stderr, exit 2). The cross-check of what the files claim is
/// AppLinksCrossCheckTests.
struct RoutesLinksToolTests {
    let routes = BuiltProduct(name: "routes")
    let demo = BuiltProduct(name: "demo")

    /// The demo's app-link files, as committed, with the options that write each (scripts/test's).
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples/Demo/links")
    static let demoFiles: [(file: String, options: [String])] = [
        ("apple-app-site-association", ["--format", "apple-app-site-association", "--app-id", "ABCDE12345.org.linkrouter.Shop", "--host", "shop.example.com"]),
        ("intent-filters.xml", ["--format", "android-intent-filters", "--host", "shop.example.com", "--min-sdk", "31", "--scheme", "shop"]),
        ("assetlinks.json", ["--format", "assetlinks", "--package", "org.linkrouter.shop", "--sha256",
                             "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"]),
        ("desktop-entry-MimeType", ["--format", "desktop-entry", "--scheme", "shop"]),
    ]

    private func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("linkrouter-links-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test("links on the demo prints each committed file of Examples/Demo/links, the same every run, with --strict passing", arguments: 0..<4)
    func committedFilesAreCurrent(index: Int) throws {
        let (file, options) = Self.demoFiles[index]
        let first = try routes.run(["links", demo.path.path, "--strict"] + options)
        let second = try routes.run(["links", demo.path.path, "--strict"] + options)
        #expect(first.status == 0, "stderr: \(first.standardError)")
        #expect(first.standardOutput == second.standardOutput)
        let committed = try String(contentsOf: Self.folder.appendingPathComponent(file), encoding: .utf8)
        #expect(
            first.standardOutput == committed,
            "Examples/Demo/links/\(file) is out of date: run `routes links .build/debug/demo \(options.joined(separator: " ")) --output Examples/Demo/links/\(file)`"
        )
    }

    @Test("--output writes the file, prints nothing on stdout and the report on stderr")
    func outputFile() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("apple-app-site-association")
        let options = Self.demoFiles[0].options
        let run = try routes.run(["links", demo.path.path, "--output", file.path] + options)
        #expect(run.status == 0, "stderr: \(run.standardError)")
        #expect(run.standardOutput.isEmpty)
        #expect(run.standardError.hasPrefix("apple-app-site-association for https://shop.example.com: 6 components; 4 of 4 external routes claimed; 0 over-claims"), "\(run.standardError)")
        #expect(try String(contentsOf: file, encoding: .utf8) == String(contentsOf: Self.folder.appendingPathComponent(Self.demoFiles[0].file), encoding: .utf8))
    }

    @Test("Intent filters without --min-sdk 31 cannot leave out the demo's internal catalog/search: the route is reported not claimed, and --strict fails")
    func simpleIntentFilters() throws {
        let options = ["links", demo.path.path, "--format", "android-intent-filters", "--host", "shop.example.com"]
        let run = try routes.run(options)
        #expect(run.status == 0, "stderr: \(run.standardError)")
        #expect(run.standardOutput.contains(#"<data android:pathPattern="/catalog/product/..*" />"#), "\(run.standardOutput)")
        #expect(run.standardError.contains(
            #"not claimed: 'catalog/<path:category>' (external): the app opens https://shop.example.com/catalog/a, but its rule <data android:pathPrefix="/catalog/"> would also claim https://shop.example.com/catalog/search, of the internal route 'catalog/search', and the format cannot leave it out"#
        ), "\(run.standardError)")
        #expect(run.standardError.contains(
            #"over-claim: <data android:pathPattern="/account/profile/..*"> for 'account/profile/:user(/:tab)' also claims https://shop.example.com/account/profile/a/a/a (more segments than 'account/profile/:user(/:tab)' takes), which the app does not open: no route takes it"#
        ), "\(run.standardError)")
        let strict = try routes.run(options + ["--strict"])
        #expect(strict.status == 1, "stderr: \(strict.standardError)")
        #expect(strict.standardOutput == run.standardOutput)
    }

    @Test("--check passes the committed files and names what is wrong with a stale one, exit 1")
    func check() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (file, options) in Self.demoFiles.prefix(3) {
            let run = try routes.run(["links", demo.path.path, "--check", Self.folder.appendingPathComponent(file).path] + options)
            #expect(run.status == 0, "\(file): \(run.standardError)")
            #expect(run.standardOutput.isEmpty)
        }
        let stale = folder.appendingPathComponent("apple-app-site-association")
        try Data("""
            {"applinks": {"details": [{"appIDs": ["ABCDE12345.org.linkrouter.Shop"], "components": [
              {"/": "/catalog/*"}, {"/": "/old/*"}, {"/": "/account/profile/?*"}]}]}}
            """.utf8).write(to: stale)
        let run = try routes.run(["links", demo.path.path, "--format", "apple-app-site-association", "--host", "shop.example.com", "--check", stale.path])
        #expect(run.status == 1)
        let lines = run.standardError.lines
        #expect(lines.contains(#"claim no route takes: { "/": "/old/*" } claims paths the app does not open, such as https://shop.example.com/old/a"#), "\(lines)")
        #expect(lines.contains(#"internal route claimed: { "/": "/catalog/*" } claims https://shop.example.com/catalog/search, which is the internal route 'catalog/search'"#), "\(lines)")
        #expect(lines.contains("not claimed: 'catalog' (external): the app opens https://shop.example.com/catalog, but no rule claims it"), "\(lines)")
        #expect(lines.contains(#"over-claim: { "/": "/account/profile/?*" } also claims https://shop.example.com/account/profile/a/a/a, which the app does not open: no route takes it"#), "\(lines)")
        #expect(lines.last == "\(stale.path): 3 rules for https://shop.example.com; 3 of 4 external routes claimed; 1 over-claim")

        let assetLinks = folder.appendingPathComponent("assetlinks.json")
        try Data(#"[{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "package_name": "org.linkrouter.shop", "sha256_cert_fingerprints": []}}]"#.utf8).write(to: assetLinks)
        let unsigned = try routes.run(["links", demo.path.path, "--check", assetLinks.path] + Self.demoFiles[2].options)
        #expect(unsigned.status == 1)
        #expect(unsigned.standardError == "assetlinks.json: the fingerprint 14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5 is not listed for org.linkrouter.shop\n")
    }

    @Test("desktop-entry with --name and --exec writes the whole entry, Exec quoted, that desktop-file-validate accepts")
    func wholeDesktopEntry() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("org.linkrouter.Shop.desktop")
        let run = try routes.run([
            "links", demo.path.path, "--format", "desktop-entry", "--scheme", "shop", "--scheme", "SHOP",
            "--name", "Shop", "--exec", "/opt/My Shop/$HOME/shop", "--output", file.path,
        ])
        #expect(run.status == 0, "stderr: \(run.standardError)")
        let entry = try String(contentsOf: file, encoding: .utf8)
        #expect(entry == """
            [Desktop Entry]
            Type=Application
            Name=Shop
            Exec="/opt/My Shop/\\\\$HOME/shop" %u
            Terminal=false
            MimeType=x-scheme-handler/shop;

            """)
        let validator = "/usr/bin/desktop-file-validate"
        try #require(FileManager.default.isExecutableFile(atPath: validator), "desktop-file-validate is missing: install desktop-file-utils (scripts/setup does)")
        let validation = try BuiltProduct.run(URL(fileURLWithPath: validator), [file.path])
        #expect(validation.status == 0, "\(validation.standardOutput)\(validation.standardError)")
        #expect(validation.standardOutput.isEmpty && validation.standardError.isEmpty, "\(validation.standardOutput)\(validation.standardError)")
    }

    @Test("bad arguments and files are one line on stderr starting with 'routes: ' and exit status 2", arguments: [
        (["--format", "apple-app-site-association", "--app-id", "ABCDE12345.org.linkrouter.Shop"], "--format apple-app-site-association needs --host (the app's web host)"),
        (["--format", "apple-app-site-association", "--host", "shop.example.com"], "--format apple-app-site-association needs --app-id TEAMID.BUNDLE.ID"),
        (["--format", "apple-app-site-association", "--host", "shop.example.com", "--app-id", "shop"], "'shop' is not an app ID: TEAMID.bundle.id, with a ten-character team ID of capitals and digits"),
        (["--format", "android-intent-filters", "--host", "shop example.com"], "'shop example.com' is not a host name (letters, digits and '-' in labels separated by '.')"),
        (["--format", "assetlinks", "--package", "org.linkrouter.shop"], "--format assetlinks needs --sha256 (the signing certificate's SHA-256 fingerprint)"),
        (["--format", "assetlinks", "--package", "shop", "--sha256", "AB"], "'shop' is not an Android package name (such as com.example.shop)"),
        (["--format", "assetlinks", "--package", "org.linkrouter.shop", "--sha256", "AB:CD"], "'AB:CD' is not a SHA-256 fingerprint: 32 bytes in hexadecimal, as AB:CD:…"),
        (["--format", "desktop-entry"], "--format desktop-entry needs --scheme (the app's URL scheme, such as shop)"),
        (["--format", "desktop-entry", "--scheme", "1shop"], "invalid scheme '1shop': use a letter, then letters, digits, '+', '-' or '.'"),
        (["--format", "desktop-entry", "--scheme", "shop", "--name", "Shop"], "--name needs --exec (the program the desktop entry starts)"),
        (["--format", "desktop-entry", "--scheme", "shop", "--exec", "/opt/shop"], "--exec needs --name (the application's name in the desktop entry)"),
        (["--format", "desktop-entry", "--scheme", "shop", "--name", "", "--exec", "/opt/shop"], "desktop entry key 'Name': the name is empty"),
        (["--format", "apple-app-site-association", "--host", "shop.example.com", "--check", "/nonexistent/aasa"], "/nonexistent/aasa: No such file or directory"),
        (["--format", "ios"], "The value 'ios' is invalid for '--format <format>'. Please provide one of 'apple-app-site-association', 'android-intent-filters', 'assetlinks' or 'desktop-entry'."),
    ] as [([String], String)])
    func badInput(options: [String], message: String) throws {
        let run = try routes.run(["links", demo.path.path] + options)
        #expect(run.status == 2, "stderr: \(run.standardError)")
        #expect(run.standardOutput.isEmpty)
        #expect(run.standardError == "routes: \(message)\n")
    }

    @Test("--check of a file that is not what its format reads is exit 2, naming the file and what is wrong")
    func malformedCheckFile() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("AndroidManifest.xml")
        try Data("<manifest>\n<application>\n</manifest>\n".utf8).write(to: file)
        let run = try routes.run(["links", demo.path.path, "--format", "android-intent-filters", "--host", "shop.example.com", "--check", file.path])
        #expect(run.status == 2)
        #expect(run.standardError == "routes: \(file.path): line 3: </manifest> closes <application>\n")
    }
}
