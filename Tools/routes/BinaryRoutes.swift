import LinkRouterCore
import RouteRecordLayout
import RouteRecordReader

/// The route records of the binaries named on the command line, read from disk with libelf.
struct BinaryRoutes {
    let sections: [RouteSection]

    var records: [RouteRecord] { sections.flatMap(\.records) }
    var issues: [RecordIssue] { sections.flatMap(\.issues) }
    /// The records of routes: every record but the services'.
    var routeRecords: [RouteRecord] { records.filter { $0.kind != .service } }
    /// The records of service implementations (`@RoutableService`).
    var serviceRecords: [RouteRecord] { records.filter { $0.kind == .service } }

    /// Reads every file. A file that cannot be read, or has no route section, ends the command
    /// with one line on standard error and exit status 2: a partial table is never shown.
    static func read(_ paths: [String]) -> BinaryRoutes {
        var sections: [RouteSection] = []
        for path in paths {
            do {
                guard let section = try RouteSectionReader.read(file: path) else {
                    Output.fail("\(path): no \(RecordLayout.sectionName) section (nothing registered by annotation)")
                }
                sections.append(section)
            } catch {
                Output.fail(error.description)
            }
        }
        return BinaryRoutes(sections: sections)
    }

    /// Ends the command (exit status 2) when any record had to be skipped.
    func requireWellFormed() {
        guard let first = issues.first else { return }
        Output.fail(first.description + (issues.count > 1 ? " (and \(issues.count - 1) more bad records)" : ""))
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
