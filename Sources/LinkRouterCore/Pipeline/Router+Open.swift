extension Router {
    /// Opens a URL through the whole pipeline and reports what happened.
    ///
    /// The steps, in order: the delegate's `willOpen`; parsing and limits; the dispatcher of the
    /// URL's scheme (the native one unless another was set); static redirects (the dynamic table's,
    /// then the router's); matching; disabled routes and exposure; the page type's own redirect;
    /// interceptors by priority; then the page is built (and shown by the ``navigator``, if any)
    /// or the action runs. Redirects, interceptor redirects and fallbacks restart the steps for
    /// the new URL, at most ``RouterConfiguration/maximumRedirects`` times and never twice for one URL.
    ///
    /// An unknown route (or one hidden from an external source) tries its `route_fallback_url`
    /// query item when the allowlist permits it, then the not-found handler, then fails.
    ///
    /// ```swift
    /// let outcome = await router.open("app://user/42?tab=posts", source: .external)
    /// let traced = await router.open("app://user/42", options: OpenOptions(recordsTrace: true))
    /// if let failure = traced.failure { print(failure, traced.trace) }
    /// ```
    /// - Parameters:
    ///   - url: The URL or bare route key.
    ///   - parameters: Caller values, merged after path parameters and query items.
    ///   - source: Where the URL comes from; external sources reach external routes only.
    ///   - options: How to show a page (style, animation, transition), and whether to record the
    ///     decision trace and show values in it.
    /// - Returns: What was opened, or why nothing was. Never throws, never traps on bad input.
    @discardableResult
    public func open(
        _ url: String, parameters: [String: any Sendable] = [:], source: OpenSource = .app, options: OpenOptions = OpenOptions()
    ) async -> RouteOutcome {
        if mayHavePendingRegistrations { await prepareForFirstUseSuspending() }
        let snapshot = self.snapshot
        var open = OpenRun(router: self, url: url, snapshot: snapshot, source: source, options: options)
        return await open.run(parameters: parameters)
    }

    /// Whether `open` would reach a page, an action or a dispatcher that claims the URL.
    ///
    /// Follows static redirects and disabled-route fallbacks and applies exposure, like `open`;
    /// does not ask interceptors, page redirects, `route_fallback_url` or the not-found handler.
    /// Builds nothing, runs nothing, emits no event.
    public func canOpen(_ url: String, source: OpenSource = .app) -> Bool {
        let snapshot = self.snapshot
        var hops = Hops(start: url, limit: configuration.maximumRedirects)
        var current = url
        while true {
            switch plan(current, parameters: [:], source: source, snapshot: snapshot, trace: nil) {
            case .failed, .notFound: return false
            case .matched: return true
            case .dispatch(let dispatcher, let parsed, _): return dispatcher.canDispatch(parsed)
            case .hop(let next, _):
                if hops.follow(next) != nil { return false }
                current = next
            }
        }
    }

    /// What the synchronous steps decided about one URL.
    enum Plan {
        case failed(RouteFailure)
        case dispatch(any RouteDispatcher, RouteURL, scheme: String)
        case hop(to: String, fallback: Bool)
        case notFound(RouteURL)
        case matched(ResolvedRoute, RouteURL)
    }

    /// Parsing, limits, dispatcher choice, static redirects, matching, disabled routes, exposure.
    func plan(
        _ url: String, parameters: [String: any Sendable], source: OpenSource, snapshot: RouterSnapshot, trace: TraceRecorder?
    ) -> Plan {
        let parsed: RouteURL
        do { parsed = try RouteURL(url, maximumLength: configuration.maximumURLLength) } catch { return .failed(.invalidURL(error)) }
        let count = parsed.queryItemCount + parameters.count
        guard count <= configuration.maximumParameterCount else {
            return .failed(.tooManyParameters(count: count, limit: configuration.maximumParameterCount))
        }
        if !snapshot.rules.dispatchers.isEmpty, let scheme = parsed.scheme?.lowercased(), let dispatcher = snapshot.rules.dispatchers[scheme] {
            return .dispatch(dispatcher, parsed, scheme: scheme)
        }
        do { try admit(parsed) } catch { return .failed(error) }

        let includingHost = configuration.host == nil
        if let (rule, captured) = snapshot.rules.redirects.best(for: parsed, includingHost: includingHost) {
            let target = rule.destination(for: parsed, parameters: captured, fixedHost: !includingHost)
            trace?.record(.redirect) { "'\(rule.source.text)' -> \($0.show(target))" }
            return .hop(to: target, fallback: false)
        }
        guard let route = snapshot.resolve(parsed, parameters: parameters, includingHost: includingHost) else {
            trace?.record(.match) { "no route matches \($0.show(parsed))" }
            return .notFound(parsed)
        }
        trace?.record(.match) { "'\(route.pattern.text)' (\($0.show(route.parameters)))" }
        if let (fallback, _) = snapshot.rules.disabled.best(for: parsed, includingHost: includingHost) {
            trace?.record(.fallback) { "disabled by the route table; falling back to \($0.show(fallback))" }
            return .hop(to: fallback, fallback: true)
        }
        let exposure = snapshot.rules.exposure.best(for: parsed, includingHost: includingHost)?.rule ?? route.options.exposure
        if source == .external, exposure == .internal {
            trace?.record(.exposure) { _ in "'\(route.pattern.text)' is internal: not found for an external source" }
            return .notFound(parsed)
        }
        // Most routes have no query contract: their route is returned as matched.
        if let contract = route.queryContract {
            do { return .matched(try route.applying(contract), parsed) } catch {
                trace?.record(.match) { _ in "'\(route.pattern.text)' refuses the query: \(error)" }
                return .failed(error)
            }
        }
        return .matched(route, parsed)
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

/// One run of the pipeline: the state carried across hops.
struct OpenRun {
    let router: Router
    let url: String
    let snapshot: RouterSnapshot
    let source: OpenSource
    let options: OpenOptions
    /// `nil` unless the open asked for its trace.
    let trace: TraceRecorder?
    var hops: Hops
    var fellBack = false

    init(router: Router, url: String, snapshot: RouterSnapshot, source: OpenSource, options: OpenOptions) {
        self.router = router
        self.url = url
        self.snapshot = snapshot
        self.source = source
        self.options = options
        trace = options.recordsTrace ? TraceRecorder(redacting: !options.tracesParameterValues) { snapshot.literals } : nil
        hops = Hops(start: url, limit: router.configuration.maximumRedirects)
    }

    mutating func run(parameters: [String: any Sendable]) async -> RouteOutcome {
        let (url, source) = (url, source)
        trace?.record(.start) { "open \($0.show(url)) from \(source.rawValue)" }
        router.events.emit(.willOpen(url: url, source: source))
        var current = url
        switch router.events.delegate?.router(router, willOpen: url, source: source) ?? .proceed {
        case .proceed:
            break
        case .rewrite(let rewritten):
            trace?.record(.start) { "the delegate rewrote the URL to \($0.show(rewritten))" }
            hops = Hops(start: rewritten, limit: router.configuration.maximumRedirects)
            current = rewritten
        case .cancel(let reason):
            return finish(nil, .failure(.cancelled(reason: reason)))
        }

        var parameters = parameters
        while true {
            let next: (url: String, parameters: [String: any Sendable], fallback: Bool)
            switch router.plan(current, parameters: parameters, source: source, snapshot: snapshot, trace: trace) {
            case .failed(let failure):
                return finish(nil, .failure(failure))
            case .hop(let target, let fallback):
                next = (target, parameters, fallback)
            case .dispatch(let dispatcher, let parsed, let scheme):
                trace?.record(.dispatch) { "the '\(scheme)' dispatcher takes \($0.show(parsed))" }
                switch await dispatcher.dispatch(DispatchRequest(url: parsed, parameters: parameters, source: source)) {
                case .opened(let value):
                    trace?.record(.open) { _ in "handled by the '\(scheme)' dispatcher" }
                    return finish(nil, .success(.dispatched(scheme: scheme, value: value)))
                case .route(let target, let newParameters):
                    trace?.record(.dispatch) { "the '\(scheme)' dispatcher routes to \($0.show(target))" }
                    next = (target, newParameters, false)
                case .failed(let reason):
                    return finish(nil, .failure(.dispatchFailed(scheme: scheme, reason: reason)))
                }
            case .notFound(let parsed):
                guard let target = await fallback(for: parsed, parameters: parameters) else {
                    return finish(nil, .failure(.noRoute(key: router.routeKey(of: parsed))))
                }
                next = (target, parameters, true)
            case .matched(var route, let parsed):
                if case .pageType(let type) = route.handler, let target = type.redirect(for: route.parameters) {
                    let pattern = route.pattern.text
                    trace?.record(.redirect) { "page '\(pattern)' redirects to \($0.show(target))" }
                    next = (target, parameters, false)
                    break
                }
                let interception: Interception = snapshot.rules.interceptors.isEmpty ? .proceed : await intercept(&route, url: parsed)
                switch interception {
                case .proceed:
                    let navigator = route.handler.kind == .page ? router.navigator : nil
                    if route.handler.kind == .page, navigator != nil || options.resultSlot != nil {
                        route = route.withResultSlot(options.resultSlot ?? PageResultSlot())
                    }
                    // A page for a navigator is built (or given), or an earlier one updated, and shown.
                    if let navigator { return finish(route, await openPage(route, url: parsed, navigator: navigator)) }
                    if route.handler.kind == .page || options.page != nil {
                        let result = page(for: route).map { RouteOutcome.Opened.page($0) }
                        if case .success(let opened) = result { trace?.record(.open) { _ in opened.summary } }
                        return finish(route, result)
                    }
                    // Only an asynchronous action needs an `await`: the call and its executor check cost
                    // more than a synchronous action itself.
                    let result: Result<RouteOutcome.Opened, RouteFailure>
                    if let immediate = route.runSynchronously() { result = immediate } else { result = await route.run() }
                    if case .success(let opened) = result { trace?.record(.open) { _ in opened.summary } }
                    return finish(route, result)
                case .redirect(let target):
                    next = (target, parameters, false)
                case .fail(let failure):
                    return finish(route, .failure(failure))
                }
            }

            if next.fallback {
                fellBack = true
                router.events.emit(.fellBack(from: current, to: next.url))
                router.events.delegate?.router(router, didFallBackFrom: current, to: next.url)
            }
            if let failure = hops.follow(next.url) { return finish(nil, .failure(failure)) }
            current = next.url
            parameters = next.parameters
        }
    }

    /// The `route_fallback_url` when the allowlist permits it, else the not-found handler's answer.
    private mutating func fallback(for url: RouteURL, parameters: [String: any Sendable]) async -> String? {
        if let target = url.queryValue("route_fallback_url") {
            if let parsed = try? RouteURL(target, maximumLength: router.configuration.maximumURLLength),
               router.configuration.allowsFallback(to: parsed) {
                trace?.record(.fallback) { "route_fallback_url -> \($0.show(parsed))" }
                return target
            }
            trace?.record(.fallback) { "refused route_fallback_url \($0.show(target)): invalid or not in the fallback allowlist" }
        }
        if let handler = snapshot.rules.notFoundHandler,
           let target = await handler(NotFoundRequest(url: url, parameters: parameters, source: source)) {
            trace?.record(.fallback) { "the not-found handler opens \($0.show(target))" }
            return target
        }
        return nil
    }

    private enum Interception {
        case proceed
        case redirect(String)
        case fail(RouteFailure)
    }

    /// Asks every interceptor that applies, in priority order, applying their rewrites to `route`.
    private mutating func intercept(_ route: inout ResolvedRoute, url: RouteURL) async -> Interception {
        let includingHost = router.configuration.host == nil
        let groups = snapshot.groups(of: route, url: url, includingHost: includingHost)
        let events = router.events
        for interceptor in snapshot.rules.interceptors where interceptor.applies(to: url, groups: groups, includingHost: includingHost) {
            let request = InterceptionRequest(
                url: url, pattern: route.pattern, parameters: route.parameters, groups: groups, source: source, router: router
            )
            let deadline = interceptor.timeout ?? router.configuration.interceptorDeadline
            let verdict = await interceptor.ask(request, deadline: deadline) { events.emit(.diagnostic($0)) }
            let label = "'\(interceptor.name)' (priority \(interceptor.priority))"
            switch verdict {
            case .answered(.proceed):
                trace?.record(.interceptor) { _ in "\(label): proceed" }
            case .answered(.rewrite(let values)):
                trace?.record(.interceptor) { "\(label): rewrite \($0.show(values))" }
                route = route.overriding(values)
            case .answered(.stop(let reason)):
                trace?.record(.interceptor) { _ in "\(label): stop (\(reason))" }
                return .fail(.interceptorStopped(interceptor: interceptor.name, reason: reason))
            case .answered(.redirect(let target)):
                trace?.record(.interceptor) { "\(label): redirect to \($0.show(target))" }
                return .redirect(target)
            case .timedOut:
                trace?.record(.interceptor) { _ in "\(label): no answer within \(deadline)" }
                return .fail(.interceptorTimedOut(interceptor: interceptor.name, deadline: deadline))
            case .cancelled:
                trace?.record(.interceptor) { _ in "\(label): the open was cancelled while waiting" }
                return .fail(.cancelled(reason: "the task opening the URL was cancelled"))
            }
        }
        return .proceed
    }

    /// The outcome, told to the delegate and the event streams. The route and the result are
    /// moved into it: each copy of a result costs a trip through its generic value witnesses.
    private mutating func finish(
        _ route: consuming ResolvedRoute?, _ result: consuming Result<RouteOutcome.Opened, RouteFailure>
    ) -> RouteOutcome {
        if let trace, case .failure(let failure) = copy result { trace.record(.failure) { $0.show(failure) } }
        let outcome = RouteOutcome(
            url: url, route: route, result: result, chainStart: hops.start, laterHops: hops.later, fellBack: fellBack,
            trace: trace?.trace ?? OpenTrace()
        )
        guard router.events.hasListeners else { return outcome }
        let delegate = router.events.delegate
        if outcome.succeeded {
            router.events.emit(.didOpen(outcome))
            delegate?.router(router, didOpen: outcome)
        } else {
            router.events.emit(.failed(outcome))
            delegate?.router(router, didFailToOpen: outcome)
        }
        return outcome
    }
}

extension RouteOutcome.Opened {
    var summary: String {
        switch self {
        case .page(let page): "page \(type(of: page))"
        case .updated(let page): "page \(type(of: page)) updated in place"
        case .action: "action ran"
        case .dispatched(let scheme, _): "handled by the '\(scheme)' dispatcher"
        }
    }
}
