/// Where a page made for a route comes from.
enum PageOrigin {
    /// The door's own page: the one given to it (``OpenOptions/page``), or one its route builds.
    case opened
    /// A parent of the open's page, built for a deep link.
    case parent
    /// A page already shown updated itself with the open's parameters (update in place).
    case updated(any Routable)

    /// Whether the page is a parent, which the caller's configuration does not concern.
    var isParent: Bool { if case .parent = self { true } else { false } }
}

/// What the door's caller asks of the page it reaches: a page it made, and a type the page must
/// offer with its configuration through it.
struct PageRequest {
    /// The page the caller made (``OpenOptions/page``), shown where one would be built.
    let given: (any Routable)?
    /// What the caller asks of the page: a protocol it offers, and its configuration through it
    /// (``OpenOptions/pageConfiguration``).
    let configuration: PageConfiguration?

    /// Why the action route `route` cannot answer this request: the caller gave a page or asked
    /// for a type of page; `nil` when it did neither.
    @inline(__always)
    func refusesAction(of route: ResolvedRoute) -> RouteFailure? {
        // Optional chains, not comparisons with `nil`: those copy each optional through its witnesses.
        guard let actual = given.map({ "\(type(of: $0))" }) ?? configuration?.typeName else { return nil }
        return .pageMismatch(pattern: route.pattern.text, expected: "an action", actual: actual)
    }
}

extension RouterSnapshot {
    /// Makes the page of a route, configures it as the caller asked (``PageConfiguration``; not a
    /// parent) and prepares it (``RouterConfiguration/preparePage``): the one place a page is made
    /// — the page of `open` (given or built) or `page(for:)`, each parent built for a deep link,
    /// and a page updated in place.
    /// - Returns: The page, or why there is none: the page given is not of the route's kind, the
    ///   route is an action or refuses its parameters, the page does not offer the type asked for,
    ///   or the configuration or the hook throws.
    func page(for route: ResolvedRoute, _ origin: PageOrigin, request: PageRequest, trace: TraceRecorder?) -> Result<any Routable, RouteFailure> {
        let pattern = route.pattern.text
        var made: any Routable
        switch unprepared(for: route, origin, given: request.given) {
        case .success(let page): made = page
        case .failure(let failure): return .failure(failure)
        }
        if let asked = request.configuration, !origin.isParent {
            switch asked.apply(to: made, pattern: pattern) {
            case .success(let configured): made = configured
            case .failure(let failure):
                trace?.record(.navigate) { _ in "configuring page '\(pattern)' as \(asked.typeName) failed: \(failure)" }
                return .failure(failure)
            }
        }
        guard let preparePage = configuration.preparePage else { return .success(made) }
        do {
            return .success(try preparePage(made, route))
        } catch {
            trace?.record(.navigate) { _ in "preparing page '\(pattern)' failed: \(error)" }
            return .failure(.navigationFailed(pattern: pattern, underlying: error))
        }
    }

    /// The page before it is configured and prepared: the page updated in place, the page given
    /// (of the route's kind), or the one the route builds from its parameters.
    private func unprepared(for route: ResolvedRoute, _ origin: PageOrigin, given: (any Routable)?) -> Result<any Routable, RouteFailure> {
        let pattern = route.pattern.text
        if case .updated(let page) = origin { return .success(page) }
        if case .opened = origin, let given {
            let actual = "\(type(of: given))"
            switch route.handler {
            case .pageType(let type) where ObjectIdentifier(type) != ObjectIdentifier(Swift.type(of: given)):
                return .failure(.pageMismatch(pattern: pattern, expected: "\(type) pages", actual: actual))
            case .action:
                return .failure(.pageMismatch(pattern: pattern, expected: "an action", actual: actual))
            case .pageType, .pageFactory:
                return .success(given)
            }
        }
        let made: (any Routable)?
        switch route.handler {
        case .action:
            // An action route is performed as an action and only page routes are taken as
            // parents, so no page is asked of one; were one asked, this is the answer.
            return .failure(.pageMismatch(pattern: pattern, expected: "an action", actual: "a page"))
        case .pageType(let type):
            do { made = try type.init(parameters: route.parameters) } catch {
                return .failure(.parametersRejected(pattern: pattern, underlying: error))
            }
        case .pageFactory(let factory):
            do { made = try factory(route.parameters) } catch {
                return .failure(.parametersRejected(pattern: pattern, underlying: error))
            }
        }
        guard let made else { return .failure(.parametersRejected(pattern: pattern, underlying: nil)) }
        return .success(made)
    }
}
