// The steps of an open that may suspend: each is awaited, then the run goes on synchronously.

extension OpenRun {
    /// The waiting state's event: awaits what the open waits for and feeds the answer to the run,
    /// which returns the next action.
    mutating func resume(_ suspension: consuming Suspension) async -> Action {
        switch consume suspension {
        case .dispatch(let dispatch):
            let scheme = dispatch.scheme
            trace?.record(.dispatch) { "the '\(scheme)' dispatcher takes \($0.show(dispatch.url))" }
            let request = DispatchRequest(url: dispatch.url, parameters: course.parameters, source: course.source)
            switch await dispatch.dispatcher.dispatch(request) {
            case .opened(let value):
                trace?.record(.open) { _ in "handled by the '\(scheme)' dispatcher" }
                return .end(.opened(.dispatched(scheme: scheme, value: value)), route: nil)
            case .route(let target, let parameters):
                trace?.record(.dispatch) { "the '\(scheme)' dispatcher routes to \($0.show(target))" }
                course.parameters = parameters
                return hop(to: target, fallback: false)
            case .failed(let reason):
                return fail(.dispatchFailed(scheme: scheme, reason: reason))
            }
        case .notFound(let url, let handler, let failure):
            guard let target = await handler(NotFoundRequest(url: url, parameters: course.parameters, source: course.source)) else {
                return fail(failure)
            }
            trace?.record(.fallback) { "the not-found handler opens \($0.show(target))" }
            return hop(to: target, fallback: true)
        case .intercept(var route, let interceptors, let groups):
            switch await router.ask(interceptors, about: &route, groups: groups, source: course.source, trace: trace) {
            case .proceed: return perform(route, passed: interceptors.map(\.order))
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
        case .show(let route, let navigator, let passed):
            switch await show(route, navigator: navigator, passed: passed) {
            case .success(let opened): return .end(.opened(opened), route: route)
            case .failure(let failure): return fail(failure, route: route)
            }
        }
    }
}
