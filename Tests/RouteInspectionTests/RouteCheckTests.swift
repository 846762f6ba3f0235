import RouteInspection
import RouteRecordReader
import Testing

/// `routes check` in process: the problems found, and which record wins each duplicate.
struct RouteCheckTests {
    @Test("the demo has no problems")
    func demoHasNoProblems() throws {
        let check = try RouteCheck(binaries: [InspectionInputs.demo])
        #expect(check.problems == [])
        #expect(check.recordCount == 21)
        #expect(check.text == "no problems in 21 records")
        #expect(check.formsText == "forms of 'account/profile/:user(/:tab)': 1. account/profile/:user/:tab  2. account/profile/:user")
    }

    @Test("--forms lists every form of each pattern with optional groups, in precedence order")
    func forms() throws {
        let scratch = try ScratchFolder()
        let binary = try scratch.object("forms", [
            PlantedRoute("path/:thing(/new)(/anotherpath/:another)"), PlantedRoute("plain/:id"), PlantedRoute("(/:lang)/docs"),
        ])
        let check = try RouteCheck(binaries: [binary])
        #expect(check.problems == [])
        #expect(check.formsText?.split(separator: "\n") == [
            "forms of 'path/:thing(/new)(/anotherpath/:another)': 1. path/:thing/new/anotherpath/:another  2. path/:thing/new  3. path/:thing/anotherpath/:another  4. path/:thing",
            "forms of '(/:lang)/docs': 1. :lang/docs  2. docs",
        ])
        #expect(try RouteCheck(binaries: [scratch.object("none", [PlantedRoute("plain/:id")])]).formsText == nil)
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
            "duplicate route 'user/:id': 2 records of one shape, none marked as an override: 'user/:id' in \(first) at offset 0x40; 'user/:name' in \(second) at offset 0x40; none is registered (mark the one that wins with 'overrides: true')"
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
            #expect(message.contains(": 3 records of one shape, none marked as an override: "))
            for (file, offset, pattern) in [(first, 0xC0, "shop/:item"), (second, 0x40, "shop/:id"), (second, 0xC0, "shop/:item")] {
                #expect(message.contains("'\(pattern)' in \(file) at offset 0x\(String(offset, radix: 16))"), "\(message)")
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
            #expect(problem.message.contains(": 2 records of one shape, all marked as overrides: "))
            #expect(problem.message.contains("'org/:id' in \(first) at offset 0x") && problem.message.contains("'org/:name' in \(second) at offset 0x"))
        }
    }

    @Test("two service records for one protocol name, neither an override, are a duplicate naming both; an override wins")
    func duplicateService() throws {
        // The rule changed: the first record in link order used to win; now none does.
        let scratch = try ScratchFolder()
        let first = try scratch.object("first", [
            .service("SessionService"), .service("Payments"), PlantedRoute("SessionService"), .service("Clock"),
            HookInspectionTests.routableProtocol("SessionService"), HookInspectionTests.routableProtocol("Payments"),
            HookInspectionTests.routableProtocol("Clock"),
        ])
        let second = try scratch.object("second", [.service("SessionService"), .serviceOverride("Clock")])
        let check = try RouteCheck(binaries: [first, second])
        // A route whose pattern is a protocol's name claims a route, not the service.
        #expect(check.problems.map(\.kind) == [.duplicateService])
        let problem = try #require(check.problems.first)
        #expect(problem.location?.file == second)
        #expect(problem.message == "duplicate service 'SessionService': 2 implementations, none marked as an override: \(first) at offset 0x40; \(second) at offset 0x40; none is registered (mark the one that wins with 'overrides: true')")
        #expect(check.summary == "1 problem(s) in 9 records")
    }

    @Test("OverrideRule: of one key's claims the one override wins, several leave it to none, none marked is a duplicate; claims met by no other are untouched")
    func rule() throws {
        let scratch = try ScratchFolder()
        let path = try scratch.object("rule", [
            PlantedRoute("a/:x"), .override("a/:y"), .override("a/:z"), PlantedRoute("b/:x"), .override("b/:y"), PlantedRoute("c"),
            PlantedRoute("e/:p"), PlantedRoute("e/:q"),
        ])
        let records = try #require(try RouteSectionReader.read(file: path)).records
        let shapes = try records.map { try $0.parsedPattern().shape }
        let decision = OverrideRule.decide(
            count: records.count, digest: { UInt64(bitPattern: Int64(shapes[$0].hashValue)) }, isOverride: { records[$0].isOverride },
            sameKey: { shapes[$0] == shapes[$1] }
        )
        #expect(decision.contests.map(\.members) == [[0, 1, 2], [3, 4], [6, 7]])
        #expect(decision.contests.map(\.winner) == [nil, 4, nil])
        #expect(decision.contests.map(\.conflicting) == [[1, 2], [], [6, 7]])
        #expect(decision.contests.map(\.overridden) == [[0], [3], []])
        #expect((0..<records.count).filter(decision.isRegistered) == [4, 5])
        // The same decision by keys that are values, as for services.
        let byName = OverrideRule.decide(keys: shapes.map(\.description), isOverride: { records[$0].isOverride })
        #expect(byName.contests == decision.contests)
    }
}
