import Foundation
import Testing

/// The macro plugin run as the compiler runs it: requests framed by a little-endian 64-bit length,
/// as JSON on standard input, and its answers read back from standard output.
struct MacroPluginTests {
    static let plugin = BuiltProduct(name: "LinkRouterMacros-tool")

    /// The compiler's first request; without it the plugin answers in an older form.
    static let capabilityRequest = #"{"getCapability":{"capability":{"protocolVersion":7}}}"#

    /// One framed message.
    static func frame(_ json: String) -> Data {
        var length = UInt64(json.utf8.count).littleEndian
        return Data(bytes: &length, count: 8) + Data(json.utf8)
    }

    /// The JSON messages in framed output.
    static func messages(in output: Data) throws -> [[String: Any]] {
        var messages: [[String: Any]] = []
        var rest = output[...]
        while rest.count >= 8 {
            let length = rest.prefix(8).enumerated().reduce(0) { $0 | Int($1.element) << (8 * $1.offset) }
            let payload = rest.dropFirst(8).prefix(length)
            try #require(payload.count == length, "a truncated message")
            messages.append(try #require(try JSONSerialization.jsonObject(with: Data(payload)) as? [String: Any]))
            rest = rest.dropFirst(8 + length)
        }
        #expect(rest.isEmpty)
        return messages
    }

    /// A request to expand `source`, a `#route` at the top of a file, with the build configuration
    /// the compiler sends (here one that is not even JSON: the plugin never reads it).
    static func expandRoute(_ source: String) -> String {
        let escaped = source.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        return """
            {"expandFreestandingMacro":{"macro":{"moduleName":"LinkRouterMacros","typeName":"RouteMacro","name":"route"},\
            "macroRole":"declaration","discriminator":"$s4Shop5CartsfMX1_0_5routefMf_",\
            "syntax":{"kind":"declaration","source":"\(escaped)",\
            "location":{"fileID":"Shop/Cart.swift","fileName":"/app/Cart.swift","offset":0,"line":1,"column":1}},\
            "lexicalContext":[],"staticBuildConfiguration":"{ not JSON"}}
            """
    }

    @Test("the plugin answers the capability request, expands a #route and reports a bad pattern, then exits at the end of its input")
    func expansions() throws {
        let input = Self.frame(Self.capabilityRequest)
            + Self.frame(Self.expandRoute(#"#route("share/:id", action: { _ in nil })"#))
            + Self.frame(Self.expandRoute(#"#route("share/<int:>", action: { _ in nil })"#))
        let run = try Self.plugin.run([], input: input)
        #expect(run.status == 0, "plugin: \(run.standardError)")
        let answers = try Self.messages(in: run.output)
        try #require(answers.count == 3, "answers: \(answers)")

        let capability = try #require((answers[0]["getCapabilityResult"] as? [String: Any])?["capability"] as? [String: Any])
        #expect(capability["protocolVersion"] as? Int == 7)

        let expansion = try #require(answers[1]["expandMacroResult"] as? [String: Any])
        let source = try #require(expansion["expandedSource"] as? String)
        #expect(source.contains("@used @section(\"linkrouter_routes\") private nonisolated let"))
        #expect(source.contains("// text: \"share/:id\""))
        #expect((expansion["diagnostics"] as? [Any])?.isEmpty == true)

        let failure = try #require(answers[2]["expandMacroResult"] as? [String: Any])
        let diagnostics = try #require(failure["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?["severity"] as? String == "error")
        #expect((diagnostics.first?["message"] as? String)?.hasPrefix("invalid route pattern at column 12") == true, "\(diagnostics)")
    }

    @Test("a request that is not JSON ends the plugin with a message on standard error, not a crash")
    func malformedRequest() throws {
        let run = try Self.plugin.run([], input: Self.frame("{\"expandFreestandingMacro\": [1, 2"))
        #expect(run.status == 1)
        #expect(run.output.isEmpty)
        #expect(run.standardError.contains("Internal Error"), "plugin: \(run.standardError)")
    }

    @Test("a request for a macro the plugin does not have is answered with an error")
    func unknownMacro() throws {
        let request = Self.expandRoute(#"#route("a", action: { _ in nil })"#).replacingOccurrences(of: "\"RouteMacro\"", with: "\"NoSuchMacro\"")
        let run = try Self.plugin.run([], input: Self.frame(Self.capabilityRequest) + Self.frame(request))
        #expect(run.status == 0, "plugin: \(run.standardError)")
        let answer = try #require(try Self.messages(in: run.output).last?["expandMacroResult"] as? [String: Any])
        let message = (answer["diagnostics"] as? [[String: Any]])?.first?["message"] as? String
        #expect(message?.contains("LinkRouterMacros.NoSuchMacro") == true, "\(answer)")
    }
}
