#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Testing
import LinkRouterCore

private enum Sort: String, Decodable, Sendable {
    case ascending, descending
}

private struct Profile: Decodable {
    let id: Int
    let name: String
    let tab: String?
    let page: Int?
    let tags: [String]
    let scores: [Int]?
    let uid: UUID
    let sort: Sort
    let ratio: Double
    let compact: Bool
}

private struct Attachment: Decodable, Sendable, Equatable {
    let bytes: Int
}

private struct WithCallerValue: Decodable {
    let id: Int
    let attachment: Attachment
    let count: Int
    let label: String
}

private struct Numbers: Decodable {
    let small: UInt8?
    let big: Int64?
    let float: Float?
    let unsigned: UInt?
}

struct DecodingTests {
    static let uuidText = "123e4567-e89b-12d3-a456-426614174000"
    static let fullQuery = "tab=posts&tags=a&tags=b&scores=1&scores=2&uid=\(uuidText)&sort=descending&ratio=1e-1&compact=yes"

    private func parameters(_ url: String, _ callerValues: [String: any Sendable] = [:]) throws -> RouteParameters {
        let router = try makeRouter(["user/<int:id>/:name"])
        return try router.resolve(url, parameters: callerValues).parameters
    }

    @Test("Path parameters, query items and repeated keys decode into a struct")
    func decodesEverything() throws {
        let profile = try parameters("app://user/42/alice?" + Self.fullQuery).decode(Profile.self)
        #expect(profile.id == 42)
        #expect(profile.name == "alice")
        #expect(profile.tab == "posts")
        #expect(profile.page == nil)
        #expect(profile.tags == ["a", "b"])
        #expect(profile.scores == [1, 2])
        #expect(profile.uid == UUID(uuidString: Self.uuidText))
        #expect(profile.sort == .descending)
        #expect(profile.ratio == 0.1)
        #expect(profile.compact == true)
    }

    @Test("Optional fields are nil when absent; a single value fills an array")
    func optionalsAndSingleValues() throws {
        let profile = try parameters(
            "app://user/1/bob?tags=only&uid=\(Self.uuidText)&sort=ascending&ratio=2&compact=0"
        ).decode(Profile.self)
        #expect(profile.tab == nil)
        #expect(profile.scores == nil)
        #expect(profile.tags == ["only"])
        #expect(profile.compact == false)
        #expect(profile.ratio == 2)
    }

    @Test("A missing required key throws missing, naming the key", arguments: ["tags", "uid", "sort", "ratio", "compact"])
    func missingKey(_ key: String) throws {
        let query = Self.fullQuery.split(separator: "&").filter { !$0.hasPrefix(key + "=") }.joined(separator: "&")
        let parameters = try parameters("app://user/42/alice?" + query)
        #expect(throws: RouteParameterError(name: key, reason: .missing)) {
            try parameters.decode(Profile.self)
        }
    }

    @Test("A malformed value throws malformed, naming the key and the value", arguments: [
        ("page", "two"), ("uid", "not-a-uuid"), ("sort", "sideways"), ("ratio", "fast"), ("compact", "maybe"),
    ])
    func malformedValue(_ key: String, _ value: String) throws {
        let parameters = try parameters("app://user/42/alice?" + Self.fullQuery + "&\(key)=\(value)")
        let error = #expect(throws: RouteParameterError.self) { try parameters.decode(Profile.self) }
        #expect(error?.name == key)
        guard case .malformed(let reported, _)? = error?.reason else {
            Issue.record("expected malformed, got \(String(describing: error))")
            return
        }
        #expect(reported == value)
    }

    @Test("A malformed scalar reports the expected type")
    func malformedScalar() throws {
        let parameters = try parameters("app://user/42/alice?" + Self.fullQuery + "&page=two")
        #expect(throws: RouteParameterError(name: "page", reason: .malformed(value: "two", expected: "a value of type Int"))) {
            try parameters.decode(Profile.self)
        }
    }

    @Test("A malformed array element names the key and the element's index")
    func malformedElement() throws {
        let parameters = try parameters("app://user/42/alice?" + Self.fullQuery + "&scores=x")
        #expect(throws: RouteParameterError(name: "scores.2", reason: .malformed(value: "x", expected: "a value of type Int"))) {
            try parameters.decode(Profile.self)
        }
    }

    @Test("Caller values decode too; a value that already has the property's type is used as it is")
    func callerValues() throws {
        let parameters = try parameters("app://user/5/x", ["attachment": Attachment(bytes: 9), "count": 3, "label": 12])
        let decoded = try parameters.decode(WithCallerValue.self)
        #expect(decoded.id == 5)
        #expect(decoded.attachment == Attachment(bytes: 9))
        #expect(decoded.count == 3)
        #expect(decoded.label == "12")
    }

    @Test("Sized and unsigned integers and Float are range-checked")
    func sizedNumbers() throws {
        let ok = try parameters("app://user/1/x?small=255&big=-9000000000&float=0.5&unsigned=7").decode(Numbers.self)
        #expect(ok.small == 255)
        #expect(ok.big == -9_000_000_000)
        #expect(ok.float == 0.5)
        #expect(ok.unsigned == 7)
        #expect(throws: RouteParameterError(name: "small", reason: .malformed(value: "256", expected: "a value of type UInt8"))) {
            try parameters("app://user/1/x?small=256").decode(Numbers.self)
        }
        #expect(throws: RouteParameterError(name: "unsigned", reason: .malformed(value: "-1", expected: "a value of type UInt"))) {
            try parameters("app://user/1/x?unsigned=-1").decode(Numbers.self)
        }
    }

    @Test("A nested struct property cannot be decoded from one parameter")
    func nestedStruct() throws {
        struct Outer: Decodable { let attachment: Attachment }
        let error = #expect(throws: RouteParameterError.self) {
            try parameters("app://user/1/x?attachment=big").decode(Outer.self)
        }
        #expect(error?.name == "attachment")
    }
}
