// The steps of an open that may suspend: each is awaited, then the synchronous loop goes on.

extension OpenRun {
    /// Awaits a step the synchronous loop stopped at, then goes on with the loop.
    mutating func resume(_ step: Pending) async -> Stop {
        switch step {
        case .dispatch(let dispatcher, let parsed, let scheme):
            trace?.record(.dispatch) { "the '\(scheme)' dispatcher takes \($0.show(parsed))" }
            switch await dispatcher.dispatch(DispatchRequest(url: parsed, parameters: parameters, source: source)) {
            case .opened(let value):
                trace?.record(.open) { _ in "handled by the '\(scheme)' dispatcher" }
                return end(.dispatched(scheme: scheme, value: value))
            case .route(let target, let newParameters):
                trace?.record(.dispatch) { "the '\(scheme)' dispatcher routes to \($0.show(target))" }
                parameters = newParameters
                return advance(.hop(to: target, fallback: false))
            case .failed(let reason):
                return fail(.dispatchFailed(scheme: scheme, reason: reason))
            }
        case .notFound(let parsed, let handler):
            guard let target = await handler(NotFoundRequest(url: parsed, parameters: parameters, source: source)) else {
                return fail(.noRoute(key: admission!.key(of: parsed)))
            }
            trace?.record(.fallback) { "the not-found handler opens \($0.show(target))" }
            return advance(.hop(to: target, fallback: true))
        case .intercept(let interceptors, let groups):
            switch await intercept(by: interceptors, groups: groups) {
            case .proceed:
                passedInterceptors = interceptors.map(\.order)
                return advance(.perform)
            case .redirect(let target): return advance(.hop(to: target, fallback: false))
            case .fail(let failure): return fail(failure, keepingRoute: true)
            }
        case .page:
            // Only a run that may not suspend stops here; an open builds the page in the loop.
            return advance(.perform)
        case .asynchronousAction(let action):
            let matched = route!
            do {
                let value = try await action(matched.parameters)
                trace?.record(.open) { _ in "action ran" }
                return end(.action(value))
            } catch {
                return fail(.actionFailed(pattern: matched.pattern.text, underlying: error), keepingRoute: true)
            }
        case .show(let navigator):
            switch await openPage(route!, navigator: navigator) {
            case .success(let opened): return end(opened)
            case .failure(let failure): return fail(failure, keepingRoute: true)
            }
        }
    }

    enum Interception {
        case proceed
        case redirect(String)
        case fail(RouteFailure)
    }

    /// Asks the interceptors that apply, in priority order, applying their rewrites to ``route``.
    private mutating func intercept(by interceptors: [InterceptorEntry], groups: Set<String>) async -> Interception {
        guard var route else { preconditionFailure("interceptors are asked about a matched route") }
        defer { self.route = route }
        return await ask(interceptors, about: &route, groups: groups)
    }

    /// Asks interceptors about a route, the open's own or a parent's, in priority order, with the
    /// open's source; applies their rewrites to `route`.
    func ask(_ interceptors: [InterceptorEntry], about route: inout ResolvedRoute, groups: Set<String>) async -> Interception {
        let events = router.events
        let url = route.parameters.url
        for interceptor in interceptors {
            let request = InterceptionRequest(
                url: url, pattern: route.pattern, parameters: route.parameters, groups: groups, source: source, router: router
            )
            let deadline = interceptor.timeout ?? router.configuration.interceptorDeadline
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
            }
        }
        return .proceed
    }
}
