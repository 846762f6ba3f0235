import RoutePatterns
import Synchronization

/// Routes URLs to registered pages and actions.
///
/// ```swift
/// let router = Router()
/// try router.register("user/<int:id>", page: UserPage.self)
/// try router.register("share", action: { parameters in try parameters.string("text").count })
///
/// let outcome = await router.open("app://user/42?tab=posts")
/// outcome.page      // UserPage(id: 42)
/// ```
///
/// A router is safe to use from any thread: registration takes a lock and invalidates the frozen
/// routing trie; a lookup takes the current trie under the lock and matches without holding it.
public final class Router: Sendable {
    /// How this router reads URLs.
    public let configuration: RouterConfiguration

    struct State {
        var entries: [RouteEntry] = []
        var shapes = ShapeIndex()
        var sources: Set<String> = []
        var redirects: [RedirectRule] = []
        var redirectShapes = ShapeIndex()
        var interceptors: [InterceptorEntry] = []
        var interceptorCount = 0
        var dispatchers: [String: any RouteDispatcher] = [:]
        var notFoundHandler: NotFoundHandler?
        var dynamicTable = DynamicRouteTable.empty
        var navigator: (any Navigator)?
        /// The routes' trie, kept across rule changes: only registration invalidates it.
        var routeTrie: RouteTrie?
        var snapshot: RouterSnapshot?

        mutating func routesChanged() {
            routeTrie = nil
            snapshot = nil
        }
    }

    let state = Mutex(State())
    let events = EventHub()
    private let pendingRegistrations = Mutex<[@Sendable (Router) -> Void]>([])
    private let hasPendingRegistrations = Atomic<Bool>(false)
    let serviceRegistry = ServiceRegistry()
    @TaskLocal private static var preparing: ObjectIdentifier?

    /// Creates an empty router.
    public init(configuration: RouterConfiguration = RouterConfiguration()) {
        self.configuration = configuration
    }

    /// The registered routes, in registration order.
    public var routes: [RouteDescription] {
        prepareForFirstUse()
        return state.withLock { $0.entries.map { RouteDescription(pattern: $0.pattern, kind: $0.handler.kind, options: $0.options) } }
    }

    // MARK: Registration

    /// Registers a page type under a pattern.
    /// - Throws: ``RouteRegistrationError`` for a pattern that does not parse or is already registered.
    public func register(_ pattern: String, options: RouteOptions = RouteOptions(), page: any Routable.Type) throws(RouteRegistrationError) {
        try add(pattern, options, .pageType(page))
    }

    /// Registers a page factory under a pattern; return `nil` or throw to refuse the parameters.
    /// - Throws: ``RouteRegistrationError`` for a pattern that does not parse or is already registered.
    public func register(
        _ pattern: String,
        options: RouteOptions = RouteOptions(),
        makePage: @escaping @Sendable (RouteParameters) throws -> (any Routable)?
    ) throws(RouteRegistrationError) {
        try add(pattern, options, .pageFactory(makePage))
    }

    /// Registers an action: a function that runs when its URL is opened and returns a value.
    /// - Throws: ``RouteRegistrationError`` for a pattern that does not parse or is already registered.
    public func register(_ pattern: String, options: RouteOptions = RouteOptions(), action: RouteAction) throws(RouteRegistrationError) {
        try add(pattern, options, .action(action))
    }

    /// Registers a synchronous action.
    /// - Throws: ``RouteRegistrationError`` for a pattern that does not parse or is already registered.
    public func register(
        _ pattern: String,
        options: RouteOptions = RouteOptions(),
        action: @escaping @Sendable (RouteParameters) throws -> (any Sendable)?
    ) throws(RouteRegistrationError) {
        try add(pattern, options, .action(RouteAction(action)))
    }

    /// Registers an asynchronous action.
    /// - Throws: ``RouteRegistrationError`` for a pattern that does not parse or is already registered.
    public func register(
        _ pattern: String,
        options: RouteOptions = RouteOptions(),
        action: @escaping @Sendable (RouteParameters) async throws -> (any Sendable)?
    ) throws(RouteRegistrationError) {
        try add(pattern, options, .action(RouteAction(action)))
    }

    /// Defers registrations until the router is first used.
    ///
    /// `body` runs once, before the first lookup, open or listing of routes; concurrent first uses
    /// wait until it has finished. Calls from inside `body` see the routes registered so far.
    /// Automatic route discovery uses this to register every annotated route at first use.
    public func registerOnFirstUse(_ body: @escaping @Sendable (Router) -> Void) {
        pendingRegistrations.withLock { $0.append(body) }
        hasPendingRegistrations.store(true, ordering: .releasing)
    }

    /// Claims a named source of routes, such as one loaded object file, for registration.
    ///
    /// - Returns: `true` the first time a name is claimed on this router, `false` after, so a
    ///   re-scan registers each source once.
    public func claimRegistrationSource(_ name: String) -> Bool {
        state.withLock { $0.sources.insert(name).inserted }
    }

    /// Runs the deferred registrations, if any are pending. Within them, it does nothing.
    package func prepareForFirstUse() {
        guard hasPendingRegistrations.load(ordering: .acquiring), Self.preparing != ObjectIdentifier(self) else { return }
        pendingRegistrations.withLock { pending in
            let bodies = pending
            pending.removeAll()
            Self.$preparing.withValue(ObjectIdentifier(self)) {
                for body in bodies { body(self) }
            }
            hasPendingRegistrations.store(false, ordering: .releasing)
        }
    }

    /// Removes the route registered under this pattern (or one of the same shape).
    /// - Returns: Whether a route was removed.
    @discardableResult
    public func unregister(_ pattern: String) -> Bool {
        guard let parsed = try? RoutePattern(pattern) else { return false }
        return state.withLock { state in
            guard state.shapes.remove(shapeOf: parsed, from: &state.entries, \.pattern) else { return false }
            state.routesChanged()
            return true
        }
    }

    /// Makes room for `count` more routes, for a caller about to register many at once
    /// (discovery), so the route list and the shape index grow once rather than step by step.
    package func reserveCapacity(forAdditionalRoutes count: Int) {
        state.withLock { state in
            state.entries.reserveCapacity(state.entries.count + count)
            state.shapes.reserveCapacity(forAdditional: count)
        }
    }

    private func add(_ text: String, _ options: RouteOptions, _ handler: RouteHandler) throws(RouteRegistrationError) {
        let pattern: RoutePattern
        do { pattern = try RoutePattern(text) } catch { throw .invalidPattern(error) }
        // Made before taking the lock, and moved into the list rather than copied (a copy
        // retains every field).
        var entry: RouteEntry? = RouteEntry(pattern: consume pattern, options: options, handler: handler)
        let existing: String? = state.withLock { state in
            if let existing = state.shapes.insert(entry!.pattern, at: state.entries.count, among: state.entries, \.pattern) {
                return state.entries[existing].pattern.text
            }
            // Dropped first, so that the list is uniquely referenced again (unless an open still
            // holds the old snapshot) and grows in place rather than being copied.
            state.routesChanged()
            state.entries.append(entry.take()!)
            return nil
        }
        if let existing { throw .duplicate(pattern: text, existing: existing) }
    }

    /// The frozen routes and rules, built on first use after a change.
    var snapshot: RouterSnapshot {
        prepareForFirstUse()
        return state.withLock { state in
            if let snapshot = state.snapshot { return snapshot }
            let routes = state.routeTrie ?? RouteTrie(patternsOf: state.entries)
            state.routeTrie = routes
            let snapshot = RouterSnapshot(
                entries: state.entries, routes: routes, redirects: state.redirects, table: state.dynamicTable,
                interceptors: state.interceptors, dispatchers: state.dispatchers, notFoundHandler: state.notFoundHandler
            )
            state.snapshot = snapshot
            return snapshot
        }
    }

    // MARK: Resolving and opening

    /// Resolves a URL to its route and parameters without opening anything.
    ///
    /// This is the matching step alone: no dispatcher, redirect, dynamic-table rule, exposure check
    /// or interceptor takes part. ``canOpen(_:source:)`` answers for the whole pipeline.
    ///
    /// - Parameters:
    ///   - url: The URL or bare route key.
    ///   - parameters: Caller values, merged after path parameters and query items.
    /// - Throws: ``RouteFailure`` when the URL is invalid, its scheme or host is not handled, or no route matches.
    public func resolve(_ url: String, parameters: [String: any Sendable] = [:]) throws(RouteFailure) -> ResolvedRoute {
        let parsed: RouteURL
        do { parsed = try RouteURL(url, maximumLength: configuration.maximumURLLength) } catch { throw .invalidURL(error) }
        return try resolve(parsed, parameters: parameters)
    }

    /// Resolves a parsed URL; see ``resolve(_:parameters:)-(String,_)``.
    public func resolve(_ url: RouteURL, parameters: [String: any Sendable] = [:]) throws(RouteFailure) -> ResolvedRoute {
        try admit(url)
        // Matched here rather than through `RouterSnapshot.resolve`: unwrapping an optional
        // route would copy it once more.
        let snapshot = snapshot
        var captures = Captures()
        guard let variant = snapshot.routes.match(url, includingHost: configuration.host == nil, captures: &captures) else {
            throw .noRoute(key: routeKey(of: url))
        }
        return snapshot.route(variant: variant, url: url, captures: captures, parameters: parameters)
    }

    /// Checks the URL's scheme against the allowlist and its host against the fixed host.
    func admit(_ url: RouteURL) throws(RouteFailure) {
        if let allowed = configuration.allowedSchemes, let scheme = url.scheme, !allowed.contains(scheme.lowercased()) {
            throw .schemeNotAllowed(scheme: scheme)
        }
        if let fixedHost = configuration.host, let host = url.host, !host.isEmpty,
           host.lowercased() != fixedHost.lowercased() {
            throw .hostNotHandled(host: host)
        }
    }

    /// The key that routes are matched against.
    func routeKey(of url: RouteURL) -> LookupKey {
        LookupKey(url: url, includingHost: configuration.host == nil)
    }
}

extension ResolvedRoute {
    /// Constructs the page or runs the action.
    func run() async -> Result<RouteOutcome.Opened, RouteFailure> {
        let text = pattern.text
        switch handler {
        case .pageType(let type):
            return makePage(pattern: text) { try type.init(parameters: parameters) }
        case .pageFactory(let factory):
            return makePage(pattern: text) { try factory(parameters) }
        case .action(let action):
            do { return .success(.action(try await action(parameters))) } catch {
                return .failure(.actionFailed(pattern: text, underlying: error))
            }
        }
    }

    private func makePage(pattern: String, _ make: () throws -> (any Routable)?) -> Result<RouteOutcome.Opened, RouteFailure> {
        do {
            guard let page = try make() else { return .failure(.parametersRejected(pattern: pattern, underlying: nil)) }
            return .success(.page(page))
        } catch {
            return .failure(.parametersRejected(pattern: pattern, underlying: error))
        }
    }
}
