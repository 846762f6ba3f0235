/// A route, as every method of ``Router`` that takes one takes it: a URL or pattern string (or a
/// parsed ``RouteURL``), a ``RouteID``, or a ``RouteLink``.
///
/// ```swift
/// try router.register("user/<int:id>(/:tab)", page: ProfilePage.self)   // a pattern string
/// try router.register(.userProfile, page: ProfilePage.self)             // a RouteID
///
/// await router.open("app://user/42?tab=likes")                         // a URL string
/// await router.open(.userProfile, parameters: ["id": 42])              // a RouteID, filled from the parameters
/// await router.open(Routes.userProfile(id: 42))                        // a RouteLink
/// ```
///
/// A method that registers, removes or changes a route (`register`, `unregister`, `addRedirect`,
/// `addRoute(_:toGroup:)`, ...) reads the route's pattern: a string as it is, a ``RouteID``'s
/// pattern, a ``RouteLink``'s route's pattern. A method that opens or finds a route (`open`,
/// `canOpen`, `call`, `resolve`) reads a URL: a string as it is, a ``RouteLink``'s
/// ``RouteLink/url``, and a ``RouteID``'s pattern with its placeholders filled from the call's
/// parameters (``RouteID/link(_:)``).
///
/// `routes gen` declares a binary's routes as constants that `.name` finds wherever a route is
/// expected: `extension RouteReference where Self == RouteID { static var userProfile: RouteID { ... } }`.
public protocol RouteReference: Sendable {
    /// The route this names: a string, a route's identifier or a link.
    var referencedRoute: ReferencedRoute { get }
}

/// What a ``RouteReference`` names, as the router reads it.
public enum ReferencedRoute: Sendable, Hashable {
    /// A URL to open, or a pattern to register, as text.
    case text(String)
    /// A route by its identifier: its pattern, or a URL of it filled from the parameters.
    case id(RouteID)
    /// A link to a route: its URL, or its route's pattern.
    case link(RouteLink)

    /// The pattern text this names: the string, the identifier's pattern, the link's route's pattern.
    @inlinable var pattern: String {
        switch self {
        case .text(let text): text
        case .id(let id): id.rawValue
        case .link(let link): link.route.rawValue
        }
    }

    /// The URL this names for a door that opens or finds a route (`open`, `call`, `canOpen`,
    /// `resolve`): the string, the link's URL, or the identifier's link with its placeholders
    /// filled from `parameters`, which then keep only the values no placeholder took. The one
    /// reading of a reference as a URL; inlined, so that a door given a string passes the string alone.
    /// - Throws: ``RouteFailure/parametersRejected(pattern:underlying:)`` with the
    ///   ``RouteLinkError``, for an identifier whose values do not fill it.
    @inlinable
    func url(filling parameters: inout [String: any Sendable]) throws(RouteFailure) -> String {
        switch self {
        case .text(let url): return url
        case .link(let link): return link.url
        case .id(let id): return try id.url(filling: &parameters)
        }
    }
}

extension RouteID {
    /// The URL of this identifier's link, filled from `parameters`, which keep the values no
    /// placeholder took (``ReferencedRoute/url(filling:)``).
    @usableFromInline
    func url(filling parameters: inout [String: any Sendable]) throws(RouteFailure) -> String {
        do {
            let (link, rest) = try filled(from: parameters)
            parameters = rest
            return link.url
        } catch {
            throw .parametersRejected(pattern: rawValue, underlying: error)
        }
    }
}

extension String: RouteReference {
    /// The string, as a URL or a pattern.
    @inlinable public var referencedRoute: ReferencedRoute { .text(self) }
}

extension RouteURL: RouteReference {
    /// The URL's text.
    @inlinable public var referencedRoute: ReferencedRoute { .text(string) }
}

extension RouteID: RouteReference {
    /// The identifier.
    @inlinable public var referencedRoute: ReferencedRoute { .id(self) }
}

extension RouteLink: RouteReference {
    /// The link.
    @inlinable public var referencedRoute: ReferencedRoute { .link(self) }
}
