import RouteInspection
import RouteRecordReader
import Testing

/// `routes check` in process: the problems found, and which record wins each duplicate.
struct RouteCheckTests {
    @Test("the demo has no problems")
    func demoHasNoProblems() throws {
        let check = try RouteCheck(binaries: [InspectionInputs.demo])
        #expect(check.problems == [])
        #expect(check.recordCount == 15)
        #expect(check.text == "no problems in 15 records")
    }

    @Test("duplicates across files, ties, shadowed routes, bad patterns and bad records, each on one line")
    func problems() throws {
        let scratch = try ScratchFolder()
        let first = try scratch.object("first", [PlantedRoute("user/:id"), PlantedRoute("list(/:page)"), PlantedRoute("files/:name/raw")])
        let second = try scratch.object("second", [
            PlantedRoute("user/:name"), PlantedRoute("list/:n"), PlantedRoute("files/*/raw"), PlantedRoute("bad/<int:>"), .badMagic("x"),
        ])
        let check = try RouteCheck(binaries: [first, second])
        #expect(check.hasProblems)
        #expect(check.problems.map(\.kind) == [.badRecord, .duplicate, .invalidPattern, .tie, .shadowed])
        #expect(check.problems.allSatisfy { $0.location?.file == second })
        let lines = check.problems.map(\.description)
        #expect(lines[0].hasPrefix("\(second) at 0x") && lines[0].contains("bad record: bad magic 0x12345678"))
        #expect(lines[1].contains("'user/:name': duplicate: same shape as 'user/:id' in \(first) at 0x40, which is found first and wins"))
        #expect(lines[2].contains("'bad/<int:>': invalid pattern: expected a parameter name"))
        #expect(lines[3].contains("'list/:n': tie: 'list/:n' and 'list(/:page)' match the same keys, e.g. 'list/~'"))
        #expect(lines[4].contains("'files/*/raw': shadowed: 'files/*/raw' never wins for 'files/~/raw': 'files/:name/raw' takes precedence"))
        #expect(check.summary == "5 problem(s) in 8 records")
        #expect(check.text.split(separator: "\n").map(String.init) == lines + [check.summary])
    }

    @Test("the first record of a pattern wins, in the order the files are given, as in discovery")
    func firstRecordWins() throws {
        let scratch = try ScratchFolder()
        let first = try scratch.object("first", [PlantedRoute("a"), PlantedRoute("shop/:item")])
        let second = try scratch.object("second", [PlantedRoute("shop/:id"), PlantedRoute("shop/:item")])
        let check = try RouteCheck(binaries: [second, first])
        #expect(check.problems.map(\.kind) == [.duplicate, .duplicate])
        #expect(check.problems.map(\.location?.file) == [second, first])
        // Both name the record of `second`, found first, though `first` holds the same text.
        #expect(check.problems.allSatisfy { $0.message.hasSuffix("same shape as 'shop/:id' in \(second) at 0x40, which is found first and wins") })
    }

    @Test("two service records for one protocol name: the second is a duplicate naming the first")
    func duplicateService() throws {
        let scratch = try ScratchFolder()
        let first = try scratch.object("first", [.service("SessionService"), .service("Payments"), PlantedRoute("SessionService")])
        let second = try scratch.object("second", [.service("SessionService")])
        let check = try RouteCheck(binaries: [first, second])
        // A route whose pattern is a protocol's name claims a route, not the service.
        #expect(check.problems.map(\.kind) == [.duplicateService])
        let problem = try #require(check.problems.first)
        #expect(problem.location?.file == second)
        #expect(problem.message == "service 'SessionService': duplicate: the record implements it again; the record in \(first) at 0x40 is found first and wins")
        #expect(check.summary == "1 problem(s) in 4 records")
    }

    @Test("FirstRecordWins: a later record of a claim names the first; routes and services are claimed apart")
    func rule() throws {
        let scratch = try ScratchFolder()
        let path = try scratch.object("rule", [PlantedRoute("a"), .service("a"), PlantedRoute("b"), PlantedRoute("a"), .service("a")])
        let records = try #require(try RouteSectionReader.read(file: path)).records
        var rule = FirstRecordWins()
        let winners = records.map { rule.add($0) }
        #expect(winners == [nil, nil, nil, records[0].location, records[1].location])
        #expect(rule.count == 5)
        #expect(rule.winner(of: .route(pattern: "a"), before: 3) == records[0].location)
        #expect(rule.winner(of: .route(pattern: "a"), before: 0) == nil)
        #expect(rule.winner(of: .service(protocolName: "a"), before: 2) == records[1].location)
        #expect(rule.winner(of: .route(pattern: "c"), before: 5) == nil)
    }
}
