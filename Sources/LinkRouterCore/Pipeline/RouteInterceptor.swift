public import RoutePatterns
import Synchronization

/// Which opens an interceptor sees.
public enum InterceptorScope: Sendable, Hashable {
    /// Every open.
    case all
    /// Opens whose route key matches this pattern: one route (`user/:id`, or a ``RouteID``
    /// constant such as `.userProfile`) or many (`account/**`).
    case pattern(RouteID)
    /// Opens of routes in this group, joined at registration (``RouteOptions/groups``) or through
    /// the dynamic route table.
    case group(String)
}

/// An open that an interceptor is asked about: the route has matched and nothing has been built yet.
public struct InterceptionRequest: Sendable {
    /// The URL being opened, after redirects.
    public let url: RouteURL
    /// The matched route's pattern.
    public let pattern: RoutePattern
    /// The parameters the page or action will see, including earlier interceptors' rewrites.
    public let parameters: RouteParameters
    /// The route's groups, from registration and the dynamic route table.
    public let groups: Set<String>
    /// Where the URL comes from.
    public let source: OpenSource
    /// The router; an interceptor may open other URLs through it (a login page) before answering.
    public let router: Router
}

/// An interceptor's answer.
///
/// May gain cases in a minor version (`@nonexhaustive`): a `switch` over it outside LinkRouter's
/// package ends with `@unknown default` (README, "Versioning").
@nonexhaustive
public enum InterceptionAnswer: Sendable {
    /// Go on to the next interceptor, then open the route.
    case proceed
    /// Go on with these values set, overriding every other source of a parameter of the same name.
    case rewrite([String: any Sendable])
    /// Stop: the open fails with ``RouteFailure/interceptorStopped(interceptor:reason:)``.
    case stop(reason: String)
    /// Open this URL instead; it counts as a redirect.
    case redirect(to: String)
}

/// The one-time answer slot handed to a callback interceptor.
///
/// The first answer is taken; any later one is ignored and reported as a
/// ``RouterEvent/diagnostic(_:)``. An interceptor that has not answered by its deadline has the
/// open fail with ``RouteFailure/interceptorTimedOut(interceptor:deadline:)``. The decision may be
/// answered from any thread, at any time, including after the interceptor function returned.
public final class InterceptorDecision: Sendable {
    enum Verdict: Sendable {
        case answered(InterceptionAnswer)
        case timedOut
        case cancelled
        /// A refusal's answer (``InterceptorEntry/Body/refusal(_:)``): the open fails with it.
        case refused(RouteFailure)
    }

    private struct State {
        var continuation: CheckedContinuation<Verdict, Never>?
        var settled: Verdict?
        var tasks: [Task<Void, Never>] = []
    }

    /// The interceptor's name.
    public let interceptor: String
    private let state = Mutex(State())
    private let reportLateAnswer: @Sendable (String) -> Void

    init(interceptor: String, reportLateAnswer: @escaping @Sendable (String) -> Void) {
        self.interceptor = interceptor
        self.reportLateAnswer = reportLateAnswer
    }

    /// Lets the open go on.
    public func proceed() { answer(.proceed) }

    /// Lets the open go on with these parameter values overriding every other source.
    public func proceed(rewriting values: [String: any Sendable]) { answer(.rewrite(values)) }

    /// Stops the open, for this reason.
    public func stop(reason: String) { answer(.stop(reason: reason)) }

    /// Opens another route instead: a page's typed link (`LoginPage.link(returnTo: ...)`), a
    /// ``RouteLink`` or ``RouteID`` from `routes gen`, or a URL.
    public func redirect(to route: some RouteReference) {
        var values: [String: any Sendable] = [:]
        answer(.redirect(to: (try? route.referencedRoute.url(filling: &values)) ?? route.referencedRoute.pattern))
    }

    /// Gives any answer.
    public func answer(_ answer: InterceptionAnswer) {
        if !settle(.answered(answer)) {
            reportLateAnswer("interceptor '\(interceptor)' answered \(answer.summary) after its decision was taken; ignored")
        }
    }

    /// Settles the decision once; returns `false` when it was settled before.
    @discardableResult
    func settle(_ verdict: Verdict) -> Bool {
        let taken: (continuation: CheckedContinuation<Verdict, Never>?, tasks: [Task<Void, Never>])? = state.withLock { state in
            guard state.settled == nil else { return nil }
            state.settled = verdict
            defer { state.continuation = nil; state.tasks = [] }
            return (state.continuation, state.tasks)
        }
        guard let taken else { return false }
        for task in taken.tasks { task.cancel() }
        taken.continuation?.resume(returning: verdict)
        return true
    }

    /// Waits for the verdict: `start` is called to ask the interceptor, and `deadline` later the
    /// decision times out unless it was answered.
    func verdict(deadline: Duration, start: @escaping @Sendable (InterceptorDecision) -> Task<Void, Never>?) async -> Verdict {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let timer = Task { [weak self] in
                    do { try await Task.sleep(for: deadline) } catch { return }
                    self?.settle(.timedOut)
                }
                let earlier: Verdict? = state.withLock { state in
                    if let settled = state.settled { return settled }
                    state.continuation = continuation
                    state.tasks.append(timer)
                    return nil
                }
                if let earlier {
                    timer.cancel()
                    continuation.resume(returning: earlier)
                    return
                }
                if let work = start(self) {
                    let running = state.withLock { state in
                        if state.settled == nil { state.tasks.append(work) }
                        return state.settled == nil
                    }
                    if !running { work.cancel() }
                }
            }
        } onCancel: {
            settle(.cancelled)
        }
    }
}

extension InterceptionAnswer {
    var summary: String {
        switch self {
        case .proceed: "proceed"
        case .rewrite(let values): "rewrite \(values.keys.sorted())"
        case .stop(let reason): "stop (\(reason))"
        case .redirect(let url): "redirect to \(url)"
        }
    }
}

/// A registered interceptor.
struct InterceptorEntry: Sendable {
    enum Body: Sendable {
        case callback(@Sendable (InterceptionRequest, InterceptorDecision) -> Void)
        case async(@Sendable (InterceptionRequest) async -> InterceptionAnswer)
        /// Not an interceptor: a guard that could not be put in place, whose scope refuses every
        /// open with this failure, at once (``Router/refuseRoutes(in:named:failure:)``).
        case refusal(RouteFailure)
    }

    enum Filter: Sendable {
        case all
        case pattern(RouteTrie)
        case group(String)
    }

    let name: String
    let scope: InterceptorScope
    let filter: Filter
    let priority: Int
    let order: Int
    let timeout: Duration?
    let body: Body

    func applies(to url: RouteURL, groups: Set<String>, includingHost: Bool) -> Bool {
        switch filter {
        case .all: true
        case .pattern(let trie): trie.matches(url, includingHost: includingHost)
        case .group(let group): groups.contains(group)
        }
    }

    /// Asks the interceptor and waits for its verdict, at most `deadline`.
    func ask(_ request: InterceptionRequest, deadline: Duration, reportLateAnswer: @escaping @Sendable (String) -> Void) async -> InterceptorDecision.Verdict {
        if case .refusal(let failure) = body { return .refused(failure) }
        let decision = InterceptorDecision(interceptor: name, reportLateAnswer: reportLateAnswer)
        return await decision.verdict(deadline: timeout ?? deadline) { decision in
            switch body {
            case .callback(let body):
                body(request, decision)
                return nil
            case .async(let body):
                return Task { decision.answer(await body(request)) }
            case .refusal:
                return nil
            }
        }
    }

    /// Whether the entry is a refusal, which `removeInterceptors(named:)` leaves in place.
    var isRefusal: Bool { if case .refusal = body { true } else { false } }
}
