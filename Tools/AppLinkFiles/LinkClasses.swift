/// Every class of link paths that an app's route forms and a set of platform rules can tell apart,
/// each with what the app does with it and which rules match it.
///
/// The paths are those of ``LinkForm/canonicalPaths`` and ``LinkForm/trailingSlashPaths``. Rules
/// may be reordered or left out afterwards without exploring again: a class's rule matches stay
/// true, only the decision made from them changes.
struct LinkClasses {
    /// One class of paths.
    struct PathClass {
        /// Its shortest path.
        let path: String
        /// Whether the path is canonical (no `/` at its end, but for the root).
        let isCanonical: Bool
        /// What the app does with a link to it.
        let verdict: LinkVerdict
        /// The rules that match it, in index order: few, so deciding looks at these alone.
        let matchingRules: [Int]

        /// Whether the rule matches it.
        func matches(_ rule: Int) -> Bool {
            var (low, high) = (0, matchingRules.count)
            while low < high {
                let middle = (low + high) / 2
                if matchingRules[middle] < rule { low = middle + 1 } else { high = middle }
            }
            return low < matchingRules.count && matchingRules[low] == rule
        }
    }

    /// The classes, shortest paths first.
    let classes: [PathClass]
    /// For each rule, the classes it matches, by index.
    let classesMatching: [[Int]]
    /// `false` when the exploration stopped at its budget: the classes found are not all, and
    /// nothing can be said of the others.
    let isComplete: Bool

    /// The exploration's budget, in steps of ``PathClasses/explore(_:alphabet:budget:_:)``: the
    /// demo's files take 50,000 to 81,000, the generated tables of AppLinksCrossCheckTests (up to
    /// a hundred routes) up to 5,100,000. A hostile file stops at it, the same on every machine:
    /// fifteen Android `pathPattern`s of `/` and `.*a` 500 times take 0.75 s of processor time and
    /// 27 MB in a debug build (when the budget counted classes of paths and only some of their
    /// work, they took 22 s and 272 MB, and one of them 14 s).
    static let budget = 20_000_000
    /// The budget this exploration had.
    let budget: Int
    /// The steps it took.
    let steps: Int

    /// Explores the classes of the routes' forms and the rules.
    init(routes: AppLinkRoutes, forms: [LinkForm], rules: [PathExpression], budget: Int = LinkClasses.budget) {
        self.budget = budget
        let expressions = [LinkForm.canonicalPaths, LinkForm.trailingSlashPaths] + forms.map(\.expression) + rules
        let formRange = 2..<(2 + forms.count)
        let ruleRange = formRange.upperBound..<expressions.count
        var verdicts: [[Int]: LinkVerdict] = [:]
        var classes: [PathClass] = []
        let exploration = PathClasses.explore(expressions, alphabet: ByteSet.unreserved.union(.slash), budget: budget) { visit in
            let matching = visit.matching
            if matching.first == 0 || matching.first == 1 {
                let formMatches = matching.filter(formRange.contains)
                // The router's answer depends only on which forms match.
                let verdict = verdicts[formMatches] ?? routes.verdict(path: visit.path)
                verdicts[formMatches] = verdict
                classes.append(PathClass(
                    path: visit.path, isCanonical: matching.first == 0, verdict: verdict,
                    matchingRules: matching.filter(ruleRange.contains).map { $0 - ruleRange.lowerBound }
                ))
            }
            // Continue while the path can still become one, and some form or rule can still match.
            let alive = visit.alive
            return (alive.first == 0 || alive.first == 1) && alive.contains { $0 >= 2 }
        }
        (isComplete, steps) = (exploration.isComplete, exploration.steps)
        self.classes = classes
        var matching = [[Int]](repeating: [], count: rules.count)
        for (index, pathClass) in classes.enumerated() {
            for rule in pathClass.matchingRules { matching[rule].append(index) }
        }
        classesMatching = matching
    }
}

/// How a platform's rules decide a path.
enum RuleSemantics {
    /// In order, the first rule that matches decides, claiming the path or, for an exclusion,
    /// not (`apple-app-site-association` components).
    case firstMatch
    /// Any rule that matches claims the path (Android `<data>` paths).
    case anyMatch
}

/// The rules in effect: which of the explored rules, in which order, under which semantics.
struct RuleList {
    /// Indices into the explored rules, in the order they are tried.
    var order: [Int]
    let semantics: RuleSemantics
    /// Whether each explored rule excludes what it matches.
    let excludes: [Bool]

    /// Each explored rule's place in ``order``; infinity for a rule not in effect. (A rule can be
    /// tried between two others at a fractional place.)
    var positions: [Double] {
        var positions = [Double](repeating: .infinity, count: excludes.count)
        for (position, rule) in order.enumerated() { positions[rule] = Double(position) }
        return positions
    }

    /// Whether the rules claim the class, and the rule that decided (or the first that claims),
    /// given the rules' ``positions``.
    func decide(_ pathClass: LinkClasses.PathClass, positions: [Double]) -> Decision {
        guard let rule = pathClass.matchingRules.min(by: { positions[$0] < positions[$1] }), positions[rule] != .infinity else {
            return Decision(claimed: false, rule: nil)
        }
        switch semantics {
        case .firstMatch: return Decision(claimed: !excludes[rule], rule: rule)
        case .anyMatch: return Decision(claimed: true, rule: rule)
        }
    }

    /// What the rules decide for a class.
    struct Decision {
        /// Whether they claim its paths.
        let claimed: Bool
        /// The rule that decided (or the first that claims), if one matches.
        let rule: Int?
        /// The rule that claims the paths, when they are claimed.
        var claimingRule: Int? { claimed ? rule : nil }
    }

    /// Whether the rules claim the class, and the rule that decided (or the first that claims).
    func decide(_ pathClass: LinkClasses.PathClass) -> Decision {
        decide(pathClass, positions: positions)
    }
}

/// What a set of rules claims compared with what the app opens: the basis of every report of
/// `routes links`.
struct LinkCoverage {
    /// A rule that claims paths the app does not open from the web.
    struct OverClaim {
        /// The rule, by its index among the explored rules.
        let rule: Int
        /// The shortest such path.
        let example: String
        /// Why the app does not open it.
        let verdict: LinkVerdict
        /// How many classes of such paths.
        var classCount: Int
    }

    /// An external route with paths that the app opens from the web and the rules do not claim.
    struct Unclaimed {
        /// The route's pattern.
        let pattern: String
        /// The shortest such path.
        let example: String
        /// The rule that excludes it, if one does.
        let excludedBy: Int?
    }

    /// A rule that claims a path of an internal route.
    struct InternalClaim {
        let rule: Int
        let pattern: String
        let example: String
    }

    var overClaims: [OverClaim] = []
    var unclaimed: [Unclaimed] = []
    var internalClaims: [InternalClaim] = []
    /// Rules that claim paths, none of which the app opens.
    var rulesClaimingNothingOpened: [Int] = []
    /// Canonical classes the app opens from the web, and of them those the rules claim.
    var openedClassCount = 0
    var claimedOpenedClassCount = 0
    /// Whether every class was explored.
    var isComplete = true

    init(classes: LinkClasses, rules: RuleList) {
        isComplete = classes.isComplete
        var overClaimIndex: [String: Int] = [:]
        var unclaimedPatterns: Set<String> = []
        var internalIndex: Set<String> = []
        var openingRules: Set<Int> = []
        var claimingRules: Set<Int> = []
        let positions = rules.positions
        for pathClass in classes.classes {
            let decision = rules.decide(pathClass, positions: positions)
            let (claimed, rule) = (decision.claimed, decision.rule)
            if claimed, let rule { claimingRules.insert(rule) }
            switch pathClass.verdict {
            case .opens(let pattern):
                guard pathClass.isCanonical else { continue }
                openedClassCount += 1
                if claimed {
                    claimedOpenedClassCount += 1
                    if let rule { openingRules.insert(rule) }
                } else if unclaimedPatterns.insert(pattern).inserted {
                    unclaimed.append(Unclaimed(pattern: pattern, example: pathClass.path, excludedBy: rule))
                }
            case .internalRoute(let pattern):
                guard claimed, let rule, internalIndex.insert("\(rule) \(pattern)").inserted else { continue }
                internalClaims.append(InternalClaim(rule: rule, pattern: pattern, example: pathClass.path))
            case .refused, .noRoute:
                guard claimed, pathClass.isCanonical, let rule else { continue }
                let key = "\(rule) \(pathClass.verdict)"
                if let index = overClaimIndex[key] {
                    overClaims[index].classCount += 1
                } else {
                    overClaimIndex[key] = overClaims.count
                    overClaims.append(OverClaim(rule: rule, example: pathClass.path, verdict: pathClass.verdict, classCount: 1))
                }
            }
        }
        rulesClaimingNothingOpened = claimingRules.subtracting(openingRules).sorted()
    }

    /// Whether the rules claim every path the app opens and no path of an internal route.
    var isSound: Bool { unclaimed.isEmpty && internalClaims.isEmpty }
}
