import LinkRouterCore
import RouteTableJSON
import Testing

/// What the table fuzz target (`scripts/fuzz table`) found, kept so it stays fixed. Each input is
/// also in the target's seed corpus.
struct FuzzFindingsTests {
    /// Found by the table target: a value that cannot be decoded (a string that is not UTF-8, a
    /// number beyond `Double`, a lone surrogate) inside an array was reported as "expected to decode
    /// Dictionary but found an array", at the path of whichever member the decoder happened to
    /// visit first — a misleading reason that changed from one reading of a document to the next.
    @Test("An unreadable value inside an array makes the document invalid JSON, the same way every time", arguments: [
        // `~` stands for the byte 0xFF, which is not UTF-8.
        (#"{"version": 1, "redirects": [{"from": "a~", "to": "b"}], "groups": [{"pattern": "~", "groups": ["g"]}]}"#, "not valid JSON"),
        (#"{"version": 1, "groups": [{"pattern": "a", "groups": [1e400]}], "redirects": [1e999]}"#, "not valid JSON"),
        (#"{"version": 1, "exposure": ["\ud800"], "disabled": ["\udfff"]}"#, "not valid JSON"),
    ])
    func unreadableValueInArray(text: String, mention: String) {
        let document = text.utf8.map { $0 == UInt8(ascii: "~") ? 0xFF : $0 }
        var descriptions = Set<String>()
        for _ in 0..<20 {
            do {
                _ = try DynamicRouteTable(json: document)
                Issue.record("accepted")
            } catch {
                #expect(error.problems.count == 1)
                #expect(error.problems.first?.location == "document")
                descriptions.insert(error.description)
            }
        }
        #expect(descriptions.count == 1, "different readings: \(descriptions)")
        let description = descriptions.first ?? ""
        #expect(!description.contains("found an array"), "\(description)")
        #expect(description.contains(mention), "\(description)")
    }
}
