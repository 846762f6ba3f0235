import LinkRouterCore
import Testing

/// `<path:>` captures keep an escaped slash apart from a separator: through their segments and
/// their raw, still-escaped text.
@Suite("Escaped slashes in <path:> captures")
struct EscapedSlashTests {
    /// A router whose `files/<path:rest>` action returns the capture's text, segments and raw form.
    private func filesRouter() throws -> Router {
        let router = Router()
        try router.register("files/<path:rest>", action: { parameters in
            [parameters["rest"] ?? "-", (parameters.pathSegments("rest") ?? []).joined(separator: "|"), parameters.rawPathValue("rest") ?? "-"]
        })
        return router
    }

    @Test("a/b%2Fc and a/b/c read the same as text, and differ in segments and raw form", arguments: [
        ("app://files/a/b%2Fc", ["a/b/c", "a|b/c", "a/b%2Fc"]),
        ("app://files/a/b/c", ["a/b/c", "a|b|c", "a/b/c"]),
        ("app://files/a%2Fb%2fc", ["a/b/c", "a/b/c", "a%2Fb%2fc"]),
        ("app://files//a//b%20c/?q=1", ["a/b c", "a|b c", "a/b%20c"]),
    ])
    func escapedSlash(url: String, expected: [String]) async throws {
        let outcome = try await filesRouter().open(url)
        #expect(outcome.actionResult as? [String] == expected)
    }

    @Test("a one-segment placeholder gives one segment; a name that is not a path parameter gives nil")
    func oneSegment() throws {
        let router = Router()
        try router.register("user/:name", action: { _ in nil })
        let parameters = try router.resolve("app://user/a%2Fb?tab=x").parameters
        #expect(parameters.pathSegments("name") == ["a/b"])
        #expect(parameters.rawPathValue("name") == "a%2Fb")
        #expect(parameters.pathSegments("tab") == nil)
        #expect(parameters.rawPathValue("missing") == nil)
    }

    @Test("a redirect carries a <path:> capture segment by segment: an escaped slash stays escaped")
    func redirectKeepsEscapes() async throws {
        let router = try filesRouter()
        try router.addRedirect(from: "old/<path:rest>", to: "files/<path:rest>")
        try router.addRedirect(from: "one/:name", to: "files/<path:name>")
        #expect(await router.open("app://old/a/b%2Fc").chain == ["app://old/a/b%2Fc", "app://files/a/b%2Fc"])
        #expect(await router.open("app://one/x%2Fy").actionResult as? [String] == ["x/y", "x/y", "x%2Fy"])
    }

    @Test("RouteLink.encodePath(segments:) escapes a slash inside a segment")
    func encodeSegments() {
        #expect(RouteLink.encodePath(segments: ["a", "b/c", "", "d e"]) == "a/b%2Fc/d%20e")
        #expect(RouteLink.encodePath("a/b/c") == "a/b/c")
    }
}
