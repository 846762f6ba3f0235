import LinkRouterCore
import Testing

/// What a caller knows of a page it does not import: a protocol the page offers.
private protocol NoteEditing: Sendable {
    var delegateName: String? { get set }
}

private struct NoteEditor: NoteEditing, Routable {
    let id: Int
    var delegateName: String?
    var prepared = false
    init?(parameters: RouteParameters) throws { id = try parameters.int("id") }
}

/// A page that does not offer `NoteEditing`.
private struct NoteViewer: Routable {
    init?(parameters: RouteParameters) throws {}
}

private struct Refused: Error, CustomStringConvertible {
    var description: String { "no note" }
}

/// A router with a navigator whose `preparePage` records, for each page, whether the caller had
/// configured it already.
private func notes(_ seen: Recorder<String>) throws -> (Router, InMemoryNavigator) {
    let router = Router(configuration: RouterConfiguration(preparePage: { page, route in
        guard var editor = page as? NoteEditor else { return page }
        seen.append("prepare \(route.pattern.text) delegate=\(editor.delegateName ?? "nil")")
        editor.prepared = true
        return editor
    }))
    try router.register("note/edit/<int:id>", page: NoteEditor.self)
    try router.register("note/view", page: NoteViewer.self)
    try router.register("note/count", action: { _ in 3 })
    let navigator = InMemoryNavigator()
    router.navigator = navigator
    return (router, navigator)
}

@Suite("Pages configured through a protocol, and pages built without being shown")
struct PageConfigurationTests {
    @Test("The caller configures the page as the protocol once, before it is prepared and shown")
    func configuredOnceBeforeShown() async throws {
        let seen = Recorder<String>()
        let (router, navigator) = try notes(seen)
        let outcome = await router.open("app://note/edit/3", as: (any NoteEditing).self) { page in
            seen.append("configure delegate=\(page.delegateName ?? "nil")")
            page.delegateName = "list"
        }
        #expect(outcome.succeeded)
        #expect(seen.values == ["configure delegate=nil", "prepare note/edit/<int:id> delegate=list"])
        let shown = try #require(navigator.state.top?.page as? NoteEditor)
        #expect(shown.delegateName == "list" && shown.prepared && shown.id == 3)
        #expect(navigator.description == "note/edit/<int:id>")
    }

    @Test("A link that carries the protocol configures the page with no cast and no 'as:'")
    func pageLink() async throws {
        let seen = Recorder<String>()
        let (router, navigator) = try notes(seen)
        let link = PageLink(RouteLink(route: "note/edit/<int:id>", path: "note/edit/4"), as: (any NoteEditing).self)
        #expect(link.url == "note/edit/4")
        await router.open(link) { $0.delegateName = "linked" }
        #expect((navigator.state.top?.page as? NoteEditor)?.delegateName == "linked")
    }

    @Test("A page that does not offer the protocol fails before it is shown, and nothing is prepared or shown")
    func mismatchShowsNothing() async throws {
        let seen = Recorder<String>()
        let (router, navigator) = try notes(seen)
        let outcome = await router.open("app://note/view", as: (any NoteEditing).self) { _ in seen.append("configure") }
        #expect(outcome.failure?.summary == .pageMismatch(pattern: "note/view", expected: "NoteViewer pages", actual: "NoteEditing"))
        #expect(outcome.failure?.description == "route 'note/view' opens NoteViewer pages, not the NoteEditing given")
        let action = await router.open("app://note/count", as: (any NoteEditing).self)
        #expect(action.failure?.summary == .pageMismatch(pattern: "note/count", expected: "an action", actual: "NoteEditing"))
        #expect(seen.values.isEmpty)
        #expect(navigator.transitions.isEmpty)
    }

    @Test("An error the configuration throws fails the open as a throwing preparePage does; nothing is shown")
    func configurationThrows() async throws {
        let (router, navigator) = try notes(Recorder())
        let outcome = await router.open("app://note/edit/1", as: (any NoteEditing).self) { _ in throw Refused() }
        #expect(outcome.failure?.summary == .navigationFailed(pattern: "note/edit/<int:id>"))
        #expect(navigator.transitions.isEmpty)
    }

    @Test("page(for:) runs redirects and interceptors, prepares the page, and shows nothing")
    func pageForRunsThePipeline() async throws {
        let seen = Recorder<String>()
        let (router, navigator) = try notes(seen)
        try router.addRedirect(from: "old/note/<int:id>", to: "note/edit/<int:id>")
        try router.addInterceptor("audit", scope: .pattern("note/edit/<int:id>")) { request in
            seen.append("intercept \(request.url.routeKey)")
            return .rewrite(["id": 8])
        }
        let page = try await router.page(for: "app://old/note/5")
        let editor = try #require(page as? NoteEditor)
        #expect(editor.id == 8 && editor.prepared)
        #expect(seen.values == ["intercept note/edit/5", "prepare note/edit/<int:id> delegate=nil"])
        #expect(navigator.transitions.isEmpty)
        #expect(navigator.description == "(empty)")

        let typed = try await router.page(for: "app://note/edit/2", as: (any NoteEditing).self)
        #expect((typed as? NoteEditor)?.id == 8)  // the interceptor rewrites every edit
    }

    @Test("page(for:) throws what an open would fail with, and for an action, a page of another protocol or a stop")
    func pageForFailures() async throws {
        let (router, navigator) = try notes(Recorder())
        try router.addInterceptor("closed", scope: .pattern("note/view")) { _ in .stop(reason: "closed") }
        await #expect(throws: RouteFailure.self) { try await router.page(for: "app://nowhere") }
        do {
            _ = try await router.page(for: "app://note/count")
            Issue.record("an action is no page")
        } catch {
            #expect(error.summary == .pageMismatch(pattern: "note/count", expected: "an action", actual: "Routable"))
        }
        do {
            _ = try await router.page(for: "app://note/view")
            Issue.record("the interceptor stops it")
        } catch {
            #expect(error.summary == .interceptorStopped(interceptor: "closed", reason: "closed"))
        }
        #expect(navigator.transitions.isEmpty)
    }
}
