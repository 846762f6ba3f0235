// `open` where users feel it: a synchronous action at 10k routes, with and without the decision
// trace and an event subscriber, and a page shown by `InMemoryNavigator`; beside `resolve` of the
// same URLs, in the same run.

import Benchmark
import LinkRouter

/// The same 10k-route table as the resolve benchmarks, in routers of its own, so that a
/// subscriber or a navigator set here never reaches another benchmark's router.
final class OpenFixture: Sendable {
    /// Every route a synchronous action that returns nothing.
    let actions: LinkRouterRouter
    /// The same routes, with a consumer of `eventStream()` running for the benchmark's lifetime.
    let actionsWithSubscriber: LinkRouterRouter
    /// Every route a page (`BenchmarkPage`); the benchmark sets a new `InMemoryNavigator` for each
    /// iteration.
    let pages: LinkRouterRouter
    /// Hits only, without a query: the URLs every open benchmark and the matching resolve use.
    let hits: ProbeColumns

    init(_ table: Fixture) {
        let action: @Sendable (RouteParameters) throws -> (any Sendable)? = { _ in nil }
        func router(_ register: (LinkRouterRouter, String) throws -> Void) -> LinkRouterRouter {
            let router = LinkRouterRouter()
            for route in table.routes {
                do { try register(router, route.linkRouterPattern) } catch { fatalError("\(route.linkRouterPattern): \(error)") }
            }
            return router
        }
        actions = router { try $0.register($1, action: action) }
        actionsWithSubscriber = router { try $0.register($1, action: action) }
        pages = router { try $0.register($1, page: BenchmarkPage.self) }
        hits = table.hitColumns

        // One subscriber that reads every event, on a task of its own, as an app's logger would.
        let stream = actionsWithSubscriber.eventStream()
        Task.detached {
            for await event in stream { blackHole(event) }
        }

        // Freeze each router's table, outside any measurement.
        for router in [actions, actionsWithSubscriber, pages] {
            guard (try? router.resolve(hits.urls[0])) != nil else { fatalError("\(hits.urls[0]) does not resolve") }
        }
    }
}

/// The benchmarks' setup: builds the fixture and checks that the first probes open their action
/// or page (the pages router has no navigator yet: the page is built, not shown).
func setUpOpenFixture() async {
    let fixture = openFixture10k
    for url in fixture.hits.urls.prefix(16) {
        for router in [fixture.actions, fixture.actionsWithSubscriber] {
            let outcome = await router.open(url)
            guard outcome.succeeded, outcome.page == nil else { fatalError("\(url): \(outcome)") }
        }
        let outcome = await fixture.pages.open(url)
        guard outcome.page is BenchmarkPage else { fatalError("\(url): \(outcome)") }
    }
}

/// A page that keeps nothing: the cost measured is the router's and the navigator's.
struct BenchmarkPage: Routable {
    init?(parameters: RouteParameters) throws {}
}

let openFixture10k = OpenFixture(fixture10k)

func userFacingOpenBenchmarks() {
    let traced = OpenOptions(recordsTrace: true)

    Benchmark("Resolve 10k routes (same hits): LinkRouter resolve(urlString)") { benchmark in
        let router = openFixture10k.actions
        let urls = openFixture10k.hits.urls
        for index in window(openFixture10k.hits, benchmark) {
            blackHole(try? router.resolve(urls[index]))
        }
    } setup: {
        await setUpOpenFixture()
    }

    Benchmark("Open 10k routes: LinkRouter open(urlString), sync action, hits, no trace") { benchmark in
        let router = openFixture10k.actions
        let urls = openFixture10k.hits.urls
        for index in window(openFixture10k.hits, benchmark) {
            blackHole(await router.open(urls[index]))
        }
    } setup: {
        await setUpOpenFixture()
    }

    Benchmark("Open 10k routes: LinkRouter open(urlString), sync action, hits, with trace") { benchmark in
        let router = openFixture10k.actions
        let urls = openFixture10k.hits.urls
        for index in window(openFixture10k.hits, benchmark) {
            blackHole(await router.open(urls[index], options: traced))
        }
    } setup: {
        await setUpOpenFixture()
    }

    Benchmark("Open 10k routes: LinkRouter open(urlString), sync action, hits, one subscriber") { benchmark in
        let router = openFixture10k.actionsWithSubscriber
        let urls = openFixture10k.hits.urls
        for index in window(openFixture10k.hits, benchmark) {
            blackHole(await router.open(urls[index]))
        }
    } setup: {
        await setUpOpenFixture()
    }

    // Each page is shown on a navigator of its own, with an empty stack: InMemoryNavigator
    // compares the whole stack before and after every change (it records transitions for tests),
    // so pushing 1,000 pages on one stack would time that comparison, not the open. The navigators
    // are made before the measured region and released after it; setting one (a lock and a
    // store) is inside it.
    Benchmark("Open 10k routes: LinkRouter open page, InMemoryNavigator") { benchmark in
        let router = openFixture10k.pages
        let urls = openFixture10k.hits.urls
        let range = window(openFixture10k.hits, benchmark)
        let navigators = range.map { _ in InMemoryNavigator() }
        benchmark.startMeasurement()
        for (index, navigator) in zip(range, navigators) {
            router.navigator = navigator
            blackHole(await router.open(urls[index]))
        }
        benchmark.stopMeasurement()
        router.navigator = nil
        blackHole(navigators)
    } setup: {
        await setUpOpenFixture()
        // One open pushes one page.
        let navigator = InMemoryNavigator()
        openFixture10k.pages.navigator = navigator
        _ = await openFixture10k.pages.open(openFixture10k.hits.urls[0])
        openFixture10k.pages.navigator = nil
        guard navigator.stack.count == 1 else { fatalError("the page open left \(navigator.description)") }
    }

    Benchmark("Mallocs/open 10k, hits, no query, no trace: LinkRouter sync action") { benchmark in
        let router = openFixture10k.actions
        let urls = openFixture10k.hits.urls
        for index in window(openFixture10k.hits, benchmark) {
            blackHole(await router.open(urls[index]))
        }
    } setup: {
        await setUpOpenFixture()
    }
}
