public import RoutePatterns

// Typed keys: the `RouteID` constants that `routes gen` writes, and the `RouteLink`s its builders
// return, are accepted wherever a pattern or a URL is, so that call sites spell no pattern string.

extension Router {
    // MARK: Registration by RouteID

    /// Registers a page type under a route's pattern: `try router.register(.userProfile, page: ProfilePage.self)`.
    /// - Throws: ``RouteRegistrationError`` for a pattern that does not parse or is already registered.
    public func register(_ route: RouteID, options: RouteOptions = RouteOptions(), page: any Routable.Type) throws(RouteRegistrationError) {
        try register(route.rawValue, options: options, page: page)
    }

    /// Registers a page factory under a route's pattern; return `nil` or throw to refuse the parameters.
    /// - Throws: ``RouteRegistrationError`` for a pattern that does not parse or is already registered.
    public func register(
        _ route: RouteID,
        options: RouteOptions = RouteOptions(),
        makePage: @escaping @Sendable (RouteParameters) throws -> (any Routable)?
    ) throws(RouteRegistrationError) {
        try register(route.rawValue, options: options, makePage: makePage)
    }

    /// Registers an action under a route's pattern.
    /// - Throws: ``RouteRegistrationError`` for a pattern that does not parse or is already registered.
    public func register(_ route: RouteID, options: RouteOptions = RouteOptions(), action: RouteAction) throws(RouteRegistrationError) {
        try register(route.rawValue, options: options, action: action)
    }

    /// Registers a synchronous action under a route's pattern.
    /// - Throws: ``RouteRegistrationError`` for a pattern that does not parse or is already registered.
    public func register(
        _ route: RouteID,
        options: RouteOptions = RouteOptions(),
        action: @escaping @Sendable (RouteParameters) throws -> (any Sendable)?
    ) throws(RouteRegistrationError) {
        try register(route.rawValue, options: options, action: RouteAction(action))
    }

    /// Registers an asynchronous action under a route's pattern.
    /// - Throws: ``RouteRegistrationError`` for a pattern that does not parse or is already registered.
    public func register(
        _ route: RouteID,
        options: RouteOptions = RouteOptions(),
        action: @escaping @Sendable (RouteParameters) async throws -> (any Sendable)?
    ) throws(RouteRegistrationError) {
        try register(route.rawValue, options: options, action: RouteAction(action))
    }

    /// Removes the route registered under this route's pattern (or one of the same shape).
    /// - Returns: Whether a route was removed.
    @discardableResult
    public func unregister(_ route: RouteID) -> Bool {
        unregister(route.rawValue)
    }

    /// Makes a registered route join a group, from the next open on (see ``addRoute(_:toGroup:)-(String,_)``).
    /// - Throws: ``RouteGroupError`` when the pattern does not parse or no route of its shape is registered.
    public func addRoute(_ route: RouteID, toGroup group: String) throws(RouteGroupError) {
        try addRoute(route.rawValue, toGroup: group)
    }

    /// Makes a registered route leave a group, from the next open on (see ``removeRoute(_:fromGroup:)-(String,_)``).
    /// - Returns: Whether the route was in the group.
    /// - Throws: ``RouteGroupError`` when the pattern does not parse or no route of its shape is registered.
    @discardableResult
    public func removeRoute(_ route: RouteID, fromGroup group: String) throws(RouteGroupError) -> Bool {
        try removeRoute(route.rawValue, fromGroup: group)
    }

    /// Redirects the URLs of one route to another: `try router.addRedirect(from: .oldProduct, to: .catalogProduct)`
    /// (see ``addRedirect(from:to:)-(String,String)``); the target's placeholders take the source's captures of the same name.
    /// - Throws: ``RedirectError`` as for patterns.
    public func addRedirect(from source: RouteID, to target: RouteID) throws(RedirectError) {
        try addRedirect(from: source.rawValue, to: target.rawValue)
    }

    /// Removes the redirect whose source has the shape of this route's pattern.
    /// - Returns: Whether a redirect was removed.
    @discardableResult
    public func removeRedirect(from source: RouteID) -> Bool {
        removeRedirect(from: source.rawValue)
    }

    // MARK: Opening a RouteLink

    /// Opens a built link: `await router.open(Routes.userProfile(id: 42))`. The same as opening its ``RouteLink/url``.
    @discardableResult
    public func open(
        _ link: RouteLink, parameters: [String: any Sendable] = [:], source: OpenSource = .app, options: OpenOptions = OpenOptions()
    ) async -> RouteOutcome {
        await open(link.url, parameters: parameters, source: source, options: options)
    }

    /// Whether `open` would reach a page, an action or a dispatcher for a built link.
    public func canOpen(_ link: RouteLink, source: OpenSource = .app) -> Bool {
        canOpen(link.url, source: source)
    }

    /// Runs the synchronous action a built link reaches and returns its value (see ``call(_:parameters:source:)-(String,_,_)``).
    /// - Throws: ``RouteCallError``.
    @discardableResult
    public func call(_ link: RouteLink, parameters: [String: any Sendable] = [:], source: OpenSource = .app) throws(RouteCallError) -> (any Sendable)? {
        try call(link.url, parameters: parameters, source: source)
    }

    /// Runs the synchronous action a built link reaches and returns its value as `Value`.
    /// - Throws: ``RouteCallError``, and ``RouteCallError/unexpectedResult(url:expected:actual:)`` when the value is not a `Value`.
    public func call<Value: Sendable>(
        _ link: RouteLink, parameters: [String: any Sendable] = [:], source: OpenSource = .app, as type: Value.Type
    ) throws(RouteCallError) -> Value {
        try call(link.url, parameters: parameters, source: source, as: type)
    }

    /// Finds the route a built link reaches, without opening it.
    /// - Throws: ``RouteFailure`` when the link's URL matches nothing the router knows.
    public func resolve(_ link: RouteLink, parameters: [String: any Sendable] = [:]) throws(RouteFailure) -> ResolvedRoute {
        try resolve(link.url, parameters: parameters)
    }

    // MARK: Opening a RouteID

    /// Opens a route by its identifier, its path placeholders filled from `parameters`.
    ///
    /// ```swift
    /// await router.open(.settings)                                  // a route without placeholders
    /// await router.open(.userProfile, parameters: ["id": 42, "tab": "likes"])
    /// ```
    /// Each placeholder takes the parameter of its name (its description, percent-encoded); an
    /// optional group is filled when all of its placeholders have values (one of literals alone is
    /// left out); a `**` matches nothing.
    /// The parameters no placeholder takes are passed to the route as caller values.
    ///
    /// - Returns: What was opened, or why nothing was: a missing value, a value that its typed
    ///   placeholder does not accept, or a `*` segment fail with
    ///   ``RouteFailure/parametersRejected(pattern:underlying:)`` carrying a ``RouteLinkError``
    ///   before anything is matched, so that no other route can answer in its place (the
    ///   delegate and the event stream see the failure; the outcome's `url` is the pattern).
    @discardableResult
    public func open(
        _ route: RouteID, parameters: [String: any Sendable] = [:], source: OpenSource = .app, options: OpenOptions = OpenOptions()
    ) async -> RouteOutcome {
        do {
            let (link, rest) = try route.filled(from: parameters)
            return await open(link.url, parameters: rest, source: source, options: options)
        } catch {
            // Reported as any failed open is, though no URL was opened.
            let outcome = RouteOutcome(url: route.rawValue, route: nil, result: .failure(.parametersRejected(pattern: route.rawValue, underlying: error)))
            events.emit(.failed(outcome))
            events.delegate?.router(self, didFailToOpen: outcome)
            return outcome
        }
    }

    /// Whether `open` would reach the route with these values (see ``open(_:parameters:source:options:)-(RouteID,_,_,_)``).
    public func canOpen(_ route: RouteID, parameters: [String: any Sendable] = [:], source: OpenSource = .app) -> Bool {
        guard let (link, _) = try? route.filled(from: parameters) else { return false }
        return canOpen(link.url, source: source)
    }

    /// Runs the synchronous action of a route by its identifier, its placeholders filled from `parameters`.
    /// - Throws: ``RouteCallError``; a value missing or refused is ``RouteFailure/parametersRejected(pattern:underlying:)``.
    @discardableResult
    public func call(_ route: RouteID, parameters: [String: any Sendable] = [:], source: OpenSource = .app) throws(RouteCallError) -> (any Sendable)? {
        let link: RouteLink, rest: [String: any Sendable]
        do { (link, rest) = try route.filled(from: parameters) } catch {
            throw .failed(url: route.rawValue, .parametersRejected(pattern: route.rawValue, underlying: error))
        }
        return try call(link.url, parameters: rest, source: source)
    }
}

extension InterceptorScope {
    /// Opens whose route key matches this route's pattern: `.pattern(.userProfile)`.
    public static func pattern(_ route: RouteID) -> InterceptorScope {
        .pattern(route.rawValue)
    }
}

/// Why a ``RouteID`` could not be turned into a URL from the values given.
public enum RouteLinkError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The identifier's text is not a valid pattern.
    case invalidPattern(PatternError)
    /// A required placeholder has no value.
    case missingValue(parameter: String)
    /// A placeholder's value is empty: no segment of a URL can be empty.
    case emptyValue(parameter: String)
    /// A typed placeholder does not accept the value given (`<int:id>` and `"me"`).
    case valueRefused(parameter: String, type: RoutePattern.PlaceholderType, value: String)
    /// The pattern has a `*` segment, which no value names.
    case unnamedSegment

    /// What is wrong, naming the placeholder: `no value for the placeholder 'id'`.
    public var description: String {
        switch self {
        case .invalidPattern(let error): "\(error)"
        case .missingValue(let parameter): "no value for the placeholder '\(parameter)'"
        case .emptyValue(let parameter): "the value of the placeholder '\(parameter)' is empty"
        case .valueRefused(let parameter, let type, let value): "'\(value)' is not a valid \(type.rawValue) for the placeholder '\(parameter)'"
        case .unnamedSegment: "the pattern has a '*' segment, which no value can fill"
        }
    }
}

extension RouteID {
    /// A link to this route, its placeholders filled from `values`.
    ///
    /// Each placeholder takes the value of its name (its description, percent-encoded; a
    /// `<path:>` value keeps its slashes); an optional group is filled when all of its placeholders
    /// have values, whatever the other groups (a group of literals alone is left out); a `**`
    /// matches nothing.
    ///
    /// ```swift
    /// let link = try RouteID.userProfile.link(["id": 42])    // user/42
    /// ```
    /// - Throws: ``RouteLinkError`` for a missing or refused value, a `*` segment, or a pattern that does not parse.
    public func link(_ values: [String: any Sendable] = [:]) throws(RouteLinkError) -> RouteLink {
        try filled(from: values).link
    }

    /// The link, and the values no placeholder took.
    func filled(from values: [String: any Sendable]) throws(RouteLinkError) -> (link: RouteLink, rest: [String: any Sendable]) {
        let pattern: RoutePattern
        do { pattern = try RoutePattern(rawValue) } catch { throw .invalidPattern(error) }
        var rest = values
        /// The segment's text in the URL, or `nil` for `**`; throws when a value is missing or refused.
        func text(of segment: RoutePattern.Segment) throws(RouteLinkError) -> String? {
            switch segment {
            case .literal(let literal): return RouteLink.encode(literal)
            case .wildcard: throw .unnamedSegment
            case .catchAll: return nil
            case .parameter(let name), .typed(_, let name), .path(let name):
                guard let value = values[name] else { throw .missingValue(parameter: name) }
                let string = String(describing: value)
                rest[name] = nil
                guard !string.isEmpty else { throw .emptyValue(parameter: name) }
                if case .typed(let type, _) = segment, !type.accepts(string) {
                    throw .valueRefused(parameter: name, type: type, value: string)
                }
                if case .path = segment { return RouteLink.encodePath(string) }
                return RouteLink.encode(string)
            }
        }
        var pieces: [String] = []
        for element in pattern.elements {
            switch element {
            case .segment(let segment):
                if let piece = try text(of: segment) { pieces.append(piece) }
            case .optionalGroup(let group):
                // A group is all or nothing: filled only when every placeholder in it has a value.
                // A group of literals alone has no value to ask for it, and is left out.
                let names = group.compactMap(\.parameterName)
                guard !names.isEmpty, names.allSatisfy({ values[$0] != nil }) else { continue }
                for segment in group {
                    if let piece = try text(of: segment) { pieces.append(piece) }
                }
            }
        }
        return (RouteLink(route: self, path: pieces.joined(separator: "/")), rest)
    }
}
