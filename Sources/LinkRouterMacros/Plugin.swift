import FoundationEssentials
@_spi(PluginMessage) import SwiftCompilerPluginMessageHandling
import SwiftSyntaxMacros
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The compiler plugin that provides `@Routable`, `#route` and `@RoutableService`.
///
/// The message loop and handler are swift-syntax's own (`CompilerPluginMessageListener`), as
/// `SwiftCompilerPlugin`'s `main` sets them up; only the connection that reads and writes the
/// compiler's messages is ours (``PluginConnection``), because with swift-syntax's a debug build
/// spent 40% of each expansion there.
@main
struct LinkRouterMacrosPlugin: PluginProvider {
    static let macros: [any Macro.Type] = [
        RoutableMacro.self,
        RouteMacro.self,
        RoutableServiceMacro.self,
    ]

    static func main() throws {
        let listener = CompilerPluginMessageListener(connection: PluginConnection(), provider: LinkRouterMacrosPlugin())
        #if canImport(SwiftSyntax602)
        try listener.main()
        #else
        listener.main()
        #endif
    }

    func resolveMacro(moduleName: String, typeName: String) throws -> any Macro.Type {
        guard let macro = Self.macros.first(where: { String(reflecting: $0) == "\(moduleName).\(typeName)" }) else {
            throw PluginConnection.Failure(description: "macro implementation type '\(moduleName).\(typeName)' is not in the LinkRouterMacros plugin")
        }
        return macro
    }

    func loadPluginLibrary(libraryPath: String, moduleName: String) throws {
        throw PluginConnection.Failure(description: "the LinkRouterMacros plugin does not load libraries")
    }

    var features: [PluginFeature] { [] }
}

/// The compiler's side of the plugin protocol: messages framed by a little-endian 64-bit length,
/// as JSON, over the plugin's standard input and output.
///
/// It differs from swift-syntax's `StandardIOMessageConnection` in two ways, both for build time.
/// In a debug build of an app the plugin is a debug build too, and swift-syntax's JSON decoder
/// then took about 40% of an expansion; Foundation's, prebuilt and optimized, decodes the same
/// `Codable` messages in a fraction of that. And the compiler sends its build configuration (5 KB
/// of JSON inside a JSON string) with every expansion, which the message handler decodes again;
/// no LinkRouter macro reads `context.buildConfiguration`, so the connection drops it.
package struct PluginConnection: MessageConnection {
    /// An I/O failure; the listener reports it and exits.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private let input: CInt
    private let output: CInt

    /// Takes over standard input and output, and sends the plugin's own printing to standard
    /// error, where it cannot corrupt a message.
    init() {
        input = dup(STDIN_FILENO)
        close(STDIN_FILENO)
        output = dup(STDOUT_FILENO)
        dup2(STDERR_FILENO, STDOUT_FILENO)
    }

    func sendMessage<Message: Encodable>(_ message: Message) throws {
        let payload = try JSONEncoder().encode(message)
        var length = UInt64(payload.count).littleEndian
        try withUnsafeBytes(of: &length) { try send($0) }
        try payload.withUnsafeBytes { try send($0) }
    }

    func waitForNextMessage<Message: Decodable>(_ type: Message.Type) throws -> Message? {
        var length: UInt64 = 0
        guard try withUnsafeMutableBytes(of: &length, { try receive(into: $0) }) else { return nil }
        let count = Int(UInt64(littleEndian: length))
        guard count > 0 else { return nil } // an empty message asks the plugin to stop
        var payload = Data(count: count)
        guard try payload.withUnsafeMutableBytes({ try receive(into: $0) }) else { return nil }
        return try JSONDecoder().decode(type, from: Data(Self.droppingBuildConfiguration(from: [UInt8](payload))))
    }

    /// The key of the build configuration in an expansion request (swift-syntax 603 and later).
    package static let buildConfigurationKey = Array(#""staticBuildConfiguration":"#.utf8)

    /// A request's JSON without its build configuration member, or unchanged when it has none.
    ///
    /// The member is cut from the JSON text rather than from the decoded request, so that the
    /// plugin names no field of swift-syntax's messages and builds with every release it supports;
    /// `PluginConnectionTests` fails if a release renames the member.
    package static func droppingBuildConfiguration(from bytes: [UInt8]) -> [UInt8] {
        let key = buildConfigurationKey
        // The member comes last in the request, after the (much longer) syntax: search from the end.
        guard bytes.count >= key.count,
              let keyStart = stride(from: bytes.count - key.count, through: 0, by: -1).first(where: { bytes[$0..<($0 + key.count)].elementsEqual(key) }),
              let valueEnd = endOfValue(in: bytes, from: keyStart + key.count) else { return bytes }
        var start = keyStart
        var end = valueEnd
        var before = start - 1
        while before >= 0, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[before]) { before -= 1 }
        if before >= 0, bytes[before] == UInt8(ascii: ",") {
            start = before  // not the first member: its comma goes with it
        } else {
            // The first member: the comma after it goes, with the spaces around it.
            end = endOfSpaces(in: bytes, from: end)
            if end < bytes.count, bytes[end] == UInt8(ascii: ",") { end = endOfSpaces(in: bytes, from: end + 1) }
        }
        return Array(bytes[..<start] + bytes[end...])
    }

    /// The index of the first byte at or after `start` that is not JSON white space.
    private static func endOfSpaces(in bytes: [UInt8], from start: Int) -> Int {
        var index = start
        while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
        return index
    }

    /// The end of the JSON string or `null` that starts at `start` (after spaces), or `nil`.
    private static func endOfValue(in bytes: [UInt8], from start: Int) -> Int? {
        var index = endOfSpaces(in: bytes, from: start)
        guard index < bytes.count else { return nil }
        if bytes[index...].starts(with: "null".utf8) { return index + 4 }
        guard bytes[index] == UInt8(ascii: "\"") else { return nil }
        index += 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "\""): return index + 1
            default: index += 1
            }
        }
        return nil
    }

    private func send(_ bytes: UnsafeRawBufferPointer) throws {
        var written = 0
        while written < bytes.count {
            let count = write(output, bytes.baseAddress! + written, bytes.count - written)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw Failure(description: "writing to the compiler failed (errno \(errno))") }
            written += count
        }
    }

    /// Fills `buffer`; `false` when the input ends first.
    private func receive(into buffer: UnsafeMutableRawBufferPointer) throws -> Bool {
        var filled = 0
        while filled < buffer.count {
            let count = read(input, buffer.baseAddress! + filled, buffer.count - filled)
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw Failure(description: "reading from the compiler failed (errno \(errno))") }
            if count == 0 { return false }
            filled += count
        }
        return true
    }
}
