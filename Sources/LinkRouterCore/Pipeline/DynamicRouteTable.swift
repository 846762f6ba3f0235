internal import RoutePatterns

/// Routing rules an app loads at run time (from its server, from disk) on top of its registered
/// routes: redirects, disabled routes, group membership and exposure overrides.
///
/// A table is data from outside the app's code, so it restricts the app and never widens it: a
/// redirect that names a scheme and a disabled route's fallback lead only where
/// ``RouterConfiguration/fallbackAllowlist`` allows (else the open fails with
/// ``RouteFailure/routeTableTargetRefused(pattern:target:)``), and an exposure override makes an
/// internal route external only when the route consents (``RouteOptions/routeTableMayExpose``).
///
/// Every rule names a pattern that is matched against the route key of the URL being opened, the
/// same way routes are (so `promo/**` covers every promotion page). Where several rules of one kind
/// match, the most specific pattern wins, by the usual precedence.
///
/// A table is validated as a whole when it is created: it either holds only usable rules or it
/// does not exist. Setting ``Router/routeTable`` swaps it in atomically; the JSON form is read
/// by `DynamicRouteTable(json:)` in the `LinkRouter` module.
///
/// ```swift
/// let table = try DynamicRouteTable(
///     redirects: [.init(from: "promo/:id", to: "catalog/item/:id")],
///     disabledRoutes: [.init(pattern: "cart/checkout", fallback: "app://cart")]
/// )
/// router.routeTable = table
/// ```
public struct DynamicRouteTable: Sendable {
    /// The document version this library reads.
    public static let supportedVersion = 1

    /// URLs matching `from` open `to` instead; see ``Router/addRedirect(from:to:)`` for the syntax.
    /// A `to` that names a scheme must be allowed by ``RouterConfiguration/fallbackAllowlist``.
    public struct Redirect: Sendable, Hashable {
        /// The source pattern.
        public var from: String
        /// The target route key or URL template.
        public var to: String
        /// Creates a redirect.
        public init(from: String, to: String) {
            self.from = from
            self.to = to
        }
    }

    /// Routes matching `pattern` are switched off; opening one opens `fallback` instead, when
    /// ``RouterConfiguration/fallbackAllowlist`` allows it (a bare route key always is).
    public struct DisabledRoute: Sendable, Hashable {
        /// The routes switched off.
        public var pattern: String
        /// The URL opened instead.
        public var fallback: String
        /// Creates a disabled-route rule.
        public init(pattern: String, fallback: String) {
            self.pattern = pattern
            self.fallback = fallback
        }
    }

    /// Routes matching `pattern` join `groups`, in addition to the groups they were registered with.
    public struct GroupMembership: Sendable, Hashable {
        /// The routes that join.
        public var pattern: String
        /// The groups they join.
        public var groups: Set<String>
        /// Creates a group-membership rule.
        public init(pattern: String, groups: Set<String>) {
            self.pattern = pattern
            self.groups = groups
        }
    }

    /// Routes matching `pattern` get `exposure` instead of the one they were registered with:
    /// `internal` hides a route from outside; `external` exposes an internal route only when it
    /// consents (``RouteOptions/routeTableMayExpose``), and is refused for any other.
    public struct ExposureOverride: Sendable, Hashable {
        /// The routes affected.
        public var pattern: String
        /// Their exposure while the table is in force.
        public var exposure: RouteOptions.Exposure
        /// Creates an exposure override.
        public init(pattern: String, exposure: RouteOptions.Exposure) {
            self.pattern = pattern
            self.exposure = exposure
        }
    }

    /// The redirects, in document order.
    public let redirects: [Redirect]
    /// The disabled routes, in document order.
    public let disabledRoutes: [DisabledRoute]
    /// The group memberships, in document order.
    public let groupMemberships: [GroupMembership]
    /// The exposure overrides, in document order.
    public let exposureOverrides: [ExposureOverride]

    let redirectRules: [RedirectRule]
    let disabledPatterns: [RoutePattern]
    let groupPatterns: [RoutePattern]
    let exposurePatterns: [RoutePattern]

    /// A table with no rules: the registered routes as they are.
    public static let empty = DynamicRouteTable(
        redirects: [], disabledRoutes: [], groupMemberships: [], exposureOverrides: [],
        redirectRules: [], disabledPatterns: [], groupPatterns: [], exposurePatterns: []
    )

    /// Creates a table, checking every rule.
    ///
    /// - Throws: ``RouteTableError`` listing every pattern or redirect target that cannot be used,
    ///   each located as `redirects[2].to`.
    public init(
        redirects: [Redirect] = [],
        disabledRoutes: [DisabledRoute] = [],
        groupMemberships: [GroupMembership] = [],
        exposureOverrides: [ExposureOverride] = []
    ) throws(RouteTableError) {
        var problems: [RouteTableError.Problem] = []
        func parse(_ text: String, at location: String) -> RoutePattern? {
            do { return try RoutePattern(text) } catch {
                problems.append(.init(location: location, message: "\(error)"))
                return nil
            }
        }
        var redirectRules: [RedirectRule] = []
        for (index, redirect) in redirects.enumerated() {
            do {
                var rule = try RedirectRule(from: redirect.from, to: redirect.to)
                rule.isRouteTableRule = true
                redirectRules.append(rule)
            } catch {
                let field = if case .invalidSource = error { "from" } else { "to" }
                problems.append(.init(location: "redirects[\(index)].\(field)", message: "\(error)"))
            }
        }
        let disabledPatterns = disabledRoutes.enumerated().compactMap { index, rule in
            parse(rule.pattern, at: "disabled[\(index)].pattern")
        }
        for (index, rule) in disabledRoutes.enumerated() {
            do { _ = try RouteURL(rule.fallback) } catch {
                problems.append(.init(location: "disabled[\(index)].fallback", message: "\(error)"))
            }
        }
        let groupPatterns = groupMemberships.enumerated().compactMap { index, rule in
            parse(rule.pattern, at: "groups[\(index)].pattern")
        }
        let exposurePatterns = exposureOverrides.enumerated().compactMap { index, rule in
            parse(rule.pattern, at: "exposure[\(index)].pattern")
        }
        guard problems.isEmpty else { throw RouteTableError(problems: problems) }
        self.init(
            redirects: redirects, disabledRoutes: disabledRoutes, groupMemberships: groupMemberships,
            exposureOverrides: exposureOverrides, redirectRules: redirectRules, disabledPatterns: disabledPatterns,
            groupPatterns: groupPatterns, exposurePatterns: exposurePatterns
        )
    }

    private init(
        redirects: [Redirect], disabledRoutes: [DisabledRoute], groupMemberships: [GroupMembership],
        exposureOverrides: [ExposureOverride], redirectRules: [RedirectRule], disabledPatterns: [RoutePattern],
        groupPatterns: [RoutePattern], exposurePatterns: [RoutePattern]
    ) {
        self.redirects = redirects
        self.disabledRoutes = disabledRoutes
        self.groupMemberships = groupMemberships
        self.exposureOverrides = exposureOverrides
        self.redirectRules = redirectRules
        self.disabledPatterns = disabledPatterns
        self.groupPatterns = groupPatterns
        self.exposurePatterns = exposurePatterns
    }
}

/// Why a dynamic route table was rejected: every problem found, each with its location.
public struct RouteTableError: Error, Sendable, Hashable, CustomStringConvertible {
    /// One problem in a table document.
    public struct Problem: Sendable, Hashable, CustomStringConvertible {
        /// Where the problem is, as a path into the document: `redirects[2].to`, or `document`.
        public let location: String
        /// What is wrong.
        public let message: String

        /// Creates a problem.
        public init(location: String, message: String) {
            self.location = location
            self.message = message
        }

        /// The location, a colon, and the message: `redirects[2].to: ...`.
        public var description: String { "\(location): \(message)" }
    }

    /// The problems, in document order.
    public let problems: [Problem]

    /// Creates an error from its problems.
    public init(problems: [Problem]) {
        self.problems = problems
    }

    /// Every problem, one line each.
    public var description: String {
        "route table rejected (\(problems.count) problem\(problems.count == 1 ? "" : "s")):\n"
            + problems.map { "  \($0)" }.joined(separator: "\n")
    }
}
