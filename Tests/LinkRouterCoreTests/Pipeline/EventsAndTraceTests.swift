import LinkRouterCore
import Synchronization
import Testing

private final class Delegate: RouterDelegate {
    let seen = Recorder<String>()
    let decide: @Sendable (String) -> WillOpenDecision

    init(decide: @escaping @Sendable (String) -> WillOpenDecision = { _ in .proceed }) {
        self.decide = decide
    }

    func router(_ router: Router, willOpen url: String, source: OpenSource) -> WillOpenDecision {
        seen.append("will \(url) \(source)")
        return decide(url)
    }

    func router(_ router: Router, didOpen outcome: RouteOutcome) { seen.append("did \(outcome.url)") }
    func router(_ router: Router, didFailToOpen outcome: RouteOutcome) { seen.append("failed \(outcome.url)") }
    func router(_ router: Router, didFallBackFrom url: String, to fallback: String) { seen.append("fell back \(url) -> \(fallback)") }
}

@Suite("Events, delegate and decision trace")
struct EventsAndTraceTests {
    @Test("The delegate sees will open, did open, failed and fell back")
    func delegateCallbacks() async throws {
        let router = try makeRouter(["home"])
        let delegate = Delegate()
        router.delegate = delegate
        router.setNotFoundHandler { _ in "app://home" }
        _ = await router.open("app://home")
        _ = await router.open("app://missing")
        _ = await router.open("app://%zz")
        #expect(delegate.seen.values == [
            "will app://home app", "did app://home",
            "will app://missing app", "fell back app://missing -> app://home", "did app://missing",
            "will app://%zz app", "failed app://%zz",
        ])
    }

    @Test("The delegate may rewrite or cancel an open")
    func delegateSteers() async throws {
        let router = try makeRouter(["a", "b"])
        let delegate = Delegate { url in
            switch url {
            case "app://a": .rewrite("app://b")
            case "app://b": .cancel(reason: "maintenance")
            default: .proceed
            }
        }
        router.delegate = delegate
        let rewritten = await router.open("app://a")
        #expect(rewritten.openedPattern == "b")
        #expect(rewritten.chain == ["app://b"])
        #expect(await router.open("app://b").failure?.summary == .cancelled("maintenance"))
    }

    @Test("The router holds its delegate weakly")
    func weakDelegate() throws {
        let router = try makeRouter([])
        do {
            let delegate = Delegate()
            router.delegate = delegate
            #expect(router.delegate === delegate)
        }
        #expect(router.delegate == nil)
    }

    @Test("Every event stream gets every event, in order")
    func eventStreams() async throws {
        let router = try makeRouter(["home"])
        let first = router.eventStream()
        let second = router.eventStream()
        _ = await router.open("app://home")
        _ = await router.open("app://gone?route_fallback_url=home")
        for stream in [first, second] {
            var names: [String] = []
            for await event in stream {
                switch event {
                case .willOpen(let url, _): names.append("will \(url)")
                case .didOpen(let outcome): names.append("did \(outcome.chain.last!)")
                case .failed(let outcome): names.append("failed \(outcome.url)")
                case .fellBack(let from, let to): names.append("fell back \(from) -> \(to)")
                case .diagnostic(let message): names.append(message)
                }
                if names.count == 5 { break }
            }
            #expect(names == [
                "will app://home", "did app://home",
                "will app://gone?route_fallback_url=home", "fell back app://gone?route_fallback_url=home -> home", "did home",
            ])
        }
    }

    @Test("The trace lists each decision and redacts values unless asked")
    func trace() async throws {
        let router = Router()
        try router.register("item/<int:id>", action: { _ in "item" })
        try router.addRedirect(from: "product/:id", to: "item/:id")
        try router.addInterceptor("audit", priority: 5) { _ in .rewrite(["secret": "s3cr3t"]) }

        let redacted = await router.open("app://product/42?token=abc", options: OpenOptions(recordsTrace: true))
        let text = redacted.trace.steps.map(\.detail).joined(separator: "\n")  // without the timings
        #expect(redacted.trace.steps.map(\.kind) == [.start, .redirect, .match, .interceptor, .open])
        #expect(!text.contains("42") && !text.contains("abc") && !text.contains("s3cr3t"))
        #expect(text.contains("open app://product/•?token=• from app"))
        #expect(text.contains("'product/:id' -> app://item/•?token=•"))
        #expect(text.contains("'item/<int:id>' (id, token)"))
        #expect(text.contains("'audit' (priority 5): rewrite secret"))
        #expect(redacted.trace.description.split(separator: "\n").allSatisfy { $0.contains(" ms  ") })

        let revealed = await router.open("app://product/42?token=abc", options: OpenOptions(recordsTrace: true, tracesParameterValues: true))
        #expect(revealed.trace.description.contains("(id=42, token=abc)"))
        #expect(revealed.trace.description.contains("rewrite secret=s3cr3t"))
        let elapsed = revealed.trace.steps.map(\.elapsed)
        #expect(elapsed == elapsed.sorted())
    }

    @Test("An open that does not ask for its trace records none, and the outcome says the same")
    func traceIsOptIn() async throws {
        let router = try makeRouter([])
        try router.register("item/<int:id>", action: { _ in "item" })
        let plain = await router.open("app://item/7")
        let traced = await router.open("app://item/7", options: OpenOptions(recordsTrace: true))
        #expect(plain.succeeded && traced.succeeded)
        #expect(plain.trace.steps.isEmpty)
        #expect(traced.trace.steps.map(\.kind) == [.start, .match, .open])
        #expect(plain.chain == ["app://item/7"] && traced.chain == plain.chain)
    }

    @Test("A failed open's trace ends with the reason")
    func failureTrace() async throws {
        let router = try makeRouter([])
        let outcome = await router.open("app://missing/7", options: OpenOptions(recordsTrace: true))
        #expect(outcome.trace.steps.last?.kind == .failure)
        #expect(outcome.trace.steps.last?.detail == "no route matches")
    }
}
