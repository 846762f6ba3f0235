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
/// Every method that takes a route takes it as one ``RouteReference``: a URL or pattern string,
/// a ``RouteID`` constant (`.userProfile`) or a ``RouteLink`` built by `routes gen`'s builders.
///
/// A router is safe to use from any thread: registration takes the registry's lock and makes the
/// frozen routes stale; a lookup takes the current snapshot under a lock and matches without holding it.
///
/// The router is a facade over components with one job each: the `RouteRegistry` (routes and
/// their trie), the `OpenRules` (redirects, interceptors, dispatchers, fallback, dynamic table),
/// the events, the navigator and the services; a snapshot freezes the first two for each open.
public final class Router: Sendable {
    /// How this router reads URLs.
    public let configuration: RouterConfiguration
    /// The rule that admits URLs, made from the configuration; every snapshot holds it too.
    let admissionRules: AdmissionRules

    let registry = RouteRegistry()
    let rules = OpenRules()
    let events = EventHub()
    let navigatorSlot = Mutex<(any Navigator)?>(nil)
    package let serviceRegistry = ServiceRegistry()
    private let firstUse = FirstUseRegistrations()
    private let snapshotCache = Mutex<RouterSnapshot?>(nil)

    /// Creates an empty router.
    public init(configuration: RouterConfiguration = RouterConfiguration()) {
        self.configuration = configuration
        admissionRules = AdmissionRules(configuration)
    }

    /// The registered routes, in registration order.
    public var routes: [RouteDescription] {
        prepareForFirstUse()
        return registry.descriptions
    }

    // MARK: Registration

    /// Registers a page type under a route's pattern.
    ///
    /// ```swift
    /// try router.register("user/<int:id>", page: UserPage.self)
    /// try router.register(.userProfile, options: RouteOptions(exposure: .external), page: UserPage.self)
    /// ```
    /// - Parameters:
    ///   - route: The pattern, or a ``RouteID`` (see ``RouteReference``).
    ///   - options: Exposure, open style, groups, summary, query contract.
    ///   - page: The page type, built from the parameters by its `init?(parameters:)`.
    /// - Throws: ``RouteRegistrationError`` for a pattern that does not parse or is already registered.
    @inlinable
    public func register(_ route: some RouteReference, options: __owned RouteOptions = RouteOptions(), page: any Routable.Type) throws(RouteRegistrationError) {
        try add(route.referencedRoute.pattern, options, .pageType(page))
    }

    /// Registers a page factory under a route's pattern; return `nil` or throw to refuse the parameters.
    /// - Throws: ``RouteRegistrationError`` for a pattern that does not parse or is already registered.
    @inlinable
    public func register(
        _ route: some RouteReference,
        options: __owned RouteOptions = RouteOptions(),
        makePage: @escaping @Sendable (RouteParameters) throws -> (any Routable)?
    ) throws(RouteRegistrationError) {
        try add(route.referencedRoute.pattern, options, .pageFactory(makePage))
    }

    /// Registers an action: a function that runs when its URL is opened and returns a value.
    /// - Throws: ``RouteRegistrationError`` for a pattern that does not parse or is already registered.
    @inlinable
    public func register(_ route: some RouteReference, options: __owned RouteOptions = RouteOptions(), action: RouteAction) throws(RouteRegistrationError) {
        try add(route.referencedRoute.pattern, options, .action(action))
    }

    /// Registers a synchronous action, which `call` runs on the calling thread and `open` runs
    /// without an `await`.
    /// - Throws: ``RouteRegistrationError`` for a pattern that does not parse or is already registered.
    @inlinable
    public func register(
        _ route: some RouteReference,
        options: __owned RouteOptions = RouteOptions(),
        action: @escaping @Sendable (RouteParameters) throws -> (any Sendable)?
    ) throws(RouteRegistrationError) {
        try add(route.referencedRoute.pattern, options, .action(RouteAction(action)))
    }

    /// Registers an asynchronous action, which only `open` runs.
    /// - Throws: ``RouteRegistrationError`` for a pattern that does not parse or is already registered.
    @inlinable
    public func register(
        _ route: some RouteReference,
        options: __owned RouteOptions = RouteOptions(),
        action: @escaping @Sendable (RouteParameters) async throws -> (any Sendable)?
    ) throws(RouteRegistrationError) {
        try add(route.referencedRoute.pattern, options, .action(RouteAction(action)))
    }

    /// Defers registrations until the router is first used: `body` runs once, before the first
    /// lookup, open or listing of routes. Automatic discovery registers its routes this way.
    package func registerOnFirstUse(_ body: @escaping @Sendable (Router) -> Void) {
        firstUse.append(body)
    }

    /// Claims a named source of routes, such as one loaded object file, for registration.
    /// - Returns: `true` the first time a name is claimed on this router, so a re-scan
    ///   registers each source once.
    package func claimRegistrationSource(_ name: String) -> Bool {
        registry.claimSource(name)
    }

    /// Runs the deferred registrations, if any are pending, or waits until they have run.
    /// Within them, it does nothing.
    package func prepareForFirstUse() {
        firstUse.runOrBlock(for: self)
    }

    /// Like ``prepareForFirstUse()``, but waits by suspending while another use runs them.
    /// Checked in line before the call, so that a use that finds nothing pending pays for no
    /// `async` call (a frame and an executor check).
    @usableFromInline var mayHavePendingRegistrations: Bool { firstUse.mayBePending }
    @usableFromInline func prepareForFirstUseSuspending() async {
        await firstUse.runOrSuspend(for: self)
    }

    /// Removes the route registered under this route's pattern (or one of the same shape).
    /// - Parameter route: The pattern, or a ``RouteID`` (see ``RouteReference``).
    /// - Returns: Whether a route was removed.
    @discardableResult
    public func unregister(_ route: some RouteReference) -> Bool {
        guard let parsed = try? RoutePattern(route.referencedRoute.pattern) else { return false }
        return registry.remove(shapeOf: parsed)
    }

    /// Makes room for `count` more routes, for a caller about to register many at once
    /// (discovery), so the route list and the shape index grow once rather than step by step.
    package func reserveCapacity(forAdditionalRoutes count: Int) {
        registry.reserveCapacity(forAdditionalRoutes: count)
    }

    @usableFromInline
    func add(_ text: String, _ options: __owned RouteOptions, _ handler: __owned RouteHandler) throws(RouteRegistrationError) {
        let pattern: RoutePattern
        do { pattern = try RoutePattern(text) } catch { throw .invalidPattern(error) }
        // The pattern, the options and the handler are moved into the registry's list, not copied:
        // a copy of the options alone goes through their value witnesses.
        if let existing = registry.add(pattern, options: options, handler: handler) {
            throw .duplicate(pattern: text, existing: existing)
        }
    }

    /// The frozen routes and rules, made on first use after a change of either.
    var snapshot: RouterSnapshot {
        prepareForFirstUse()
        let routesGeneration = registry.generation
        let rulesGeneration = rules.generation
        return snapshotCache.withLock { cache in
            if let cached = cache, cached.isCurrent(routesGeneration: routesGeneration, rulesGeneration: rulesGeneration) {
                return cached
            }
            // Made under the lock, so that concurrent first opens build the trie once.
            let snapshot = RouterSnapshot(routes: registry.frozen(), rules: rules.frozen(), configuration: configuration, admission: admissionRules)
            cache = snapshot
            return snapshot
        }
    }

    // MARK: Resolving and opening

    /// Resolves a route to its registered route and parameters without opening anything.
    ///
    /// This is the matching step alone: no dispatcher, redirect, dynamic-table rule, exposure check,
    /// query contract or interceptor takes part. The URL is admitted as every door admits it (a
    /// link to one of the ``RouterConfiguration/webHosts`` is keyed by its path), but it opens
    /// nothing, so it names the route a key matches even when that route is internal: what the
    /// `routes` tool needs to report a web link that names an internal route.
    /// ``canOpen(_:parameters:source:)`` answers whether a source may reach it.
    ///
    /// - Parameters:
    ///   - route: The URL or bare route key, or a ``RouteID`` (filled from `parameters`, as
    ///     `open` fills it) or a ``RouteLink`` (see ``RouteReference``).
    ///   - parameters: Caller values, merged after path parameters and query items.
    /// - Throws: ``RouteFailure`` when the URL is invalid, its scheme or host is not handled, no
    ///   route matches, or an identifier's values do not fill it.
    @inlinable
    public func resolve(_ route: some RouteReference, parameters: [String: any Sendable] = [:]) throws(RouteFailure) -> ResolvedRoute {
        // Read in line, so that resolving a string passes the string alone.
        var parameters = parameters
        let url = try route.referencedRoute.url(filling: &parameters)
        return try resolve(url: url, parameters: parameters)
    }

    /// Resolves a URL: located (parsed and admitted) as every door does, then matched by the
    /// plan's matching step (``RouterSnapshot/match(_:includingHost:parameters:)``).
    @usableFromInline
    func resolve(url text: String, parameters: [String: any Sendable]) throws(RouteFailure) -> ResolvedRoute {
        // Only the key mode is used: resolving opens nothing, so no source is checked.
        let (url, admission) = try admissionRules.locate(text, from: .app)
        return try snapshot.match(url, includingHost: admission.includingHost, parameters: parameters)
    }
}
