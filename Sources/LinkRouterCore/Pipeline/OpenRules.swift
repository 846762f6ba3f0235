internal import RoutePatterns
import Synchronization

/// The rules the open pipeline applies around matching: redirects, interceptors, scheme
/// dispatchers, the not-found handler and the dynamic route table.
///
/// A change bumps ``generation``, which the router's snapshot compares to know it is stale; the
/// frozen rules are rebuilt on the first open after a change of the rules, not of the routes.
final class OpenRules: Sendable {
    /// The rules as one open reads them, with their patterns compiled, as of one generation.
    struct Frozen: Sendable {
        let redirects: RuleTable<RedirectRule>
        let disabled: RuleTable<DynamicRouteTable.DisabledRoute>
        let exposure: RuleTable<RouteOptions.Exposure>
        let groupRules: [(trie: RouteTrie, groups: Set<String>)]
        /// Groups joined and left at run time, by the shape of the route's pattern.
        let groupEdits: [RoutePattern.Shape: GroupEdits]
        /// Highest priority first; equal priorities in the order they were added.
        let interceptors: [InterceptorEntry]
        let dispatchers: [String: any RouteDispatcher]
        let notFoundHandler: NotFoundHandler?
        let generation: UInt64
    }

    private struct State {
        var redirects: [RedirectRule] = []
        var redirectShapes = ShapeIndex()
        var interceptors: [InterceptorEntry] = []
        var interceptorCount = 0
        var dispatchers: [String: any RouteDispatcher] = [:]
        var notFoundHandler: NotFoundHandler?
        var dynamicTable = DynamicRouteTable.empty
        var groupEdits: [RoutePattern.Shape: GroupEdits] = [:]
        var frozen: Frozen?
        var generation: UInt64 = 0
    }

    private let state = Mutex(State())
    private let currentGeneration = Atomic<UInt64>(0)

    /// Counts the changes so far; read without the lock.
    var generation: UInt64 { currentGeneration.load(ordering: .acquiring) }

    /// Runs `change` on the rules under the lock and marks them changed.
    private func change<Result>(_ change: (inout State) -> Result) -> Result {
        state.withLock { state in
            let result = change(&state)
            state.frozen = nil
            state.generation += 1
            currentGeneration.store(state.generation, ordering: .releasing)
            return result
        }
    }

    /// Adds a redirect unless one of the same source shape exists.
    /// - Returns: The source of the redirect of the same shape, as written; `nil` when added.
    func addRedirect(_ rule: RedirectRule) -> String? {
        change { state in
            if let existing = state.redirectShapes.insert(rule.source, at: state.redirects.count, among: state.redirects, \.source) {
                return state.redirects[existing].source.text
            }
            state.redirects.append(rule)
            return nil
        }
    }

    /// Removes the redirect whose source has the shape of `source`.
    func removeRedirect(shapeOf source: RoutePattern) -> Bool {
        change { state in state.redirectShapes.remove(shapeOf: source, from: &state.redirects, \.source) }
    }

    /// Adds an interceptor after those added before it.
    func addInterceptor(
        _ name: String, scope: InterceptorScope, filter: InterceptorEntry.Filter, priority: Int, deadline: Duration?,
        body: InterceptorEntry.Body
    ) {
        change { state in
            state.interceptors.append(InterceptorEntry(
                name: name, scope: scope, filter: filter, priority: priority, order: state.interceptorCount,
                timeout: deadline, body: body
            ))
            state.interceptorCount += 1
        }
    }

    /// The names of the interceptors added.
    var interceptorNames: Set<String> { state.withLock { Set($0.interceptors.map(\.name)) } }

    /// Removes every interceptor with this name; returns how many.
    func removeInterceptors(named name: String) -> Int {
        change { state in
            let before = state.interceptors.count
            state.interceptors.removeAll { $0.name == name && !$0.isRefusal }
            return before - state.interceptors.count
        }
    }

    /// Sets or clears the dispatcher of each scheme (lowercased).
    func setDispatcher(_ dispatcher: (any RouteDispatcher)?, forSchemes schemes: Set<String>) {
        change { state in
            for scheme in schemes { state.dispatchers[scheme.lowercased()] = dispatcher }
        }
    }

    /// Sets or clears the not-found handler.
    func setNotFoundHandler(_ handler: NotFoundHandler?) {
        change { $0.notFoundHandler = handler }
    }

    /// Makes the routes of `pattern`'s shape join or leave `group`, from the next open.
    func setMembership(of pattern: RoutePattern, in group: String, joined: Bool) {
        change { state in state.groupEdits[pattern.shape, default: GroupEdits()].set(group, joined: joined) }
    }

    /// The groups joined and left at run time so far.
    var groupEdits: [RoutePattern.Shape: GroupEdits] { state.withLock { $0.groupEdits } }

    /// The dynamic route table in force.
    var dynamicTable: DynamicRouteTable {
        get { state.withLock { $0.dynamicTable } }
        set { change { $0.dynamicTable = newValue } }
    }

    /// The rules as of now, compiled on the first call after a change.
    func frozen() -> Frozen {
        state.withLock { state in
            if let frozen = state.frozen { return frozen }
            let table = state.dynamicTable
            let frozen = Frozen(
                // The table's redirects come first, so they win over code redirects of the same shape.
                redirects: RuleTable((table.redirectRules + state.redirects).map { ($0.source, $0) }),
                disabled: RuleTable(Array(zip(table.disabledPatterns, table.disabledRoutes))),
                exposure: RuleTable(Array(zip(table.exposurePatterns, table.exposureOverrides.map(\.exposure)))),
                groupRules: zip(table.groupPatterns, table.groupMemberships).map { (RouteTrie(patternsOf: [$0]), $1.groups) },
                groupEdits: state.groupEdits,
                interceptors: state.interceptors.sorted { ($0.priority, -$0.order) > ($1.priority, -$1.order) },
                dispatchers: state.dispatchers,
                notFoundHandler: state.notFoundHandler,
                generation: state.generation
            )
            state.frozen = frozen
            return frozen
        }
    }
}
