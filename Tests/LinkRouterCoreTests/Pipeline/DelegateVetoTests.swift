import LinkRouterCore
import Synchronization
import Testing

/// A delegate that cancels every URL naming `vault`, rewrites `old` to `new` and `old-page` to
/// `new/page`, and records what it was asked.
private final class Guard: RouterDelegate {
    let asked = Recorder<String>()

    func router(_ router: Router, willOpen url: String, source: OpenSource) -> WillOpenDecision {
        asked.append("\(url) \(source)")
        if url.contains("vault") { return .cancel(reason: "the vault is closed") }
        if url == "app://old" { return .rewrite("app://new") }
        if url == "app://old-page" { return .rewrite("app://new/page") }
        return .proceed
    }
}

/// Counts the pages and actions made, so a test sees that a veto builds and runs nothing.
private let made = Atomic<Int>(0)

/// The vault's page, counted when built.
private struct Vault: Routable {
    init?(parameters: RouteParameters) throws { made.add(1, ordering: .relaxed) }
}

/// A page whose parent is the vault.
private struct Drawer: Routable {
    init?(parameters: RouteParameters) throws {}
    static func parentURL(for parameters: RouteParameters) -> String? { "app://vault" }
}

private func bank() throws -> (Router, Guard) {
    let router = Router()
    try router.register("vault", page: Vault.self)
    try router.register("vault/open", action: { _ in made.add(1, ordering: .relaxed); return "opened" })
    try router.register("vault/drawer", page: Drawer.self)
    try router.register("new", action: { _ in "new" })
    try router.register("new/page", page: Drawer.self)
    let delegate = Guard()
    router.delegate = delegate
    return (router, delegate)
}

// One suite: the pages and actions are counted in one global, which tests run in parallel would share.
@Suite("The delegate's veto at every door", .serialized)
struct DelegateVetoTests {
    @Test("A veto stops open, call and page(for:) before anything is built or run")
    func everyDoor() async throws {
        let (router, delegate) = try bank()
        let before = made.load(ordering: .relaxed)
        #expect(await router.open("app://vault").failure?.summary == .cancelled("the vault is closed"))
        #expect(await router.open("app://vault/open").failure?.summary == .cancelled("the vault is closed"))
        #expect(throws: RouteCallError.self) { try router.call("app://vault/open") }
        do { _ = try router.call("app://vault/open") } catch { #expect(error.summary == .failed(.cancelled("the vault is closed"))) }
        await #expect(throws: RouteFailure.self) { try await router.page(for: "app://vault") }
        do { _ = try await router.page(for: "app://vault") } catch { #expect(error.summary == .cancelled("the vault is closed")) }
        #expect(made.load(ordering: .relaxed) == before)
        // `canOpen` builds and runs nothing: it does not ask.
        #expect(router.canOpen("app://vault"))
        #expect(delegate.asked.values == [
            "app://vault app", "app://vault/open app", "app://vault/open app", "app://vault/open app", "app://vault app", "app://vault app",
        ])
    }

    @Test("A parent the delegate vetoes is left out of the rebuild; the page itself opens")
    func parent() async throws {
        let (router, delegate) = try bank()
        let navigator = InMemoryNavigator()
        router.navigator = navigator
        let before = made.load(ordering: .relaxed)
        let outcome = await router.open("app://new/page", options: OpenOptions(recordsTrace: true))
        #expect(outcome.succeeded)
        #expect(navigator.stack.map(\.route.text) == ["new/page"])
        #expect(made.load(ordering: .relaxed) == before)
        // Asked about the page, then about its parent.
        #expect(delegate.asked.values == ["app://new/page app", "app://vault app"])
        #expect(outcome.trace.steps.contains { $0.detail == "the delegate did not let parent 'vault' through; stopped" })
    }

    @Test("A rewrite by the delegate is followed by call and page(for:) as by open")
    func rewrite() async throws {
        let (router, delegate) = try bank()
        #expect(await router.open("app://old").actionResult as? String == "new")
        #expect(try router.call("app://old") as? String == "new")
        #expect(try await router.page(for: "app://old-page") is Drawer)
        #expect(delegate.asked.values == ["app://old app", "app://old app", "app://old-page app"])
    }
}
