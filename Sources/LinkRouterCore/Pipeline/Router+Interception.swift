/// What the interceptors asked about a route answered.
enum Interception {
    case proceed
    case redirect(String)
    case fail(RouteFailure)
}

extension Router {
    /// Asks interceptors about a route — the page or action of `open` or `page(for:)`, or a parent
    /// a deep link rebuilds — in priority order, with the open's source; applies their rewrites
    /// to `route`.
    func ask(
        _ interceptors: [InterceptorEntry], about route: inout ResolvedRoute, groups: Set<String>, source: OpenSource, trace: TraceRecorder?
    ) async -> Interception {
        let events = events
        let url = route.parameters.url
        for interceptor in interceptors {
            let request = InterceptionRequest(
                url: url, pattern: route.pattern, parameters: route.parameters, groups: groups, source: source, router: self
            )
            let deadline = interceptor.timeout ?? configuration.interceptorDeadline
            let verdict = await interceptor.ask(request, deadline: deadline) { events.diagnostic($0) }
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
            case .refused(let failure):
                trace?.record(.interceptor) { _ in "\(label): refused (\(failure))" }
                return .fail(failure)
            }
        }
        return .proceed
    }

    /// The delegate's word on a door that builds a page or runs an action (``RouterDelegate/router(_:willOpen:source:)``),
    /// asked with the source the admission gives the URL. `open` asks it through its
    /// `willOpen` event; `call`, `page(for:)` and each parent a deep link rebuilds ask it here,
    /// telling the streams nothing (they announce opens, and these are not opens of their own).
    @inline(__always)
    func delegateDecision(on url: String, source: OpenSource, snapshot: RouterSnapshot) -> WillOpenDecision {
        guard let delegate = events.delegate else { return .proceed }
        return delegate.router(self, willOpen: url, source: snapshot.admission.admittedSource(of: url, from: source))
    }
}
