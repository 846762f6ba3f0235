#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Testing
import LinkRouterCore

private struct Photo: Sendable, Equatable {
    let name: String
}

struct ParametersTests {
    static let uuidText = "123e4567-e89b-12d3-a456-426614174000"

    /// `user/<int:id>/:name` opened with a query and caller values that overlap it.
    private func parameters(
        _ url: String = "app://user/42/alice?id=99&name=bob&tab=posts&tag=a&tag=b&flag&ratio=0.5&ok=YES&uid=\(uuidText)",
        callerValues: [String: any Sendable] = [
            "id": 7, "name": "carol", "tab": "caller", "extra": "x", "count": 3, "scale": 2.5, "on": true,
            "photo": Photo(name: "p"), "uid2": UUID(uuidString: uuidText)!, "ids": [1, 2], "words": ["w1", "w2"],
        ]
    ) throws -> RouteParameters {
        let router = try makeRouter(["user/<int:id>/:name"])
        return try router.resolve(url, parameters: callerValues).parameters
    }

    @Test("A path parameter is never overridden by a query item or a caller value")
    func pathWins() throws {
        let parameters = try parameters()
        #expect(try parameters.int("id") == 42)
        #expect(parameters["name"] == "alice")
        #expect(parameters.values("id") == ["42"])
        #expect(parameters.values("name") == ["alice"])
        #expect(parameters.pathParameters == ["id": "42", "name": "alice"])
    }

    @Test("A caller value wins over a query item: the app's own value over a link's; a query item fills in what the caller does not give")
    func callerWinsOverQuery() throws {
        let parameters = try parameters()
        #expect(parameters["tab"] == "caller")
        #expect(parameters.values("tab") == ["caller"])
        #expect(parameters["ratio"] == "0.5")
        #expect(parameters["extra"] == "x")
        #expect(try parameters.int("count") == 3)
        #expect(parameters["count"] == "3")
        #expect(parameters["missing"] == nil)
    }

    @Test("Repeated query keys: values lists them all in order, the single-value view takes the last")
    func repeatedKeys() throws {
        let parameters = try parameters()
        #expect(parameters.values("tag") == ["a", "b"])
        #expect(parameters["tag"] == "b")
        #expect(parameters["flag"] == "")
        #expect(parameters.values("missing") == [])
    }

    @Test("Caller arrays are listed element by element")
    func callerArrays() throws {
        let parameters = try parameters()
        #expect(parameters.values("ids") == ["1", "2"])
        #expect(parameters.values("words") == ["w1", "w2"])
        #expect(parameters.values("extra") == ["x"])
        #expect(parameters.values("count") == ["3"])
    }

    @Test("Typed accessors convert text and caller values")
    func typedAccessors() throws {
        let parameters = try parameters()
        #expect(try parameters.double("ratio") == 0.5)
        #expect(try parameters.bool("ok") == true)
        #expect(try parameters.uuid("uid") == UUID(uuidString: Self.uuidText))
        #expect(try parameters.uuid("uid2") == UUID(uuidString: Self.uuidText))
        #expect(try parameters.string("tab") == "caller")
        #expect(try parameters.string("count") == "3")
        #expect(try parameters.double("scale") == 2.5)
        #expect(try parameters.double("count") == 3.0)
        #expect(try parameters.double("id") == 42.0)
        #expect(try parameters.bool("on") == true)
    }

    @Test("A missing parameter throws missing, naming it", arguments: ["int", "double", "bool", "uuid", "string"])
    func missing(_ accessor: String) throws {
        let parameters = try parameters()
        let error = #expect(throws: RouteParameterError.self) {
            switch accessor {
            case "int": _ = try parameters.int("nope")
            case "double": _ = try parameters.double("nope")
            case "bool": _ = try parameters.bool("nope")
            case "uuid": _ = try parameters.uuid("nope")
            default: _ = try parameters.string("nope")
            }
        }
        #expect(error == RouteParameterError(name: "nope", reason: .missing))
    }

    @Test("A present value of the wrong type throws malformed, naming it and its value")
    func malformed() throws {
        let parameters = try parameters()
        #expect(throws: RouteParameterError(name: "tab", reason: .malformed(value: "caller", expected: "an int"))) {
            try parameters.int("tab")
        }
        #expect(throws: RouteParameterError(name: "tab", reason: .malformed(value: "caller", expected: "a double"))) {
            try parameters.double("tab")
        }
        #expect(throws: RouteParameterError(name: "ratio", reason: .malformed(value: "0.5", expected: "a bool"))) {
            try parameters.bool("ratio")
        }
        #expect(throws: RouteParameterError(name: "name", reason: .malformed(value: "alice", expected: "a UUID"))) {
            try parameters.uuid("name")
        }
        #expect(throws: RouteParameterError(name: "scale", reason: .malformed(value: "2.5", expected: "an int"))) {
            try parameters.int("scale")
        }
        #expect(throws: RouteParameterError(name: "flag", reason: .malformed(value: "", expected: "an int"))) {
            try parameters.int("flag")
        }
    }

    @Test("default: overloads use the default only when the parameter is missing")
    func defaults() throws {
        let parameters = try parameters()
        #expect(try parameters.int("nope", default: 5) == 5)
        #expect(try parameters.int("id", default: 5) == 42)
        #expect(try parameters.double("nope", default: 1.5) == 1.5)
        #expect(try parameters.double("ratio", default: 1.5) == 0.5)
        #expect(try parameters.bool("nope", default: true) == true)
        #expect(try parameters.bool("ok", default: false) == true)
        #expect(parameters.string("nope", default: "d") == "d")
        #expect(parameters.string("tab", default: "d") == "caller")
        // Present but malformed still throws.
        #expect(throws: RouteParameterError.self) { try parameters.int("tab", default: 5) }
        #expect(throws: RouteParameterError.self) { try parameters.double("tab", default: 5) }
        #expect(throws: RouteParameterError.self) { try parameters.bool("tab", default: true) }
    }

    @Test("value(_:as:) returns a caller value of any type, or says why not")
    func valueAs() throws {
        let parameters = try parameters()
        #expect(try parameters.value("photo", as: Photo.self) == Photo(name: "p"))
        #expect(try parameters.value("tab", as: String.self) == "caller")
        #expect(try parameters.value("count", as: Int.self) == 3)
        let wrongType = #expect(throws: RouteParameterError.self) { try parameters.value("photo", as: Int.self) }
        #expect(wrongType?.name == "photo")
        if case .malformed(let value, _)? = wrongType?.reason {
            #expect(value == #"Photo(name: "p")"#)
        } else {
            Issue.record("expected malformed, got \(String(describing: wrongType))")
        }
        #expect(throws: RouteParameterError(name: "nope", reason: .missing)) { try parameters.value("nope", as: Photo.self) }
    }

    @Test("names lists path parameters, then query names, then caller keys sorted, each once")
    func names() throws {
        let parameters = try parameters(
            "app://user/1/n?tab=t&id=9&tag=a&tag=b",
            callerValues: ["z": 1, "a": 2, "tab": 3]
        )
        #expect(parameters.names == ["id", "name", "tab", "tag", "a", "z"])
        #expect(parameters.contains("id"))
        #expect(parameters.contains("tag"))
        #expect(parameters.contains("z"))
        #expect(!parameters.contains("nope"))
        #expect(parameters.queryItems == [
            QueryItem(name: "tab", value: "t"), QueryItem(name: "id", value: "9"),
            QueryItem(name: "tag", value: "a"), QueryItem(name: "tag", value: "b"),
        ])
        #expect(parameters.url.string == "app://user/1/n?tab=t&id=9&tag=a&tag=b")
    }

    @Test("Path values and query values are percent-decoded; '+' is a space only in the query")
    func decoding() throws {
        let parameters = try parameters("app://user/1/a+b%20c%2Fd?q=a+b%26c%3Dd&e%20f=g", callerValues: [:])
        #expect(parameters["name"] == "a+b c/d")
        #expect(parameters["q"] == "a b&c=d")
        #expect(parameters["e f"] == "g")
    }

    @Test("Parameters errors describe themselves")
    func errorDescriptions() {
        #expect(RouteParameterError(name: "id", reason: .missing).description == "missing required parameter 'id'")
        #expect(RouteParameterError(name: "id", reason: .malformed(value: "abc", expected: "an int")).description
            == "parameter 'id' is 'abc', which is not an int")
    }
}

@Suite("Numbers a link gives")
struct FiniteNumberTests {
    @Test("A number that reads as infinity is refused, by the accessors, Decodable and a query contract alike")
    func infinityRefused() async throws {
        let router = try makeRouter(["ratio"])
        let parameters = try router.resolve("app://ratio?r=1e999&f=1e39&ok=2.5").parameters
        #expect(throws: RouteParameterError.self) { try parameters.double("r") }
        struct Scale: Decodable { let f: Float }
        #expect(throws: RouteParameterError.self) { try parameters.decode(Scale.self) }
        #expect(try parameters.double("ok") == 2.5)
        #expect(!QueryContract.ValueType.double.accepts("1e999") && QueryContract.ValueType.double.accepts("1e300"))
        let contracted = Router()
        try contracted.register("ratio", options: RouteOptions(query: QueryContract(["r: double"])), action: { _ in "ran" })
        #expect(await contracted.open("app://ratio?r=-1e999").failure != nil)
        #expect(await contracted.open("app://ratio?r=1e3").succeeded)
    }
}
