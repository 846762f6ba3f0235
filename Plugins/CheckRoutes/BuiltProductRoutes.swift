// What both command plugins do: pick the products named by `--product`, build each with SwiftPM,
// and run the `routes` tool on what was built. Plugins cannot share a library target, so
// Plugins/GenerateRoutes holds a symbolic link to this file.
import Foundation
import PackagePlugin

/// A failure of a route command plugin, told to the user as one line.
struct RoutesPluginError: Error, CustomStringConvertible {
    let description: String
}

/// The executable products a route command plugin works on, built, and the `routes` tool.
struct BuiltProductRoutes {
    /// The built products, by name, in the order they were asked for.
    let binaries: [(product: String, url: URL)]
    let routes: PluginContext.Tool

    /// Builds the executable products named by `--product` (the package's only executable product
    /// when none is named) in debug, or in release with `--release`. With
    /// `exactlyOne`, one product must be named. The command's own options are extracted from
    /// `arguments` before; any left over is refused, with `usage`, before anything is built.
    init(
        context: PluginContext, packageManager: PackageManager, arguments: inout ArgumentExtractor,
        exactlyOne: Bool, usage: String
    ) throws {
        routes = try context.tool(named: "routes")
        let executables = context.package.products.filter { $0 is ExecutableProduct }.map(\.name).sorted()
        var names = arguments.extractOption(named: "product")
        if names.isEmpty {
            guard !exactlyOne, executables.count == 1 else {
                let which = executables.isEmpty ? "the package has no executable product" : "its executable products: \(executables.joined(separator: ", "))"
                throw RoutesPluginError(description: "name the product with --product (\(which))")
            }
            names = executables
        }
        if exactlyOne, names.count > 1 {
            throw RoutesPluginError(description: "name one --product, not \(names.count): one file is written for one product")
        }
        for name in names where !executables.contains(name) {
            throw RoutesPluginError(description: "no executable product '\(name)' in package '\(context.package.displayName)' (its executable products: \(executables.joined(separator: ", ")))")
        }
        // Not `--configuration`: `swift package` takes that option as its own and never passes it on.
        let configuration: PackageManager.BuildConfiguration = arguments.extractFlag(named: "release") > 0 ? .release : .debug
        if !arguments.remainingArguments.isEmpty {
            throw RoutesPluginError(description: "unknown arguments: \(arguments.remainingArguments.joined(separator: " ")) (\(usage))")
        }

        var binaries: [(product: String, url: URL)] = []
        for name in names {
            let result = try packageManager.build(.product(name), parameters: .init(configuration: configuration, logging: .concise))
            guard result.succeeded else {
                throw RoutesPluginError(description: "building '\(name)' failed:\n\(result.logText)")
            }
            guard let binary = result.builtArtifacts.first(where: { $0.kind == .executable && $0.url.lastPathComponent == name }) else {
                throw RoutesPluginError(description: "building '\(name)' produced no executable named '\(name)'")
            }
            binaries.append((name, binary.url))
        }
        self.binaries = binaries
    }

    /// Writes a line to standard output at once, so that it comes before what the tool prints next
    /// (`print` would hold it in a buffer when the output is a pipe).
    static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    /// Runs `routes COMMAND BINARY --output FILE OPTIONS` on the one product built, writing
    /// `output` (relative to the package unless absolute; its folder is made if missing), and
    /// says what it wrote.
    func write(_ output: String, command: String, options: [String], context: PluginContext) throws {
        let binary = binaries[0]
        let file = output.hasPrefix("/") ? URL(fileURLWithPath: output) : context.package.directoryURL.appendingPathComponent(output)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        guard try run([command, binary.url.path, "--output", file.path] + options) == 0 else {
            throw RoutesPluginError(description: "routes \(command) could not write \(output) from \(binary.product) (see above)")
        }
        print("wrote \(output) from the routes of \(binary.product)")
    }

    /// Runs `routes` with the arguments and returns its exit status. The tool writes to the
    /// plugin's own output, which SwiftPM shows as the command's.
    func run(_ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = routes.url
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
