import FoundationEssentials
import LinkRouterMacros
@_spi(PluginMessage) import SwiftCompilerPluginMessageHandling
import Testing

/// The plugin's connection cuts the compiler's build configuration out of each request's JSON.
/// These tests build requests with swift-syntax's own types, so that a release which renames or
/// moves the member fails here rather than silently keeping it.
struct PluginConnectionTests {
    static let source = #"#route("share/:id", action: { _ in "\"staticBuildConfiguration\": kept" })"#
    static var syntax: PluginMessage.Syntax {
        PluginMessage.Syntax(
            kind: .declaration, source: source,
            location: PluginMessage.SourceLocation(fileID: "Shop/Cart.swift", fileName: "/app/Cart.swift", offset: 0, line: 1, column: 1)
        )
    }
    static let macro = PluginMessage.MacroReference(moduleName: "LinkRouterMacros", typeName: "RouteMacro", name: "route")

    static func roundTrip(_ message: HostToPluginMessage) throws -> (payload: Data, decoded: HostToPluginMessage) {
        let payload = Data(PluginConnection.droppingBuildConfiguration(from: [UInt8](try JSONEncoder().encode(message))))
        return (payload, try JSONDecoder().decode(HostToPluginMessage.self, from: payload))
    }

    #if canImport(SwiftSyntax603)
    @Test("a freestanding expansion request loses its build configuration and keeps everything else")
    func freestanding() throws {
        let request = HostToPluginMessage.expandFreestandingMacro(
            macro: Self.macro, macroRole: .declaration, discriminator: "$s4Shop5CartsfMX1_0_5routefMf_", syntax: Self.syntax,
            lexicalContext: [], staticBuildConfiguration: #"{"attributes": ["a\"b"], "compilerVersion": "6.3"}"#
        )
        let (payload, decoded) = try Self.roundTrip(request)
        #expect(!String(decoding: payload, as: UTF8.self).contains("compilerVersion"))
        guard case .expandFreestandingMacro(let macro, let role, let discriminator, let syntax, let context, let configuration) = decoded else {
            Issue.record("decoded as another message: \(decoded)")
            return
        }
        #expect(configuration == nil)
        #expect(macro.typeName == "RouteMacro" && role == .declaration && discriminator == "$s4Shop5CartsfMX1_0_5routefMf_")
        #expect(syntax.source == Self.source && context?.isEmpty == true)
    }

    @Test("an attached expansion request loses its build configuration, the first member or not")
    func attached() throws {
        let request = HostToPluginMessage.expandAttachedMacro(
            macro: Self.macro, macroRole: .peer, discriminator: "d", attributeSyntax: Self.syntax, declSyntax: Self.syntax,
            parentDeclSyntax: nil, extendedTypeSyntax: nil, conformanceListSyntax: nil, lexicalContext: nil,
            staticBuildConfiguration: "{}"
        )
        let (_, decoded) = try Self.roundTrip(request)
        guard case .expandAttachedMacro(_, _, let discriminator, _, let declaration, _, _, _, _, let configuration) = decoded else {
            Issue.record("decoded as another message: \(decoded)")
            return
        }
        #expect(configuration == nil && discriminator == "d" && declaration.source == Self.source)

        let first = Array(#"{"staticBuildConfiguration":"{\"a\":1}" , "discriminator":"d"}"#.utf8)
        #expect(String(decoding: PluginConnection.droppingBuildConfiguration(from: first), as: UTF8.self) == #"{"discriminator":"d"}"#)
    }
    #endif

    @Test("a request without a build configuration is passed on byte for byte")
    func untouched() throws {
        let request = HostToPluginMessage.getCapability(capability: PluginMessage.HostCapability(protocolVersion: 7))
        let payload = [UInt8](try JSONEncoder().encode(request))
        #expect(PluginConnection.droppingBuildConfiguration(from: payload) == payload)
        let unterminated = Array(#"{"staticBuildConfiguration":"never closed"#.utf8)
        #expect(PluginConnection.droppingBuildConfiguration(from: unterminated) == unterminated)
    }
}
