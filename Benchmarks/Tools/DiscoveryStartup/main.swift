// What discovering route records costs at app start-up: one `registerRoutes()` in a process that
// has done nothing else yet, with 10,000 route records linked in: `#route` actions (the macro
// checked their patterns) or the C records of ManyRouteRecords (see build-discovery-startup). A fresh
// heap is the point: every page the new routes fill is a page fault here, as in an app at launch,
// whereas the ordo-one discovery benchmark repeats the pass in one long-lived process.
//
//     DiscoveryStartup              discovery alone: `registerRoutes()`
//     DiscoveryStartup first-open   time to first open: `registerRoutes()`, then the first
//                                   `open` of one of the records' URLs, which builds the routing
//                                   table and runs the record's action
//     DiscoveryStartup first-resolve  `registerRoutes()`, then one `resolve` of the same URL:
//                                   discovery and the table build without the open (for telling
//                                   the two apart)
//
// Both modes make the router before the clock starts and time from the first thing `main` does
// with it, so the difference between them is the table build and the open.
//
// Prints one line, `<microseconds> µs <faults> page faults`. `Benchmarks/discovery-startup` and
// `Benchmarks/first-open-startup` build it (Tools/build-discovery-startup) and run it many times.
import Glibc
import LinkRouter

func minorPageFaults() -> Int {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return usage.ru_minflt
}

func fail(_ message: String) -> Never {
    _ = "DiscoveryStartup: \(message)\n".withCString { write(STDERR_FILENO, $0, strlen($0)) }
    exit(1)
}

let arguments = CommandLine.arguments.dropFirst()
enum Mode { case discovery, firstOpen, firstResolve }
let mode: Mode
switch arguments.first {
case nil: mode = .discovery
case "first-open"?: mode = .firstOpen
case "first-resolve"?: mode = .firstResolve
case let other?: fail("unknown mode \(other); use no argument (discovery), first-open or first-resolve")
}
/// `bench/4242/:p`, one of the records, as a deep link the app was launched with.
let firstURL = "app://bench/4242/x"

let router = Router(discovery: .manual)
let clock = ContinuousClock()
let faultsBefore = minorPageFaults()
let start = clock.now
let report = router.registerRoutes()
var outcome: RouteOutcome?
var resolved: ResolvedRoute?
switch mode {
case .discovery: break
case .firstOpen: outcome = await router.open(firstURL)
case .firstResolve: resolved = try? router.resolve(firstURL)
}
let elapsed = clock.now - start
let faults = minorPageFaults() - faultsBefore
let expected = 10_000
guard report.registered.count == expected else {
    fail("registered \(report.registered.count) routes, expected \(expected)")
}
if let outcome, !outcome.succeeded || outcome.route?.pattern.text != "bench/4242/:p" {
    fail("the first open did not run bench/4242/:p: \(outcome)")
}
if mode == .firstResolve, resolved?.pattern.text != "bench/4242/:p" {
    fail("\(firstURL) did not resolve to bench/4242/:p")
}
let microseconds = elapsed.components.seconds * 1_000_000 + elapsed.components.attoseconds / 1_000_000_000_000
print("\(microseconds) µs \(faults) page faults")
withExtendedLifetime(router) {}
