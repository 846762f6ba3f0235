// The checks of what the annotations declare beside routes: routable protocols and their
// providers, route groups and the names that use them. Each takes a pass's records and returns
// its problems, so that discovery (and `AppRoutes.validate()` through it) and `routes check` ask
// the same code.

/// The checks of routable protocols (`#routableProtocol`, records of kind `'prot'`) and declared
/// groups (`@DeclaredGroup`, `'grup'`) against the routes, services and interceptors of a pass.
///
/// A protocol's names compare as written, and a name qualified by its module
/// (`ShopInterfaces.SessionService`) matches the unqualified one (`SessionService`) too: an
/// annotation may write either.
package enum DeclarationChecks {
    /// One problem: its record (where it is reported) and its message.
    package struct Problem: Sendable, CustomStringConvertible {
        /// What kind of problem it is.
        package enum Kind: Sendable, Hashable {
            /// A routable protocol that no page offers and no service implements.
            case protocolWithoutProvider
            /// A page offers, or a service implements, a protocol no module declares routable.
            case undeclaredProtocol
            /// A route or an interceptor scope names a group that no module declares.
            case unknownGroup
        }

        /// What kind of problem it is.
        package let kind: Kind
        /// The record at fault: the declaration without a provider, or the record that names an
        /// undeclared protocol or group.
        package let record: RouteRecord
        /// One line saying what is wrong and how to fix it, without the record's location.
        package let message: String

        /// The message, then the record's location: what discovery reports.
        package var description: String { "\(message) (\(record.location))" }
    }

    /// Every problem of a pass's records, in this order: routable protocols without a provider,
    /// protocols offered or implemented but not declared routable, groups no module declares.
    /// (``RecordChecks`` hands it the pass's route records read whole once, for every check.)
    package static func problems(
        routes: [RouteRecord], services: [RouteRecord], hooks: [RouteRecord], declarations: [RouteRecord]
    ) -> [Problem] {
        protocolsWithoutProvider(routes: routes, services: services, declarations: declarations)
            + undeclaredProtocols(routes: routes, services: services, declarations: declarations)
            + unknownGroups(routes: routes, hooks: hooks, declarations: declarations)
    }

    /// A routable protocol that no page of `routes` offers (`as:`) and no service implements:
    /// "routable protocol 'SessionService' has no provider in the linked modules".
    package static func protocolsWithoutProvider(routes: [RouteRecord], services: [RouteRecord], declarations: [RouteRecord]) -> [Problem] {
        let provided = routes.compactMap(\.declaredProtocol) + services.map(\.pattern)
        var seen: Set<String> = []
        return declarations.filter { $0.kind == .routableProtocol }.compactMap { declaration in
            guard seen.insert(declaration.pattern).inserted, !provided.contains(where: { sameProtocol($0, declaration.pattern) }) else { return nil }
            return Problem(
                kind: .protocolWithoutProvider, record: declaration,
                message: "routable protocol '\(declaration.pattern)' has no provider in the linked modules: "
                    + "no @Routable(as:) page offers it and no @RoutableService implements it; link the module that provides it, or remove the declaration"
            )
        }
    }

    /// A page that offers, or a service that implements, a protocol that no record declares
    /// routable: "the service 'SessionService' ... implements a protocol no module declares
    /// routable; declare it: #routableProtocol((any SessionService).self)".
    package static func undeclaredProtocols(routes: [RouteRecord], services: [RouteRecord], declarations: [RouteRecord]) -> [Problem] {
        let declared = declarations.filter { $0.kind == .routableProtocol }.map(\.pattern)
        let users = routes.compactMap { record in record.declaredProtocol.map { (record, $0, "the page of '\(record.pattern)' offers") } }
            + services.map { ($0, $0.pattern, "a service implements") }
        return users.compactMap { record, name, what in
            guard !declared.contains(where: { sameProtocol($0, name) }) else { return nil }
            return Problem(
                kind: .undeclaredProtocol, record: record,
                message: "\(what) '\(name)', a protocol no linked module declares routable; "
                    + "declare it where it is declared, or in a module that sees it: #routableProtocol((any \(name)).self)"
            )
        }
    }

    /// A group that a route (its `groups:`) or an interceptor's scope (`.group(...)`) names and
    /// no record declares: "group 'requiresLogni' of route 'cart' is declared nowhere".
    package static func unknownGroups(routes: [RouteRecord], hooks: [RouteRecord], declarations: [RouteRecord]) -> [Problem] {
        let declared = Set(declarations.filter { $0.kind == .group }.map(\.pattern))
        let fix = { (group: String) in
            "declare it once, 'extension RouteGroup { @DeclaredGroup static var \(group): RouteGroup }', and name it '.\(group)'"
        }
        var problems: [Problem] = []
        for record in routes {
            for group in record.groups where !declared.contains(group) {
                problems.append(Problem(
                    kind: .unknownGroup, record: record,
                    message: "group '\(group)' of route '\(record.pattern)' is declared nowhere in the linked modules; \(fix(group))"
                ))
            }
        }
        for record in hooks {
            guard case .group(let group)? = record.interceptor?.scope, !declared.contains(group) else { continue }
            problems.append(Problem(
                kind: .unknownGroup, record: record,
                message: "group '\(group)' of interceptor '\(record.pattern)' is declared nowhere in the linked modules; \(fix(group))"
            ))
        }
        return problems
    }

    /// Whether two protocol names name one protocol: equal, or equal once the module qualifying
    /// one of them is dropped.
    static func sameProtocol(_ first: String, _ second: String) -> Bool {
        if first == second { return true }
        let (a, b) = (first.split(separator: "."), second.split(separator: "."))
        guard a.count != b.count, let shorter = [a, b].min(by: { $0.count < $1.count }), let longer = [a, b].max(by: { $0.count < $1.count }) else {
            return false
        }
        return Array(longer.suffix(shorter.count)) == shorter
    }
}
