/// The rule that decides between the records of one pass that claim one key (a route shape such as
/// `user/:id` and `user/:name`, or a service protocol), whatever their modules and wherever they
/// are in link order:
///
/// - the one record marked as an override (`overrides: true`, `LINKROUTER_C_ACTION_OVERRIDE`)
///   wins over the unmarked ones, which are *overridden* (reported, not an error);
/// - two or more unmarked records and no override, or two or more overrides, are a *duplicate*:
///   an error that names every one of them, and none of them is registered (nor the unmarked
///   records that lost to the overrides).
///
/// Registering none is the only choice that depends neither on link order nor on names: entry
/// symbols may be missing (a stripped binary) or equal (two C records of one function), and any
/// record picked would make the URL's behaviour hinge on an accident. A missing route fails the
/// same way in every build, and the start-up report, `LinkRouterTesting` and `routes check` name
/// the records to fix.
///
/// A pure function of the pass's claims, called once per pass (``RecordPass``, on which discovery
/// and every tool decide before they register anything), for routes, services, interceptors and
/// modules alike; its contests are told one way (``ContestReport``, naming records as
/// ``NamedRecord``). Interceptors and modules add what may claim a name to it (``HookDecision``).
/// A route registered before the pass (by hand, or by an earlier pass) is no part of it: it keeps
/// its place, and a winner of its shape is reported as its duplicate.
package enum OverrideRule {
    /// Records of one pass that claim one key.
    package struct Contest: Sendable, Hashable {
        /// The claims' indices, in the order read; at least two.
        package let members: [Int]
        /// The one claim marked as an override, when exactly one is.
        package let winner: Int?
        /// The claims in conflict when none wins: every override when there are several, else
        /// every member. Empty when one wins.
        package let conflicting: [Int]
        /// The unmarked claims when some member is an override: they lose, whether or not an
        /// override wins.
        package let overridden: [Int]

        /// The contest of `members`, of which those in `overrides` are marked.
        init(members: [Int], isOverride: (Int) -> Bool) {
            self.members = members
            let overrides = members.filter(isOverride)
            winner = overrides.count == 1 ? overrides[0] : nil
            conflicting = winner != nil ? [] : overrides.isEmpty ? members : overrides
            overridden = overrides.isEmpty ? [] : members.filter { !isOverride($0) }
        }

        private init(members: [Int], winner: Int?, conflicting: [Int], overridden: [Int]) {
            self.members = members
            self.winner = winner
            self.conflicting = conflicting
            self.overridden = overridden
        }

        /// The same contest with every claim index mapped (claims to the records they came from).
        package func mapped(_ transform: (Int) -> Int) -> Contest {
            Contest(members: members.map(transform), winner: winner.map(transform), conflicting: conflicting.map(transform), overridden: overridden.map(transform))
        }
    }

    /// What the rule decided for a pass.
    package struct Decision: Sendable {
        /// The keys claimed more than once, in the order their first claims were read.
        package let contests: [Contest]
        /// The claims not to register: every member of a contest but its winner.
        package let losers: Set<Int>

        /// Whether claim `index` is registered: it met no other claim of its key, or won.
        package func isRegistered(_ index: Int) -> Bool { !losers.contains(index) }
    }

    /// Decides between `count` claims, read in that order.
    ///
    /// - Parameters:
    ///   - count: How many claims the pass has.
    ///   - digest: A hash of claim `i`'s key (a pattern's shape digest): equal keys have equal digests.
    ///   - isOverride: Whether claim `i` is marked as an override.
    ///   - sameKey: Whether claims `i` and `j`, of equal digests, claim the same key.
    package static func decide(
        count: Int, digest: (Int) -> UInt64, isOverride: (Int) -> Bool, sameKey: (Int, Int) -> Bool
    ) -> Decision {
        // Open addressing over the digests, 4-byte slots (a claim's index plus one): at start-up
        // every fresh page of the table is a page fault, and a probe reads the claim's digest anyway.
        var size = 16
        while count * 4 > size * 3 { size *= 2 }
        var slots = [UInt32](repeating: 0, count: size)
        var groups: [Int: [Int]] = [:]
        var firstClaims: [Int] = []
        for index in 0..<count {
            let value = digest(index)
            var slot = Int(truncatingIfNeeded: ((value >> 32) &* 0x9E37_79B9_7F4A_7C15) >> 32) & (size - 1)
            var first: Int?
            while slots[slot] != 0 {
                let other = Int(slots[slot]) - 1
                if digest(other) == value, sameKey(other, index) {
                    first = other
                    break
                }
                slot = (slot + 1) & (size - 1)
            }
            guard let first else {
                slots[slot] = UInt32(index + 1)
                continue
            }
            if groups[first] == nil {
                groups[first] = [first]
                firstClaims.append(first)
            }
            groups[first]!.append(index)
        }
        let contests = firstClaims.map { Contest(members: groups[$0]!, isOverride: isOverride) }
        var losers: Set<Int> = []
        for contest in contests {
            for member in contest.members where member != contest.winner { losers.insert(member) }
        }
        return Decision(contests: contests, losers: losers)
    }

    /// Decides between claims whose keys are values (service protocol names).
    package static func decide<Key: Hashable>(keys: [Key], isOverride: (Int) -> Bool) -> Decision {
        decide(
            count: keys.count, digest: { UInt64(bitPattern: Int64(keys[$0].hashValue)) }, isOverride: isOverride,
            sameKey: { keys[$0] == keys[$1] }
        )
    }

    /// What a contest is about, in messages: a route shape or a service protocol.
    package enum Subject: Sendable {
        /// Route records of one shape.
        case route
        /// Service records of one protocol.
        case service
        /// Interceptor records of one name.
        case interceptor
        /// Module records of one name.
        case module

        /// The subject's kind of record, in messages: `route`, `service`, `interceptor` or `module`.
        var noun: String {
            switch self {
            case .route: "route"
            case .service: "service"
            case .interceptor: "interceptor"
            case .module: "module"
            }
        }
    }

    /// The line that reports a contest no record wins, naming every record in conflict:
    /// `duplicate route 'user/:id': 2 records of one shape, none marked as an override: ...; none
    /// is registered (mark the one that wins with 'overrides: true')`. Of interceptors and
    /// modules, it also says that what they guard refuses to open.
    package static func duplicateMessage(_ subject: Subject, key: String, records: [NamedRecord]) -> String {
        let allOverrides = records.first?.isOverride == true
        let count = switch subject {
        case .route: "\(records.count) records of one shape"
        case .service: "\(records.count) implementations"
        case .interceptor, .module: "\(records.count) records of one name"
        }
        let outcome = switch subject {
        case .route, .service:
            "; none is registered (" + (allOverrides ? "keep 'overrides: true' on one of them)" : "mark the one that wins with 'overrides: true')")
        case .interceptor:
            "; none is added, and the routes in their scopes refuse to open ("
                + (allOverrides ? "keep one override)" : "give them different names, or make one replace the other: overrides: \"Module.Name\")")
        case .module:
            "; none runs, and the routes of their modules refuse to open ("
                + (allOverrides ? "keep one override)" : "make one replace the other: overrides: \"Module.Name\")")
        }
        return "duplicate \(subject.noun) '\(key)': \(count), "
            + (allOverrides ? "all marked as overrides: " : "none marked as an override: ")
            + records.map(\.description).joined(separator: "; ")
            + outcome
    }

    /// The line that reports an interceptor's or module's `overrides: true` refused: outside the
    /// program's executable, beside another hook of its name.
    package static func refusedMessage(_ subject: Subject, record: NamedRecord) -> String {
        let guarded = subject == .module ? "the routes of its module refuse" : "the routes in its scope refuse"
        return "override refused: \(subject.noun) \(record) is marked 'overrides: true' but names no \(subject.noun) it replaces and is not in "
            + "the program's executable, beside another of its name: it is not "
            + (subject == .module ? "run" : "added")
            + ", \(guarded) to open, and the others of its name are decided without it "
            + "(name what it replaces: overrides: \"Module.Name\")"
    }

    /// The line that reports a named override of a hook no record of the pass declares.
    package static func unknownTargetMessage(_ subject: Subject, record: NamedRecord, replaces: String) -> String {
        "\(subject.noun) \(record) replaces '\(replaces)', which no \(subject.noun) declares: it is "
            + (subject == .module ? "run" : "added")
            + " and replaces nothing (name the \(subject.noun) by its module and name, such as \"Auth.LoginInterceptor\")"
    }

    /// The line that reports a record an override won over: `route 'user/:id' (...) in ... is
    /// overridden by 'user/:name' (...) in ...`, or, when several overrides left none to win,
    /// `... is overridden by the duplicate overrides of its shape`.
    package static func overriddenMessage(_ subject: Subject, loser: NamedRecord, winner: NamedRecord?) -> String {
        let of = switch subject {
        case .route: "shape"
        case .service: "protocol"
        case .interceptor, .module: "name"
        }
        let by = winner.map { "by \($0)" } ?? "by the duplicate overrides of its \(of)"
        return "\(subject.noun) \(loser) is overridden \(by)"
    }
}

/// A record as the messages about a contest name it: what it claims, its accessor's symbol (which
/// names its module and type) when the file has one, and where it is.
package struct NamedRecord: Sendable, Hashable, CustomStringConvertible {
    /// The record's pattern, or the protocol its text names.
    package let claim: String
    /// The demangled symbol of its accessor (`accessor of Feature.UserPage.__linkRouterRecord`,
    /// `#route at Routes.swift:12 in Feature`, or a C function's name); `nil` without a symbol table.
    package let symbol: String?
    /// The object file holding it.
    package let file: String
    /// Its offset in that file.
    package let fileOffset: Int
    /// Whether it is marked as an override.
    package let isOverride: Bool

    /// A record's name.
    package init(claim: String, symbol: String?, file: String, fileOffset: Int, isOverride: Bool) {
        self.claim = claim
        self.symbol = symbol
        self.file = file
        self.fileOffset = fileOffset
        self.isOverride = isOverride
    }

    /// `'user/:id' ('accessor of Feature.UserPage.__linkRouterRecord') in /path/app at offset 0x1f40`.
    package var description: String {
        "'\(claim)' " + (symbol.map { "('\($0)') " } ?? "") + "in \(file) at offset 0x\(String(fileOffset, radix: 16))"
    }

    /// The names of `records`, their symbols read from the symbol tables of their files on disk,
    /// each file once: only the records of a contest pay for reading them.
    package static func naming(_ records: [RouteRecord]) -> [NamedRecord] {
        var offsets: [String: Set<Int>] = [:]
        for record in records { offsets[record.location.file, default: []].insert(record.location.fileOffset) }
        let symbols = Dictionary(uniqueKeysWithValues: offsets.map { file, offsets in
            (file, EntrySymbols.symbols(in: file, atOffsets: offsets))
        })
        return records.map { record in
            NamedRecord(
                claim: record.pattern, symbol: symbols[record.location.file]?[record.location.fileOffset],
                file: record.location.file, fileOffset: record.location.fileOffset, isOverride: record.isOverride
            )
        }
    }
}
