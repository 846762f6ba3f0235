// The steps of an open that may suspend: each is awaited, then the synchronous loop goes on.

extension OpenRun {
    /// The waiting state's event: awaits what the run waits for and feeds the answer to the run,
    /// which returns the next action.
    mutating func resume(_ suspension: Suspension) async -> Action {
        switch suspension {
        case .dispatch(let dispatcher, let parsed, let scheme):
            trace?.record(.dispatch) { "the '\(scheme)' dispatcher takes \($0.show(parsed))" }
            switch await dispatcher.dispatch(DispatchRequest(url: parsed, parameters: parameters, source: source)) {
            case .opened(let value):
                trace?.record(.open) { _ in "handled by the '\(scheme)' dispatcher" }
                return .end(.opened(.dispatched(scheme: scheme, value: value)), route: nil)
            case .route(let target, let newParameters):
                trace?.record(.dispatch) { "the '\(scheme)' dispatcher routes to \($0.show(target))" }
                parameters = newParameters
                return hop(to: target, fallback: false)
            case .failed(let reason):
                return fail(.dispatchFailed(scheme: scheme, reason: reason))
            }
        case .notFound(let parsed, let handler, let failure):
            guard let target = await handler(NotFoundRequest(url: parsed, parameters: parameters, source: source)) else {
                return fail(failure)
            }
            trace?.record(.fallback) { "the not-found handler opens \($0.show(target))" }
            return hop(to: target, fallback: true)
        case .planned(let matched):
            return proceed(matched)
        case .page(let matched):
            // Only a run that may not suspend stops here; an open goes on to the interceptors.
            return intercepting(matched)
        case .intercept(let matched, let interceptors, let groups):
            var route = matched.route
            switch await ask(interceptors, about: &route, groups: groups) {
            case .proceed:
                passedInterceptors = interceptors.map(\.order)
                return perform(route)
            case .redirect(let target): return hop(to: target, fallback: false)
            case .fail(let failure): return fail(failure, route: route)
            }
        case .asynchronousAction(let action, let route):
            do {
                let value = try await action(route.parameters)
                trace?.record(.open) { _ in "action ran" }
                return .end(.opened(.action(value)), route: route)
            } catch {
                return fail(.actionFailed(pattern: route.pattern.text, underlying: error), route: route)
            }
        case .show(let route, let navigator):
            switch await openPage(route, navigator: navigator) {
            case .success(let opened): return .end(.opened(opened), route: route)
            case .failure(let failure): return fail(failure, route: route)
            }
        }
    }

    /// What the interceptors asked about a route answered.
    enum Interception {
        case proceed
        case redirect(String)
        case fail(RouteFailure)
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
            let deadline = interceptor.timeout ?? snapshot.configuration.interceptorDeadline
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
}
