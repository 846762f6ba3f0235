// Fuzz target: the ELF section reader, fed mutated ELF files. The bytes are written to a file
// (unlinked at once, reached through /proc/self/fd) and read the way `routes dump` reads a binary:
// RouteSectionReader.read(file:), every record's pattern parsed, EntrySymbols.resolve(in:) for the
// accessor symbols. Any file must give records, issues or an ELFReadError — never trap. The same
// bytes also go straight to RecordDecoder as a section's contents.
#if canImport(Glibc)
import Glibc
#endif
import RouteRecordReader
import LinkRouterCore

/// The scratch file, opened once per process.
let scratch: (descriptor: Int32, path: String) = {
    var template = Array("/tmp/linkrouter-fuzz-elf-XXXXXX".utf8CString)
    let descriptor = mkstemp(&template)
    precondition(descriptor >= 0, "cannot create a scratch file")
    unlink(template)
    return (descriptor, "/proc/self/fd/\(descriptor)")
}()

/// libFuzzer's entry point: reads one input as an ELF file and as a section's records. Returns 0, as
/// libFuzzer requires; a broken invariant aborts.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    checkDecoder(bytes)

    precondition(ftruncate(scratch.descriptor, 0) == 0 && pwrite(scratch.descriptor, start, count, 0) == count, "cannot write the scratch file")
    let section: RouteSection?
    do {
        section = try RouteSectionReader.read(file: scratch.path)
    } catch {
        require(sameBytes(error.path, scratch.path) && !error.message.isEmpty, "error \(error)")
        return 0
    }
    guard let section else { return 0 }
    for record in section.records {
        require(record.pattern.utf8.count <= 96, "a pattern longer than a record holds")
        _ = try? RoutePattern(record.pattern)
        _ = "\(record.location)"
    }
    for issue in section.issues { _ = "\(issue)" }
    do {
        let resolved = try EntrySymbols.resolve(in: section)
        for (location, name) in resolved.symbols {
            require(section.records.contains { $0.location == location }, "a symbol for no record")
            _ = name.count
        }
    } catch {
        require(!error.message.isEmpty, "error without message")
    }
    return 0
}

/// The input as a section's contents: one record or one issue per whole 128 bytes, plus an issue
/// for a remainder.
func checkDecoder(_ bytes: UnsafeRawBufferPointer) {
    for requireAccessor in [false, true] {
        let decoded = RecordDecoder.decode(bytes, file: "fuzz", sectionFileOffset: 4096, requireAccessor: requireAccessor)
        let whole = bytes.count / 128
        let remainder = bytes.count % 128 == 0 ? 0 : 1
        require(decoded.records.count + decoded.issues.count == whole + remainder,
                "\(decoded.records.count) records and \(decoded.issues.count) issues from \(bytes.count) bytes")
        for record in decoded.records {
            require(record.pattern.utf8.count <= 96 && record.location.fileOffset >= 4096, "record \(record)")
            if requireAccessor { require(record.accessorAddress != 0, "a record without accessor passed") }
        }
    }
}
