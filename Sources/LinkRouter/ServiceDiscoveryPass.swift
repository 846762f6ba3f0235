import LinkRouterCore
import Logging
import RouteRecordReader

/// The service records of one discovery pass: resolves each as it comes, and at the end registers
/// the winner for each protocol and reports the pass's problems, naming each record by its object
/// file and accessor symbol.
///
/// Of the implementations of one protocol in the pass, the one marked as an override wins; when
/// none is marked, or several are, none is registered (the rule routes follow, ``OverrideRule``).
struct ServiceDiscoveryPass {
    private struct Candidate {
        let service: DiscoveredService
        let origin: ServiceOrigin
        let lifetime: ServiceLifetime
        let isOverride: Bool
    }

    private var problems: [ServiceProblem] = []
    /// The resolved records of each protocol, protocols in the order first found.
    private var candidates: [(name: String, records: [Candidate])] = []
    private var positions: [String: Int] = [:]
    /// The records an override won over, with their winner.
    private var overridden: [(loser: ServiceOrigin, winner: ServiceOrigin?, service: String)] = []

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
        let candidate = Candidate(
            service: service, origin: origin, lifetime: ServiceLifetime(record.serviceLifetime ?? .perRequest), isOverride: record.isOverride
        )
        if let position = positions[service.name] {
            candidates[position].records.append(candidate)
        } else {
            positions[service.name] = candidates.count
            candidates.append((service.name, [candidate]))
        }
    }

    /// Ends the pass: registers each protocol's winner, keeps the problems in the registry (for
    /// `validate()`), adds the required services still missing, and reports each problem in the
    /// report and the log.
    mutating func finish(in registry: ServiceRegistry, report: inout DiscoveryReport, logger: Logger) {
        for (name, records) in candidates {
            let overrides = records.filter(\.isOverride)
            let winner = records.count == 1 ? records[0] : overrides.count == 1 ? overrides[0] : nil
            if !overrides.isEmpty {
                for loser in records where !loser.isOverride {
                    overridden.append((loser.origin, winner?.origin, name))
                }
            }
            guard let winner else {
                let conflicting = overrides.isEmpty ? records : overrides
                problems.append(.conflict(service: name, records: conflicting.map(\.origin), allOverrides: !overrides.isEmpty))
                continue
            }
            switch winner.service.register(in: registry, lifetime: winner.lifetime, origin: winner.origin) {
            case .registered:
                report.registeredServices.append(name)
            case .overriddenByManualRegistration:
                logger.debug("service '\(name)' at \(winner.origin) not registered: a manual registration takes its place")
            case .duplicate(let earlier):
                problems.append(.duplicate(service: name, ignored: winner.origin, winner: earlier))
            }
        }
        let named = Self.namingRecords(of: problems, and: overridden.flatMap { [$0.loser] + ($0.winner.map { [$0] } ?? []) })
        registry.record(named.problems)
        report.serviceProblems = named.problems + registry.missing()
        for problem in report.serviceProblems {
            report.diagnostics.append(problem.description)
            logger.warning("\(problem.description)")
        }
        for (loser, winner, service) in overridden {
            let by = winner.map { "by \(named.origin($0))" } ?? "by the duplicate overrides of its protocol"
            let line = "service '\(service)' at \(named.origin(loser)) is overridden \(by)"
            report.overridden.append(line)
            logger.info("\(line)")
        }
    }

    /// The problems with each record's accessor symbol filled in, and a function that names any
    /// of `others` the same way, read from the object files' symbol tables: only the files of the
    /// records involved are read.
    private static func namingRecords(
        of problems: [ServiceProblem], and others: [ServiceOrigin]
    ) -> (problems: [ServiceProblem], origin: (ServiceOrigin) -> ServiceOrigin) {
        guard !problems.isEmpty || !others.isEmpty else { return ([], { $0 }) }
        var offsets: [String: Set<Int>] = [:]
        for origin in problems.flatMap(\.origins) + others { offsets[origin.file, default: []].insert(origin.fileOffset) }
        let symbols = Dictionary(uniqueKeysWithValues: offsets.map { file, offsets in
            (file, EntrySymbols.symbols(in: file, atOffsets: offsets))
        })
        let named = { (origin: ServiceOrigin) in
            ServiceOrigin(file: origin.file, fileOffset: origin.fileOffset, symbol: origin.symbol ?? symbols[origin.file]?[origin.fileOffset])
        }
        let problems = problems.map { problem -> ServiceProblem in
            switch problem {
            case .duplicate(let service, let ignored, let winner): .duplicate(service: service, ignored: named(ignored), winner: named(winner))
            case .conflict(let service, let records, let allOverrides): .conflict(service: service, records: records.map(named), allOverrides: allOverrides)
            case .unresolved(let service, let record, let reason): .unresolved(service: service, record: named(record), reason: reason)
            case .missing: problem
            }
        }
        return (problems, named)
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
