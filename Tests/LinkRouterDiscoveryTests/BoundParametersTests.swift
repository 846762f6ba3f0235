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
    let sort: BoundSort?
    let note: UUID?
    var page = 1
    var ratio: Double = 0.5
    var compact = false
    @RouteParameter("user_id") let userID: String?
    @RouteParameter(from: .caller) var draft: BoundDraft?
    @RouteParameter(from: .query) var label: String?
    let tags: [String]?
    let result: PageResultSlot
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

    @Test("each stored property is filled from the placeholder, query item or caller value of its name, converted to its type")
    func everyKind() async throws {
        let draft = BoundDraft(text: "hello")
        let url = "app://fixture/bound/7/likes?sort=oldest&note=123e4567-e89b-12d3-a456-426614174000&page=3&ratio=2.5&compact=yes"
            + "&user_id=ann&label=red&tags=a&tags=b"
        let outcome = await router().open(url, parameters: ["draft": draft, "label": "ignored"])
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

    @Test("a caller-only property ignores the URL, a query-only one ignores the caller")
    func sources() async throws {
        let page = try #require(await router().open("app://fixture/bound/7?draft=x", parameters: ["label": "caller"]).page as? BoundPage)
        #expect(page.draft == nil)
        #expect(page.label == nil)
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

    @Test("the record's query contract is made from the properties that are no placeholder and no caller value")
    func derivedContract() {
        let route = router().routes.first { $0.pattern.text == "fixture/bound/<int:id>(/:tab)" }
        #expect(route?.options.query?.description == "note: uuid, page: int = 1, ratio: double = 0.5, compact: bool = false, user_id: string, label: string; unknown: keep")
    }
}
