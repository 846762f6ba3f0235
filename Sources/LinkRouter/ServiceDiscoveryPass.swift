import LinkRouterCore
import Logging
import RouteRecordReader

/// The service records of one discovery pass: resolves each as it comes, and at the end registers
/// the winner for each protocol and reports the pass's problems, naming each record by its object
/// file and accessor symbol.
///
/// Of the implementations of one protocol in the pass, the one marked as an override wins; when
/// none is marked, or several are, none is registered: the rule routes follow, ``OverrideRule``,
/// decided on the protocols the accessors yield.
struct ServiceDiscoveryPass {
    private struct Candidate {
        let service: DiscoveredService
        let record: RouteRecord
        var origin: ServiceOrigin { ServiceOrigin(file: record.location.file, fileOffset: record.location.fileOffset) }
    }

    private var problems: [ServiceProblem] = []
    /// The resolved records, in the order read.
    private var candidates: [Candidate] = []

    /// Resolves one service record, or keeps the reason it cannot be.
    mutating func add(_ record: RouteRecord) {
        let origin = ServiceOrigin(file: record.location.file, fileOffset: record.location.fileOffset)
        guard let service = loadValue(DiscoveredService.self, fromAccessorAt: record.accessorAddress) else {
            let reason = "its accessor refused this copy of LinkRouter (\(privateCopyFix(accessorAt: record.accessorAddress)))"
            return problems.append(.unresolved(service: record.pattern, record: origin, reason: reason))
        }
        guard service.isNamed(record.pattern) else {
            let reason = "the record names '\(record.pattern)' but implements '\(service.name)'"
            return problems.append(.unresolved(service: record.pattern, record: origin, reason: reason))
        }
        candidates.append(Candidate(service: service, record: record))
    }

    /// Ends the pass: registers each protocol's winner, keeps the problems in the registry (for
    /// `validate()`), adds the required services still missing, and reports each problem in the
    /// report and the log.
    mutating func finish(in registry: ServiceRegistry, report: inout DiscoveryReport, logger: Logger) {
        let decision = OverrideRule.decide(keys: candidates.map(\.service.name), isOverride: { candidates[$0].record.isOverride })
        // The records a report names, by their accessor symbols: only those files are read.
        let mentioned = decision.contests.flatMap(\.members)
        var names: [Int: NamedRecord] = [:]
        if !mentioned.isEmpty {
            // Named by the protocol the accessor yields, the key the rule decided on.
            let named = NamedRecord.naming(mentioned.map { candidates[$0].record }).enumerated().map { position, name in
                NamedRecord(
                    claim: candidates[mentioned[position]].service.name, symbol: name.symbol, file: name.file, fileOffset: name.fileOffset,
                    isOverride: name.isOverride
                )
            }
            names = Dictionary(uniqueKeysWithValues: zip(mentioned, named))
        }
        func origin(_ index: Int) -> ServiceOrigin {
            let origin = candidates[index].origin
            return ServiceOrigin(file: origin.file, fileOffset: origin.fileOffset, symbol: names[index]?.symbol)
        }
        for contest in decision.contests {
            let name = candidates[contest.members[0]].service.name
            if contest.winner == nil {
                problems.append(.conflict(service: name, records: contest.conflicting.map(origin), allOverrides: candidates[contest.conflicting[0]].record.isOverride))
            }
            for loser in contest.overridden {
                let line = OverrideRule.overriddenMessage(.service, loser: names[loser]!, winner: contest.winner.flatMap { names[$0] })
                report.overridden.append(line)
                logger.info("\(line)")
            }
        }
        for (index, candidate) in candidates.enumerated() where decision.isRegistered(index) {
            let name = candidate.service.name
            let lifetime = ServiceLifetime(candidate.record.serviceLifetime ?? .perRequest)
            switch candidate.service.register(in: registry, lifetime: lifetime, origin: candidate.origin) {
            case .registered:
                report.registeredServices.append(name)
            case .overriddenByManualRegistration:
                logger.debug("service '\(name)' at \(candidate.origin) not registered: a manual registration takes its place")
            case .duplicate(let earlier):
                problems.append(.duplicate(service: name, ignored: candidate.origin, winner: earlier))
            }
        }
        let named = Self.namingRecords(of: problems)
        registry.record(named)
        report.serviceProblems = named + registry.missing()
        for problem in report.serviceProblems {
            report.diagnostics.append(problem.description)
            logger.warning("\(problem.description)")
        }
    }

    /// The problems with each record's accessor symbol filled in, read from the object files'
    /// symbol tables: only the files of the records involved are read.
    private static func namingRecords(of problems: [ServiceProblem]) -> [ServiceProblem] {
        let origins = problems.flatMap(\.origins).filter { $0.symbol == nil }
        guard !origins.isEmpty else { return problems }
        var offsets: [String: Set<Int>] = [:]
        for origin in origins { offsets[origin.file, default: []].insert(origin.fileOffset) }
        let symbols = Dictionary(uniqueKeysWithValues: offsets.map { file, offsets in
            (file, EntrySymbols.symbols(in: file, atOffsets: offsets))
        })
        let named = { (origin: ServiceOrigin) in
            ServiceOrigin(file: origin.file, fileOffset: origin.fileOffset, symbol: origin.symbol ?? symbols[origin.file]?[origin.fileOffset])
        }
        return problems.map { problem -> ServiceProblem in
            switch problem {
            case .duplicate(let service, let ignored, let winner): .duplicate(service: service, ignored: named(ignored), winner: named(winner))
            case .conflict(let service, let records, let allOverrides): .conflict(service: service, records: records.map(named), allOverrides: allOverrides)
            case .unresolved(let service, let record, let reason): .unresolved(service: service, record: named(record), reason: reason)
            case .missing: problem
            }
        }
    }
}

extension ServiceProblem {
    /// The records a problem is about.
    fileprivate var origins: [ServiceOrigin] {
        switch self {
        case .duplicate(_, let ignored, let winner): [ignored, winner]
        case .conflict(_, let records, _): records
        case .unresolved(_, let record, _): [record]
        case .missing: []
        }
    }
}
