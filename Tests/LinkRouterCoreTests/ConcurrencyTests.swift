import Testing
import LinkRouterCore

struct ConcurrencyTests {
    /// What one concurrent task saw.
    private enum Observation: Sendable, Equatable {
        case ok
        case failed(String)
    }

    @Test("Opens run correctly while other tasks register and unregister; no registration is lost")
    func openWhileRegistering() async throws {
        let router = Router()
        for base in 0..<10 {
            try router.register("base\(base)/<int:n>", action: { parameters in try parameters.int("n") })
        }
        let permanentCount = 600
        let temporaryCount = 500
        let openCount = 1500

        let observations = await withTaskGroup(of: Observation.self, returning: [Observation].self) { group in
            for index in 0..<permanentCount {
                group.addTask {
                    do {
                        try router.register("perm\(index)/:id", action: { _ in index })
                        return .ok
                    } catch {
                        return .failed("register perm\(index): \(error)")
                    }
                }
            }
            for index in 0..<temporaryCount {
                group.addTask {
                    // This task alone touches its pattern, so each step must see the previous one.
                    let pattern = "temp\(index)/x"
                    guard (try? router.register(pattern, action: { _ in nil })) != nil else { return .failed("register \(pattern)") }
                    guard router.matchedPattern("app://temp\(index)/x") == pattern else { return .failed("resolve \(pattern)") }
                    guard router.unregister(pattern) else { return .failed("unregister \(pattern)") }
                    guard !router.canOpen("app://temp\(index)/x") else { return .failed("still open \(pattern)") }
                    return .ok
                }
            }
            for index in 0..<openCount {
                group.addTask {
                    let outcome = await router.open("app://base\(index % 10)/\(index)?q=\(index)")
                    guard outcome.actionResult as? Int == index else { return .failed("open \(index): \(outcome.result)") }
                    guard outcome.route?.parameters["q"] == String(index) else { return .failed("query \(index)") }
                    return .ok
                }
            }
            var observations: [Observation] = []
            for await observation in group { observations.append(observation) }
            return observations
        }

        #expect(observations.count == permanentCount + temporaryCount + openCount)
        #expect(observations.filter { $0 != .ok } == [])

        var unresolved: [Int] = []
        for index in 0..<permanentCount {
            let outcome = await router.open("app://perm\(index)/z")
            if outcome.actionResult as? Int != index { unresolved.append(index) }
        }
        #expect(unresolved == [])
        #expect((0..<temporaryCount).filter { router.canOpen("app://temp\($0)/x") } == [])
        #expect(router.routes.count == 10 + permanentCount)
    }

    @Test("When many tasks register the same shape at once, exactly one wins")
    func racingDuplicates() async {
        let router = Router()
        let successes = await withTaskGroup(of: Int?.self, returning: [Int].self) { group in
            for index in 0..<200 {
                group.addTask {
                    do {
                        try router.register("same/:p\(index)", action: { _ in index })
                        return index
                    } catch RouteRegistrationError.duplicate {
                        return nil
                    } catch {
                        return -1
                    }
                }
            }
            var winners: [Int] = []
            for await winner in group { if let winner { winners.append(winner) } }
            return winners
        }
        #expect(successes.count == 1)
        let winner = successes.first ?? -1
        #expect(winner >= 0)
        #expect(await router.open("app://same/v").actionResult as? Int == winner)
        #expect(router.routes.map(\.pattern.text) == ["same/:p\(winner)"])
    }

    @Test("Concurrent opens of the same router do not mix up each other's parameters")
    func isolatedParameters() async throws {
        let router = Router()
        try router.register("echo/:a/<path:rest>", action: { parameters async throws -> (any Sendable)? in
            await Task.yield()
            return "\(try parameters.string("a"))|\(try parameters.string("rest"))|\(parameters["c"] ?? "-")"
        })
        let mismatches = await withTaskGroup(of: Int?.self, returning: [Int].self) { group in
            for index in 0..<1000 {
                group.addTask {
                    let outcome = await router.open("app://echo/\(index)/x/\(index)?c=\(index)", parameters: ["d": -1])
                    return outcome.actionResult as? String == "\(index)|x/\(index)|\(index)" ? nil : index
                }
            }
            var mismatches: [Int] = []
            for await mismatch in group { if let mismatch { mismatches.append(mismatch) } }
            return mismatches
        }
        #expect(mismatches == [])
    }
}
