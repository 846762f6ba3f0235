// Fuzz target: the ELF section reader, fed mutated ELF files. The bytes are written to a file
// (unlinked at once, reached through /proc/self/fd) and read the way `routes dump` reads a binary:
// RouteSectionReader.read(file:), every record's pattern parsed, EntrySymbols.resolve(in:) for the
// accessor symbols, ProtocolConformances.read(file:) for the conformances `routes check` compares
// declared protocols with. Any file must give records, issues or an ELFReadError — never trap. The same
// bytes also go straight to the record codec and RecordDecoder as a section's contents, records of
// both versions: the reads must cover the section block by block, and every record's compiled
// pattern, which the reader accepted, must register and match like any route. A pass
// (RecordPass) over the same bytes and over the file's copied sections reads its route records in
// place: what it gives back, read again, must be what the reader decodes.
#if canImport(Glibc)
import Glibc
#endif
import LinkRouterCore
import RouteRecordLayout
import RouteRecordReader

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
        require(record.pattern.utf8.count <= maximumBody, "a pattern longer than a record holds")
        _ = try? RoutePattern(record.pattern)
        _ = "\(record.location)"
    }
    exerciseCompiledPatterns(section.records)
    checkPass(section.sections, records: section.records, issues: section.issues)
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
    do {
        // The conformances `routes check` compares declared protocols with: named, or an error.
        for conformance in try ProtocolConformances.read(file: scratch.path).conformances {
            require(!conformance.type.isEmpty && !conformance.protocol.isEmpty, "an unnamed conformance")
        }
    } catch {
        require(!error.message.isEmpty, "error without message")
    }
    return 0
}

/// The most body a record holds: the first block's 96 bytes and 120 in each of 31 more.
let maximumBody = RecordLayout.firstBodySize + (RecordLayout.maximumBlockCount - 1) * RecordLayout.continuationBodySize

/// The input as a section's contents: the codec's reads cover it block by block, in order, each
/// record a whole number of blocks (the remainder last); the decoder gives a record or an issue
/// for each read.
func checkDecoder(_ bytes: UnsafeRawBufferPointer) {
    var next = 0
    var reads = 0
    RouteRecordCodec.forEachRecord(in: bytes) { read in
        reads += 1
        require(read.offset == next, "a read at \(read.offset), expected at \(next)")
        require(read.size > 0 && read.offset + read.size <= bytes.count, "a read of \(read.size) bytes at \(read.offset) of \(bytes.count)")
        let isRemainder = read.offset + read.size == bytes.count && bytes.count % RecordLayout.blockSize != 0
        require(isRemainder || read.size % RecordLayout.blockSize == 0, "a read of \(read.size) bytes is no whole number of blocks")
        if case .success(let view) = read.result {
            require(view.version == 1 || view.version == 2, "a record of version \(view.version) was read")
            require(view.text.count <= maximumBody, "a text of \(view.text.count) bytes")
            require(view.version == 2 || read.size == RecordLayout.blockSize, "a version-1 record of \(read.size) bytes")
            if let declared = view.declaredProtocol {
                require((1...RecordLayout.maximumDeclaredProtocolLength).contains(declared.count), "a declared protocol of \(declared.count) bytes")
            }
        }
        next = read.offset + read.size
    }
    require(next == bytes.count, "the reads end at \(next) of \(bytes.count)")
    for requireAccessor in [false, true] {
        let decoded = RecordDecoder.decode(bytes, file: "fuzz", sectionFileOffset: 4096, requireAccessor: requireAccessor)
        require(decoded.records.count + decoded.issues.count == reads, "\(decoded.records.count) records and \(decoded.issues.count) issues from \(reads) reads")
        for record in decoded.records {
            require(record.pattern.utf8.count <= maximumBody && record.location.fileOffset >= 4096, "record \(record)")
            if requireAccessor { require(record.accessorAddress != 0, "a record without accessor passed") }
        }
        exerciseCompiledPatterns(decoded.records)
        checkPass(RouteRecords(bytes, file: "fuzz", sectionFileOffset: 4096, requireAccessor: requireAccessor), decoded: decoded)
    }
}

/// A pass over a file's copied sections: the records and issues the file's are.
func checkPass(_ sections: [RouteRecords], records: [RouteRecord], issues: [RecordIssue]) {
    let pass = RecordPass(sections)
    require(Array(pass.records) == records.filter(\.kind.isRoute), "the pass's records are not the file's")
    require(pass.issues == issues, "the pass's issues are not the file's")
}

/// A pass over the same records, read in place: the route records it gives back (read again from
/// their places) are the reader's, its issues the reader's, and it decides on every route it made.
func checkPass(_ sequence: RouteRecords, decoded: (records: [RouteRecord], issues: [RecordIssue])) {
    let pass = RecordPass([sequence], capacity: sequence.capacity)
    require(Array(pass.records) == decoded.records.filter(\.kind.isRoute), "the pass's records are not the reader's")
    require(pass.issues == decoded.issues, "the pass's issues are not the reader's")
    require(pass.recordCount == decoded.records.count, "the pass counts \(pass.recordCount) records of \(decoded.records.count)")
    let registered = pass.fates.filter { if case .registered = $0 { true } else { false } }.count
    require(pass.registeredPatterns.count == registered, "\(pass.registeredPatterns.count) patterns for \(registered) routes registered")
}

/// Registers each record's compiled pattern, as discovery does, and resolves a URL made from each
/// of its forms: a compiled pattern the reader accepted must build a routing table and match.
func exerciseCompiledPatterns(_ records: [RouteRecord]) {
    var routes = DiscoveredRoutes(capacity: records.count)
    for record in records.prefix(32) {
        guard let pattern = record.compiledPattern else { continue }
        routes.append(pattern, options: RouteOptions(), target: .action(RouteAction { _ in nil }))
    }
    guard routes.count > 0 else { return }
    let patterns = (0..<routes.count).map(routes.pattern(at:))
    let router = Router(configuration: RouterConfiguration(host: nil))
    _ = router.register(discovered: routes)
    for pattern in patterns {
        for form in pattern.variants.prefix(4) { _ = try? router.resolve(sampleURL(form).url) }
    }
    _ = router.validate()
}
