/// A platform's candidate rules for an app's routes, explored once against the routes, and the
/// choice among them that `routes links` writes: the rules of the external routes, the exclusions
/// they need, in the order that decides right. The rules are of one platform's kind, so the file
/// is written from them as they are.
struct LinkRuleSet<Rule: LinkRule> {
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
        var rule: Rule
    }

    let routes: AppLinkRoutes
    let forms: [LinkForm]
    let candidates: [Candidate]
    let classes: LinkClasses
    /// The rules in effect.
    private(set) var rules: RuleList

    /// Explores the candidates against the routes; none is in effect yet.
    init(routes: AppLinkRoutes, forms: [LinkForm], candidates: [Candidate], semantics: RuleSemantics, budget: Int = LinkClasses.budget) {
        self.routes = routes
        self.forms = forms
        self.candidates = candidates
        classes = LinkClasses(routes: routes, forms: forms, rules: candidates.map(\.rule.expression), budget: budget)
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
    /// the rule out. Each pass looks at every class once; a change is checked again in the next.
    mutating func excludeInternalRoutes() {
        let internalClasses = classes.classes.filter { if case .internalRoute = $0.verdict { true } else { false } }
        for _ in 0..<(candidates.count + 1) {
            var changed = false
            var positions = rules.positions
            for pathClass in internalClasses {
                guard let claiming = rules.decide(pathClass, positions: positions).claimingRule,
                      let position = rules.order.firstIndex(of: claiming) else { continue }
                // The exclusion made for the internal route itself, else any that covers the path.
                let exclusions = pathClass.matchingRules.filter { candidates[$0].role == .internalRoute }
                let own = exclusions.first { forms[candidates[$0].form].pattern.text == pathClass.verdict.pattern }
                let exclusion: Int? = if case .firstMatch = rules.semantics { own ?? exclusions.first } else { nil }
                if let exclusion {
                    rules.order.removeAll { $0 == exclusion }
                    rules.order.insert(exclusion, at: rules.order.firstIndex(of: claiming) ?? position)
                } else {
                    rules.order.remove(at: position)
                }
                positions = rules.positions
                changed = true
            }
            if !changed { return }
        }
    }

    /// How a class counts, for the decisions below.
    private enum Standing: Equatable {
        case openedClaimed, openedUnclaimed, internalClaimed, overClaimed, other
    }

    private func standing(_ pathClass: LinkClasses.PathClass, positions: [Double]) -> Standing {
        let claimed = rules.decide(pathClass, positions: positions).claimed
        switch pathClass.verdict {
        case .opens: return !pathClass.isCanonical ? .other : claimed ? .openedClaimed : .openedUnclaimed
        case .internalRoute: return claimed ? .internalClaimed : .other
        case .refused, .noRoute: return claimed && pathClass.isCanonical ? .overClaimed : .other
        }
    }

    /// Whether the rules at `trial` positions, which differ from `positions` for `rule` alone,
    /// leave every opened path claimed as before, claim no internal path, and over-claim no more
    /// (`strictlyFewer`: fewer). Only the classes the rule matches can change.
    private func keeps(_ rule: Int, from positions: [Double], to trial: [Double], strictlyFewer: Bool) -> Bool {
        var overClaims = 0
        for index in classes.classesMatching[rule] {
            let pathClass = classes.classes[index]
            let (before, after) = (standing(pathClass, positions: positions), standing(pathClass, positions: trial))
            if before == .openedClaimed, after != .openedClaimed { return false }
            if after == .internalClaimed, before != .internalClaimed { return false }
            overClaims += (after == .overClaimed ? 1 : 0) - (before == .overClaimed ? 1 : 0)
        }
        return strictlyFewer ? overClaims < 0 : overClaims <= 0
    }

    /// Adds the exclusions of deeper paths that narrow an include's over-claim without leaving
    /// any path the app opens unclaimed.
    mutating func excludeDeeperPaths() {
        var positions = rules.positions
        for (index, candidate) in candidates.enumerated() where candidate.role == .deeperPaths {
            // Before the first include of its form that is in effect.
            guard let include = rules.order.first(where: { candidates[$0].form == candidate.form && candidates[$0].role == .include }) else { continue }
            var trial = positions
            trial[index] = positions[include] - 0.5
            guard keeps(index, from: positions, to: trial, strictlyFewer: true), let place = rules.order.firstIndex(of: include) else { continue }
            rules.order.insert(index, at: place)
            positions = rules.positions
        }
    }

    /// Leaves out every rule whose absence leaves as many opened paths claimed, no internal path
    /// claimed and no more over-claims: rules another one covers, exclusions nothing after them
    /// would claim, includes that claim only what the app does not open.
    mutating func removeNeedlessRules() {
        var positions = rules.positions
        for position in rules.order.indices.reversed() {
            let rule = rules.order[position]
            var trial = positions
            trial[rule] = .infinity
            guard keeps(rule, from: positions, to: trial, strictlyFewer: false) else { continue }
            rules.order.remove(at: position)
            positions = trial
        }
    }
}

extension LinkCoverage {
    /// The classes of paths claimed that the app does not open.
    var overClaimClassCount: Int { overClaims.reduce(0) { $0 + $1.classCount } }
}

/// A rule as a platform writes it: an `apple-app-site-association` component, an Android
/// `<data>` path attribute.
protocol LinkRule {
    /// The paths without query or fragment that it matches.
    var expression: PathExpression { get }
    /// Whether it excludes what it matches.
    var excludes: Bool { get }
    /// The rule as the file writes it: `{ "/": "/user/?*" }`, `<data android:pathPattern="/user/..*">`.
    var text: String { get }
}

/// An `apple-app-site-association` component, with the case sensitivity its app's defaults give it.
struct AppleRule: LinkRule {
    var component: AppleAppSiteAssociation.Component
    let caseSensitive: Bool

    var expression: PathExpression { component.expression(caseSensitive: caseSensitive) }
    var excludes: Bool { component.exclude }
    var text: String {
        var bare = component
        bare.comment = nil
        return bare.json
    }
}

extension AndroidPathRule: LinkRule {
    var excludes: Bool { false }
    var text: String { "<data android:\(kind.rawValue)=\"\(AndroidIntentFilters.resourceEscaped(value))\">" }
}

/// What an intent filter of a deployed file claims of a host's paths: those of one of its path
/// attributes, or every path, for a filter without one.
enum AndroidFilterRule: LinkRule {
    case attribute(AndroidPathRule)
    case everyPath

    var expression: PathExpression {
        switch self {
        case .attribute(let rule): rule.expression
        case .everyPath: .anything
        }
    }

    var excludes: Bool { false }

    var text: String {
        switch self {
        case .attribute(let rule): rule.text
        case .everyPath: "a filter without a path attribute"
        }
    }
}
