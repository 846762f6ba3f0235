package import LinkRouterCore
package import RouteRecordReader

/// The route records of the binaries named on the command line, read from disk with libelf.
package struct BinaryRoutes {
    /// The route section of each file, in the order the files were given.
    package let sections: [RouteSection]

    /// Every valid record, in link order: file by file, then section order.
    package var records: [RouteRecord] { sections.flatMap(\.records) }
    /// The records (or sections) that had to be skipped, and why.
    package var issues: [RecordIssue] { sections.flatMap(\.issues) }
    /// The records of routes: every record but the services', interceptors' and modules'.
    package var routeRecords: [RouteRecord] { records.filter(\.kind.isRoute) }
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

    /// The records of every file made into routes as the app makes them (``RecordPass``, reading
    /// the files' copied sections in place as discovery reads a loaded image's): files in the
    /// order given, records in section order, the override rule decided on them all.
    package func pass() -> RecordPass {
        let copies = sections.flatMap(\.sections)
        return RecordPass(copies, capacity: copies.reduce(0) { $0 + $1.capacity }, executables: Set(sections.filter(\.isProgram).map(\.file)))
    }

    /// A router configured as `configuration` with the routes of ``pass()`` registered, as
    /// discovery registers them, and the pass.
    package func router(_ configuration: RouterConfiguration) -> (router: Router, pass: RecordPass) {
        let router = Router(configuration: configuration)
        var pass = pass()
        pass.register(on: router)
        return (router, pass)
    }
}

extension RecordPass {
    /// One line per route record the app would leave out, as discovery's diagnostics say it:
    /// records that could not be read, records skipped, and the records of a shape none wins.
    package var warnings: [String] {
        issues.map { "skipped record: \($0)" }
            + skipped.map { "skipped record: \($0.record.location): \($0.skip.reason)" }
            + ContestReport(self).findings.filter { $0.kind == .duplicate }.map(\.line)
    }
}
