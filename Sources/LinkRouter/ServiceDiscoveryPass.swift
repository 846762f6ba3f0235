import LinkRouterCore
import Logging
import RouteRecordReader

/// The service records of one discovery pass, after the pass decided them (``RecordPass``, which
/// keyed each record by the protocol its accessor yields, or kept why it yields none): registers
/// the winner for each protocol and reports the pass's problems, naming each record by its object
/// file and accessor symbol.
///
/// Of the implementations of one protocol in the pass, the one marked as an override wins; when
/// none is marked, or several are, none is registered: the rule routes follow, ``OverrideRule``.
enum ServiceDiscoveryPass {
    /// Registers each protocol's winner, keeps the problems in the registry (for `validate()`),
    /// adds the required services still missing, and reports each problem in the report and the
    /// log: records whose accessor refuses or yields another protocol, the contests none wins
    /// (told by the checks, `contests`), winners of a protocol registered by an earlier pass.
    static func register(
        _ pass: RecordPass, resolved: [RecordLocation: DiscoveredService], contests: [RecordFinding], in registry: ServiceRegistry,
        report: inout DiscoveryReport, logger: Logger
    ) {
        func origin(_ record: RouteRecord) -> ServiceOrigin { ServiceOrigin(file: record.location.file, fileOffset: record.location.fileOffset) }
        var problems: [ServiceProblem] = []
        for (index, key) in pass.serviceKeys.enumerated() {
            if case .failure(let skip) = key {
                problems.append(.unresolved(service: pass.services[index].pattern, record: origin(pass.services[index]), reason: skip.reason))
            }
        }
        for finding in contests where finding.kind == .duplicateService {
            problems.append(.conflict(
                service: finding.subject ?? "", records: finding.records.map(\.origin), allOverrides: finding.records.first?.isOverride == true
            ))
        }
        for index in pass.serviceWinners {
            let record = pass.services[index]
            guard let service = resolved[record.location] else { continue }
            let lifetime = ServiceLifetime(record.serviceLifetime ?? .perRequest)
            switch service.register(in: registry, lifetime: lifetime, origin: origin(record)) {
            case .registered:
                report.registeredServices.append(service.name)
            case .overriddenByManualRegistration:
                logger.debug("service '\(service.name)' at \(origin(record)) not registered: a manual registration takes its place")
            case .duplicate(let earlier):
                problems.append(.duplicate(service: service.name, ignored: origin(record), winner: earlier))
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
