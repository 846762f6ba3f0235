/// A platform's candidate rules for an app's routes, explored once against the routes, and the
/// choice among them that `routes links` writes: the rules of the external routes, the exclusions
/// they need, in the order that decides right.
struct LinkRuleSet {
    /// One candidate rule.
    struct Candidate {
        /// Why the rule exists.
        enum Role: Equatable {
            /// It claims the paths of an external route's form.
            case include
            /// It excludes the paths of an internal route's form.
            case internalRoute
            /// It excludes the paths where an include's `*` would span several segments for the
            /// one a placeholder takes.
            case deeperPaths
        }

        let role: Role
        /// The form it is made for, by index.
        let form: Int
        let rule: LinkRule
    }

    let routes: AppLinkRoutes
    let forms: [LinkForm]
    let candidates: [Candidate]
    let classes: LinkClasses
    /// The rules in effect.
    private(set) var rules: RuleList

    /// Explores the candidates against the routes; none is in effect yet.
    init(routes: AppLinkRoutes, forms: [LinkForm], candidates: [Candidate], semantics: RuleSemantics) {
        self.routes = routes
        self.forms = forms
        self.candidates = candidates
        classes = LinkClasses(routes: routes, forms: forms, rules: candidates.map(\.rule.expression))
        rules = RuleList(order: [], semantics: semantics, excludes: candidates.map(\.rule.excludes))
    }

    /// Puts every candidate in effect, in the order given (a deployed file's rules).
    mutating func useAll() {
        rules.order = Array(candidates.indices)
    }

    /// What the rules in effect claim, compared with what the app opens.
    var coverage: LinkCoverage { LinkCoverage(classes: classes, rules: rules) }

    /// Puts the candidates for each form in effect, forms in the order `LinkForm.precedes` gives
    /// (registration order for ties), leaving out the roles not asked for.
    mutating func start(with roles: [Candidate.Role]) {
        let formOrder = forms.indices.sorted { lhs, rhs in
            LinkForm.precedes(forms[lhs], forms[rhs]) || (!LinkForm.precedes(forms[rhs], forms[lhs]) && lhs < rhs)
        }
        rules.order = formOrder.flatMap { form in
            candidates.indices.filter { candidates[$0].form == form && roles.contains(candidates[$0].role) }
        }
    }

    /// Ensures no rule claims a path of an internal route: first by moving the internal route's
    /// exclusion before the rule that claims it (where the first match decides), else by taking
    /// the rule out.
    mutating func excludeInternalRoutes() {
        for _ in 0..<(candidates.count * candidates.count + 1) {
            let positions = rules.positions
            guard let pathClass = classes.classes.first(where: { pathClass in
                guard case .internalRoute = pathClass.verdict else { return false }
                return rules.decide(pathClass, positions: positions).claimed
            }), let claiming = rules.decide(pathClass, positions: positions).rule, let position = rules.order.firstIndex(of: claiming) else { return }
            // The exclusion made for the internal route itself, else any that covers the path.
            let exclusions = candidates.indices.filter { candidates[$0].role == .internalRoute && pathClass.ruleMatches[$0] }
            let own = exclusions.first { forms[candidates[$0].form].pattern.text == pathClass.verdict.pattern }
            let exclusion: Int? = if case .firstMatch = rules.semantics { own ?? exclusions.first } else { nil }
            if let exclusion {
                rules.order.removeAll { $0 == exclusion }
                rules.order.insert(exclusion, at: rules.order.firstIndex(of: claiming) ?? position)
            } else {
                rules.order.remove(at: position)
            }
        }
    }

    /// Adds the exclusions of deeper paths that narrow an include's over-claim without leaving
    /// any path the app opens unclaimed.
    mutating func excludeDeeperPaths() {
        var tried = Set<Int>()
        while true {
            let current = coverage
            let (candidates, order) = (candidates, rules.order)
            let candidate = current.overClaims.compactMap { overClaim -> (Int, Int)? in
                let form = candidates[overClaim.rule].form
                return candidates.indices.first { index in
                    candidates[index].role == .deeperPaths && candidates[index].form == form && !tried.contains(index) && !order.contains(index)
                }.map { ($0, overClaim.rule) }
            }.first
            guard let (exclusion, include) = candidate, let position = rules.order.firstIndex(of: include) else { return }
            tried.insert(exclusion)
            var trial = rules
            trial.order.insert(exclusion, at: position)
            let after = LinkCoverage(classes: classes, rules: trial)
            if after.claimedOpenedClassCount == current.claimedOpenedClassCount, after.overClaimClassCount < current.overClaimClassCount {
                rules = trial
            }
        }
    }

    /// Leaves out every rule whose absence leaves as many opened paths claimed, no internal path
    /// claimed and no more over-claims: rules another one covers, exclusions nothing after them
    /// would claim, includes that claim only what the app does not open.
    mutating func removeNeedlessRules() {
        var current = coverage
        for position in rules.order.indices.reversed() {
            var trial = rules
            trial.order.remove(at: position)
            let after = LinkCoverage(classes: classes, rules: trial)
            if after.claimedOpenedClassCount == current.claimedOpenedClassCount, after.internalClaims.isEmpty,
               after.overClaimClassCount <= current.overClaimClassCount {
                rules = trial
                current = after
            }
        }
    }
}

extension LinkCoverage {
    /// The classes of paths claimed that the app does not open.
    var overClaimClassCount: Int { overClaims.reduce(0) { $0 + $1.classCount } }
}

/// A rule as a platform writes it.
enum LinkRule {
    /// An `apple-app-site-association` component.
    case component(AppleAppSiteAssociation.Component, caseSensitive: Bool)
    /// An Android `<data>` path attribute; `nil` for a filter without one, which claims every path.
    case androidPath(AndroidPathRule?)

    /// The paths without query or fragment that it matches.
    var expression: PathExpression {
        switch self {
        case .component(let component, let caseSensitive): component.expression(caseSensitive: caseSensitive)
        case .androidPath(let rule): rule?.expression ?? .anything
        }
    }

    /// Whether it excludes what it matches.
    var excludes: Bool {
        if case .component(let component, _) = self { component.exclude } else { false }
    }

    /// The rule as the file writes it: `{ "/": "/user/?*" }`, `pathPattern="/user/..*"`.
    var text: String {
        switch self {
        case .component(let component, _):
            var bare = component
            bare.comment = nil
            return bare.json
        case .androidPath(let rule?): return "<data android:\(rule.kind.rawValue)=\"\(AndroidIntentFilters.resourceEscaped(rule.value))\">"
        case .androidPath(nil): return "a filter without a path attribute"
        }
    }
}
