import Foundation
import LinkRouter
import Testing

// Pages whose `init?(parameters:)` `@Routable` writes, discovered and opened as an app would.

enum BoundTab: String, Sendable { case posts, likes }
enum BoundSort: String, Codable, Sendable { case newest, oldest }
struct BoundRange: Decodable, Sendable, Equatable { let from: Int; let to: Int }
final class BoundDraft: Sendable { let text: String; init(text: String) { self.text = text } }

@Routable("fixture/bound/<int:id>(/:tab)", summary: "Every kind of property")
struct BoundPage {
    let id: Int
    var tab = BoundTab.posts
    @RouteParameter(from: .query) let sort: BoundSort?
    @RouteParameter(from: .query) let note: UUID?
    @RouteParameter(from: .query) var page = 1
    @RouteParameter(from: .query) var ratio: Double = 0.5
    @RouteParameter(from: .query) var compact = false
    @RouteParameter("user_id", from: .query) let userID: String?
    @RouteParameter(from: .caller) var draft: BoundDraft?
    @RouteParameter(from: .query) var label: String?
    @RouteParameter(from: .query) let tags: [String]?
    let result: PageResultSlot
    // What no link may set: the app's own state.
    var isAdmin = false
    private var debugMenu = false
    @RouteParameter(from: .caller) var trusted: String?
    var reveal: Bool { debugMenu }
}

/// The same page under another pattern, whose placeholder is named like its caller-only property.
enum BoundPageElsewhere {
    #route("fixture/bound/elsewhere/:trusted/:isAdmin", page: BoundPage.self)
}

@Routable("fixture/bound/files/<path:rest>")
struct BoundFilesPage {
    let rest: [String]
}

@Routable("fixture/bound/range")
struct BoundRangePage {
    @RouteParameter(from: .caller) let range: BoundRange
}

struct BoundParametersTests {
    private func router() -> Router {
        let router = Router(discovery: .manual)
        router.registerRoutes()
        return router
    }

    @Test("each property is filled from its placeholder or its declared query item, converted to its type")
    func everyKind() async throws {
        let draft = BoundDraft(text: "hello")
        let url = "app://fixture/bound/7/likes?sort=oldest&note=123e4567-e89b-12d3-a456-426614174000&page=3&ratio=2.5&compact=yes"
            + "&user_id=ann&label=red&tags=a&tags=b"
        let outcome = await router().open(url, parameters: ["draft": draft])
        let page = try #require(outcome.page as? BoundPage, "\(outcome)")
        #expect(page.id == 7)
        #expect(page.tab == .likes)
        #expect(page.sort == .oldest)
        #expect(page.note == UUID(uuidString: "123e4567-e89b-12d3-a456-426614174000"))
        #expect(page.page == 3)
        #expect(page.ratio == 2.5)
        #expect(page.compact)
        #expect(page.userID == "ann")
        #expect(page.draft === draft)
        #expect(page.label == "red")
        #expect(page.tags == ["a", "b"])
    }

    @Test("a missing parameter leaves an optional nil and a default as declared")
    func defaults() async throws {
        let page = try #require(await router().open("app://fixture/bound/7").page as? BoundPage)
        #expect(page.tab == .posts && page.sort == nil && page.note == nil && page.page == 1 && page.ratio == 0.5 && !page.compact)
        #expect(page.userID == nil && page.draft == nil && page.label == nil && page.tags == nil)
    }

    @Test("a caller-only property ignores the URL; a declared query item takes the caller's value over the link's")
    func sources() async throws {
        let page = try #require(await router().open("app://fixture/bound/7?draft=x&label=link", parameters: ["label": "caller"]).page as? BoundPage)
        #expect(page.draft == nil)
        #expect(page.label == "caller")
    }

    @Test("a link sets nothing the route does not declare: not a default var, a private one, nor a caller-only one under another pattern")
    func undeclaredStaysTheApps() async throws {
        let router = router()
        let link = "app://fixture/bound/7?isAdmin=true&is%41dmin=1&debugMenu=yes&trusted=evil&draft=x"
        let page = try #require(await router.open(link).page as? BoundPage)
        #expect(!page.isAdmin && !page.reveal && page.trusted == nil && page.draft == nil)
        // Under another pattern whose placeholders are named like them, still the app's alone.
        let elsewhere = try #require(await router.open("app://fixture/bound/elsewhere/evil/true?id=1", parameters: ["id": 3]).page as? BoundPage)
        #expect(elsewhere.trusted == nil && !elsewhere.isAdmin && elsewhere.id == 3)
        // The app's own values set them.
        let granted = try #require(await router.open("app://fixture/bound/7?isAdmin=false", parameters: ["isAdmin": true, "trusted": "app"]).page as? BoundPage)
        #expect(granted.isAdmin && granted.trusted == "app")
    }

    @Test("a number that reads as infinity is refused")
    func infinity() async throws {
        let failure = await router().open("app://fixture/bound/7?ratio=1e999").failure
        #expect(failure.map { "\($0)".contains("ratio") } == true, "\(String(describing: failure))")
    }

    @Test("a value that does not convert, or a required one missing, rejects the parameters, naming the parameter")
    func rejected() async throws {
        let router = router()
        for (url, message) in [
            ("app://fixture/bound/7/shares", "parameter 'tab'"),
            ("app://fixture/bound/7?sort=random", "parameter 'sort'"),
            ("app://fixture/bound/7?page=x", "query parameter 'page' is 'x', not a valid int"),
        ] {
            let failure = await router.open(url).failure
            guard case .parametersRejected? = failure else {
                Issue.record("\(url): \(String(describing: failure))")
                continue
            }
            #expect(failure.map { "\($0)".contains(message) } == true, "\(String(describing: failure))")
        }
        let missing = await router.open("app://fixture/bound/range").failure
        #expect(missing.map { "\($0)".contains("parameter 'range'") } == true, "\(String(describing: missing))")
    }

    @Test("a <path:> placeholder fills a [String] property segment by segment; a caller value fills a Decodable one")
    func segmentsAndValues() async throws {
        let router = router()
        let files = try #require(await router.open("app://fixture/bound/files/a/b%2Fc").page as? BoundFilesPage)
        #expect(files.rest == ["a", "b/c"])
        let range = try #require(await router.open("app://fixture/bound/range", parameters: ["range": BoundRange(from: 1, to: 2)]).page as? BoundRangePage)
        #expect(range.range == BoundRange(from: 1, to: 2))
    }

    @Test("the record's query contract is the declared query: the properties marked as query items")
    func derivedContract() {
        let route = router().routes.first { $0.pattern.text == "fixture/bound/<int:id>(/:tab)" }
        #expect(route?.options.query?.description
            == "sort: string, note: uuid, page: int = 1, ratio: double = 0.5, compact: bool = false, user_id: string, label: string, tags: string; unknown: keep")
    }

    @Test("the link builder percent-encodes every value: &, /, %, space and unicode round-trip through an open")
    func builderEncodes() async throws {
        let router = router()
        let awkward = "a&b=c/d%e f+é?#"
        let link = BoundPage.link(id: 7, tab: "likes", label: awkward, tags: ["x&y", "z/w"])
        #expect(link.url == "fixture/bound/7/likes?label=a%26b%3Dc%2Fd%25e%20f%2B%C3%A9%3F%23&tags=x%26y&tags=z%2Fw")
        let page = try #require(await router.open(link).page as? BoundPage)
        #expect(page.id == 7 && page.tab == .likes && page.label == awkward && page.tags == ["x&y", "z/w"])
        let files = try #require(await router.open(BoundFilesPage.link(rest: ["a b", "c/d"])).page as? BoundFilesPage)
        #expect(files.rest == ["a b", "c/d"])
    }
}
