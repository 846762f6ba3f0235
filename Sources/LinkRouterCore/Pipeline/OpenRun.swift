internal import RoutePatterns

/// What `open`, `call` and `canOpen` differ by: they run the same pipeline (``OpenRun``).
@usableFromInline
struct PipelinePolicy: Sendable {
    /// Whether the run may suspend: hand a URL to its scheme's dispatcher, follow a not-found
    /// fallback, ask interceptors, run an asynchronous action, build a page and show it. A run
    /// that may not stops where it would do one of these, at a ``OpenRun/Pending`` step.
    let maySuspend: Bool
    /// Whether the run builds the page or runs the action it reaches, or stops when it has
    /// planned the route (``OpenRun/Stop/reached(_:)``).
    let performs: Bool
    /// Whether the run is reported: the delegate is asked, the event streams are told, a
    /// decision trace may be recorded.
    let reports: Bool
    /// Whether the page the run builds goes to the ``Router/navigator``; `false` hands it back
    /// unshown, as if the router had no navigator (`page(for:)`).
    let shows: Bool

    /// `open`: every step, awaited where it suspends, reported.
    @usableFromInline static let open = PipelinePolicy(maySuspend: true, performs: true, reports: true, shows: true)
    /// `call`: a synchronous action, run on the calling thread; anything else stops the run.
    static let call = PipelinePolicy(maySuspend: false, performs: true, reports: false, shows: true)
    /// `canOpen`: the plan alone; nothing is built, run or reported.
    static let check = PipelinePolicy(maySuspend: false, performs: false, reports: false, shows: true)
    /// `page(for:)`: every step of an open up to the page, which is built and handed back, not
    /// shown; nothing reported.
    static let build = PipelinePolicy(maySuspend: true, performs: true, reports: false, shows: false)
}

/// One run of the open pipeline, for `open`, `call` and `canOpen` alike: the state carried across
/// hops and the loop that drives the steps.
///
/// The steps that cannot suspend run in one synchronous loop (``advance(_:)``): parsing and limits,
/// the scheme's dispatcher, static redirects, matching, disabled routes, exposure, query
/// contracts, the page's own redirect, the choice of interceptors, building the page or running a
/// synchronous action. Where a step would suspend, the loop stops at a ``Pending`` step: an open
/// awaits it (``resume(_:)``) and goes on with the loop; a call or a check answers from it. So a
/// synchronous action opens without any `await`, and a new step is written once, in the loop.
///
/// The route being opened and the result are kept here, in place, from the match to the outcome:
/// the steps return only which way the run goes (``Stop``), not the route.
struct OpenRun {
    let router: Router
    let snapshot: RouterSnapshot
    let policy: PipelinePolicy
    /// Where the open comes from: the door's source, made external by the admission of a web
    /// link and kept so for every later hop (never made the app's own again).
    var source: OpenSource
    /// What the open's ``OpenOptions`` say about showing a page, kept field by field: copying the
    /// options whole costs a call through their value witnesses on every open.
    let style: RouteOptions.OpenStyle?
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
    /// The URL given, or the link a route identifier was filled into: the outcome's `url`.
    var url = ""
    /// The URL the run is at now.
    var current = ""
    /// The caller's parameters; a dispatcher that routes elsewhere replaces them.
    var parameters: [String: any Sendable]
    var hops: Hops
    var fellBack = false
    /// The admission of the URL the run is at now; `nil` before it is planned and after a hop.
    var admission: Admission?
    /// The interceptors (by registration order) that let ``route`` through: not asked again about
    /// its parents.
    var passedInterceptors: [Int] = []
    /// The route matched at the current URL, with the interceptors' rewrites; `nil` before a match
    /// and after a hop.
    var route: ResolvedRoute?
    /// What was opened, or why nothing was, once the run has ended.
    var ending: RouteOutcome.Ending?
    /// The step the synchronous loop stopped at, when it stopped at one.
    var pending: Pending?

    init(router: Router, policy: PipelinePolicy, parameters: [String: any Sendable], source: OpenSource, options: OpenOptions) {
        let snapshot = router.snapshot
        self.router = router
        self.snapshot = snapshot
        self.policy = policy
        self.source = source
        trace = policy.reports && options.recordsTrace
            ? TraceRecorder(redacting: !options.tracesParameterValues) { snapshot.literals } : nil
        style = options.style
        animated = options.animated
        presentsInNavigationContainer = options.presentsInNavigationContainer
        transition = options.transition
        resultSlot = options.resultSlot
        given = options.page
        pageConfiguration = options.pageConfiguration
        self.parameters = parameters
        hops = Hops(start: "", limit: router.configuration.maximumRedirects)
    }

    /// Which way the synchronous loop went.
    enum Stop {
        /// The run ended: ``ending`` says how.
        case ended
        /// A run that only plans reached ``route``.
        case reached
        /// The run stopped at ``pending``, a step only an open takes: it awaits it and goes on.
        case pending
    }

    /// A step that may suspend, or that only an open takes. The route it concerns is ``route``.
    enum Pending {
        /// The URL's scheme has a dispatcher.
        case dispatch(any RouteDispatcher, RouteURL, scheme: String)
        /// No route matched and the not-found handler may name another URL.
        case notFound(RouteURL, NotFoundHandler)
        /// These interceptors apply to the route, in priority order.
        case intercept([InterceptorEntry], groups: Set<String>)
        /// The route is a page: building and showing it is navigation.
        case page
        /// The route's action is asynchronous.
        case asynchronousAction(RouteAction)
        /// The route is a page and the router has a navigator: the page is placed, made (or one of
        /// its route already shown is updated) and shown.
        case show(any Navigator)
    }

    /// Where the synchronous loop takes up again.
    enum Step {
        /// Plan the current URL.
        case plan
        /// Go to another URL (a redirect, or a fallback), then plan it.
        case hop(to: String, fallback: Bool)
        /// The interceptors let the route through: build the page or run the action.
        case perform
    }

    // MARK: Starting

    /// Starts the run at a URL, given or built from a link; tells the delegate and the streams
    /// that an open starts.
    mutating func start(url: String) -> Stop {
        self.url = url
        current = url
        hops = Hops(start: url, limit: hops.limit)
        guard policy.reports else { return advance(.plan) }
        // The delegate and the streams are told the source the admission gives the URL.
        source = router.admittedSource(of: url, from: source)
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
        return advance(.plan)
    }

    /// Starts the run at a route identifier, its placeholders filled from the parameters.
    mutating func start(id: RouteID) -> Stop {
        do {
            let (link, rest) = try id.filled(from: parameters)
            parameters = rest
            return start(url: link.url)
        } catch {
            // Reported as any failed open is, though no URL was opened: a missing or refused
            // value fails before anything is matched, so no other route answers in its place.
            url = id.rawValue
            current = url
            hops = Hops(start: url, limit: hops.limit)
            return fail(.parametersRejected(pattern: id.rawValue, underlying: error))
        }
    }

    /// Starts the run at whatever `route` names.
    mutating func start(_ route: ReferencedRoute) -> Stop {
        switch route {
        case .text(let url): start(url: url)
        case .link(let link): start(url: link.url)
        case .id(let id): start(id: id)
        }
    }

    // MARK: The synchronous loop

    /// Runs the steps that need no `await`, hop after hop, until the run ends or reaches a step
    /// that may suspend.
    mutating func advance(_ step: Step) -> Stop {
        switch step {
        case .plan: break
        case .hop(let target, let fallback): if let failure = hop(to: target, fallback: fallback) { return fail(failure) }
        case .perform: return perform()
        }
        while true {
            let next: (url: String, fallback: Bool)
            switch plan() {
            case .matched:
                let handler = route!.handler
                if case .pageType(let type) = handler, let target = type.redirect(for: route!.parameters) {
                    let pattern = route!.pattern.text
                    trace?.record(.redirect) { "page '\(pattern)' redirects to \($0.show(target))" }
                    next = (target, false)
                    break
                }
                guard policy.performs else { return .reached }
                if !policy.maySuspend, handler.kind == .page { return stop(at: .page) }
                if !snapshot.rules.interceptors.isEmpty {
                    let includingHost = admission!.includingHost
                    let url = route!.parameters.url
                    let groups = snapshot.groups(of: route!, url: url, includingHost: includingHost)
                    let applying = snapshot.rules.interceptors.filter { $0.applies(to: url, groups: groups, includingHost: includingHost) }
                    if !applying.isEmpty { return stop(at: .intercept(applying, groups: groups)) }
                }
                return perform()
            case .failed(let failure):
                return fail(failure)
            case .hop(let target, let fallback):
                next = (target, fallback)
            case .dispatch(let dispatcher, let parsed, let scheme):
                return stop(at: .dispatch(dispatcher, parsed, scheme: scheme))
            case .notFound(let parsed):
                // Fallbacks lead to pages: an open's alone.
                if policy.maySuspend, let target = fallbackURL(of: parsed) {
                    next = (target, true)
                } else if policy.maySuspend, let handler = snapshot.rules.notFoundHandler {
                    return stop(at: .notFound(parsed, handler))
                } else {
                    return fail(.noRoute(key: admission!.key(of: parsed)))
                }
            }
            if let failure = hop(to: next.url, fallback: next.fallback) { return fail(failure) }
        }
    }

    /// Builds the page or runs the action of ``route``, which the interceptors let through.
    private mutating func perform() -> Stop {
        // Taken out of the run while the page or the action uses it, and put back: read in
        // place, its parameters would be copied for every call that takes them.
        guard var matched = route.take() else { preconditionFailure("a run performs a matched route") }
        switch matched.handler {
        case .action(let action):
            if given != nil || pageConfiguration != nil {
                let pattern = matched.pattern.text
                let actual = given.map { "\(type(of: $0))" } ?? pageConfiguration!.typeName
                route = consume matched
                return fail(.pageMismatch(pattern: pattern, expected: "an action", actual: actual), keepingRoute: true)
            }
            // Only an asynchronous action needs an `await`: the call and its executor check cost
            // more than a synchronous action itself.
            let value: (any Sendable)?
            do {
                switch action.body {
                case .sync(let body): value = try body(matched.parameters)
                case .withContext(let body, let context): value = try body(context, matched.parameters)
                case .async:
                    route = consume matched
                    return stop(at: .asynchronousAction(action))
                }
            } catch {
                let pattern = matched.pattern.text
                route = consume matched
                return fail(.actionFailed(pattern: pattern, underlying: error), keepingRoute: true)
            }
            route = consume matched
            trace?.record(.open) { _ in "action ran" }
            return end(.action(value))
        case .pageType, .pageFactory:
            let navigator = policy.shows ? router.navigator : nil
            if navigator != nil || resultSlot != nil {
                matched = matched.withResultSlot(resultSlot ?? PageResultSlot())
            }
            // A navigator first reads what is shown: the page may update one already there.
            if let navigator {
                route = consume matched
                return stop(at: .show(navigator))
            }
            let made = page(for: matched, .opened)
            route = consume matched
            switch made {
            case .success(let page):
                trace?.record(.open) { _ in "page \(type(of: page))" }
                return end(.page(page))
            case .failure(let failure): return fail(failure, keepingRoute: true)
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
    ///   route refuses its parameters, the page does not offer the type asked for, or the
    ///   configuration or the hook throws.
    func page(for route: ResolvedRoute, _ origin: PageOrigin) -> Result<any Routable, RouteFailure> {
        let pattern = route.pattern.text
        let made: (any Routable)?
        switch (origin, route.handler) {
        case (.updated(let page), _):
            made = page
        case (.opened, _) where given != nil:
            let actual = "\(type(of: given!))"
            switch route.handler {
            case .pageType(let type) where ObjectIdentifier(type) != ObjectIdentifier(Swift.type(of: given!)):
                return .failure(.pageMismatch(pattern: pattern, expected: "\(type) pages", actual: actual))
            case .action:
                return .failure(.pageMismatch(pattern: pattern, expected: "an action", actual: actual))
            case .pageType, .pageFactory:
                made = given
            }
        case (_, .action):
            preconditionFailure("only a page route makes a page; parents are page routes")
        case (_, .pageType(let type)):
            do { made = try type.init(parameters: route.parameters) } catch {
                return .failure(.parametersRejected(pattern: pattern, underlying: error))
            }
        case (_, .pageFactory(let factory)):
            do { made = try factory(route.parameters) } catch {
                return .failure(.parametersRejected(pattern: pattern, underlying: error))
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
        guard let preparePage = router.configuration.preparePage else { return .success(made) }
        do {
            return .success(try preparePage(made, route))
        } catch {
            trace?.record(.navigate) { _ in "preparing page '\(pattern)' failed: \(error)" }
            return .failure(.navigationFailed(pattern: pattern, underlying: error))
        }
    }

    /// Ends the run with what was opened.
    mutating func end(_ opened: consuming RouteOutcome.Opened) -> Stop {
        ending = .opened(consume opened)
        return .ended
    }

    /// Ends the run with why nothing was opened; the route stays in the outcome when the failure
    /// is the route's own (its page refused, its action threw, an interceptor stopped it).
    mutating func fail(_ failure: consuming RouteFailure, keepingRoute: Bool = false) -> Stop {
        if !keepingRoute { route = nil }
        ending = .failed(consume failure)
        return .ended
    }

    /// Stops the loop at a step only an open takes.
    private mutating func stop(at step: Pending) -> Stop {
        pending = step
        return .pending
    }

    /// Takes a hop to `target`, telling the delegate and the streams of a fallback; or says why
    /// it may not be taken.
    private mutating func hop(to target: String, fallback: Bool) -> RouteFailure? {
        route = nil
        admission = nil
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
        if let parsed = try? RouteURL(target, maximumLength: router.configuration.maximumURLLength),
           router.configuration.allowsFallback(to: parsed) {
            trace?.record(.fallback) { "route_fallback_url -> \($0.show(parsed))" }
            return target
        }
        trace?.record(.fallback) { "refused route_fallback_url \($0.show(target)): invalid or not in the fallback allowlist" }
        return nil
    }

    // MARK: Planning

    /// What the planning steps decided about the current URL.
    enum Planned {
        /// ``route`` matched.
        case matched
        case failed(RouteFailure)
        case hop(to: String, fallback: Bool)
        case dispatch(any RouteDispatcher, RouteURL, scheme: String)
        case notFound(RouteURL)
    }

    /// Parsing, limits, dispatcher choice, static redirects, matching, disabled routes, exposure,
    /// query contract; a match is left in ``route``.
    private mutating func plan() -> Planned {
        // Read in place: a copy of the configuration would retain each of its sets and strings.
        let router = router
        var given: RouteURL
        do { given = try RouteURL(current, maximumLength: router.configuration.maximumURLLength) } catch { return .failed(.invalidURL(error)) }
        let count = given.queryItemCount + parameters.count
        guard count <= router.configuration.maximumParameterCount else {
            return .failed(.tooManyParameters(count: count, limit: router.configuration.maximumParameterCount))
        }
        let admission: Admission
        do { admission = try router.admit(&given, from: source, dispatchers: snapshot.rules.dispatchers) } catch { return .failed(error) }
        // Never back from external to the app's own: the admission keeps an external source.
        source = admission.source
        self.admission = admission
        if admission.isDispatched, let scheme = given.scheme?.lowercased(), let dispatcher = snapshot.rules.dispatchers[scheme] {
            return .dispatch(dispatcher, given, scheme: scheme)
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
        route = snapshot.resolve(parsed, parameters: parameters, includingHost: includingHost)
        guard route != nil else {
            trace?.record(.match) { "no route matches \($0.show(parsed))" }
            return .notFound(parsed)
        }
        if let trace {
            let (pattern, parameters) = (route!.pattern.text, route!.parameters)
            trace.record(.match) { "'\(pattern)' (\($0.show(parameters)))" }
        }
        if let fallback = snapshot.disabledFallback(at: parsed, admission: admission) {
            trace?.record(.fallback) { "disabled by the route table; falling back to \($0.show(fallback))" }
            return .hop(to: fallback, fallback: true)
        }
        if snapshot.hides(route!, at: parsed, admission: admission) {
            let pattern = route!.pattern.text
            trace?.record(.exposure) { _ in "'\(pattern)' is internal: not found for an external source" }
            route = nil
            return .notFound(parsed)
        }
        // Most routes have no query contract: their route is kept as matched.
        if let contract = route!.queryContract {
            do { route = try route!.applying(contract) } catch {
                let pattern = route!.pattern.text
                trace?.record(.match) { _ in "'\(pattern)' refuses the query: \(error)" }
                return .failed(error)
            }
        }
        return .matched
    }

    // MARK: Opening

    /// The outcome of a run that ended, reported once to the delegate and the event streams.
    mutating func finish() -> RouteOutcome {
        guard let ending = ending.take() else { preconditionFailure("an open ends opened or failed") }
        if let trace, case .failed(let failure) = ending { trace.record(.failure) { $0.show(failure) } }
        let outcome = RouteOutcome(
            url: url, route: route.take(), ending: consume ending, chainStart: hops.start, laterHops: hops.later, fellBack: fellBack,
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
}

/// An open that stopped at a step that may suspend, kept for the `await` that takes it up.
@usableFromInline
final class SuspendedOpen {
    private var run: OpenRun

    init(_ run: consuming OpenRun) {
        self.run = run
    }

    /// Awaits each step that may suspend, then the outcome.
    @usableFromInline
    func finish() async -> RouteOutcome {
        while let step = run.pending.take() {
            guard await run.resume(step) == .pending else { break }
        }
        return run.finish()
    }
}

extension Router {
    /// Opens a URL as far as it goes without an `await`.
    @usableFromInline
    func startOpen(url: String, parameters: [String: any Sendable], source: OpenSource, options: OpenOptions) -> OpenStart {
        var run = OpenRun(router: self, policy: .open, parameters: parameters, source: source, options: options)
        guard run.start(url: url) != .pending else { return .suspended(SuspendedOpen(run)) }
        return .finished(run.finish())
    }

    /// Opens a route identifier, its placeholders filled from the parameters, as far as it goes
    /// without an `await`.
    @usableFromInline
    func startOpen(id: RouteID, parameters: [String: any Sendable], source: OpenSource, options: OpenOptions) -> OpenStart {
        var run = OpenRun(router: self, policy: .open, parameters: parameters, source: source, options: options)
        guard run.start(id: id) != .pending else { return .suspended(SuspendedOpen(run)) }
        return .finished(run.finish())
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
