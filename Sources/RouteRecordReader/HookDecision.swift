import RouteRecordLayout

/// What the override rule decided on the interceptor and module records of one pass
/// (``RecordPass/hookDecision``), which discovery registers and runs and `routes check` checks
/// alike: hooks of one kind are claims on a name, and a guard that cannot be put in place is
/// reported and, at run time, blocks what it guards.
///
/// - A hook's name is the one its record states: by default its type qualified by its module
///   (`AccountFeature.LoginInterceptor`), so two modules' hooks of one type name never meet.
/// - `overrides: "Auth.LoginInterceptor"` (a *named* override) claims the name of the hook it
///   names, matched by that hook's name or by its module and name (`Auth.login`), and wins
///   over it. A named override whose hook no record of the pass declares replaces nothing: it is
///   added under its own name and reported (``unknownTargets``).
/// - `overrides: true` claims its own name, and wins over the others of it only when its record
///   is in the program's executable (``RecordPass/executables``). Elsewhere (a library, a
///   plugin) it is *refused* when another hook claims its name: it takes no part, is not added,
///   and is reported (``refused``); alone it replaces nothing and is added.
/// - The claims of one name then follow ``OverrideRule``: the one override wins, the others are
///   *overridden*; none marked, or several, is a *contest*: none of them is added.
package struct HookDecision: Sendable {
    /// What became of one hook record.
    package enum Fate: Sendable, Hashable {
        /// Added (an interceptor) or configured (a module).
        case registered
        /// Replaced by the override at this index in ``RecordPass/hooks``; `nil` when several
        /// overrides left none to win.
        case overridden(by: Int?)
        /// One of the claims of a name of which none wins.
        case contested
        /// Its `overrides: true` was refused: not in the executable, and another hook claims its name.
        case refused
    }

    /// What became of each record of ``RecordPass/hooks``, by index.
    package private(set) var fates: [Fate] = []
    /// The contests of the rule among the hooks, in indices into ``RecordPass/hooks``.
    package private(set) var contests: [OverrideRule.Contest] = []
    /// The records whose `overrides: true` was refused, in pass order.
    package private(set) var refused: [Int] = []
    /// The named overrides whose hook no record of the pass declares, in pass order: added under
    /// their own names, and reported.
    package private(set) var unknownTargets: [Int] = []
    /// The records added or configured, in pass order.
    package private(set) var winners: [Int] = []

    /// No hook.
    init() {}

    /// The decision on `hooks` from the rule's contests and winners among ``claims(of:executables:)``.
    init(_ hooks: [RouteRecord], executables: Set<String>, contests: [OverrideRule.Contest], winners: [Int]) {
        let claims = Self.claims(of: hooks, executables: executables)
        let claiming = Set(claims.map(\.index))
        fates = hooks.indices.map { claiming.contains($0) ? .registered : .refused }
        refused = hooks.indices.filter { !claiming.contains($0) }
        unknownTargets = claims.filter(\.replacesNothing).map(\.index)
        self.contests = contests
        for contest in contests {
            for member in contest.conflicting { fates[member] = .contested }
            for loser in contest.overridden { fates[loser] = contest.winner == nil ? .contested : .overridden(by: contest.winner) }
        }
        self.winners = winners.sorted()
    }

    /// One claim of a hook on a name, for the override rule.
    struct Claim {
        /// The record's index in the pass's hooks.
        let index: Int
        /// `icpt NUL name` or `modl NUL name`: claims of different kinds never meet.
        let key: String
        /// Whether the claim wins over the unmarked ones of its key.
        let isOverride: Bool
        /// A named override whose hook no record declares.
        let replacesNothing: Bool
    }

    /// The claims of `hooks` (those that take part: every record but the refused), in pass order.
    static func claims(of hooks: [RouteRecord], executables: Set<String>) -> [Claim] {
        guard !hooks.isEmpty else { return [] }
        func key(_ record: RouteRecord, _ name: String) -> String { "\(record.kind.fourCC)\u{0}\(name)" }
        // The names a named override may give for each record: its name, and its module and name.
        var names: [String: String] = [:]
        for record in hooks where record.hookOrigin?.replaces == nil {
            let own = key(record, record.pattern)
            if names[own] == nil { names[own] = record.pattern }
            if let module = record.hookOrigin?.module {
                let qualified = key(record, "\(module).\(record.pattern)")
                if names[qualified] == nil { names[qualified] = record.pattern }
            }
        }
        var claims: [Claim] = hooks.indices.map { index in
            let record = hooks[index]
            if let replaced = record.hookOrigin?.replaces {
                guard let name = names[key(record, replaced)] else {
                    return Claim(index: index, key: key(record, record.pattern), isOverride: false, replacesNothing: true)
                }
                return Claim(index: index, key: key(record, name), isOverride: true, replacesNothing: false)
            }
            let isTaken = record.isOverride && executables.contains(record.location.file)
            return Claim(index: index, key: key(record, record.pattern), isOverride: isTaken, replacesNothing: false)
        }
        // An `overrides: true` outside the executable takes no part when another claims its name.
        var count: [String: Int] = [:]
        for claim in claims { count[claim.key, default: 0] += 1 }
        claims.removeAll { claim in
            let record = hooks[claim.index]
            return record.isOverride && record.hookOrigin?.replaces == nil && !claim.isOverride && count[claim.key, default: 0] > 1
        }
        return claims
    }
}
