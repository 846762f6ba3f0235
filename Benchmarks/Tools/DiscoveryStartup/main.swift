// What discovering route records costs at app start-up: one `registerRoutes()` in a process that
// has done nothing else yet, with the 10,000 C records of ManyRouteRecords linked in. A fresh
// heap is the point: every page the new routes fill is a page fault here, as in an app at launch,
// whereas the ordo-one discovery benchmark repeats the pass in one long-lived process.
//
// Prints one line, `<microseconds> µs <faults> page faults`. `Benchmarks/discovery-startup` runs
// it many times and summarizes.
import Glibc
import LinkRouter
import ManyRouteRecords

func minorPageFaults() -> Int {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return usage.ru_minflt
}

let router = Router(discovery: .manual)
let clock = ContinuousClock()
let faultsBefore = minorPageFaults()
let start = clock.now
let report = router.registerRoutes()
let elapsed = clock.now - start
let faults = minorPageFaults() - faultsBefore
let expected = Int(many_route_records_count())
guard report.registered.count == expected else {
    let message = "DiscoveryStartup: registered \(report.registered.count) routes, expected \(expected)\n"
    _ = message.withCString { write(STDERR_FILENO, $0, strlen($0)) }
    exit(1)
}
let microseconds = elapsed.components.seconds * 1_000_000 + elapsed.components.attoseconds / 1_000_000_000_000
print("\(microseconds) µs \(faults) page faults")
withExtendedLifetime(router) {}
