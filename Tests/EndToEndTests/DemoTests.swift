import Foundation
import Testing

struct DemoTests {
    let demo = BuiltProduct(name: "demo")

    @Test("demo --script opens every link of every module, the C route and the plugin's, and exits 0")
    func scriptedTour() throws {
        let run = try demo.run(["--script"])
        #expect(run.status == 0, "output: \(run.standardOutput)\nstderr: \(run.standardError)")
        #expect(run.lines.first == "plugin loaded: 1 route(s), 1 service(s) from libDemoPlugin.so")
        #expect(run.lines.contains("  page   ProductPage(id: 42, color: red)"))          // CatalogFeature
        #expect(run.lines.contains("  page   ProfilePage(user: ada, tab: likes)"))       // AccountFeature
        // AccountFeature's declared module set-up (a redirect) and interceptor, which the demo never names.
        #expect(run.lines.contains("  page   ProfilePage(user: ada, tab: posts) (via shop://account/profile/ada)"))
        #expect(run.lines.contains("  failed interceptor 'AccountFeature.UserNameInterceptor' stopped the open: 'grace!' is not a user name: letters and digits only"))
        #expect(run.lines.contains("  action cart/total → 6.5"))                         // CartFeature, async
        #expect(run.lines.contains("  action greet/:name → Hello, ada lovelace!"))       // C module
        #expect(run.lines.contains("  page   PluginHelloPage(name: ada)"))               // dlopen'ed plugin
        #expect(run.lines.contains("  tea mug, enamel poster"))                          // its service
        // CartFeature reaches AccountFeature's shared session service through ShopInterfaces; the
        // tour's login interceptor signed ada in through the same service.
        #expect(run.lines.contains("  action cart/checkout → checked out for ada"))
        #expect(run.lines.contains("  action cart/checkout → checked out for grace"))
        #expect(run.lines.contains { $0.hasPrefix("all ") && $0.hasSuffix(" opened as expected") })
    }

    @Test("demo --script tours the navigator: cold-start stack, login interceptor, picker result, a page configured through a protocol, a preview, back to a route")
    func navigationTour() throws {
        let run = try demo.run(["--script"])
        let tour = Array(run.lines.drop { !$0.hasPrefix("# cold start") }.prefix { !$0.hasPrefix("# links") })
        #expect(tour == [
            "# cold start: a deep link to a product builds the catalog under it",
            "  page   ProductPage(id: 7)",
            "  stack: catalog > catalog/product/<int:id>",
            "# a deep link into the cart passes the login interceptor",
            "  login interceptor: stack catalog > catalog/product/<int:id> | account/login",
            "  page   CartPage()",
            "  stack: catalog > catalog/product/<int:id> > cart",
            "# a picker page returns a result",
            "  picked 221B Baker Street",
            "  stack: catalog > catalog/product/<int:id> > cart",
            "# a page configured through a protocol it offers, by a file that does not import its module",
            "  page   LoginPage(returnTo: -, reason: to see your orders)",
            "  stack: catalog > catalog/product/<int:id> > cart",
            "# a page built through the whole pipeline without being shown: a preview",
            "  preview ProductPage(id: 9)",
            "  stack: catalog > catalog/product/<int:id> > cart",
            "# back to a route",
            "  back to catalog",
            "  stack: catalog",
        ])
    }

    @Test("demo --routes lists the routes discovered in every module")
    func routeList() throws {
        let run = try demo.run(["--routes"])
        #expect(run.status == 0)
        let routeLines = run.lines.filter { $0.hasPrefix("page ") || $0.hasPrefix("action ") }
        let patterns = routeLines.compactMap { $0.split(separator: " ").dropFirst().first.map(String.init) }
        #expect(Set(patterns) == [
            "account/login", "account/logout", "account/profile/:user(/:tab)", "account/addresses/pick", "account/signin/:user",
            "catalog", "catalog/product/<int:id>", "catalog/<path:category>", "catalog/search",
            "cart", "cart/add", "cart/checkout", "cart/total", "greet/:name", "plugin/hello",
        ])
    }

    @Test("demo --check-routes finds no problem with LinkRouterTesting: routes, URLs, services")
    func checkRoutes() throws {
        let run = try demo.run(["--check-routes"])
        #expect(run.status == 0, "output: \(run.standardOutput)")
        #expect(run.lines.contains("no problems in 25 records; 15 routes, 2 service(s)"), "output: \(run.standardOutput)")
    }

    @Test("a link sets on the demo's pages only their placeholders and declared query items, from the web too")
    func whatALinkSets() throws {
        let run = try demo.run([], input: [
            "https://shop.example.com/catalog/product/42?color=red&id=7",   // color is declared; the path's id wins
            "https://shop.example.com/account/profile/ada?tab=likes",       // tab is a placeholder, not a query item
            "shop://account/login?return_to=cart&reason=hacked",             // reason is the app's: set through the protocol only
            "shop://plugin/hello?name=ada",                                   // the plugin's page declares ?name=
        ].joined(separator: "\n") + "\n")
        #expect(run.status == 0)
        #expect(run.lines.contains("page   ProductPage(id: 42, color: red)"), "\(run.standardOutput)")
        #expect(run.lines.contains("page   ProfilePage(user: ada, tab: posts)"), "\(run.standardOutput)")
        #expect(run.lines.contains("page   LoginPage(returnTo: cart)"), "\(run.standardOutput)")
        #expect(run.lines.contains("page   PluginHelloPage(name: ada)"), "\(run.standardOutput)")
    }

    @Test("interactive demo opens each URL read from standard input")
    func interactive() throws {
        let run = try demo.run([], input: "shop://account/profile/ada/likes\n\nshop://nowhere\nshop://cart/add?product=%41%42\nshop://plugin/hello?name=\n")
        #expect(run.status == 0)
        #expect(run.lines.contains("page   ProfilePage(user: ada, tab: likes)"))
        #expect(run.lines.contains("failed no route matches 'nowhere'"))
        // cart/add declares `product: int`: the open checks the contract before the action is made.
        #expect(run.lines.contains("failed route 'cart/add' rejected its parameters: query parameter 'product' is 'AB', not a valid int"))
        #expect(run.lines.contains("stack: account/profile/:user(/:tab)"))
        // The plugin's interceptor, declared in the plugin, came in with the plugin's routes.
        #expect(run.lines.contains("failed interceptor 'DemoPlugin.PluginNameInterceptor' stopped the open: the plugin greets no one without a name"))
    }
}

/// Discovery in a deployment whose files change under the running program.
struct ReplacedDemoTests {
    @Test("a demo whose executable file is deleted while it runs still finds every route it links: its own records are read from memory")
    func deletedExecutable() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("linkrouter-deleted-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("demo")
        // Copied by `cp`, so that the descriptor written through is never this process's: a
        // child that another test starts meanwhile cannot inherit it, and the copy cannot be
        // "text file busy" when it starts.
        let copied = try BuiltProduct.run(URL(fileURLWithPath: "/bin/cp"), [BuiltProduct(name: "demo").path.path, copy.path], input: Data())
        try #require(copied.status == 0, "cp: \(copied.standardError)")

        // No plugin: nothing is discovered until the first URL is opened, after the file is gone.
        let input = Pipe()
        let output = Pipe()
        // LeakSanitizer (scripts/test's last run) reads the executable at exit to name the frames
        // its suppressions match: with the file gone it would report the toolchain's own leaks.
        var environment = ProcessInfo.processInfo.environment
        environment["ASAN_OPTIONS"] = (environment["ASAN_OPTIONS"].map { $0 + ":" } ?? "") + "detect_leaks=0"
        let process = Process()
        process.executableURL = copy
        process.arguments = ["--plugin", folder.appendingPathComponent("none.so").path]
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.environment = environment
        try process.run()
        // Once the copy has started and waits for its first URL, blocked reading standard input
        // (syscall 0, read, on descriptor 0), delete it: its prompt stays buffered in the pipe, and
        // a sanitizer's runtime reads the executable while the program starts.
        let syscall = "/proc/\(process.processIdentifier)/syscall"
        let deadline = Date().addingTimeInterval(60)
        while (try? String(contentsOfFile: syscall, encoding: .utf8))?.hasPrefix("0 0x0 ") != true, Date() < deadline {
            Thread.sleep(forTimeInterval: 0.01)
        }
        try FileManager.default.removeItem(at: copy)
        let exe = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(process.processIdentifier)/exe")
        #expect(exe.hasSuffix("(deleted)"))

        input.fileHandleForWriting.write(Data("shop://account/profile/ada/likes\nshop://catalog/product/42?color=red\nshop://greet/ada\n".utf8))
        try input.fileHandleForWriting.close()
        let seen = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let lines = String(decoding: seen, as: UTF8.self).split(separator: "\n").map(String.init)
        #expect(process.terminationStatus == 0)
        #expect(lines.contains("page   ProfilePage(user: ada, tab: likes)"), "\(lines)")
        #expect(lines.contains("page   ProductPage(id: 42, color: red)"), "\(lines)")
        #expect(lines.contains("action greet/:name → Hello, ada!"), "\(lines)")
    }
}

/// The same demo built with `-c release` (SwiftPM links with --gc-sections): every module's
/// records must survive. scripts/test builds it and sets LINKROUTER_REQUIRE_RELEASE=1.
@Suite(.enabled(
    if: ProcessInfo.processInfo.environment["LINKROUTER_REQUIRE_RELEASE"] == "1"
        || FileManager.default.fileExists(atPath: BuiltProduct(name: "demo", configuration: .release).path.path),
    "build the release demo first (scripts/test does)"
))
struct ReleaseDemoTests {
    @Test("release demo --script opens every link of every module")
    func scriptedTourRelease() throws {
        let run = try BuiltProduct(name: "demo", configuration: .release).run(["--script"])
        #expect(run.status == 0, "output: \(run.standardOutput)\nstderr: \(run.standardError)")
        #expect(run.lines.first == "plugin loaded: 1 route(s), 1 service(s) from libDemoPlugin.so")
        #expect(run.lines.contains("  action greet/:name → Hello, ada lovelace!"))
        #expect(run.lines.contains("  action cart/checkout → checked out for ada"))
        #expect(run.lines.contains { $0.hasPrefix("all ") && $0.hasSuffix(" opened as expected") })
    }
}
