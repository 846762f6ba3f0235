internal import RoutePatterns

// The plan of a URL (OpenPlan.swift says what it is and which door does what with it).

extension RouterSnapshot {
    /// The plan of a URL from `source`: what an open of it reaches, every step that cannot
    /// suspend taken. A pure function of the snapshot: the trace is its only other output.
    func plan(_ url: String, from source: OpenSource, parameters: [String: any Sendable] = [:], trace: TraceRecorder? = nil) -> OpenPlan {
        var course = Course(url: url, source: source, parameters: parameters, maximumRedirects: configuration.maximumRedirects)
        let step = plan(&course, trace: trace)
        return OpenPlan(course: course, step: step)
    }

    /// Plans the URL `course` is at, hop after hop (redirects, disabled routes' fallbacks, a
    /// page's own redirect), until it reaches a step (``OpenPlan/Step``).
    func plan(_ course: inout Course, trace: TraceRecorder?) -> OpenPlan.Step {
        while true {
            let next: (url: String, fallback: Bool)
            // Consumed, so that the route moves out of the hop rather than being copied.
            let hop = planHop(&course, trace: trace)
            switch consume hop {
            case .reached(let step): return step
            case .hop(let target, let fallback): next = (target, fallback)
            }
            if let failure = course.follow(next.url, fallback: next.fallback) { return .failed(failure) }
        }
    }

    /// Takes the hop a door performed (a dispatcher's route, the not-found handler's URL, an
    /// interceptor's redirect, `route_fallback_url`), then plans from there.
    func plan(_ course: inout Course, hopTo target: String, fallback: Bool, trace: TraceRecorder?) -> OpenPlan.Step {
        if let failure = course.follow(target, fallback: fallback) { return .failed(failure) }
        return plan(&course, trace: trace)
    }

    /// What planning one URL decided.
    private enum Hop {
        case reached(OpenPlan.Step)
        /// Go to another URL (a redirect, or a fallback), then plan it.
        case hop(to: String, fallback: Bool)
    }

    /// Plans the URL the open is at: parsing and limits, admission and dispatcher choice,
    /// redirects, matching, the route table's rules, exposure, query contract, the page's own
    /// redirect, the interceptors that apply.
    private func planHop(_ course: inout Course, trace: TraceRecorder?) -> Hop {
        let url: RouteURL, admission: Admission
        do { (url, admission) = try self.admission.locate(course.current, from: course.source, dispatchers: rules.dispatchers) } catch {
            return .reached(.failed(error))
        }
        // Never back from external to the app's own: the admission keeps an external source.
        course.source = admission.source
        let count = url.queryItemCount + course.parameters.count
        guard count <= configuration.maximumParameterCount else {
            return .reached(.failed(.tooManyParameters(count: count, limit: configuration.maximumParameterCount)))
        }
        if admission.isDispatched, let scheme = url.scheme?.lowercased(), let dispatcher = rules.dispatchers[scheme] {
            return .reached(.dispatch(.init(dispatcher: dispatcher, url: url, scheme: scheme)))
        }
        let includingHost = admission.includingHost
        if let (rule, captured) = rules.redirects.best(for: url, includingHost: includingHost) {
            // A URL keyed by its path (a web link, or any under a fixed host) redirects on its host.
            let target = rule.destination(for: url, parameters: captured, fixedHost: !includingHost)
            trace?.record(.redirect) { "'\(rule.source.text)' -> \($0.show(target))" }
            if rule.isRouteTableRule, rule.namesScheme, let refusal = refusal(ofTableTarget: target, rule: rule.source.text, trace: trace) {
                return .reached(.failed(refusal))
            }
            return .hop(to: target, fallback: false)
        }
        let route: ResolvedRoute
        do { route = try matchOutOfLine(url, includingHost: includingHost, parameters: course.parameters) } catch {
            trace?.record(.match) { "no route matches \($0.show(url))" }
            return .reached(notFound(url, failure: error, trace: trace))
        }
        if let trace {
            let (pattern, parameters) = (route.pattern.text, route.parameters)
            trace.record(.match) { "'\(pattern)' (\($0.show(parameters)))" }
        }
        // Moved, not copied: a copy of a route costs its witnesses and the retains of its fields.
        return planRoute(consume route, at: url, admission: admission, trace: trace)
    }

    /// The steps after a route matched: the route table's disabled routes, exposure, the query
    /// contract, the page's own redirect, the interceptors.
    private func planRoute(_ route: consuming ResolvedRoute, at url: RouteURL, admission: Admission, trace: TraceRecorder?) -> Hop {
        var route = route
        if let disabled = disabledRule(at: url, admission: admission) {
            let fallback = disabled.fallback
            trace?.record(.fallback) { "disabled by the route table; falling back to \($0.show(fallback))" }
            if let refusal = refusal(ofTableTarget: fallback, rule: disabled.pattern, trace: trace) { return .reached(.failed(refusal)) }
            return .hop(to: fallback, fallback: true)
        }
        if hides(route, at: url, admission: admission, trace: trace) {
            let pattern = route.pattern.text
            trace?.record(.exposure) { _ in "'\(pattern)' is internal: not found for an external source" }
            return .reached(notFound(url, failure: .noRoute(key: admission.key(of: url)), trace: trace))
        }
        // Most routes have no query contract: their route is kept as matched.
        if let contract = route.queryContract {
            do { route = try route.applying(contract) } catch {
                let pattern = route.pattern.text
                trace?.record(.match) { _ in "'\(pattern)' refuses the query: \(error)" }
                return .reached(.failed(error))
            }
        }
        if case .pageType(let type) = route.handler, let target = type.redirect(for: route.parameters) {
            let pattern = route.pattern.text
            trace?.record(.redirect) { "page '\(pattern)' redirects to \($0.show(target))" }
            return .hop(to: target, fallback: false)
        }
        if !rules.interceptors.isEmpty {
            let includingHost = admission.includingHost
            let url = route.parameters.url
            let groups = groups(of: route, url: url, includingHost: includingHost)
            let applying = rules.interceptors.filter { $0.applies(to: url, groups: groups, includingHost: includingHost) }
            if !applying.isEmpty { return .reached(.intercepted(consume route, admission: admission, by: applying, groups: groups)) }
        }
        return .reached(.route(consume route, admission: admission))
    }

    /// No route the source may reach: what may open instead.
    private func notFound(_ url: RouteURL, failure: RouteFailure, trace: TraceRecorder?) -> OpenPlan.Step {
        .notFound(.init(url: url, failure: failure, fallback: fallbackURL(of: url, trace: trace), handler: rules.notFoundHandler))
    }

    /// The `route_fallback_url` of an unknown route's URL, when it parses and the allowlist permits it.
    private func fallbackURL(of url: RouteURL, trace: TraceRecorder?) -> String? {
        guard let target = url.queryValue("route_fallback_url") else { return nil }
        if let parsed = try? RouteURL(target, maximumLength: configuration.maximumURLLength), configuration.allowsFallback(to: parsed) {
            trace?.record(.fallback) { "route_fallback_url -> \($0.show(parsed))" }
            return target
        }
        trace?.record(.fallback) { "refused route_fallback_url \($0.show(target)): invalid or not in the fallback allowlist" }
        return nil
    }

    /// Why the route table may not lead to `target` (a redirect's that names a scheme, or a
    /// disabled route's fallback): the table is data from outside the app's code, held to the
    /// fallback allowlist as `route_fallback_url` is — a bare route key, or a URL the allowlist
    /// allows. `nil` when it may (a target that does not parse fails as the next hop).
    private func refusal(ofTableTarget target: String, rule: String, trace: TraceRecorder?) -> RouteFailure? {
        guard let parsed = try? RouteURL(target, maximumLength: configuration.maximumURLLength), !configuration.allowsFallback(to: parsed) else {
            return nil
        }
        trace?.record(.fallback) { "the route table's target \($0.show(parsed)) is not in the fallback allowlist: refused" }
        return .routeTableTargetRefused(pattern: rule, target: target)
    }
}
