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
/// routing table; a lookup takes the current table under the lock and matches without holding it.
public final class Router: Sendable {
    /// How this router reads URLs.
    public let configuration: RouterConfiguration

    private struct State {
        var entries: [RouteEntry] = []
        var shapes: [String: String] = [:]
        var table: RouteTable?
        var sources: Set<String> = []
    }

    private let state = Mutex(State())
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

    /// Runs the deferred registrations, if any are pending.
    func prepareForFirstUse() {
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
        let shape = parsed.shape
        return state.withLock { state in
            guard state.shapes.removeValue(forKey: shape) != nil else { return false }
            state.entries.removeAll { $0.pattern.shape == shape }
            state.table = nil
            return true
        }
    }

    private func add(_ text: String, _ options: RouteOptions, _ handler: RouteHandler) throws(RouteRegistrationError) {
        let pattern: RoutePattern
        do { pattern = try RoutePattern(text) } catch { throw .invalidPattern(error) }
        let shape = pattern.shape
        let existing: String? = state.withLock { state in
            if let existing = state.shapes[shape] { return existing }
            state.shapes[shape] = text
            state.entries.append(RouteEntry(pattern: pattern, options: options, handler: handler))
            state.table = nil
            return nil
        }
        if let existing { throw .duplicate(pattern: text, existing: existing) }
    }

    /// The frozen table for the current registrations, built on first use after a change.
    var table: RouteTable {
        prepareForFirstUse()
        return state.withLock { state in
            if let table = state.table { return table }
            let table = RouteTable(entries: state.entries)
            state.table = table
            return table
        }
    }

    // MARK: Resolving and opening

    /// Resolves a URL to its route and parameters without opening anything.
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
        if let allowed = configuration.allowedSchemes, let scheme = url.scheme, !allowed.contains(scheme.lowercased()) {
            throw .schemeNotAllowed(scheme: scheme)
        }
        if let fixedHost = configuration.host, let host = url.host, !host.isEmpty,
           host.lowercased() != fixedHost.lowercased() {
            throw .hostNotHandled(host: host)
        }
        let table = self.table
        guard let match = table.match(url, includingHost: configuration.host == nil) else {
            throw .noRoute(key: configuration.host == nil ? url.routeKey : url.pathSegments.joined(separator: "/"))
        }
        let variant = table.variants[match.variant]
        let entry = table.entries[variant.routeIndex]
        return ResolvedRoute(
            entry: entry,
            parameters: RouteParameters(
                url: url, captureNames: variant.captureNames, captures: match.captures,
                pathCaptures: variant.pathCaptures, callerValues: parameters
            )
        )
    }

    /// Whether `open` would find a route for the URL. Constructs nothing and runs nothing.
    public func canOpen(_ url: String) -> Bool {
        (try? resolve(url)) != nil
    }

    /// Opens a URL: resolves it, then constructs its page or runs its action.
    ///
    /// - Parameters:
    ///   - url: The URL or bare route key.
    ///   - parameters: Caller values, merged after path parameters and query items.
    /// - Returns: What was opened, or why nothing was. Never throws, never traps on bad input.
    public func open(_ url: String, parameters: [String: any Sendable] = [:]) async -> RouteOutcome {
        let route: ResolvedRoute
        do { route = try resolve(url, parameters: parameters) } catch {
            return RouteOutcome(url: url, route: nil, result: .failure(error))
        }
        return RouteOutcome(url: url, route: route, result: await route.run())
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
