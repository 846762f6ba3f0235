import LinkRouterCore
import Logging
import RouteRecordReader

/// The service records of one discovery pass: registers each in a registry as it comes, and at
/// the end reports the pass's problems, naming each record by its object file and accessor symbol.
struct ServiceDiscoveryPass {
    private var problems: [ServiceProblem] = []

    /// Registers one service record, or keeps the reason it cannot be.
    ///
    /// The first record found for a protocol wins; a later one is a duplicate. A protocol
    /// registered by hand keeps its manual registration.
    mutating func register(_ record: RouteRecord, in registry: ServiceRegistry, report: inout DiscoveryReport, logger: Logger) {
        let origin = ServiceOrigin(file: record.location.file, fileOffset: record.location.fileOffset)
        guard let service = loadValue(DiscoveredService.self, fromAccessorAt: record.accessorAddress) else {
            let reason = "its accessor refused this copy of LinkRouter (the module carries a copy of its own?)"
            return problems.append(.unresolved(service: record.pattern, record: origin, reason: reason))
        }
        guard service.isNamed(record.pattern) else {
            let reason = "the record names '\(record.pattern)' but implements '\(service.name)'"
            return problems.append(.unresolved(service: record.pattern, record: origin, reason: reason))
        }
        switch service.register(in: registry, lifetime: ServiceLifetime(record.serviceLifetime ?? .perRequest), origin: origin) {
        case .registered:
            report.registeredServices.append(service.name)
        case .overriddenByManualRegistration:
            logger.debug("service '\(service.name)' at \(origin) not registered: a manual registration takes its place")
        case .duplicate(let winner):
            problems.append(.duplicate(service: service.name, ignored: origin, winner: winner))
        }
    }

    /// Ends the pass: keeps its problems in the registry (for `validate()`), adds the required
    /// services still missing, and reports each problem in the report and the log.
    func finish(in registry: ServiceRegistry, report: inout DiscoveryReport, logger: Logger) {
        let named = Self.namingRecords(of: problems)
        registry.record(named)
        report.serviceProblems = named + registry.missing()
        for problem in report.serviceProblems {
            report.diagnostics.append(problem.description)
            logger.warning("\(problem.description)")
        }
    }

    /// The problems with each record's accessor symbol filled in, read from the object files'
    /// symbol tables: only the files of records with problems are read.
    private static func namingRecords(of problems: [ServiceProblem]) -> [ServiceProblem] {
        guard !problems.isEmpty else { return [] }
        var offsets: [String: Set<Int>] = [:]
        for problem in problems {
            for origin in problem.origins { offsets[origin.file, default: []].insert(origin.fileOffset) }
        }
        let symbols = Dictionary(uniqueKeysWithValues: offsets.map { file, offsets in
            (file, EntrySymbols.symbols(in: file, atOffsets: offsets))
        })
        func named(_ origin: ServiceOrigin) -> ServiceOrigin {
            ServiceOrigin(file: origin.file, fileOffset: origin.fileOffset, symbol: origin.symbol ?? symbols[origin.file]?[origin.fileOffset])
        }
        return problems.map { problem in
            switch problem {
            case .duplicate(let service, let ignored, let winner): .duplicate(service: service, ignored: named(ignored), winner: named(winner))
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
        case .unresolved(_, let record, _): [record]
        case .missing: []
        }
    }
}
