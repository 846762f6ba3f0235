import Foundation
import Testing

/// The enums that may gain cases (README, "Versioning") as an app's own module sees them: a module
/// outside LinkRouter's package, type-checked against the debug build's modules the way SwiftPM
/// compiles an app's target (inside LinkRouter's package, switches stay exhaustive).
struct GrowingEnumTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Type-checks `source` as the module `ShopApp`, which imports LinkRouter; returns the
    /// compiler's exit status and messages.
    private func typeCheck(_ source: String) async throws -> BuiltProduct.Run {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("linkrouter-enums-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("App.swift")
        try source.write(to: file, atomically: true, encoding: .utf8)
        // The C modules LinkRouter's modules import, as SwiftPM showed them to the compiler.
        let build = BuiltProduct.buildFolder
        let generated = try FileManager.default.contentsOfDirectory(atPath: build.path)
            .filter { $0.hasSuffix(".build") && !$0.hasSuffix("-tool.build") }
            .map { build.appendingPathComponent($0).appendingPathComponent("module.modulemap") }
        let declared = try FileManager.default.contentsOfDirectory(atPath: Self.repository.appendingPathComponent("Sources").path)
            .map { Self.repository.appendingPathComponent("Sources/\($0)/module.modulemap") }
        let maps = (generated + declared).filter { FileManager.default.fileExists(atPath: $0.path) }
            .flatMap { ["-Xcc", "-fmodule-map-file=\($0.path)"] }
        return try await BuiltProduct.runOnOwnThread(URL(fileURLWithPath: "/usr/bin/env"), [
            "swiftc", "-typecheck", "-swift-version", "6", "-module-name", "ShopApp",
            "-I", build.appendingPathComponent("Modules").path,
        ] + maps + [file.path])
    }

    /// An app's switches over an open's result, its failure, the router's events and a page result.
    private func appSource(unknownDefault: Bool) -> String {
        let unknown = unknownDefault ? "    @unknown default: \"something newer\"\n" : ""
        return """
            import LinkRouter

            func describe(_ outcome: RouteOutcome) -> String {
                switch outcome.result {
                case .success(.page(let page)): "page \\(page)"
                case .success(.updated(let page)): "updated \\(page)"
                case .success(.action(let value)): "action \\(value ?? "nothing")"
                case .success(.dispatched(let scheme, _)): "handed to \\(scheme)"
                case .failure(let failure): "not opened: \\(failure)"
            \(unknown)    }
            }

            func describe(_ event: RouterEvent) -> String {
                switch event {
                case .willOpen(let url, _): "opening \\(url)"
                case .didOpen(let outcome), .failed(let outcome): describe(outcome)
                case .fellBack(let url, let fallback): "\\(url) fell back to \\(fallback)"
                case .diagnostic(let message): message
            \(unknown)    }
            }

            // Closed for good: no default.
            func describe(_ result: PageResult<String>) -> String {
                switch result {
                case .value(let value): value
                case .cancelled: "cancelled"
                }
            }

            """
    }

    @Test("an app's switch over an open's result and the router's events compiles, warning-free, with @unknown default; over a page result without one")
    func unknownDefaultCompiles() async throws {
        let run = try await typeCheck(appSource(unknownDefault: true))
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError.isEmpty, "\(run.standardError)")
    }

    @Test("an app's exhaustive switch without @unknown default is refused, naming the enum that may grow")
    func exhaustiveSwitchRefused() async throws {
        let run = try await typeCheck(appSource(unknownDefault: false))
        #expect(run.status != 0)
        #expect(run.standardError.contains(
            "error: switch covers known cases, but 'Result<RouteOutcome.Opened, RouteFailure>' may have additional unknown values"
        ), "\(run.standardError)")
        #expect(run.standardError.contains("error: switch covers known cases, but 'RouterEvent' may have additional unknown values"), "\(run.standardError)")
    }
}
