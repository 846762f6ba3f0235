import LinkRouterCore

/// What `routes links` says on standard error about a file it wrote or checked: over-claims
/// (warnings), routes not claimed, internal routes claimed and rules no route takes (errors when
/// checking; routes not claimed are warnings when writing), then a summary.
struct LinkReport {
    /// The files of paths: those whose rules claim a web host's paths one by one.
    enum PathFormat {
        /// An `apple-app-site-association` file.
        case apple
        /// Android intent filters.
        case android
    }

    /// The file written, with its final newline; empty when checking.
    private(set) var file = ""
    /// The lines, in order.
    private(set) var lines: [String] = []
    private(set) var hasErrors = false
    private(set) var hasWarnings = false
    /// Why the rules could not be verified against the routes (a file past a limit of the
    /// verification, or an exploration that stopped at its budget); `nil` when they were.
    private(set) var unverified: String?
    /// The counts the summary gives.
    private(set) var overClaimCount = 0
    private(set) var unclaimedCount = 0

    private init() {}

    /// The most states a rule's automaton may take (``PathExpression/positions``), and all the
    /// rules of a file together: the automata's tables grow with the square of their states.
    static let maximumRulePositions = 1024
    static let maximumPositions = 16_384

    /// Why rules are too large to explore, if they are.
    private static func sizeProblem(_ rules: [some LinkRule]) -> String? {
        var total = 0
        for rule in rules {
            let positions = rule.expression.positions
            if positions > maximumRulePositions {
                return "the rule \(rule.text.prefix(80)) stands for \(positions) states, more than the \(maximumRulePositions) verified"
            }
            total += positions
        }
        return total > maximumPositions ? "the rules stand for \(total) states together, more than the \(maximumPositions) verified" : nil
    }

    /// A report that the rules could not be verified, on one line.
    private static func unverified(_ file: String, _ why: String) -> LinkReport {
        var report = LinkReport()
        report.unverified = why
        report.hasErrors = true
        report.lines = ["\(file): could not verify: \(why)"]
        return report
    }

    private mutating func warn(_ line: String) {
        lines.append(line)
        hasWarnings = true
    }

    private mutating func fail(_ line: String) {
        lines.append(line)
        hasErrors = true
    }

    // MARK: Writing

    /// Writes the format's file for the routes, with its report.
    ///
    /// - Throws: ``AppLinkError/invalidArgument(_:)`` for a missing or malformed option.
    init(generating format: PathFormat, routes: AppLinkRoutes, options: AppLinks.Options, command: String) throws(AppLinkError) {
        let forms = LinkForm.forms(of: routes)
        switch format {
        case .apple:
            guard !options.appIDs.isEmpty else { throw .invalidArgument("--format apple-app-site-association needs --app-id TEAMID.BUNDLE.ID") }
            for appID in options.appIDs { try Self.validate(appID: appID) }
            var set = LinkRuleSet(routes: routes, forms: forms, candidates: Self.appleCandidates(forms), semantics: .firstMatch, budget: options.explorationBudget)
            set.start(with: [.include, .internalRoute])
            set.excludeInternalRoutes()
            set.excludeDeeperPaths()
            set.removeNeedlessRules()
            let components = set.rules.order.map { index in
                var component = set.candidates[index].rule.component
                component.comment = Self.comment(for: set.candidates[index], in: set)
                return component
            }
            let document = AppleAppSiteAssociation(details: [.init(appIDs: options.appIDs, components: components)])
            add(set.coverage, of: set, routes: routes, writing: true)
            summarize(set: set, ruleCount: components.count, rulesName: "components", format: options.format)
            file = document.json
        case .android:
            var set: LinkRuleSet<AndroidPathRule>
            if let minimum = options.minimumSDK, minimum >= 31 {
                set = Self.advancedAndroidRules(routes: routes, forms: forms, budget: options.explorationBudget)
                set.useAll()
            } else {
                set = LinkRuleSet(routes: routes, forms: forms, candidates: Self.androidCandidates(forms), semantics: .anyMatch, budget: options.explorationBudget)
                set.start(with: [.include])
            }
            set.excludeInternalRoutes()
            set.removeNeedlessRules()
            var filter = AndroidIntentFilters.Filter(autoVerify: true, schemes: ["https"], hosts: [routes.host], paths: [])
            for index in set.rules.order {
                filter.pathComments[filter.paths.count] = Self.comment(for: set.candidates[index], in: set)
                filter.paths.append(set.candidates[index].rule)
            }
            var filters = AndroidIntentFilters(filters: [filter])
            for scheme in options.schemes {
                try AppLinks.validate(scheme: scheme)
                filters.filters.append(Self.customSchemeFilter(scheme: scheme.lowercased()))
            }
            add(set.coverage, of: set, routes: routes, writing: true)
            summarize(set: set, ruleCount: filter.paths.count, rulesName: "paths", format: options.format)
            let header = "Generated by \(command).\nPaste the <intent-filter> elements into the <activity> that opens links; serve assetlinks.json at https://\(routes.host)/.well-known/assetlinks.json."
            file = filters.xml(header: header)
        }
    }

    /// Requires `TEAMID.bundle.id`: a ten-character team identifier of capitals and digits, then a bundle identifier.
    static func validate(appID: String) throws(AppLinkError) {
        let parts = appID.split(separator: ".", maxSplits: 1)
        let team = ByteSet("A", through: "Z").union(.digits)
        let bundle = ASCIIBytes.letters.union(.digits).union(ByteSet("-."))
        guard parts.count == 2, parts[0].utf8.count == 10, parts[0].utf8.allSatisfy(team.contains),
              !parts[1].isEmpty, parts[1].utf8.allSatisfy(bundle.contains)
        else { throw .invalidArgument("'\(appID)' is not an app ID: TEAMID.bundle.id, with a ten-character team ID of capitals and digits") }
    }

    private static func appleCandidates(_ forms: [LinkForm]) -> [LinkRuleSet<AppleRule>.Candidate] {
        forms.indices.flatMap { index -> [LinkRuleSet<AppleRule>.Candidate] in
            let form = forms[index]
            func candidate(_ role: LinkRuleSet<AppleRule>.Candidate.Role, _ path: AppleLinkRules.Path) -> LinkRuleSet<AppleRule>.Candidate {
                var component = AppleAppSiteAssociation.Component(path: path.path, exclude: role != .include)
                if path.ignoresCase { component.caseSensitive = false }
                return .init(role: role, form: index, rule: AppleRule(component: component, caseSensitive: true))
            }
            guard form.isExternal else { return AppleLinkRules.exclusions(of: form).map { candidate(.internalRoute, $0) } }
            return AppleLinkRules.paths(of: form).map { candidate(.include, $0) } + AppleLinkRules.deeperPaths(of: form).map { candidate(.deeperPaths, $0) }
        }
    }

    private static func androidCandidates(_ forms: [LinkForm]) -> [LinkRuleSet<AndroidPathRule>.Candidate] {
        forms.indices.filter { forms[$0].isExternal }.flatMap { index in
            AndroidLinkRules.rules(of: forms[index]).map { LinkRuleSet<AndroidPathRule>.Candidate(role: .include, form: index, rule: $0) }
        }
    }

    /// `android:pathAdvancedPattern` rules for the external forms, each split until it claims no
    /// path of an internal route where the split can be said in patterns (see ``AdvancedPathRules``).
    private static func advancedAndroidRules(routes: AppLinkRoutes, forms: [LinkForm], budget: Int) -> LinkRuleSet<AndroidPathRule> {
        var pieces = forms.indices.filter { forms[$0].isExternal }.map { (form: $0, sequence: AdvancedPathRules.Sequence(forms[$0])) }
        var unsplittable = Set<Int>()
        func ruleSet(adding extra: [LinkRuleSet<AndroidPathRule>.Candidate] = []) -> (set: LinkRuleSet<AndroidPathRule>, pieceOf: [Int]) {
            var candidates: [LinkRuleSet<AndroidPathRule>.Candidate] = []
            var pieceOf: [Int] = []
            for (index, piece) in pieces.enumerated() {
                for pattern in piece.sequence.patterns() {
                    candidates.append(.init(role: .include, form: piece.form, rule: AndroidPathRule(.pathAdvancedPattern, pattern)))
                    pieceOf.append(index)
                }
            }
            var set = LinkRuleSet(routes: routes, forms: forms, candidates: candidates + extra, semantics: .anyMatch, budget: budget)
            set.useAll()
            return (set, pieceOf)
        }
        // The simple rules stay candidates: where a form's pieces cannot be split around an
        // internal route, its `pathPattern` may still claim some of its paths without one.
        let simple = androidCandidates(forms)
        // Each round splits every piece that claims an internal route's path around those routes,
        // then explores again: a split can leave a piece that meets another internal route.
        for _ in 0..<8 {
            let (set, pieceOf) = ruleSet()
            var conflicts: [Int: Set<String>] = [:]
            for claim in set.coverage.internalClaims where !unsplittable.contains(pieceOf[claim.rule]) {
                conflicts[pieceOf[claim.rule], default: []].insert(claim.pattern)
            }
            guard !conflicts.isEmpty else { break }
            var split: [(form: Int, sequence: AdvancedPathRules.Sequence)] = []
            var stillUnsplittable = Set<Int>()
            for (index, piece) in pieces.enumerated() {
                guard let patterns = conflicts[index] else {
                    if unsplittable.contains(index) { stillUnsplittable.insert(split.count) }
                    split.append(piece)
                    continue
                }
                var remaining: [AdvancedPathRules.Sequence]? = [piece.sequence]
                for form in forms where !form.isExternal && patterns.contains(form.pattern.text) {
                    remaining = remaining.flatMap { sequences in
                        var result: [AdvancedPathRules.Sequence] = []
                        for sequence in sequences {
                            guard let parts = sequence.subtracting(AdvancedPathRules.Sequence(form)) else { return nil }
                            result += parts
                        }
                        return result
                    }
                }
                if let remaining, remaining.allSatisfy({ !$0.patterns().isEmpty }) {
                    split += remaining.map { (form: piece.form, sequence: $0) }
                } else {
                    stillUnsplittable.insert(split.count)
                    split.append(piece)
                }
            }
            (pieces, unsplittable) = (split, stillUnsplittable)
        }
        return ruleSet(adding: simple).set
    }

    /// The filter for links of the app's own scheme (`shop://catalog/product/42`): the whole
    /// scheme, as a desktop entry's `x-scheme-handler` claims it. Android does not verify custom
    /// schemes, and their host is the key's first segment, so their paths cannot be claimed one by
    /// one; the app opens them with `source: .external`, so only external routes answer.
    private static func customSchemeFilter(scheme: String) -> AndroidIntentFilters.Filter {
        AndroidIntentFilters.Filter(autoVerify: false, schemes: [scheme], hosts: [], paths: [])
    }

    /// The comment a written rule carries: the route it is for.
    private static func comment<Rule>(for candidate: LinkRuleSet<Rule>.Candidate, in set: LinkRuleSet<Rule>) -> String {
        let form = set.forms[candidate.form]
        let route = "'\(form.pattern.text)'"
        switch candidate.role {
        case .include: return route
        case .internalRoute: return "internal route \(route)"
        case .deeperPaths: return "paths deeper than \(route) takes"
        }
    }

    // MARK: Checking

    /// Checks a deployed file against the routes.
    ///
    /// - Throws: ``AppLinkError/invalidLinkFile(file:reason:)`` for a file that is not what its
    ///   format reads, ``AppLinkError/invalidArgument(_:)`` when the app to check is not named.
    init(checking text: String, as format: PathFormat, file: String, routes: AppLinkRoutes, options: AppLinks.Options) throws(AppLinkError) {
        switch format {
        case .apple:
            let document: AppleAppSiteAssociation
            do { document = try AppleAppSiteAssociation(json: text) } catch {
                guard error.isUnverifiable else { throw .invalidLinkFile(file: file, reason: error.description) }
                self = Self.unverified(file, error.description)
                return
            }
            let appIDs = Set(document.details.flatMap(\.appIDs))
            guard let appID = options.appIDs.first ?? (appIDs.count == 1 ? appIDs.first : nil) else {
                throw .invalidArgument("\(file) names several apps (\(appIDs.sorted().joined(separator: ", "))): choose one with --app-id")
            }
            guard let (components, caseSensitive) = document.components(for: appID) else {
                throw .invalidLinkFile(file: file, reason: "no applinks.details entry names \(appID)")
            }
            self.init(checking: components.map { AppleRule(component: $0, caseSensitive: caseSensitive) }, semantics: .firstMatch, file: file, routes: routes, options: options)
        case .android:
            let filters: AndroidIntentFilters
            do { filters = try AndroidIntentFilters(xml: text) } catch {
                guard error.isUnverifiable else { throw .invalidLinkFile(file: file, reason: error.description) }
                self = Self.unverified(file, error.description)
                return
            }
            let warnings = filters.filters.filter { $0.schemes.contains("https") && $0.hosts.contains(routes.host) && !$0.autoVerify }.map { _ in
                "\(file): the intent filter for https://\(routes.host) has no android:autoVerify=\"true\": Android does not verify it as an App Link"
            }
            let rules = filters.pathRules(forHTTPSHost: routes.host).map { $0.map(AndroidFilterRule.attribute) ?? .everyPath }
            let notes = rules.isEmpty ? ["\(file): no intent filter claims https://\(routes.host) links"] : []
            self.init(checking: rules, semantics: .anyMatch, file: file, routes: routes, options: options, warnings: warnings, notes: notes)
        }
    }

    /// Checks a file's rules against the routes; the report starts with `warnings`, then `notes`.
    private init(
        checking rules: [some LinkRule], semantics: RuleSemantics, file: String, routes: AppLinkRoutes, options: AppLinks.Options,
        warnings: [String] = [], notes: [String] = []
    ) {
        for warning in warnings { warn(warning) }
        lines += notes
        if let problem = Self.sizeProblem(rules) {
            self = Self.unverified(file, problem)
            return
        }
        let forms = LinkForm.forms(of: routes)
        let candidates = rules.map { LinkRuleSet.Candidate(role: .include, form: 0, rule: $0) }
        var set = LinkRuleSet(routes: routes, forms: forms, candidates: candidates, semantics: semantics, budget: options.explorationBudget)
        set.useAll()
        guard set.coverage.isComplete else {
            self = Self.unverified(file, Self.tooComplex(set))
            return
        }
        add(set.coverage, of: set, routes: routes, writing: false)
        let external = Set(routes.routes.filter { $0.options.exposure == .external }.map(\.pattern.text)).count
        lines.append(
            "\(file): \(rules.count) rule\(rules.count == 1 ? "" : "s") for https://\(routes.host); \(external - unclaimedCount) of \(external) external routes claimed; "
                + "\(overClaimCount) over-claim\(overClaimCount == 1 ? "" : "s")"
        )
    }

    // MARK: Reporting

    /// Adds the lines for a coverage: every over-claim, route not claimed, internal route claimed
    /// and, when checking, rule that claims nothing the app opens.
    private mutating func add(_ coverage: LinkCoverage, of set: LinkRuleSet<some LinkRule>, routes: AppLinkRoutes, writing: Bool) {
        let url = { (path: String) in "https://\(routes.host)\(path)" }
        let useless = Set(writing ? [] : coverage.rulesClaimingNothingOpened)
        for rule in coverage.rulesClaimingNothingOpened where !writing {
            let example = coverage.overClaims.first { $0.rule == rule }?.example ?? coverage.internalClaims.first { $0.rule == rule }?.example
            fail("claim no route takes: \(set.candidates[rule].rule.text) claims paths the app does not open" + (example.map { ", such as \(url($0))" } ?? ""))
        }
        for claim in coverage.internalClaims {
            fail("internal route claimed: \(set.candidates[claim.rule].rule.text) claims \(url(claim.example)), which is the internal route '\(claim.pattern)'")
        }
        for overClaim in coverage.overClaims where !useless.contains(overClaim.rule) {
            let candidate = set.candidates[overClaim.rule]
            var why = ""
            if writing, let mismatch = LinkForm.mismatch(of: set.forms[candidate.form].pattern, with: overClaim.example) { why = " (\(mismatch))" }
            let route = writing ? " for '\(set.forms[candidate.form].pattern.text)'" : ""
            warn("over-claim: \(candidate.rule.text)\(route) also claims \(url(overClaim.example))\(why), which the app does not open: \(overClaim.verdict.refusal)")
            overClaimCount += 1
        }
        for unclaimed in coverage.unclaimed {
            var why = "no rule claims it"
            if !writing, let rule = unclaimed.excludedBy, set.candidates[rule].rule.excludes {
                why = "\(set.candidates[rule].rule.text) excludes it"
            } else if writing, let conflict = Self.internalConflict(of: unclaimed, in: set) {
                why = "its rule \(conflict.rule) would also claim \(url(conflict.example)), of the internal route '\(conflict.pattern)', and the format cannot leave it out"
            }
            let line = "not claimed: '\(unclaimed.pattern)' (external): the app opens \(url(unclaimed.example)), but \(why)"
            if writing { warn(line) } else { fail(line) }
            unclaimedCount += 1
        }
        for line in Self.queryOverClaims(set: set, routes: routes) {
            warn(line)
            overClaimCount += 1
        }
        if !coverage.isComplete {
            // Checking stops before this; a file written anyway (--allow-unverified) says so.
            unverified = Self.tooComplex(set)
            warn("could not verify: \(Self.tooComplex(set))")
        }
    }

    /// Why an exploration that stopped at its budget is not a verification.
    private static func tooComplex(_ set: LinkRuleSet<some LinkRule>) -> String {
        let (rules, forms) = (set.candidates.count, set.forms.count)
        return "too complex: the paths of \(rules) rule\(rules == 1 ? "" : "s") and \(forms) route form\(forms == 1 ? "" : "s") take more than "
            + "\(set.classes.budget) steps to explore (the budget; stopped after \(set.classes.classes.count) classes of paths), so some paths were never examined"
    }

    /// Why a route was left unclaimed when writing: a rule made for it that claims the path would
    /// also claim a path of an internal route, which the format cannot tell apart from it.
    private static func internalConflict(of unclaimed: LinkCoverage.Unclaimed, in set: LinkRuleSet<some LinkRule>) -> (rule: String, example: String, pattern: String)? {
        guard let opened = set.classes.classes.first(where: { $0.path == unclaimed.example }) else { return nil }
        for (index, candidate) in set.candidates.enumerated()
        where candidate.role == .include && set.forms[candidate.form].pattern.text == unclaimed.pattern && opened.matches(index) {
            for pathClass in set.classes.classesMatching[index].map({ set.classes.classes[$0] }) {
                if case .internalRoute(let pattern) = pathClass.verdict { return (candidate.rule.text, pathClass.path, pattern) }
            }
        }
        return nil
    }

    /// Rules claim every query: a route whose contract refuses some is over-claimed. Each such
    /// query is checked with the router before it is reported.
    private static func queryOverClaims(set: LinkRuleSet<some LinkRule>, routes: AppLinkRoutes) -> [String] {
        var lines: [String] = []
        for route in routes.routes where route.options.exposure == .external {
            guard let contract = route.options.query,
                  let opened = set.classes.classes.first(where: { $0.isCanonical && $0.verdict == .opens(pattern: route.pattern.text) }),
                  set.rules.decide(opened).claimed else { continue }
            var queries: [(String, String)] = []
            if contract.unknown == .refuse {
                var name = "other"
                while contract.parameter(named: name) != nil || route.pattern.parameterNames.contains(name) { name += "_" }
                queries.append(("\(name)=1", "it refuses query items it does not declare"))
            }
            for parameter in contract.parameters where parameter.type != .string {
                queries.append(("\(parameter.name)=x", "'\(parameter.name): \(parameter.type.rawValue)' refuses 'x'"))
            }
            for (query, why) in queries where routes.verdict(path: opened.path, query: query) == .refused(pattern: route.pattern.text) {
                lines.append("over-claim: the rules for '\(route.pattern.text)' claim every query, so also https://\(routes.host)\(opened.path)?\(query), which the app does not open: \(why)")
            }
        }
        return lines
    }

    /// The summary line of a written file.
    private mutating func summarize(set: LinkRuleSet<some LinkRule>, ruleCount: Int, rulesName: String, format: AppLinks.Format) {
        let coverage = set.coverage
        let external = Set(set.routes.routes.filter { $0.options.exposure == .external }.map(\.pattern.text)).count
        lines.append(
            "\(format.rawValue) for https://\(set.routes.host): \(ruleCount) \(ruleCount == 1 ? String(rulesName.dropLast()) : rulesName); \(external - unclaimedCount) of \(external) external routes claimed; "
                + "\(overClaimCount) over-claim\(overClaimCount == 1 ? "" : "s")"
                + (overClaimCount + unclaimedCount > 0 ? " (--strict makes them errors)" : "")
                + "; \(set.classes.classes.count) classes of paths explored" + (coverage.isComplete ? "" : " (not all)")
        )
    }
}
