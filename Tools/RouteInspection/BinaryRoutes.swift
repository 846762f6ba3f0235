import LinkRouterCore
package import RouteRecordReader

/// The route records of the binaries named on the command line, read from disk with libelf.
package struct BinaryRoutes {
    /// The route section of each file, in the order the files were given.
    package let sections: [RouteSection]

    /// Every valid record, in link order: file by file, then section order.
    package var records: [RouteRecord] { sections.flatMap(\.records) }
    /// The records (or sections) that had to be skipped, and why.
    package var issues: [RecordIssue] { sections.flatMap(\.issues) }
    /// The records of routes: every record but the services'.
    package var routeRecords: [RouteRecord] { records.filter { $0.kind != .service } }
    /// The records of service implementations (`@RoutableService`).
    package var serviceRecords: [RouteRecord] { records.filter { $0.kind == .service } }

    /// Reads every file. A file that cannot be read, or has no route section, is an error: a
    /// partial table is never shown.
    ///
    /// - Throws: ``RouteInspectionError/unreadableFile(_:)`` or
    ///   ``RouteInspectionError/noRouteSection(file:linksLinkRouter:)`` for the first such file.
    package static func read(_ paths: [String]) throws(RouteInspectionError) -> BinaryRoutes {
        var sections: [RouteSection] = []
        for path in paths {
            let section: RouteSection?
            do {
                section = try RouteSectionReader.read(file: path)
            } catch {
                throw .unreadableFile(error)
            }
            guard let section else { throw .noRouteSection(file: path, linksLinkRouter: RouteSectionReader.linksLinkRouter(file: path)) }
            sections.append(section)
        }
        return BinaryRoutes(sections: sections)
    }

    /// Reads every file and requires every record to be well formed.
    ///
    /// - Throws: what ``read(_:)`` throws, or ``RouteInspectionError/badRecords(_:)`` when any
    ///   record had to be skipped.
    package static func readWellFormed(_ paths: [String]) throws(RouteInspectionError) -> BinaryRoutes {
        let routes = try read(paths)
        guard routes.issues.isEmpty else { throw .badRecords(routes.issues) }
        return routes
    }

    /// A router with every route record's pattern registered, in the order discovery would
    /// register them, and the records that could not be (bad pattern or duplicate shape).
    func router(host: String?) -> (router: Router, refused: [(record: RouteRecord, reason: RouteRegistrationError)]) {
        let router = Router(configuration: RouterConfiguration(host: host))
        var refused: [(RouteRecord, RouteRegistrationError)] = []
        for record in routeRecords {
            do { try router.register(record.pattern, action: { _ in nil }) } catch { refused.append((record, error)) }
        }
        return (router, refused)
    }
}

extension RecordLocation {
    /// `file at 0x1f40`, for table cells and messages.
    var short: String { "\(file) at 0x\(String(fileOffset, radix: 16))" }
}
