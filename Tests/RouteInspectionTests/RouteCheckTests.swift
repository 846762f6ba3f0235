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

    @Test("two service records for one protocol name, neither an override, are a duplicate naming both; an override wins")
    func duplicateService() throws {
        // The rule changed: the first record in link order used to win; now none does.
        let scratch = try ScratchFolder()
        let first = try scratch.object("first", [.service("SessionService"), .service("Payments"), PlantedRoute("SessionService"), .service("Clock")])
        let second = try scratch.object("second", [.service("SessionService"), .serviceOverride("Clock")])
        let check = try RouteCheck(binaries: [first, second])
        // A route whose pattern is a protocol's name claims a route, not the service.
        #expect(check.problems.map(\.kind) == [.duplicateService])
        let problem = try #require(check.problems.first)
        #expect(problem.location?.file == second)
        #expect(problem.message == "service 'SessionService': duplicate: 2 implementations, none marked as an override: the record in \(first) at 0x40; the record in \(second) at 0x40; none is registered")
        #expect(check.summary == "1 problem(s) in 6 records")
    }

    @Test("OverrideRule: the one override takes the shape as it arrives, a second one leaves it to none, a route from before the pass keeps it")
    func rule() throws {
        let scratch = try ScratchFolder()
        let path = try scratch.object("rule", [
            PlantedRoute("a/:x"), .override("a/:y"), .override("a/:z"), PlantedRoute("b/:x"), .override("b/:y"), PlantedRoute("c"), .override("d/:w"),
        ])
        let records = try #require(try RouteSectionReader.read(file: path)).records
        // A registry by shape (parameter names erased) that logs what the rule asks of it.
        func shape(_ pattern: String) -> String { pattern.replacing(#/:\w+/#, with: ":") }
        var registered: [String: String] = [shape("d/:q"): "d/:q"]
        var log: [String] = []
        var rule = OverrideRule()
        var outcomes: [String] = []
        for (ordinal, record) in records.enumerated() {
            let outcome = rule.add(
                record,
                register: { record in
                    if let existing = registered[shape(record.pattern)] { return .duplicate(existing: existing) }
                    registered[shape(record.pattern)] = record.pattern
                    log.append("+" + record.pattern)
                    return .registered
                },
                unregister: { pattern in
                    registered[shape(pattern)] = nil
                    log.append("-" + pattern)
                },
                earlierRecord: { pattern in records[..<ordinal].first { $0.pattern == pattern } }
            )
            switch outcome {
            case .settled: outcomes.append("settled")
            case .contested: outcomes.append("contested")
            case .duplicateOfEarlierRoute(let existing): outcomes.append("earlier " + existing)
            }
        }
        #expect(log == ["+a/:x", "-a/:x", "+a/:y", "-a/:y", "+b/:x", "-b/:x", "+b/:y", "+c"])
        #expect(outcomes == ["settled", "contested", "contested", "settled", "contested", "settled", "earlier d/:q"])
        #expect(Set(registered.values) == ["b/:y", "c", "d/:q"])
        #expect(rule.contests.count == 2)
        #expect(rule.contests[0].winner == nil)
        #expect(rule.contests[0].conflicting.map(\.pattern) == ["a/:y", "a/:z"])
        #expect(rule.contests[0].overridden.map(\.pattern) == ["a/:x"])
        #expect(rule.contests[1].winner?.pattern == "b/:y")
        #expect(rule.contests[1].conflicting.isEmpty)
        #expect(rule.contests[1].overridden.map(\.pattern) == ["b/:x"])
    }
}
