// The performer of `open`: a state machine, in the style of AsyncHTTPClient's request state
// machines, over the plan of the URL (OpenPlan.swift). Each event returns the action its driver
// takes, and each state carries its own data, so nothing is optional, force-unwrapped or assumed.
// The steps that need no `await` pass in one synchronous call, so a synchronous action opens
// without any; the driver sees two actions only: `.end` (the ending, and the route when the
// failure is its own) and `.wait` (a `Suspension`, holding what the open waits for).
//
// | State: what it carries              | Event                    | Next state, or the driver's action             |
// |-------------------------------------|--------------------------|------------------------------------------------|
// | made: the context (snapshot, the    | `start` (after the       | planned; `.end` (the delegate cancelled)       |
// |   options, navigator), the `Course` |   delegate's `willOpen`) |                                                |
// | planned: an `OpenPlan.Step`         | `planned`                | performing; planned again (a fallback hop);    |
// |                                     |                          |   `.end`; `.wait(.dispatch)`,                  |
// |                                     |                          |   `.wait(.notFound)`, `.wait(.intercept)`      |
// | performing: the route               | `perform`                | `.end`; `.wait(.asynchronousAction)`,          |
// |                                     |                          |   `.wait(.show)`                               |
// | waiting: a `Suspension` (what the   | `resume` (the answer     | planned (a hop), performing, `.end`            |
// |   open waits for, with its route)   |   awaited)               |                                                |
// | ended: the ending, the route if the | —                        | reported once (`finish(_:route:)`)             |
// |   failure is its own                |                          |                                                |
//
// The driver: `Router.open` starts the run (`Router.startOpen`) and, past its first `.wait`,
// `SuspendedOpen.finish` awaits each `.wait` with `resume` until the `.end`.

/// The run of one `open`: the context it holds from the start, where the open has got to (its
/// ``Course``), and its events (see the table above).
struct OpenRun {
    // MARK: The context, made once per open: the run asks the router nothing back

    /// The router the run reports through (the delegate, the event streams) and hands to
    /// interceptors (``InterceptionRequest/router``); what the run reads of it is in ``snapshot``.
    let router: Router
    /// The routes, the rules and the configuration, frozen for the whole run.
    let snapshot: RouterSnapshot
    /// The navigator that shows the run's page, read once when the run is made; `nil`: the page
    /// is built and shown nowhere.
    let navigator: (any Navigator)?
    /// What the open's ``OpenOptions`` say about showing a page, kept field by field: copying the
    /// options whole costs a call through their value witnesses on every open.
    let style: RouteOptions.OpenStyle?
    let window: WindowTarget?
    let animated: Bool
    let presentsInNavigationContainer: Bool
    let transition: (@Sendable (TransitionRequest) async throws -> Void)?
    let resultSlot: PageResultSlot?
    /// The page the caller made and the type it asks the page to offer.
    let request: PageRequest
    /// `nil` unless the open asked for its trace.
    let trace: TraceRecorder?

    // MARK: Carried from hop to hop

    /// Where the open has got to: its hops, source and parameters.
    var course: Course

    // The options borrowed: an initializer takes its arguments owned, and an owned `OpenOptions`
    // is a copy through its value witnesses.
    init(router: Router, snapshot: RouterSnapshot, options: borrowing OpenOptions, trace: TraceRecorder?, course: consuming Course) {
        self.router = router
        self.snapshot = snapshot
        navigator = router.navigator
        style = options.style
        window = options.window
        animated = options.animated
        presentsInNavigationContainer = options.presentsInNavigationContainer
        transition = options.transition
        resultSlot = options.resultSlot
        request = PageRequest(given: options.page, configuration: options.pageConfiguration)
        self.trace = trace
        self.course = course
    }

    // MARK: States and actions

    /// What the driver does after an event.
    enum Action {
        /// The run ended: ``finish(_:route:)`` makes the outcome. The route is there when a route
        /// matched and the failure, if any, is its own (its page refused, its action threw, an
        /// interceptor stopped it).
        case end(RouteOutcome.Ending, route: ResolvedRoute?)
        /// The run waits: the driver awaits it (``resume(_:)``) for the next action.
        case wait(Suspension)
    }

    /// The waiting state: what the open waits for, with all it needs to go on.
    enum Suspension {
        /// The URL's scheme has a dispatcher.
        case dispatch(OpenPlan.Dispatch)
        /// No route the source may reach matched, and the not-found handler may name another URL;
        /// the open fails with `failure` when it names none.
        case notFound(RouteURL, NotFoundHandler, failure: RouteFailure)
        /// These interceptors apply to the route, in priority order.
        case intercept(ResolvedRoute, [InterceptorEntry], groups: Set<String>)
        /// The route's action is asynchronous.
        case asynchronousAction(RouteAction, ResolvedRoute)
        /// The route is a page and the router has a navigator: the page is placed, made (or one
        /// of its route already shown is updated) and shown. `passed`: the interceptors (by
        /// registration order) that let the page through, not asked again about its parents.
        case show(ResolvedRoute, any Navigator, passed: [Int])
    }

    // MARK: Events

    /// The start event, once the delegate let the open go on: plans the URL.
    mutating func start() -> Action {
        planned(snapshot.plan(&course, trace: trace))
    }

    /// The planned event: takes the plan's step on.
    mutating func planned(_ step: consuming OpenPlan.Step) -> Action {
        if !course.untoldFallbacks.isEmpty { tellFallbacks() }
        switch consume step {
        case .route(let route, _):
            return perform(route, passed: [])
        case .intercepted(let route, _, let interceptors, let groups):
            return .wait(.intercept(route, interceptors, groups: groups))
        case .dispatch(let dispatch):
            return .wait(.dispatch(dispatch))
        case .notFound(let notFound):
            // Fallbacks lead to pages, which an open shows: `route_fallback_url`, then the handler.
            if let target = notFound.fallback { return hop(to: target, fallback: true) }
            guard let handler = notFound.handler else { return fail(notFound.failure) }
            return .wait(.notFound(notFound.url, handler, failure: notFound.failure))
        case .failed(let failure):
            return fail(failure)
        }
    }

    /// The hop event: goes to another URL (a redirect, a fallback), then plans it.
    mutating func hop(to target: String, fallback: Bool) -> Action {
        planned(snapshot.plan(&course, hopTo: target, fallback: fallback, trace: trace))
    }

    /// The performing state: builds the page or runs the action of a route the interceptors let
    /// through.
    mutating func perform(_ route: consuming ResolvedRoute, passed: [Int]) -> Action {
        switch route.handler {
        case .action(let action):
            if let mismatch = request.refusesAction(of: route) { return fail(mismatch, route: route) }
            // Only an asynchronous action needs an `await`: the call and its executor check cost
            // more than a synchronous action itself.
            let value: (any Sendable)?
            do {
                switch action.body {
                case .sync(let body): value = try body(route.parameters)
                case .withContext(let body, let context): value = try body(context, route.parameters)
                case .async: return .wait(.asynchronousAction(action, route))
                }
            } catch {
                return fail(.actionFailed(pattern: route.pattern.text, underlying: error), route: route)
            }
            trace?.record(.open) { _ in "action ran" }
            return .end(.opened(.action(value)), route: route)
        case .pageType, .pageFactory:
            var route = route
            if navigator != nil || resultSlot != nil {
                route = route.withResultSlot(resultSlot ?? PageResultSlot())
            }
            // A navigator first reads what is shown: the page may update one already there.
            if let navigator { return .wait(.show(route, navigator, passed: passed)) }
            switch snapshot.page(for: route, .opened, request: request, trace: trace) {
            case .success(let page):
                trace?.record(.open) { _ in "page \(type(of: page))" }
                return .end(.opened(.page(page)), route: route)
            case .failure(let failure):
                return fail(failure, route: route)
            }
        }
    }

    /// The ended state with why nothing was opened; `route` is kept in the outcome when the
    /// failure is the route's own.
    func fail(_ failure: consuming RouteFailure, route: consuming ResolvedRoute? = nil) -> Action {
        .end(.failed(failure), route: route)
    }

    /// Tells the delegate and the streams of the fallbacks the plan took.
    private mutating func tellFallbacks() {
        for (from, to) in course.untoldFallbacks { router.events.fellBack(from: from, to: to, router: router) }
        course.untoldFallbacks = []
    }

    // MARK: Ending

    /// The ended state's outcome, reported once to the delegate and the event streams.
    func finish(_ ending: consuming RouteOutcome.Ending, route: consuming ResolvedRoute?) -> RouteOutcome {
        let ending = consume ending
        if let trace, case .failed(let failure) = ending { trace.record(.failure) { $0.show(failure) } }
        let outcome = RouteOutcome(
            url: course.url, route: route, ending: consume ending, chainStart: course.hops.start, laterHops: course.hops.later,
            fellBack: course.fellBack, trace: trace?.trace ?? OpenTrace()
        )
        router.events.finished(outcome, router: router)
        return outcome
    }
}

/// How an open started: it ended without an `await`, or it stopped at a step that may suspend.
@usableFromInline
enum OpenStart {
    case finished(RouteOutcome)
    case suspended(SuspendedOpen)

    /// The start of `run`, from the action its start event returned.
    init(_ action: consuming OpenRun.Action, of run: consuming OpenRun) {
        switch consume action {
        case .end(let ending, let route): self = .finished(run.finish(ending, route: route))
        case .wait(let suspension): self = .suspended(SuspendedOpen(run, at: suspension))
        }
    }
}

/// An open that stopped at a step that may suspend, kept for the `await` that takes it up: the
/// open's driver past its first `await`.
@usableFromInline
final class SuspendedOpen {
    private var run: OpenRun
    private let suspension: OpenRun.Suspension

    init(_ run: consuming OpenRun, at suspension: OpenRun.Suspension) {
        self.run = run
        self.suspension = suspension
    }

    /// Awaits each step the run waits for, then reports the outcome.
    @usableFromInline
    func finish() async -> RouteOutcome {
        var action = OpenRun.Action.wait(suspension)
        while true {
            switch action {
            case .end(let ending, let route): return run.finish(ending, route: route)
            case .wait(let suspension): action = await run.resume(suspension)
            }
        }
    }
}

extension Router {
    /// Opens a URL as far as it goes without an `await`: the delegate's `willOpen`, then the plan.
    @usableFromInline
    func startOpen(url: String, parameters: [String: any Sendable], source: OpenSource, options: OpenOptions) -> OpenStart {
        let snapshot = snapshot
        let trace = options.recordsTrace ? TraceRecorder(redacting: !options.tracesParameterValues) { snapshot.literals } : nil
        // The delegate and the streams are told the source the admission gives the URL.
        let source = snapshot.admission.admittedSource(of: url, from: source)
        trace?.record(.start) { "open \($0.show(url)) from \(source.rawValue)" }
        let decision = events.willOpen(url, source: source, router: self)
        var start: String?
        if case .rewrite(let rewritten) = decision {
            trace?.record(.start) { "the delegate rewrote the URL to \($0.show(rewritten))" }
            start = rewritten
        }
        let course = Course(url: url, start: start, source: source, parameters: parameters, maximumRedirects: snapshot.configuration.maximumRedirects)
        var run = OpenRun(router: self, snapshot: snapshot, options: options, trace: trace, course: course)
        let action: OpenRun.Action
        switch decision {
        case .proceed, .rewrite: action = run.start()
        case .cancel(let reason): action = run.fail(.cancelled(reason: reason))
        }
        return OpenStart(consume action, of: consume run)
    }

    /// Ends an open whose reference named no URL (``ReferencedRoute/url(filling:)`` threw), as
    /// every failed open ends: reported, with `url` (the identifier's pattern) as its URL. A
    /// refused value fails before anything is matched, so no other route answers in its place.
    @usableFromInline
    func startOpen(
        refused failure: RouteFailure, url: String, parameters: [String: any Sendable], source: OpenSource, options: OpenOptions
    ) -> OpenStart {
        let snapshot = snapshot
        let trace = options.recordsTrace ? TraceRecorder(redacting: !options.tracesParameterValues) { snapshot.literals } : nil
        let course = Course(url: url, source: source, parameters: parameters, maximumRedirects: snapshot.configuration.maximumRedirects)
        let run = OpenRun(router: self, snapshot: snapshot, options: options, trace: trace, course: course)
        return OpenStart(run.fail(failure), of: run)
    }
}
