import LinkRouterCore
import Testing

/// A router with `user/<int:id>` declaring `tab` (default `posts`), `page` (an int, default 1) and
/// `ref`, under `rule` for the others; its action returns what it sees.
private func profileRouter(_ rule: QueryContract.UnknownParameters) throws -> Router {
    let router = Router()
    let contract = try QueryContract(["tab: string = posts", "page: int = 1", "ref: string"], unknown: rule)
    try router.register("user/<int:id>", options: RouteOptions(query: contract), action: { parameters in
        "\(try parameters.int("id")) \(try parameters.string("tab")) \(try parameters.int("page")) \(parameters["ref"] ?? "-") \(parameters["utm"] ?? "-")"
    })
    return router
}

@Suite("Parameter contracts: declared query parameters, types, defaults, the others")
struct QueryContractTests {
    @Test("defaults fill what the URL and the caller leave out; the URL's values are checked and kept")
    func defaults() async throws {
        let router = try profileRouter(.keep)
        #expect(await router.open("app://user/42").actionResult as? String == "42 posts 1 - -")
        #expect(await router.open("app://user/42?tab=likes&page=3&utm=x").actionResult as? String == "42 likes 3 - x")
        #expect(await router.open("app://user/42", parameters: ["page": 5]).actionResult as? String == "42 posts 5 - -")
        #expect(try router.call("app://user/7?ref=mail") as? String == "7 posts 1 mail -")
    }

    @Test("a value not of its declared type fails the open, naming the parameter", arguments: [
        ("app://user/42?page=x", "route 'user/<int:id>' rejected its parameters: query parameter 'page' is 'x', not a valid int"),
        ("app://user/42?page=1&page=2.5", "route 'user/<int:id>' rejected its parameters: query parameter 'page' is '2.5', not a valid int"),
    ])
    func malformed(url: String, message: String) async throws {
        let router = try profileRouter(.keep)
        let outcome = await router.open(url)
        #expect(outcome.failure.map { "\($0)" } == message)
        #expect(outcome.failure?.summary == .parametersRejected(pattern: "user/<int:id>", hasUnderlying: true))
        #expect(!router.canOpen(url))
        #expect(throws: RouteCallError.self) { try router.call(url) }
    }

    @Test("undeclared query parameters are kept, dropped or refused by name; path parameters are never undeclared")
    func unknownParameters() async throws {
        #expect(try await profileRouter(.keep).open("app://user/1?utm=x").actionResult as? String == "1 posts 1 - x")
        #expect(try await profileRouter(.drop).open("app://user/1?utm=x&tab=a").actionResult as? String == "1 a 1 - -")
        let refused = try await profileRouter(.refuse).open("app://user/1?tab=a&utm=x")
        #expect(refused.failure.map { "\($0)" } == "route 'user/<int:id>' rejected its parameters: query parameter 'utm' is not declared by the route")
        #expect(try await profileRouter(.refuse).open("app://user/1?id=9&tab=a").succeeded)
        // resolve matches only: no contract.
        #expect(try profileRouter(.refuse).resolve("app://user/1?utm=x").parameters["utm"] == "x")
    }

    @Test("declarations that do not parse are refused, naming the declaration", arguments: [
        ("page", "query parameter 'page': expected 'name: type' or 'name: type = default'"),
        ("1page: int", "query parameter '1page: int': a name is letters, digits and _, not starting with a digit"),
        ("page: integer", "query parameter 'page: integer': unknown type 'integer' (use string, int, double, bool or uuid)"),
        ("page: int = one", "query parameter 'page: int = one': the default 'one' is not a valid int"),
        ("tab: string = a,b", "query parameter 'tab: string = a,b': the default 'a,b' may not contain ',', ';' or control characters"),
    ])
    func badDeclarations(declaration: String, message: String) {
        #expect(throws: QueryContractError.self) { try QueryContract([declaration]) }
        do { _ = try QueryContract([declaration]) } catch { #expect("\(error)" == message) }
    }

    @Test("a name declared twice is refused")
    func duplicate() {
        do {
            _ = try QueryContract(["a: int", "a: string"])
            Issue.record("no error")
        } catch {
            #expect(error.reason == .duplicateName("a"))
        }
    }
}
