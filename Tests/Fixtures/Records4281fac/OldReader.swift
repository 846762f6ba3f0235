// An old host: LinkRouter 4281fac's record reader (RouteRecordReader, the code that commit's
// discovery and `routes` tool read records with) behind this small main, which prints one line per
// record and per record skipped. Built by make-fixtures, statically linked with the Swift runtime.
//
//     old-reader FILE...
//
// `record OFFSET VERSION KIND 'PATTERN' groups=[...] summary=... query=... external=... style=...
// override=... lifetime=...` for each record read, `issue OFFSET: MESSAGE` for each record skipped, in section
// order; `error: ...` for a file that cannot be read. The tests print this commit's records the
// same way and compare.
import RouteRecordReader

for path in CommandLine.arguments.dropFirst() {
    do {
        guard let section = try RouteSectionReader.read(file: path) else {
            print("\(path): no route section")
            continue
        }
        for record in section.records {
            print(
                "record \(record.location.fileOffset) \(record.kind) '\(record.pattern)' groups=\(record.groups)"
                    + " summary=\(record.summary ?? "nil") query=\(record.query ?? "nil") external=\(record.isExternal)"
                    + " style=\(record.openStyle) override=\(record.isOverride) lifetime=\(record.serviceLifetime.map { "\($0)" } ?? "nil")"
            )
        }
        for issue in section.issues {
            print("issue \(issue.location.fileOffset): \(issue.message)")
        }
    } catch {
        print("error: \(error)")
    }
}
