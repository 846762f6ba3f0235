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
        try CompilerPluginMessageListener(connection: PluginConnection(), provider: LinkRouterMacrosPlugin()).main()
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
struct PluginConnection: MessageConnection {
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
        let message = try JSONDecoder().decode(type, from: payload)
        guard let request = message as? HostToPluginMessage else { return message }
        return withoutBuildConfiguration(request) as? Message
    }

    private func withoutBuildConfiguration(_ request: HostToPluginMessage) -> HostToPluginMessage {
        switch request {
        case .expandFreestandingMacro(let macro, let role, let discriminator, let syntax, let lexicalContext, _):
            .expandFreestandingMacro(
                macro: macro, macroRole: role, discriminator: discriminator, syntax: syntax, lexicalContext: lexicalContext
            )
        case .expandAttachedMacro(let macro, let role, let discriminator, let attribute, let declaration, let parent, let extendedType, let conformances, let lexicalContext, _):
            .expandAttachedMacro(
                macro: macro, macroRole: role, discriminator: discriminator, attributeSyntax: attribute,
                declSyntax: declaration, parentDeclSyntax: parent, extendedTypeSyntax: extendedType,
                conformanceListSyntax: conformances, lexicalContext: lexicalContext
            )
        default:
            request
        }
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
