internal import RoutePatterns

// The run of one `open`, `call` or `canOpen` is a state machine, in the style of swift-nio's and
// AsyncHTTPClient's connection-pool state machines: each event returns the next state and the
// action its driver takes, and each state carries its own data, so nothing is optional,
// force-unwrapped or assumed. The states that need no `await` pass in one synchronous call; the
// driver sees two actions only: `.end` (the ending, and the route when the failure is its own)
// and `.wait` (a `Suspension`, holding what the run waits for).
//
// | State: what it carries             | Event                | Next state, or the driver's action            |
// |-------------------------------------|----------------------|-----------------------------------------------|
// | made: the context (snapshot,        | `start`              | planning; `.end` (the delegate cancelled, an  |
// |   policy, options, navigator)       |                      |   identifier its values do not fill)          |
// | planning: the URL, the hops         | `plan` (`advance`)   | matched; planning (a hop); `.end`;            |
// |                                     |                      |   `.wait(.dispatch)`, `.wait(.notFound)`      |
// | matched: `Matched` (the route, its  | the page's redirect, | planning (a hop); `.wait(.planned)` (a check);|
// |   admission)                        |   `proceed`          |   `.wait(.page)` (may not suspend);           |
// |                                     |                      |   `.wait(.intercept)`; performing             |
// | performing: the route               | `perform`            | `.end`; `.wait(.asynchronousAction)`,         |
// |                                     |                      |   `.wait(.show)`                              |
// | waiting: a `Suspension` (what the   | `resume` (the answer | planning (a hop), matched, performing, `.end` |
// |   run waits for, with its route)    |   awaited)           |                                               |
// | ended: the ending, the route if the | —                    | the driver reports it (`finish(_:route:)`)    |
// |   failure is its own                |                      |                                               |
//
// Drivers: `open` (`Router.startOpen`, then `SuspendedOpen.finish`) awaits each `.wait` with
// `resume` and reports the `.end` (`finish(_:route:)`); `call` answers from the first `.wait`
// (only `.planned` is taken on, to `proceed`); `canOpen` answers from the first action;
// `page(for:)` (Router+PageConfiguration.swift) awaits as `open` does but refuses a dispatcher. A
// run whose policy does not show pages (`PipelinePolicy.showsPages`) ends with the page built, as
// an open without a navigator does: the way `page(for:)` delivers a page instead of showing it.

/// What `open`, `call`, `canOpen` and `page(for:)` differ by: they run the same pipeline (``OpenRun``).
@usableFromInline
struct PipelinePolicy: Sendable {
    /// Whether the run may suspend: hand a URL to its scheme's dispatcher, follow a not-found
    /// fallback, ask interceptors, run an asynchronous action, build a page and show it. A run
    /// that may not stops where it would do one of these, at a ``OpenRun/Suspension``.
    let maySuspend: Bool
    /// Whether the run builds the page or runs the action it reaches, or stops when it has
    /// planned the route (``OpenRun/Suspension/planned(_:)``).
    let performs: Bool
    /// Whether the run is reported: the delegate is asked, the event streams are told, a
    /// decision trace may be recorded.
    let reports: Bool
    /// Whether a page the run builds is shown by the router's navigator. A run that does not show
    /// pages ends with the page built (``RouteOutcome/Opened/page(_:)``), shown nowhere: the
    /// ending that delivers a page to its caller instead of showing it.
    let showsPages: Bool

    /// `open`: every step, awaited where it suspends, reported, the page shown.
    @usableFromInline static let open = PipelinePolicy(maySuspend: true, performs: true, reports: true, showsPages: true)
    /// `call`: a synchronous action, run on the calling thread; anything else stops the run.
    static let call = PipelinePolicy(maySuspend: false, performs: true, reports: false, showsPages: false)
    /// `canOpen`: the plan alone; nothing is built, run or reported.
    static let check = PipelinePolicy(maySuspend: false, performs: false, reports: false, showsPages: false)
    /// `page(for:)`: every step of an open up to the page, which is built and handed back, not
    /// shown; nothing reported.
    static let build = PipelinePolicy(maySuspend: true, performs: true, reports: false, showsPages: false)
}

/// One run of the open pipeline, for `open`, `call` and `canOpen` alike: the context it holds
/// from the start, the data it carries from hop to hop, and its events (see the table above).
///
/// The steps that cannot suspend run in one synchronous loop (``advance()``): parsing and limits,
/// the scheme's dispatcher, static redirects, matching, disabled routes, exposure, query
/// contracts, the page's own redirect, the choice of interceptors, building the page or running a
/// synchronous action. Where a step would suspend, the loop returns a ``Suspension``: an open
/// awaits it (``resume(_:)``) and goes on; a call or a check answers from it. So a synchronous
/// action opens without any `await`, and a new step is written once, in the loop.
///
/// The route being opened travels in the states themselves, from the match to the ending: a
/// ``Matched`` route, a ``Suspension`` that holds it, an ``Action/end(_:route:)``.
struct OpenRun {
    // MARK: The context, made once per open: the run asks the router nothing back

    /// The router the run reports through (the delegate, the event streams) and hands to
    /// interceptors (``InterceptionRequest/router``); what the run reads of it is in ``snapshot``.
    let router: Router
    /// The routes, the rules and the configuration, frozen for the whole run.
    let snapshot: RouterSnapshot
    let policy: PipelinePolicy
    /// The navigator that shows the run's page, read once when the run is made; `nil` for a run
    /// that does not show pages.
    let navigator: (any Navigator)?
    /// What the open's ``OpenOptions`` say about showing a page, kept field by field: copying the
    /// options whole costs a call through their value witnesses on every open.
    let style: RouteOptions.OpenStyle?
    let window: WindowTarget?
    let animated: Bool
    let presentsInNavigationContainer: Bool
    let transition: (@Sendable (TransitionRequest) async throws -> Void)?
    let resultSlot: PageResultSlot?
    /// The page the caller made (``OpenOptions/page``): the run opens its URL like any other and
    /// shows this page where it would build one.
    let given: (any Routable)?
    /// What the caller asks of the page: a protocol it offers, and its configuration through it
    /// (``OpenOptions/pageConfiguration``).
    let pageConfiguration: PageConfiguration?
    /// `nil` unless the open asked for its trace.
    let trace: TraceRecorder?

    // MARK: Carried from hop to hop

    /// Where the open comes from: the door's source, made external by the admission of a web
    /// link and kept so for every later hop (never made the app's own again).
    var source: OpenSource
    /// The URL given, or the link a route identifier was filled into: the outcome's `url`.
    var url = ""
    /// The URL the run is at now.
    var current = ""
    /// The caller's parameters; a dispatcher that routes elsewhere replaces them.
    var parameters: [String: any Sendable]
    var hops: Hops
    var fellBack = false
    /// The interceptors (by registration order) that let the open's route through: not asked
    /// again about its parents.
    var passedInterceptors: [Int] = []

    init(router: Router, policy: PipelinePolicy, parameters: [String: any Sendable], source: OpenSource, options: OpenOptions) {
        let snapshot = router.snapshot
        self.router = router
        self.snapshot = snapshot
        self.policy = policy
        navigator = policy.showsPages ? router.navigator : nil
        self.source = source
        trace = policy.reports && options.recordsTrace
            ? TraceRecorder(redacting: !options.tracesParameterValues) { snapshot.literals } : nil
        style = options.style
        window = options.window
        animated = options.animated
        presentsInNavigationContainer = options.presentsInNavigationContainer
        transition = options.transition
        resultSlot = options.resultSlot
        given = options.page
        pageConfiguration = options.pageConfiguration
        self.parameters = parameters
        hops = Hops(start: "", limit: snapshot.configuration.maximumRedirects)
    }

    // MARK: States and actions

    /// What the driver does after an event.
    enum Action {
        /// The run ended: ``finish(_:route:)`` makes the outcome. The route is there when a route
        /// matched and the failure, if any, is its own (its page refused, its action threw, an
        /// interceptor stopped it).
        case end(RouteOutcome.Ending, route: ResolvedRoute?)
        /// The run stopped at a step that may suspend, or that only an open takes: an open awaits
        /// it (``resume(_:)``) for the next action; a call or a check answers from it.
        case wait(Suspension)
    }

    /// The waiting state: what the run waits for, with all it needs to go on.
    enum Suspension {
        /// The URL's scheme has a dispatcher.
        case dispatch(any RouteDispatcher, RouteURL, scheme: String)
        /// No route the source may reach matched, and the not-found handler may name another URL;
        /// the run fails with `failure` when it names none.
        case notFound(RouteURL, NotFoundHandler, failure: RouteFailure)
        /// A run that only plans (a check) reached this route; another run goes on (``proceed(_:)``).
        case planned(Matched)
        /// The route is a page, which a run that may not suspend does not build; an open goes on
        /// to the interceptors (``intercepting(_:)``).
        case page(Matched)
        /// These interceptors apply to the route, in priority order.
        case intercept(Matched, [InterceptorEntry], groups: Set<String>)
        /// The route's action is asynchronous.
        case asynchronousAction(RouteAction, ResolvedRoute)
        /// The route is a page and the run shows pages with this navigator: the page is placed,
        /// made (or one of its route already shown is updated) and shown.
        case show(ResolvedRoute, any Navigator)
    }

    /// The matched state: the route matched at the URL the run is at, and that URL's admission.
    struct Matched {
        var route: ResolvedRoute
        let admission: Admission
    }

    /// What planning the URL the run is at decided.
    enum Planned {
        case matched(Matched)
        /// Go to another URL (a redirect, or a fallback), then plan it.
        case hop(to: String, fallback: Bool)
        /// The run ended or stopped: the action for the driver.
        case action(Action)
    }

    // MARK: Starting

    /// The start event at a URL, given or built from a link; tells the delegate and the streams
    /// that an open starts.
    mutating func start(url: String) -> Action {
        self.url = url
        current = url
        hops = Hops(start: url, limit: hops.limit)
        guard policy.reports else { return advance() }
        // The delegate and the streams are told the source the admission gives the URL.
        source = snapshot.admission.admittedSource(of: url, from: source)
        let source = source
        trace?.record(.start) { "open \($0.show(url)) from \(source.rawValue)" }
        switch router.events.willOpen(url, source: source, router: router) {
        case .proceed:
            break
        case .rewrite(let rewritten):
            trace?.record(.start) { "the delegate rewrote the URL to \($0.show(rewritten))" }
            hops = Hops(start: rewritten, limit: hops.limit)
            current = rewritten
        case .cancel(let reason):
            return fail(.cancelled(reason: reason))
        }
        return advance()
    }

    /// The start event at a reference that named no URL (an identifier its values do not fill):
    /// reported as any failed open is, though no URL was opened, with `url` as the outcome's URL.
    /// A refused value fails before anything is matched, so no other route answers in its place.
    mutating func start(refused failure: RouteFailure, url: String) -> Action {
        self.url = url
        current = url
        hops = Hops(start: url, limit: hops.limit)
        return fail(failure)
    }

    /// The start event at whatever `route` names (``ReferencedRoute/url(filling:)``).
    mutating func start(_ route: ReferencedRoute) -> Action {
        let url: String
        do { url = try route.url(filling: &parameters) } catch { return start(refused: error, url: route.pattern) }
        return start(url: url)
    }

    // MARK: The synchronous loop

    /// Plans the URL the run is at, hop after hop, and goes on with the route it matches, until
    /// the run ends or reaches a step that may suspend.
    mutating func advance() -> Action {
        while true {
            let next: (url: String, fallback: Bool)
            // Consumed, so that the route moves from state to state rather than being copied.
            let planned = plan()
            switch consume planned {
            case .action(let action):
                return action
            case .hop(let target, let fallback):
                next = (target, fallback)
            case .matched(let matched):
                guard case .pageType(let type) = matched.route.handler, let target = type.redirect(for: matched.route.parameters) else {
                    return proceed(matched)
                }
                let pattern = matched.route.pattern.text
                trace?.record(.redirect) { "page '\(pattern)' redirects to \($0.show(target))" }
                next = (target, false)
            }
            if let failure = follow(next.url, fallback: next.fallback) { return fail(failure) }
        }
    }

    /// The hop event: goes to another URL (a redirect, a fallback), then plans it.
    mutating func hop(to target: String, fallback: Bool) -> Action {
        if let failure = follow(target, fallback: fallback) { return fail(failure) }
        return advance()
    }

    /// The matched state, past the page's own redirect: a check stops at the planned route, a run
    /// that may not suspend at a page; any other run goes on to the interceptors.
    mutating func proceed(_ matched: consuming Matched) -> Action {
        guard policy.performs else { return .wait(.planned(matched)) }
        if !policy.maySuspend, matched.route.handler.kind == .page { return .wait(.page(matched)) }
        return intercepting(matched)
    }

    /// Stops at the interceptors that apply to the route, if any; else performs it.
    mutating func intercepting(_ matched: consuming Matched) -> Action {
        if !snapshot.rules.interceptors.isEmpty {
            let includingHost = matched.admission.includingHost
            let url = matched.route.parameters.url
            let groups = snapshot.groups(of: matched.route, url: url, includingHost: includingHost)
            let applying = snapshot.rules.interceptors.filter { $0.applies(to: url, groups: groups, includingHost: includingHost) }
            if !applying.isEmpty { return .wait(.intercept(matched, applying, groups: groups)) }
        }
        return perform(matched.route)
    }

    /// The performing state: builds the page or runs the action of a route the interceptors let
    /// through.
    mutating func perform(_ route: consuming ResolvedRoute) -> Action {
        switch route.handler {
        case .action(let action):
            if let actual = given.map({ "\(type(of: $0))" }) ?? pageConfiguration?.typeName {
                let mismatch = RouteFailure.pageMismatch(pattern: route.pattern.text, expected: "an action", actual: actual)
                return fail(mismatch, route: route)
            }
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
            if let navigator { return .wait(.show(route, navigator)) }
            switch page(for: route, .opened) {
            case .success(let page):
                trace?.record(.open) { _ in "page \(type(of: page))" }
                return .end(.opened(.page(page)), route: route)
            case .failure(let failure):
                return fail(failure, route: route)
            }
        }
    }

    /// Where the page ``page(for:_:)`` makes comes from.
    enum PageOrigin {
        /// The open's own page: the one given to it (``OpenOptions/page``), or one its route builds.
        case opened
        /// A parent of the open's page, built for a deep link.
        case parent
        /// A page already shown updated itself with the open's parameters (update in place).
        case updated(any Routable)

        /// Whether the page is a parent, which the caller's configuration does not concern.
        var isParent: Bool { if case .parent = self { true } else { false } }
    }

    /// Makes the page of a route, configures it as the caller asked (``PageConfiguration``; not a
    /// parent) and prepares it (``RouterConfiguration/preparePage``): the one place a page is made
    /// for showing — the open's page (given or built), each parent built for a deep link, and a
    /// page updated in place.
    /// - Returns: The page, or why there is none: the page given is not of the route's kind, the
    ///   route is an action or refuses its parameters, the page does not offer the type asked for,
    ///   or the configuration or the hook throws.
    func page(for route: ResolvedRoute, _ origin: PageOrigin) -> Result<any Routable, RouteFailure> {
        let pattern = route.pattern.text
        let made: (any Routable)?
        if case .updated(let page) = origin {
            made = page
        } else if case .opened = origin, let given {
            let actual = "\(type(of: given))"
            switch route.handler {
            case .pageType(let type) where ObjectIdentifier(type) != ObjectIdentifier(Swift.type(of: given)):
                return .failure(.pageMismatch(pattern: pattern, expected: "\(type) pages", actual: actual))
            case .action:
                return .failure(.pageMismatch(pattern: pattern, expected: "an action", actual: actual))
            case .pageType, .pageFactory:
                made = given
            }
        } else {
            switch route.handler {
            case .action:
                // The run performs an action route as an action and takes only page routes as
                // parents, so no page is asked of one; were one asked, this is the answer.
                return .failure(.pageMismatch(pattern: pattern, expected: "an action", actual: "a page"))
            case .pageType(let type):
                do { made = try type.init(parameters: route.parameters) } catch {
                    return .failure(.parametersRejected(pattern: pattern, underlying: error))
                }
            case .pageFactory(let factory):
                do { made = try factory(route.parameters) } catch {
                    return .failure(.parametersRejected(pattern: pattern, underlying: error))
                }
            }
        }
        guard var made else { return .failure(.parametersRejected(pattern: pattern, underlying: nil)) }
        if let pageConfiguration, !origin.isParent {
            switch pageConfiguration.apply(to: made, pattern: pattern) {
            case .success(let configured): made = configured
            case .failure(let failure):
                trace?.record(.navigate) { _ in "configuring page '\(pattern)' as \(pageConfiguration.typeName) failed: \(failure)" }
                return .failure(failure)
            }
        }
        guard let preparePage = snapshot.configuration.preparePage else { return .success(made) }
        do {
            return .success(try preparePage(made, route))
        } catch {
            trace?.record(.navigate) { _ in "preparing page '\(pattern)' failed: \(error)" }
            return .failure(.navigationFailed(pattern: pattern, underlying: error))
        }
    }

    /// The ended state with why nothing was opened; `route` is kept in the outcome when the
    /// failure is the route's own.
    func fail(_ failure: consuming RouteFailure, route: consuming ResolvedRoute? = nil) -> Action {
        .end(.failed(failure), route: route)
    }

    /// Takes a hop to `target`, telling the delegate and the streams of a fallback; or says why
    /// it may not be taken.
    private mutating func follow(_ target: String, fallback: Bool) -> RouteFailure? {
        passedInterceptors = []
        if fallback {
            fellBack = true
            if policy.reports { router.events.fellBack(from: current, to: target, router: router) }
        }
        if let failure = hops.follow(target) { return failure }
        current = target
        return nil
    }

    /// The `route_fallback_url` of an unknown route's URL, when it parses and the allowlist permits it.
    private func fallbackURL(of url: RouteURL) -> String? {
        guard let target = url.queryValue("route_fallback_url") else { return nil }
        if let parsed = try? RouteURL(target, maximumLength: snapshot.configuration.maximumURLLength),
           snapshot.configuration.allowsFallback(to: parsed) {
            trace?.record(.fallback) { "route_fallback_url -> \($0.show(parsed))" }
            return target
        }
        trace?.record(.fallback) { "refused route_fallback_url \($0.show(target)): invalid or not in the fallback allowlist" }
        return nil
    }

    // MARK: Planning

    /// The planning state: parsing, limits, admission and dispatcher choice, static redirects,
    /// matching (``RouterSnapshot/match(_:includingHost:parameters:)``, the matcher `resolve`
    /// uses), disabled routes, exposure, query contract.
    private mutating func plan() -> Planned {
        // Read in place: a copy of the configuration would retain each of its sets and strings.
        let snapshot = snapshot
        var given: RouteURL
        do { given = try RouteURL(current, maximumLength: snapshot.configuration.maximumURLLength) } catch {
            return .action(fail(.invalidURL(error)))
        }
        let count = given.queryItemCount + parameters.count
        guard count <= snapshot.configuration.maximumParameterCount else {
            return .action(fail(.tooManyParameters(count: count, limit: snapshot.configuration.maximumParameterCount)))
        }
        let admission: Admission
        do { admission = try snapshot.admission.admit(&given, from: source, dispatchers: snapshot.rules.dispatchers) } catch {
            return .action(fail(error))
        }
        // Never back from external to the app's own: the admission keeps an external source.
        source = admission.source
        if admission.isDispatched, let scheme = given.scheme?.lowercased(), let dispatcher = snapshot.rules.dispatchers[scheme] {
            return .action(.wait(.dispatch(dispatcher, given, scheme: scheme)))
        }
        // Moved, not copied: a copy of a URL costs a retain and a release.
        let parsed = consume given

        let includingHost = admission.includingHost
        if let (rule, captured) = snapshot.rules.redirects.best(for: parsed, includingHost: includingHost) {
            // A URL keyed by its path (a web link, or any under a fixed host) redirects on its host.
            let target = rule.destination(for: parsed, parameters: captured, fixedHost: !includingHost)
            trace?.record(.redirect) { "'\(rule.source.text)' -> \($0.show(target))" }
            return .hop(to: target, fallback: false)
        }
        var route: ResolvedRoute
        do { route = try snapshot.matchOutOfLine(parsed, includingHost: includingHost, parameters: parameters) } catch {
            trace?.record(.match) { "no route matches \($0.show(parsed))" }
            return notFound(parsed, failure: error)
        }
        if let trace {
            let (pattern, parameters) = (route.pattern.text, route.parameters)
            trace.record(.match) { "'\(pattern)' (\($0.show(parameters)))" }
        }
        if let fallback = snapshot.disabledFallback(at: parsed, admission: admission) {
            trace?.record(.fallback) { "disabled by the route table; falling back to \($0.show(fallback))" }
            return .hop(to: fallback, fallback: true)
        }
        if snapshot.hides(route, at: parsed, admission: admission) {
            let pattern = route.pattern.text
            trace?.record(.exposure) { _ in "'\(pattern)' is internal: not found for an external source" }
            return notFound(parsed, failure: .noRoute(key: admission.key(of: parsed)))
        }
        // Most routes have no query contract: their route is kept as matched.
        if let contract = route.queryContract {
            do { route = try route.applying(contract) } catch {
                let pattern = route.pattern.text
                trace?.record(.match) { _ in "'\(pattern)' refuses the query: \(error)" }
                return .action(fail(error))
            }
        }
        return .matched(Matched(route: route, admission: admission))
    }

    /// No route the source may reach: the URL's `route_fallback_url`, then the not-found handler
    /// (fallbacks lead to pages: an open's alone), else `failure`.
    private func notFound(_ parsed: RouteURL, failure: RouteFailure) -> Planned {
        if policy.maySuspend, let target = fallbackURL(of: parsed) { return .hop(to: target, fallback: true) }
        if policy.maySuspend, let handler = snapshot.rules.notFoundHandler {
            return .action(.wait(.notFound(parsed, handler, failure: failure)))
        }
        return .action(fail(failure))
    }

    // MARK: Ending

    /// The ended state's outcome, reported once to the delegate and the event streams.
    func finish(_ ending: consuming RouteOutcome.Ending, route: consuming ResolvedRoute?) -> RouteOutcome {
        let ending = consume ending
        if let trace, case .failed(let failure) = ending { trace.record(.failure) { $0.show(failure) } }
        let outcome = RouteOutcome(
            url: url, route: route, ending: consume ending, chainStart: hops.start, laterHops: hops.later, fellBack: fellBack,
            trace: trace?.trace ?? OpenTrace()
        )
        if policy.reports { router.events.finished(outcome, router: router) }
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
    /// Opens a URL as far as it goes without an `await`.
    @usableFromInline
    func startOpen(url: String, parameters: [String: any Sendable], source: OpenSource, options: OpenOptions) -> OpenStart {
        var run = OpenRun(router: self, policy: .open, parameters: parameters, source: source, options: options)
        let action = run.start(url: url)
        return OpenStart(consume action, of: consume run)
    }

    /// Ends an open whose reference named no URL (``ReferencedRoute/url(filling:)`` threw), as
    /// every failed open ends: reported, with `url` (the identifier's pattern) as its URL.
    @usableFromInline
    func startOpen(
        refused failure: RouteFailure, url: String, parameters: [String: any Sendable], source: OpenSource, options: OpenOptions
    ) -> OpenStart {
        var run = OpenRun(router: self, policy: .open, parameters: parameters, source: source, options: options)
        let action = run.start(refused: failure, url: url)
        return OpenStart(consume action, of: consume run)
    }
}

/// The URLs one open has gone through, with the loop and hop-limit checks.
///
/// Most opens never hop, so the first URL is kept apart and nothing is allocated until a hop.
struct Hops {
    let start: String
    private(set) var later: [String] = []
    private var seen: Set<String> = []
    let limit: Int

    init(start: String, limit: Int) {
        self.start = start
        self.limit = limit
    }

    /// Every URL so far, the first one first.
    var chain: [String] { [start] + later }

    /// Records a hop to `url`, or returns why it may not be taken.
    mutating func follow(_ url: String) -> RouteFailure? {
        if seen.isEmpty { seen = [start] }
        later.append(url)
        if !seen.insert(url).inserted { return .redirectLoop(chain: chain) }
        if later.count > limit { return .tooManyRedirects(chain: chain, limit: limit) }
        return nil
    }
}
