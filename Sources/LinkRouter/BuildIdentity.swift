public import Logging
import RouteRecordReader
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

// A plugin's Swift code is compiled against one LinkRouter's types and layouts; run in a host whose
// LinkRouter was built from other sources, it can corrupt memory (a struct one field longer on one
// side). LinkRouter is built from source without library evolution (README, "Versioning"), so the
// one safe rule is that host and plugin share the sources: their build identity, the hash the
// BuildIdentity plugin computes (`linkRouterBuildIdentity`, generated), must match.

/// Calls the symbol whose name carries this LinkRouter's build identity.
///
/// Emitted into the caller: every record accessor calls it (through `__storePage` and its
/// siblings), so the image of the accessor imports `linkrouter_build_<identity>` of the
/// LinkRouter it was compiled against, which discovery compares with its own before any of the
/// image's Swift code runs.
///
/// - Warning: Exists for macro expansions; do not call it directly.
@_alwaysEmitIntoClient
public func __linkRouterBuildMark() {
    __linkRouterBuildSymbol()
}

/// Whether a record accessor has named this build (``__linkRouterBuildMark()``).
private let buildMarked = Atomic<Bool>(false)

/// The build-identity symbol's body: an effect the optimizer keeps (a relaxed store, a plain
/// move on x86-64). With an empty body, a release build (cross-module optimization) drops the
/// accessor's call of the symbol, and with it the import that tells the build of the accessor's
/// image.
func markBuild() {
    buildMarked.store(true, ordering: .relaxed)
}

/// Why a plugin, or a library found by discovery, is not loaded or its records not registered.
///
/// ```
/// libDemoPlugin.so: refused: its Swift code was compiled against LinkRouter build 51c2d8e0a3b4f7c9, and this host runs build 0f3e9a1b2c4d5e6f; rebuild it against the host's LinkRouter
/// ```
public struct PluginLoadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong with the library.
    ///
    /// May gain cases in a minor version (`@nonexhaustive`): a `switch` over it outside
    /// LinkRouter's package ends with `@unknown default`.
    @nonexhaustive
    public enum Reason: Sendable, Hashable {
        /// Its Swift code was compiled against another LinkRouter build than this host's: built
        /// from other sources, its types may be laid out otherwise.
        case builtAgainstAnotherLinkRouter(library: String, host: String)
        /// Its Swift code uses LinkRouter but names no build: it was compiled against a LinkRouter
        /// from before build identities.
        case noBuildIdentity(host: String)
        /// Which LinkRouter its Swift code was compiled against cannot be read from memory: its
        /// dynamic symbol table has no GNU hash table.
        case buildUnknown
        /// The file cannot be read as a 64-bit ELF shared library: the reader's message.
        case unreadable(String)
        /// The dynamic linker refused to load it: `dlerror()`'s message.
        case notLoaded(String)
    }

    /// The library's path.
    public let path: String
    /// What is wrong.
    public let reason: Reason

    /// `path: refused: why`.
    public var description: String {
        switch reason {
        case .builtAgainstAnotherLinkRouter(let library, let host):
            "\(path): refused: its Swift code was compiled against LinkRouter build \(library), and this host runs build \(host); rebuild it against the host's LinkRouter"
        case .noBuildIdentity(let host):
            "\(path): refused: its Swift code was compiled against a LinkRouter without a build identity (older than this host's build \(host)); rebuild it against the host's LinkRouter"
        case .buildUnknown:
            "\(path): refused: which LinkRouter its Swift code was compiled against cannot be read (its dynamic symbol table has no GNU hash table; link it with --hash-style=gnu)"
        case .unreadable(let message):
            "\(path): not loaded: \(message)"
        case .notLoaded(let message):
            "\(path): not loaded: \(message)"
        }
    }

    init(path: String, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    /// The refusal of an object holding Swift records compiled against `compiled`, or `nil` when
    /// they may run with this copy of LinkRouter (``CompiledAgainst/allowsSwiftRecords(withHostBuild:)``).
    init?(path: String, compiledAgainst compiled: CompiledAgainst) {
        guard !compiled.allowsSwiftRecords(withHostBuild: linkRouterBuildIdentity) else { return nil }
        switch compiled {
        case .build(let identity): self.init(path: path, reason: .builtAgainstAnotherLinkRouter(library: identity, host: linkRouterBuildIdentity))
        case .unidentifiedBuild, .noLinkRouterSwiftCode: self.init(path: path, reason: .noBuildIdentity(host: linkRouterBuildIdentity))
        case .unknown: self.init(path: path, reason: .buildUnknown)
        }
    }
}

extension Router {
    /// Loads a plugin, a shared library built with SwiftPM against this LinkRouter, and registers
    /// its routes and services.
    ///
    /// The library's file is read first: when its Swift code was compiled against another
    /// LinkRouter build than this host's (other sources: another commit, a local change), it is
    /// refused before `dlopen`, so none of its code runs. Then it is loaded (`RTLD_NOW`) and its
    /// records registered as ``discoverRoutes(in:validating:logger:)`` does.
    ///
    /// ```swift
    /// do {
    ///     let report = try router.loadPlugin(atPath: "/usr/lib/app/plugins/libOrders.so")
    /// } catch {
    ///     print(error)   // libOrders.so: refused: its Swift code was compiled against LinkRouter build …
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - path: The library's path, as `dlopen` takes it.
    ///   - validating: Whether to check the routes for ties and shadowed routes after registering.
    ///   - logger: Where diagnostics go.
    /// - Returns: What was found and registered.
    /// - Throws: ``PluginLoadError`` when the library is refused, unreadable, or not loaded.
    @discardableResult
    public func loadPlugin(
        atPath path: String, validating: Bool = RouteDiscovery.validatesByDefault,
        logger: Logger = Logger(label: "LinkRouter.discovery")
    ) throws(PluginLoadError) -> DiscoveryReport {
        let refusal: PluginLoadError?
        do {
            // Only Swift records run Swift code of the library's; C records and a library that
            // registers nothing by annotation are loaded as they are.
            let holdsSwiftRecords = try RouteSectionReader.read(file: path)?.records.contains(where: \.isSwift) ?? false
            refusal = holdsSwiftRecords ? PluginLoadError(path: path, compiledAgainst: try CompiledAgainst.read(fromFile: path)) : nil
        } catch {
            throw PluginLoadError(path: path, reason: .unreadable(error.message))
        }
        if let refusal {
            logger.error("\(refusal)")
            throw refusal
        }
        guard let handle = dlopen(path, RTLD_NOW) else {
            throw PluginLoadError(path: path, reason: .notLoaded(dlerror().map { String(cString: $0) } ?? "unknown error"))
        }
        return discoverRoutes(in: handle, validating: validating, logger: logger)
    }
}
