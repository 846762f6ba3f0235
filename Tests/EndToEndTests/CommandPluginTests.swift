import Foundation
import Testing

/// `swift package check-routes`, `generate-routes` and `generate-links` as an app's developer runs
/// them, in a small package the test writes, depending on LinkRouter by path. (scripts/test runs
/// the `routes` tool they run on the demo: from inside `swift test`, SwiftPM's lock on the
/// package's own build folder is taken.)
///
/// The consumer's routes are C records (the LinkRouterRecordABI product), so its build needs no
/// swift-syntax: what it builds is its own modules and the `routes` tool the plugins run. The
/// package and its build folder stay under this package's `.build`, written again by each run, so
/// that a run resolves and builds incrementally (each `swift package` costs seconds).
@Suite(
    .serialized, .timeLimit(.minutes(15)),
    // The commands run SwiftPM and the tool, no instrumented code: the normal run covers them.
    .disabled(if: ProcessInfo.processInfo.environment["LINKROUTER_TEST_CFLAGS"]?.contains("sanitize") == true,
              "SwiftPM and the routes tool are not built with the sanitizer")
)
struct CommandPluginTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let scratch = repository.appendingPathComponent(".build/command-plugin-consumer")
    /// The consumer package, written once per test run (see `files`).
    static let consumer = Result { try writeConsumer(to: scratch.appendingPathComponent("Consumer")) }

    /// The consumer package: `App`, whose routes are sound (`help` external, `order/:id` internal),
    /// and `BrokenApp`, which adds a duplicate of one of them and a pattern that does not parse.
    static let files: [String: String] = [
        "Package.swift": """
            // swift-tools-version: 6.3
            import PackageDescription

            let package = Package(
                name: "Consumer",
                dependencies: [.package(name: "LinkRouter", path: "\(repository.path)")],
                targets: [
                    .target(name: "AppRoutes", dependencies: [.product(name: "LinkRouterRecordABI", package: "LinkRouter")]),
                    .target(name: "BrokenRoutes", dependencies: [.product(name: "LinkRouterRecordABI", package: "LinkRouter")]),
                    .executableTarget(name: "App", dependencies: ["AppRoutes"]),
                    .executableTarget(name: "BrokenApp", dependencies: ["AppRoutes", "BrokenRoutes"]),
                ]
            )
            """,
        "Sources/AppRoutes/include/AppRoutes.h": "void app_routes(void);\n",
        "Sources/AppRoutes/AppRoutes.c": """
            #include "AppRoutes.h"
            #include "LinkRouterRecord.h"
            #include <stdio.h>

            static bool answer(const char *const *names, const char *const *values, size_t count, char *result, size_t capacity) {
                snprintf(result, capacity, "ok");
                return true;
            }

            LINKROUTER_C_ACTION(order_route, "order/:id", answer);
            LINKROUTER_C_ACTION_FLAGS(help_route, "help", answer, LINKROUTER_FLAG_EXTERNAL);
            void app_routes(void) {}
            """,
        "Sources/BrokenRoutes/include/BrokenRoutes.h": "void broken_routes(void);\n",
        "Sources/BrokenRoutes/BrokenRoutes.c": """
            #include "BrokenRoutes.h"
            #include "LinkRouterRecord.h"

            static bool answer(const char *const *names, const char *const *values, size_t count, char *result, size_t capacity) {
                return true;
            }

            LINKROUTER_C_ACTION(second_order_route, "order/:number", answer);
            LINKROUTER_C_ACTION(unclosed_route, "user/<int:id", answer);
            void broken_routes(void) {}
            """,
        "Sources/App/main.swift": "import AppRoutes\napp_routes()\n",
        "Sources/BrokenApp/main.swift": "import AppRoutes\nimport BrokenRoutes\napp_routes()\nbroken_routes()\n",
    ]

    /// Writes the consumer package's files, leaving alone those that are as they should be (and
    /// SwiftPM's Package.resolved), and removes what generate-routes wrote last time.
    static func writeConsumer(to folder: URL) throws -> URL {
        try? FileManager.default.removeItem(at: folder.appendingPathComponent("Generated"))
        for (path, text) in files {
            let file = folder.appendingPathComponent(path)
            if (try? String(contentsOf: file, encoding: .utf8)) == text { continue }
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
        return folder
    }

    /// Runs `swift package ARGUMENTS` in the consumer, with its build folder; returns its exit
    /// status and what it printed (SwiftPM's, the plugin's and the tool's lines).
    static func swiftPackage(_ arguments: [String]) async throws -> (status: Int32, output: String) {
        let run = try await BuiltProduct.runOnOwnThread(URL(fileURLWithPath: "/usr/bin/env"), [
            "swift", "package", "--package-path", try consumer.get().path, "--scratch-path", scratch.path,
        ] + arguments)
        return (run.status, run.standardOutput + run.standardError)
    }

    @Test("check-routes builds the product and passes when its routes are sound")
    func checkPasses() async throws {
        let run = try await Self.swiftPackage(["check-routes", "--product", "App"])
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("routes check App:\nno problems in 2 records"), "\(run.output)")
        let release = try await Self.swiftPackage(["check-routes", "--product", "App", "--release"])
        #expect(release.status == 0, "\(release.output)")
        #expect(release.output.contains("no problems in 2 records"), "\(release.output)")
    }

    @Test("check-routes fails on a duplicate route and a bad pattern, naming both")
    func checkFails() async throws {
        let run = try await Self.swiftPackage(["check-routes", "--product", "BrokenApp"])
        #expect(run.status != 0, "\(run.output)")
        #expect(run.output.contains("user/<int:id"), "\(run.output)")
        #expect(run.output.contains("order/:number"), "\(run.output)")
        #expect(run.output.contains("route problems in BrokenApp"), "\(run.output)")
    }

    @Test("check-routes without --product, in a package of two executables, says which to name; an unknown name or argument is refused")
    func checkNeedsProduct() async throws {
        let unnamed = try await Self.swiftPackage(["check-routes"])
        #expect(unnamed.status != 0)
        #expect(unnamed.output.contains("name the product with --product (its executable products: App, BrokenApp)"), "\(unnamed.output)")
        let unknown = try await Self.swiftPackage(["check-routes", "--product", "Nope"])
        #expect(unknown.status != 0)
        #expect(unknown.output.contains("no executable product 'Nope' in package 'Consumer' (its executable products: App, BrokenApp)"), "\(unknown.output)")
        let extra = try await Self.swiftPackage(["check-routes", "--product", "App", "--strict"])
        #expect(extra.status != 0)
        #expect(extra.output.contains("unknown arguments: --strict (check-routes takes"), "\(extra.output)")
    }

    @Test("generate-routes writes the routes gen file into the package, when allowed to")
    func generate() async throws {
        let consumer = try Self.consumer.get()
        // Outside the targets: the consumer's App does not import LinkRouter, as the file does.
        let output = "Generated/Routes.generated.swift"
        let refused = try await Self.swiftPackage(["generate-routes", "--product", "App", "--output", output])
        #expect(refused.status != 0)
        #expect(refused.output.contains("Use `--allow-writing-to-package-directory` to allow this."), "\(refused.output)")
        #expect(!FileManager.default.fileExists(atPath: consumer.appendingPathComponent(output).path))

        let run = try await Self.swiftPackage([
            "--allow-writing-to-package-directory", "generate-routes", "--product", "App", "--output", output, "--scheme", "app",
        ])
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("wrote \(output) from the routes of App"), "\(run.output)")
        let generated = try String(contentsOf: consumer.appendingPathComponent(output), encoding: .utf8)
        #expect(generated.hasPrefix("// Generated by `routes gen App --scheme app`"), "\(generated)")
        #expect(generated.contains(#"static var order: RouteID { "order/:id" }"#), "\(generated)")
        #expect(generated.contains("static func order(id: String) -> RouteLink"), "\(generated)")
    }

    @Test("generate-links writes an app-link file of routes links into the package, with its report")
    func generateLinks() async throws {
        let consumer = try Self.consumer.get()
        let output = "Generated/apple-app-site-association"
        let run = try await Self.swiftPackage([
            "--allow-writing-to-package-directory", "generate-links", "--product", "App", "--output", output,
            "--format", "apple-app-site-association", "--app-id", "ABCDE12345.com.example.app", "--host", "example.com", "--strict",
        ])
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("apple-app-site-association for https://example.com: 1 component; 1 of 1 external routes claimed; 0 over-claims"), "\(run.output)")
        #expect(run.output.contains("wrote \(output) from the routes of App"), "\(run.output)")
        let written = try String(contentsOf: consumer.appendingPathComponent(output), encoding: .utf8)
        #expect(written.contains(#"{ "/": "/help", "comment": "'help'" }"#), "\(written)")

        let noFormat = try await Self.swiftPackage(["--allow-writing-to-package-directory", "generate-links", "--product", "App", "--output", output])
        #expect(noFormat.status != 0)
        #expect(noFormat.output.contains("name the file's format with one --format"), "\(noFormat.output)")
        let noHost = try await Self.swiftPackage([
            "--allow-writing-to-package-directory", "generate-links", "--product", "App", "--output", output, "--format", "android-intent-filters",
        ])
        #expect(noHost.status != 0)
        #expect(noHost.output.contains("routes: --format android-intent-filters needs --host"), "\(noHost.output)")
    }

    @Test("generate-routes without --output or --product says what it needs")
    func generateNeedsOutputAndProduct() async throws {
        let noOutput = try await Self.swiftPackage(["--allow-writing-to-package-directory", "generate-routes", "--product", "App"])
        #expect(noOutput.status != 0)
        #expect(noOutput.output.contains("name the file to write with one --output PATH (relative to the package)"), "\(noOutput.output)")
        let noProduct = try await Self.swiftPackage(["--allow-writing-to-package-directory", "generate-routes", "--output", "x.swift"])
        #expect(noProduct.status != 0)
        #expect(noProduct.output.contains("name the product with --product"), "\(noProduct.output)")
    }
}
