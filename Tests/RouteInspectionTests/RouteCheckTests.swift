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
        #expect(check.problems.map(\.kind) == [.badRecord, .invalidPattern, .duplicate, .tie, .shadowed])
        #expect(check.problems.allSatisfy { $0.location?.file == second })
        let lines = check.problems.map(\.description)
        #expect(lines[0].hasPrefix("\(second) at 0x") && lines[0].contains("bad record: bad magic 0x12345678"))
        #expect(lines[1].contains("'bad/<int:>': invalid pattern: expected a parameter name"))
        #expect(lines[2].contains(
            "'user/:name': duplicate: 2 records of one shape, none marked as an override: 'user/:id' in \(first) at 0x40; 'user/:name' in \(second) at 0x40; none is registered"
        ))
        #expect(lines[3].contains("'list/:n': tie: 'list/:n' and 'list(/:page)' match the same keys, e.g. 'list/~'"))
        #expect(lines[4].contains("'files/*/raw': shadowed: 'files/*/raw' never wins for 'files/~/raw': 'files/:name/raw' takes precedence"))
        #expect(check.summary == "5 problem(s) in 8 records")
        #expect(check.text.split(separator: "\n").map(String.init) == lines + [check.summary])
    }

    @Test("unmarked records of one shape are one duplicate naming every record, whatever the order of the files, as in discovery")
    func duplicateWhateverTheOrder() throws {
        // The rule changed: the first record in link order used to win; now none does.
        let scratch = try ScratchFolder()
        let first = try scratch.object("first", [PlantedRoute("a"), PlantedRoute("shop/:item")])
        let second = try scratch.object("second", [PlantedRoute("shop/:id"), PlantedRoute("shop/:item")])
        for files in [[second, first], [first, second]] {
            let check = try RouteCheck(binaries: files)
            #expect(check.problems.map(\.kind) == [.duplicate])
            let message = try #require(check.problems.first?.message)
            #expect(message.contains("duplicate: 3 records of one shape, none marked as an override: "))
            for (file, offset, pattern) in [(first, 0xC0, "shop/:item"), (second, 0x40, "shop/:id"), (second, 0xC0, "shop/:item")] {
                #expect(message.contains("'\(pattern)' in \(file) at 0x\(String(offset, radix: 16))"), "\(message)")
            }
        }
    }

    @Test("the record marked as an override wins over unmarked ones before or after it; two overrides are a duplicate")
    func overrides() throws {
        let scratch = try ScratchFolder()
        let first = try scratch.object("first", [PlantedRoute("user/:id"), .override("team/:id"), .override("org/:id")])
        let second = try scratch.object("second", [.override("user/:name"), PlantedRoute("team/:name"), .override("org/:name")])
        for files in [[first, second], [second, first]] {
            let check = try RouteCheck(binaries: files)
            #expect(check.problems.map(\.kind) == [.duplicate], "\(check.text)")
            let problem = try #require(check.problems.first)
            #expect(problem.message.contains("duplicate: 2 records of one shape, all marked as overrides: "))
            #expect(problem.message.contains("'org/:id' in \(first) at 0x") && problem.message.contains("'org/:name' in \(second) at 0x"))
        }
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
