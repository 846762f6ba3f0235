package import LinkRouterCore

/// The routes an app registers, as `routes links` reasons about them: each pattern with its
/// exposure and query contract, and a router configured with the app's web host that answers,
/// for a path, what the app would do with the link `https://HOST/path`.
///
/// The routes are registered on a router this type configures: by the caller (the `routes` tool
/// registers those of its binaries as discovery does, `RouteInspection`'s `BinaryRoutes`), or
/// from patterns given one by one.
package struct AppLinkRoutes {
    /// The registered routes, in registration order.
    package let routes: [RouteDescription]
    /// The web host the links name, lowercased.
    package let host: String
    /// The router the routes are registered on, with ``host`` as its web host.
    let router: Router

    /// The routes `register` registers on a router whose web host is `host`, as the app's is.
    ///
    /// - Throws: ``AppLinkError/invalidArgument(_:)`` for a host that is not a host name.
    package init(host: String, registering register: (Router) -> Void) throws(AppLinkError) {
        try Self.validate(host: host)
        let router = Self.router(host: host)
        register(router)
        self.init(router: router, host: host)
    }

    /// Routes given as patterns with their options, registered in this order (tests, and tables
    /// made in code).
    ///
    /// - Throws: ``AppLinkError/invalidPattern(_:)`` for a pattern that cannot be
    ///   registered, ``AppLinkError/invalidArgument(_:)`` for a host that is not a host name.
    package init(patterns: [(pattern: String, options: RouteOptions)], host: String) throws(AppLinkError) {
        try Self.validate(host: host)
        let router = Self.router(host: host)
        for (pattern, options) in patterns {
            do { try router.register(pattern, options: options, action: { _ in nil }) } catch { throw .invalidPattern(error) }
        }
        self.init(router: router, host: host)
    }

    private init(router: Router, host: String) {
        self.router = router
        self.routes = router.routes
        self.host = host.lowercased()
    }

    private static func router(host: String) -> Router {
        Router(configuration: RouterConfiguration(webHosts: [host]))
    }

    /// Requires a DNS host name: labels of letters, digits and `-`, separated by dots.
    ///
    /// - Throws: ``AppLinkError/invalidArgument(_:)``.
    package static func validate(host: String) throws(AppLinkError) {
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        let valid = !host.isEmpty && host.utf8.count <= 253 && labels.allSatisfy { label in
            !label.isEmpty && label.utf8.count <= 63 && label.first != "-" && label.last != "-"
                && label.utf8.allSatisfy { ASCIIBytes.letters.contains($0) || ASCIIBytes.digits.contains($0) || $0 == UInt8(ascii: "-") }
        }
        guard valid else { throw .invalidArgument("'\(host)' is not a host name (letters, digits and '-' in labels separated by '.')") }
    }

    /// What the app does with the link to `path` (and `query`, if any) on its web host.
    func verdict(path: String, query: String? = nil) -> LinkVerdict {
        let url = "https://\(host)\(path)" + (query.map { "?" + $0 } ?? "")
        guard let resolved = try? router.resolve(url) else { return .noRoute }
        let pattern = resolved.pattern.text
        if router.canOpen(url, source: .external) { return .opens(pattern: pattern) }
        if routes.first(where: { $0.pattern.text == pattern })?.options.exposure == .internal { return .internalRoute(pattern: pattern) }
        return .refused(pattern: pattern)
    }
}

/// What an app does with a link from the web.
enum LinkVerdict: Hashable, Sendable {
    /// It opens the route with this pattern.
    case opens(pattern: String)
    /// The key resolves to this internal route, which a link from the web cannot reach.
    case internalRoute(pattern: String)
    /// The key resolves to this external route, which refuses the link's query.
    case refused(pattern: String)
    /// No route takes the key.
    case noRoute

    var opens: Bool { if case .opens = self { true } else { false } }

    /// The pattern of the route the key resolves to, if any.
    var pattern: String? {
        switch self {
        case .opens(let pattern), .internalRoute(let pattern), .refused(let pattern): pattern
        case .noRoute: nil
        }
    }

    /// Why the app does not open the link: `no route takes it`, `it is the internal route 'x'`...
    var refusal: String {
        switch self {
        case .opens(let pattern): "it opens '\(pattern)'"
        case .internalRoute(let pattern): "it is the internal route '\(pattern)'"
        case .refused(let pattern): "'\(pattern)' refuses its query"
        case .noRoute: "no route takes it"
        }
    }
}

/// Byte classes for validating arguments.
enum ASCIIBytes {
    static let letters = ByteSet("A", through: "Z").union(ByteSet("a", through: "z"))
    static let digits = ByteSet.digits
}
