// Re-exported, so that a test importing LinkRouterTesting alone names Router, RouterConfiguration...
@_exported public import LinkRouter
import RouteRecordReader

/// The routes and services that the modules linked into a test declare by annotation, discovered
/// into a new router, with checks a test calls to assert they are sound.
///
/// Works with Swift Testing and XCTest alike: each check returns the problems it finds, or throws a
/// ``RouteTestFailure`` that lists them.
///
/// ```swift
/// import LinkRouterTesting
/// import Testing
///
/// @Test func appRoutes() throws {
///     let routes = AppRoutes(requiring: [(any SessionService).self])
///     try routes.validate()                                  // every check of `routes check`: no bad record, duplicate, tie, ...
///     try routes.expect(resolving: ["app://user/42": "user/<int:id>", "app://cart": "cart"])
/// }
/// ```
///
/// The test target depends on the feature modules whose routes it checks; it need not import them.
public struct AppRoutes: Sendable {
    /// The router the annotated routes and services were registered in (manual discovery: it
    /// registers nothing more on its own).
    public let router: Router
    /// What discovery found and registered.
    public let report: DiscoveryReport

    /// Discovers the annotated routes and services of every loaded object into a new router.
    ///
    /// - Parameters:
    ///   - configuration: The router's configuration: the app's, so that URLs resolve as in the app.
    ///   - services: The service protocols the app requires, as `(any SessionService).self`; one
    ///     without an implementation is a problem.
    public init(configuration: RouterConfiguration = RouterConfiguration(), requiring services: [any Sendable.Type] = []) {
        let router = Router(configuration: configuration, discovery: .manual)
        router.services.require(services)
        self.router = router
        // Every check `routes check` runs, those that read the files on disk included.
        report = router.registerRoutes(checking: .thorough)
    }

    /// Every problem with the discovered routes and services, one line each, as discovery found
    /// them with every check `routes check` runs: records discovery skipped, duplicate routes,
    /// services, interceptors and modules, overrides refused, records that cannot be resolved,
    /// required services with no implementation (each naming its file, offset and symbol),
    /// interceptor scopes that match no route, pages that do not offer the protocol their route
    /// declares, then the ties and shadowed routes (``/LinkRouter/DiscoveryReport/conflicts``:
    /// the router is new, so they are all of its conflicts). Empty when all is well.
    ///
    /// Interceptors and modules replaced by another's override are not here: ``validate(expectingOverrides:)``
    /// fails on those its caller does not expect (``overrides``).
    public var problems: [String] {
        report.diagnostics + report.findings.filter { $0.kind == .tie || $0.kind == .shadowed }.map(\.line)
    }

    /// Every interceptor and module replaced by another's override, one line each naming both
    /// records, with the name of the one replaced: what ``validate(expectingOverrides:)`` fails
    /// on unless expected.
    public var overrides: [(replaced: String, line: String)] {
        report.findings.filter { $0.kind == .hookOverridden }.map { ($0.subject ?? "", $0.line) }
    }

    /// Checks that the discovered routes and services have no problem (``problems``), and that
    /// no interceptor or module was replaced by another's override but those expected.
    ///
    /// A guard replaced is a decision of the app: a library, or an override in the executable,
    /// that replaces an interceptor or a module's set-up fails this check until the test names it.
    ///
    /// ```swift
    /// try routes.validate(expectingOverrides: ["Auth.LoginInterceptor"])
    /// ```
    ///
    /// - Parameter expected: The interceptors and modules, by name (as ``overrides`` gives it:
    ///   `Auth.LoginInterceptor`, or an explicit name such as `audit`), whose replacement is expected.
    /// - Throws: ``RouteTestFailure`` listing every problem and every replacement not expected.
    public func validate(expectingOverrides expected: Set<String> = []) throws(RouteTestFailure) {
        let unexpected = overrides.filter { !expected.contains($0.replaced) }.map { "unexpected override: " + $0.line }
        let problems = problems + unexpected
        guard problems.isEmpty else { throw RouteTestFailure(check: "the app's routes and services", problems: problems) }
    }

    /// The URLs that do not resolve to the pattern expected for them, one line each saying what
    /// they resolve to instead, or why they resolve to nothing.
    ///
    /// - Parameter expectations: Each URL and the pattern it should resolve to, as registered
    ///   (`"app://user/42": "user/<int:id>"`).
    /// - Returns: One line per URL that does not resolve as expected; empty when all do.
    public func mismatches(resolving expectations: KeyValuePairs<String, String>) -> [String] {
        expectations.compactMap { url, pattern in
            do {
                let resolved = try router.resolve(url).pattern.text
                return resolved == pattern ? nil : "'\(url)' resolves to '\(resolved)', not '\(pattern)'"
            } catch {
                return "'\(url)' does not resolve to '\(pattern)': \(error)"
            }
        }
    }

    /// Checks that each URL resolves to the pattern expected for it.
    ///
    /// - Parameter expectations: Each URL and the pattern it should resolve to, as registered.
    /// - Throws: ``RouteTestFailure`` listing every URL that does not (``mismatches(resolving:)``).
    public func expect(resolving expectations: KeyValuePairs<String, String>) throws(RouteTestFailure) {
        let mismatches = mismatches(resolving: expectations)
        guard mismatches.isEmpty else { throw RouteTestFailure(check: "URLs and their routes", problems: mismatches) }
    }

    /// The required services that have no implementation, one line each.
    ///
    /// The services given are marked required on ``router`` from then on.
    ///
    /// - Parameter services: Service protocols, as `(any SessionService).self`, in addition to
    ///   those required when the routes were discovered.
    /// - Returns: One line per protocol nothing implements; empty when all have an implementation.
    public func missingServices(_ services: [any Sendable.Type] = []) -> [String] {
        router.services.require(services)
        return router.services.validate().compactMap { problem in
            if case .missing = problem { problem.description } else { nil }
        }
    }

    /// Checks that every required service has an implementation.
    ///
    /// - Parameter services: Service protocols, in addition to those required at discovery.
    /// - Throws: ``RouteTestFailure`` listing every protocol nothing implements.
    public func expectImplementations(of services: [any Sendable.Type] = []) throws(RouteTestFailure) {
        let missing = missingServices(services)
        guard missing.isEmpty else { throw RouteTestFailure(check: "required services", problems: missing) }
    }
}

/// What a check of ``AppRoutes`` found wrong: every problem, one line each.
public struct RouteTestFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was checked: `the app's routes and services`, `URLs and their routes`, `required services`.
    public let check: String
    /// Every problem found, one line each, naming where it is (file, offset, symbol; URL, pattern).
    public let problems: [String]

    /// Creates a failure.
    ///
    /// - Parameters:
    ///   - check: What was checked.
    ///   - problems: Every problem found, one line each.
    public init(check: String, problems: [String]) {
        self.check = check
        self.problems = problems
    }

    /// `2 problem(s) in the app's routes and services:` then one indented line per problem.
    public var description: String {
        (["\(problems.count) problem(s) in \(check):"] + problems.map { "  - " + $0 }).joined(separator: "\n")
    }
}
