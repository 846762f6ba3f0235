import LinkRouterCore
import Testing

private struct LegacyPage: Routable {
    init?(parameters: RouteParameters) throws { nil }

    static func redirect(for parameters: RouteParameters) -> String? {
        "app://item/\(parameters["id"] ?? "")"
    }
}

private struct Looping: Routable {
    init?(parameters: RouteParameters) throws { nil }
    static func redirect(for parameters: RouteParameters) -> String? { "app://loop/b" }
}

@Suite("Redirects")
struct RedirectTests {
    @Test("A static redirect carries parameters over by name and keeps the query")
    func staticRedirect() async throws {
        let router = Router()
        try router.register("item/<int:id>", action: { parameters in
            "\(try parameters.int("id")) \(parameters["ref"] ?? "-") \(parameters["color"] ?? "-")"
        })
        try router.addRedirect(from: "product/:id/:color", to: "item/:id")

        let outcome = await router.open("app://product/42/red?ref=mail")
        #expect(outcome.actionResult as? String == "42 mail red")
        #expect(outcome.chain == ["app://product/42/red?ref=mail", "app://item/42?ref=mail&color=red"])
    }

    @Test("Targets may change scheme, carry a fixed query, and re-encode values")
    func targetForms() async throws {
        let router = Router()
        try router.register("search", action: { parameters in "\(parameters["q"] ?? "") from \(parameters["from"] ?? "")" })
        try router.addRedirect(from: "find/:term", to: "search?from=legacy")
        try router.addRedirect(from: "help/<path:topic>", to: "https://help.example.com/<path:topic>")
        try router.addRedirect(from: "tag/:name", to: "topics/:name")

        #expect(await router.open("app://find/x").actionResult as? String == " from legacy")
        let help = await router.open("app://help/billing/refunds")
        #expect(help.chain.last == "https://help.example.com/billing/refunds")
        let tag = await router.open("app://tag/a%2Fb%20c")
        #expect(tag.chain.last == "app://topics/a%2Fb%20c")
    }

    @Test("A redirect is refused when its sides do not fit together", arguments: [
        ("a/:id", "b/:other", "uses 'other'"),
        ("a(/:id)", "b/:id", "uses 'id'"),
        ("a/:id", "b/*", "may not contain"),
        ("a/:id", "b(/:id)", "may not contain"),
        ("a/<int:id", "b", "redirect source"),
        ("a", "b/<nope:x>", "redirect target"),
    ])
    func invalidRedirects(source: String, target: String, message: String) throws {
        let router = Router()
        #expect {
            try router.addRedirect(from: source, to: target)
        } throws: { error in
            "\(error)".contains(message)
        }
    }

    @Test("A second redirect with the same source shape is a duplicate until the first is removed")
    func duplicateRedirect() throws {
        let router = Router()
        try router.addRedirect(from: "a/:x", to: "b/:x")
        #expect(throws: RedirectError.duplicate(source: "a/:y", existing: "a/:x")) {
            try router.addRedirect(from: "a/:y", to: "c/:y")
        }
        #expect(router.removeRedirect(from: "a/:anything"))
        try router.addRedirect(from: "a/:y", to: "c/:y")
    }

    @Test("A page type's own redirect is followed")
    func dynamicRedirect() async throws {
        let router = Router()
        try router.register("legacy/:id", page: LegacyPage.self)
        try router.register("item/<int:id>", action: { parameters in try parameters.int("id") })
        let outcome = await router.open("app://legacy/7")
        #expect(outcome.actionResult as? Int == 7)
        #expect(outcome.chain == ["app://legacy/7", "app://item/7"])
    }

    @Test("A redirect loop fails with the chain, never recursing forever")
    func loop() async throws {
        let router = try makeRouter(["c"])
        try router.addRedirect(from: "a/:x", to: "b/:x")
        try router.addRedirect(from: "b/:x", to: "a/:x")
        let outcome = await router.open("app://a/1")
        #expect(outcome.failure?.summary == .redirectLoop(["app://a/1", "app://b/1", "app://a/1"]))
        #expect(router.canOpen("app://a/1") == false)

        try router.register("loop/a", page: Looping.self)
        try router.register("loop/b", page: Looping.self)
        let pages = await router.open("app://loop/a")
        #expect(pages.failure?.summary == .redirectLoop(["app://loop/a", "app://loop/b", "app://loop/b"]))
    }

    @Test("A chain longer than the hop limit fails and lists every hop")
    func hopLimit() async throws {
        let router = try makeRouter(["end"], configuration: RouterConfiguration(maximumRedirects: 3))
        try router.addRedirect(from: "step/<int:n>", to: "next/:n")
        try router.addRedirect(from: "next/<int:n>", to: "more/:n")
        try router.addRedirect(from: "more/<int:n>", to: "last/:n")
        try router.addRedirect(from: "last/<int:n>", to: "end")

        let outcome = await router.open("step/1")
        #expect(outcome.failure?.summary == .tooManyRedirects(["step/1", "next/1", "more/1", "last/1", "end?n=1"], limit: 3))
        let shorter = await router.open("next/1")
        #expect(shorter.openedPattern == "end")
    }

    @Test("An endless chain of new URLs stops at the default limit of 8")
    func endlessChain() async throws {
        let router = Router()
        try router.register("count/<int:n>", page: Counting.self)
        let outcome = await router.open("count/0")
        guard case .tooManyRedirects(let chain, 8)? = outcome.failure else {
            Issue.record("expected too many redirects, got \(outcome.result)")
            return
        }
        #expect(chain.count == 10)
    }
}

private struct Counting: Routable {
    init?(parameters: RouteParameters) throws { nil }
    static func redirect(for parameters: RouteParameters) -> String? {
        "count/\(((try? parameters.int("n")) ?? 0) + 1)"
    }
}
