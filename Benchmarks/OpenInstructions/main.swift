// Work for callgrind to count: registers 10,000 action routes, then (by the mode in the first
// argument) nothing more, 3 × 10,000 resolves, 3 × 10,000 opens of the same URLs, or the same
// 10,000 routes registered into 3 new routers (kept until the end, as an app keeps its router).
// The `open-instructions` script subtracts the "none" run from the others.
//
// Synchronous `main` on purpose: valgrind 3.19 crashes in libdispatch's signal thread when the
// program's `main` is `async`, so the opens run in a detached task that `main` waits for.
import Dispatch
import LinkRouterCore

let urls: [String] = (0..<10_000).map { "app://s\($0 % 250)/seg\($0)/abc" }

@inline(never) func resolveAll(_ router: Router) -> Int {
    var hits = 0
    for url in urls where (try? router.resolve(url)) != nil { hits += 1 }
    return hits
}

@inline(never) func openAll(_ router: Router) async -> Int {
    var hits = 0
    for url in urls where await router.open(url).succeeded { hits += 1 }
    return hits
}

@inline(never) func registerAll(_ router: Router) {
    for index in 0..<10_000 { try! router.register("s\(index % 250)/seg\(index)/:id", action: { _ in nil }) }
}

let router = Router()
registerAll(router)
let mode = CommandLine.arguments.dropFirst().first ?? "open"
let done = DispatchSemaphore(value: 0)
Task.detached {
    // Both paths once, so that the "none" run pays for every first use (the table build, the
    // runtime's caches) that the measured runs would otherwise pay for.
    var hits = resolveAll(router) + (await openAll(router))
    var registered: [Router] = []
    for _ in 0..<3 {
        switch mode {
        case "open": hits += await openAll(router)
        case "resolve": hits += resolveAll(router)
        case "register":
            let more = Router()
            registerAll(more)
            registered.append(more)
        default: break
        }
    }
    precondition(hits == (mode == "open" || mode == "resolve" ? 5 : 2) * urls.count, "every URL should match")
    precondition(registered.count == (mode == "register" ? 3 : 0), "the routers registered into are kept until here")
    done.signal()
}
done.wait()
