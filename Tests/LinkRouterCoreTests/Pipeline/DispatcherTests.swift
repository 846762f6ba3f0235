import LinkRouterCore
import Testing

private struct MailDispatcher: RouteDispatcher {
    let sent: Recorder<String>

    func dispatch(_ request: DispatchRequest) async -> DispatchResult {
        guard let address = request.url.pathSegments.first ?? request.url.host, address.contains("@") else {
            return .failed("no address")
        }
        sent.append(address)
        return .opened("sent to \(address)")
    }

    func canDispatch(_ url: RouteURL) -> Bool { url.string.contains("@") }
}

@Suite("Scheme dispatchers")
struct DispatcherTests {
    @Test("A URL goes to the dispatcher of its scheme; other schemes stay native")
    func customDispatcher() async throws {
        let router = try makeRouter(["inbox"])
        let sent = Recorder<String>()
        router.setDispatcher(MailDispatcher(sent: sent), forSchemes: ["mailto"])

        let mail = await router.open("mailto:/ada@example.com")
        guard case .success(.dispatched(let scheme, let value)) = mail.result else {
            Issue.record("expected the mail dispatcher, got \(mail.result)")
            return
        }
        #expect(scheme == "mailto")
        #expect(value as? String == "sent to ada@example.com")
        #expect(sent.values == ["ada@example.com"])
        #expect(await router.open("app://inbox").openedPattern == "inbox")
    }

    @Test("Scheme lookup ignores letter case, and a dispatcher's failure reaches the outcome")
    func dispatcherFailure() async throws {
        let router = try makeRouter([])
        router.setDispatcher(MailDispatcher(sent: Recorder()), forSchemes: ["MailTo"])
        let outcome = await router.open("MAILTO:/nobody")
        #expect(outcome.failure?.summary == .dispatchFailed(scheme: "mailto", reason: "no address"))
    }

    @Test("The web dispatcher opens a native web page route with the whole URL as a parameter")
    func webPageDispatcher() async throws {
        let router = Router(configuration: RouterConfiguration(allowedSchemes: ["app"]))
        try router.register("web", action: { parameters in try parameters.string("url") })
        router.setDispatcher(WebPageDispatcher(route: "web"), forSchemes: ["http", "https"])

        let outcome = await router.open("https://example.com/help?topic=a%20b", options: OpenOptions(recordsTrace: true))
        #expect(outcome.actionResult as? String == "https://example.com/help?topic=a%20b")
        #expect(outcome.chain == ["https://example.com/help?topic=a%20b", "web"])
        #expect(outcome.trace.steps.contains { $0.kind == .dispatch })
    }

    @Test("An unknown scheme fails with the reason; removing a dispatcher restores the native one")
    func unknownScheme() async throws {
        let router = try makeRouter(["a"], configuration: RouterConfiguration(allowedSchemes: ["app"]))
        #expect(await router.open("ftp://a").failure?.summary == .schemeNotAllowed("ftp"))
        router.setDispatcher(MailDispatcher(sent: Recorder()), forSchemes: ["app"])
        #expect(await router.open("app://a").failure?.summary == .dispatchFailed(scheme: "app", reason: "no address"))
        router.setDispatcher(nil, forSchemes: ["app"])
        #expect(await router.open("app://a").openedPattern == "a")
    }

    @Test("canOpen asks the dispatcher without dispatching")
    func canOpenAsksDispatcher() throws {
        let router = try makeRouter([])
        let sent = Recorder<String>()
        router.setDispatcher(MailDispatcher(sent: sent), forSchemes: ["mailto"])
        #expect(router.canOpen("mailto:/ada@example.com"))
        #expect(!router.canOpen("mailto:/nobody"))
        #expect(sent.values.isEmpty)
    }
}
