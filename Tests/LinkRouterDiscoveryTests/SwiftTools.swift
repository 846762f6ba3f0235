import Foundation
import Testing

/// Builds small Swift shared libraries with annotated records for the tests, as a dependency of
/// an app would be built, and leaves LinkRouter's symbols to the loader: loaded into the test
/// process, the library binds to the test binary's copy of LinkRouter, as a plugin binds to its
/// host's.
enum SwiftTools {
    /// The folder of the test binary, which holds the built modules and the macro plugin.
    static let buildFolder = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
    /// The package's `Sources` folder.
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources").path

    /// Compiles `source` as the module `name` into `lib<name>.so` in a new temporary folder named
    /// with ``CTools/loadedLibraryMarker``, and returns the library's location.
    static func sharedLibrary(_ name: String, source: String) throws -> URL {
        let build = buildFolder.path
        let plugin = "\(build)/LinkRouterMacros-tool"
        try #require(FileManager.default.isExecutableFile(atPath: plugin), "\(plugin) is not built: run swift build --build-tests")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(CTools.loadedLibraryMarker)\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("\(name).swift")
        try source.write(to: file, atomically: true, encoding: .utf8)
        let library = folder.appendingPathComponent("lib\(name).so")
        try CTools.run("/usr/bin/env", [
            "swiftc", "-emit-library", "-module-name", name, "-o", library.path, "-swift-version", "6",
            "-I", "\(build)/Modules", "-module-cache-path", "\(build)/ModuleCache",
            "-Xcc", "-fmodule-map-file=\(build)/CRouteRecord.build/module.modulemap", "-Xcc", "-I", "-Xcc", "\(sources)/CRouteRecord/include",
            "-Xcc", "-fmodule-map-file=\(build)/CLoadedImages.build/module.modulemap", "-Xcc", "-I", "-Xcc", "\(sources)/CLoadedImages/include",
            "-Xcc", "-fmodule-map-file=\(sources)/CLibELF/module.modulemap",
            "-load-plugin-executable", "\(plugin)#LinkRouterMacros", file.path,
        ])
        return library
    }
}
