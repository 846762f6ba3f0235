import Foundation
import RouteInspection

/// The inputs the in-process tests read: the products of this package's build, and files they
/// write to a scratch folder.
enum InspectionInputs {
    /// The folder holding the test binary and the package's other products.
    static let buildFolder: URL = {
        var folder = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        // Bundled test layouts put the binary inside `*.xctest/...`; products sit beside the bundle.
        while folder.path.contains(".xctest") { folder = folder.deletingLastPathComponent() }
        return folder
    }()

    /// The demo app built in debug, which EndToEndTests' dependencies build.
    static var demo: String { buildFolder.appendingPathComponent("demo").path }
}

/// A scratch folder that is removed after the test.
final class ScratchFolder {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("route-inspection-\(UUID().uuidString)")

    init() throws { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
    deinit { try? FileManager.default.removeItem(at: folder) }

    /// The path of a file in the folder.
    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// Writes bytes to a file in the folder; returns its path.
    func write(_ data: Data, _ name: String) throws -> String {
        let path = path(name)
        try data.write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Writes an object file holding records for these routes; `nil`: no route section at all.
    func object(_ name: String, _ routes: [PlantedRoute]?, program: Bool = false) throws -> String {
        try write(RouteObjectFile.bytes(routes, program: program), name)
    }
}
