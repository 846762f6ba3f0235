import Foundation
import Testing

/// `routes match` as a process: exit statuses, the JSON shape, one line on stderr for bad input.
/// How URLs resolve and misses are explained is tested in process (RouteMatchTests).
struct RoutesMatchToolTests {
    let routes = BuiltProduct(name: "routes")

    struct Report: Decodable, Equatable {
        let serializationVersion: Int
        let url: String
        let match: String?
        let params: [String: String]
    }

    private func report(_ run: BuiltProduct.Run) throws -> Report {
        try JSONDecoder().decode(Report.self, from: Data(run.standardOutput.utf8))
    }

    @Test("a hit prints the pattern as registered and the decoded parameters")
    func hit() throws {
        let run = try routes.run([
            "match", "--json", "--pattern", "user/:name", "--pattern", "user/<int:id>", "--pattern", "user/<int:id>/posts",
            "app://user/42?tab=a%20b&tab=c+d&id=7",
        ])
        #expect(run.status == 0)
        #expect(run.standardOutput.split(separator: "\n").count == 1)
        #expect(try report(run) == Report(
            serializationVersion: 1, url: "app://user/42?tab=a%20b&tab=c+d&id=7",
            match: "user/<int:id>", params: ["id": "42", "tab": "c d"]
        ))
    }

    @Test("a miss prints match null and exits 1")
    func missJSON() throws {
        let run = try routes.run(["match", "--json", "--pattern", "user/<int:id>", "app://user/bob"])
        #expect(run.status == 1)
        #expect(try report(run) == Report(serializationVersion: 1, url: "app://user/bob", match: nil, params: [:]))
    }

    @Test("a miss in text explains itself on standard output and exits 1")
    func missExplained() throws {
        let run = try routes.run(["match", "--pattern", "user/<int:id>", "--pattern", "user/:name/posts", "app://user/bob"])
        #expect(run.status == 1)
        #expect(run.standardError.isEmpty)
        #expect(run.standardOutput.contains("none for key 'user/bob'"))
        #expect(run.standardOutput.contains("segment 2 'bob' is not a valid int"))
        #expect(run.standardOutput.contains("the URL has 2 segments; the pattern needs 3"))
    }

    @Test("a URL naming another host than --host matches nothing, and says why")
    func otherHost() throws {
        let json = try routes.run(["match", "--json", "--host", "shop", "--pattern", "cart/:item", "app://other/cart/9"])
        #expect(json.status == 1)
        #expect(try report(json) == Report(serializationVersion: 1, url: "app://other/cart/9", match: nil, params: [:]))
        let text = try routes.run(["match", "--host", "shop", "--pattern", "cart/:item", "app://other/cart/9"])
        #expect(text.status == 1)
        #expect(text.standardOutput.contains("none: host 'other' is not handled by this router"))
    }

    @Test("--source, --web-host and --route-table print the app's decision and trace; exit 1 when the app would not open the link")
    func appDecision() throws {
        let table = FileManager.default.temporaryDirectory.appendingPathComponent("match-table-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: table) }
        try Data(#"{"version": 1, "redirects": [{"from": "old/:id", "to": "item/:id"}]}"#.utf8).write(to: table)
        let opened = try routes.run([
            "match", "--pattern", "item/:id", "--pattern", "old/:id", "--source", "app", "--route-table", table.path, "app://old/7",
        ])
        #expect(opened.status == 0, "\(opened.standardError)")
        #expect(opened.lines.contains { $0.hasPrefix("app") && $0.hasSuffix("opens it") }, "\(opened.standardOutput)")
        #expect(opened.lines.contains { $0.hasPrefix("redirects") }, "\(opened.standardOutput)")
        #expect(opened.lines.contains("trace:"))
        let hidden = try routes.run(["match", "--json", "--source", "external", "--pattern", "item/:id", "app://item/7"])
        #expect(hidden.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(hidden.standardOutput.utf8)) as? [String: Any])
        #expect(object["match"] as? String == "item/:id")
        #expect(object["opens"] as? Bool == false)
        let steps = try #require(object["trace"] as? [[String: String]])
        #expect(steps.contains { $0["step"] == "exposure" })
        let badTable = try routes.run(["match", "--route-table", "/nonexistent/table.json", "--pattern", "a", "app://a"])
        #expect(badTable.status == 2)
        #expect(badTable.standardError.hasPrefix("routes: cannot read route table /nonexistent/table.json"))
    }

    @Test("bad input is one line on stderr and exit status 2", arguments: [
        ["match", "--pattern", "user/<in:id>", "app://x"],
        ["match", "--pattern", "a", "--pattern", "a", "app://a"],
        ["match", "--pattern", "a", "app://a/%zz"],
        ["match", "app://a"],
        ["match", "--bogus", "--pattern", "a", "app://a"],
        ["nonsense"],
    ])
    func badInput(arguments: [String]) throws {
        let run = try routes.run(arguments)
        #expect(run.status == 2)
        #expect(run.standardOutput.isEmpty)
        let lines = run.standardError.split(separator: "\n")
        #expect(lines.count == 1, "stderr: \(run.standardError)")
        #expect(lines.first?.hasPrefix("routes: ") == true)
    }
}
