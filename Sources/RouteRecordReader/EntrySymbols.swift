internal import CLibELF
internal import RouteRecordLayout
internal import Synchronization
#if canImport(Glibc)
internal import Glibc
#endif

/// Resolves each record's accessor to the symbol it points at, reading a file on disk.
///
/// In an executable or shared library the accessor field is usually 0 in the file, with an
/// `R_X86_64_RELATIVE` relocation whose addend is the function's address; in an object file it is
/// a relocation against the function's symbol. Either way the symbol table names the function,
/// and the Swift runtime demangles the name.
package enum EntrySymbols {
    /// The most entries a symbol table may hold for the tool to read it: 4,194,304 (2^22), 14
    /// times the 297,000 of `swift-frontend`. A larger table is refused with
    /// ``ELFReadError/Reason/tooManySymbols(count:limit:)`` before any of it is read.
    package static let maximumSymbolCount = 1 << 22

    /// The demangled symbol of each record's accessor, keyed by record location; a record whose
    /// symbol cannot be found (a stripped binary) is missing from the result.
    ///
    /// Each record's section and each accessor's function are found by one sorted sweep
    /// (``FirstContainingInterval``), so the work grows as `(records + symbols) · log(symbols)`.
    ///
    /// - Parameter maximumSymbols: The most entries a symbol table may hold (``maximumSymbolCount``).
    /// - Returns: The symbols found (in `.symtab`, or in `.dynsym` for a stripped file), and whether
    ///   the file still has its full symbol table (`.symtab`).
    /// - Throws: ``ELFReadError`` when the file cannot be read, or its symbol table is over the limit.
    package static func resolve(
        in section: RouteSection, maximumSymbols: Int = maximumSymbolCount
    ) throws(ELFReadError) -> (symbols: [RecordLocation: String], hasSymbolTable: Bool) {
        let file = try ELFFile(path: section.file)
        let routeSections = try file.sections(named: RecordLayout.sectionName)
        guard !routeSections.isEmpty else { return ([:], false) }
        let symbols = try file.symbols(maximumCount: maximumSymbols)
        let hasSymbolTable = try file.sections().contains { $0.type == UInt32(SHT_SYMTAB) }
        guard !symbols.isEmpty else { return ([:], hasSymbolTable) }
        let relocations = try file.relocations(targeting: routeSections, maximumSymbols: maximumSymbols)
        let isRelocatable = file.isRelocatable
        let records = section.records
        // Each record's route section: the first in header order that holds its offset.
        let placed = FirstContainingInterval.find(
            records.map { UInt64($0.location.fileOffset) }, in: routeSections.map { .init(start: $0.fileOffset, length: $0.size) }
        ).indices
        var names = [String?](repeating: nil, count: records.count)
        // The addresses to name, by the section their function must be in (`nil`: any).
        var addresses: [UInt16?: [(record: Int, address: UInt64)]] = [:]
        for (index, record) in records.enumerated() {
            guard let position = placed[index] else { continue }
            let routes = routeSections[position]
            let offsetInSection = UInt64(record.location.fileOffset) - routes.fileOffset
            // Wrapping: addresses are taken modulo 2^64, and a corrupt header may put the section anywhere.
            let fieldAddress = routes.address &+ offsetInSection &+ 16
            if let relocation = relocations[position][isRelocatable ? offsetInSection &+ 16 : fieldAddress] {
                if let symbol = relocation.symbol, !symbol.name.isEmpty {
                    names[index] = symbol.name
                } else {
                    let target = (relocation.symbol?.value ?? 0) &+ UInt64(bitPattern: relocation.addend)
                    addresses[relocation.symbol?.sectionIndex, default: []].append((index, target))
                }
            } else if record.accessorAddress != 0 {
                addresses[nil, default: []].append((index, UInt64(record.accessorAddress)))
            }
        }
        // Each address named by the function symbol whose range holds it, the first in the table:
        // one sorted sweep per section asked for, not a scan of the table per record.
        let functions = symbols.filter(\.isFunction)
        let functionsBySection = addresses.keys.contains { $0 != nil } ? Dictionary(grouping: functions, by: \.sectionIndex) : [:]
        for (section, wanted) in addresses {
            let candidates = section.map { functionsBySection[$0] ?? [] } ?? functions
            let found = FirstContainingInterval.find(
                wanted.map(\.address), in: candidates.map { .init(start: $0.value, length: Swift.max($0.size, 1)) }
            )
            for (query, match) in zip(wanted, found.indices) {
                if let match { names[query.record] = candidates[match].name }
            }
        }
        var result: [RecordLocation: String] = [:]
        for (record, name) in zip(records, names) {
            if let name { result[record.location] = demangle(name) }
        }
        return (result, hasSymbolTable)
    }

    /// The demangled accessor symbols of the records at these file offsets of one file on disk,
    /// keyed by offset; a record whose symbol cannot be found is missing from the result.
    ///
    /// Run-time discovery uses it to name the records it reports, so that only they pay for
    /// reading the symbol table.
    ///
    /// What it finds is remembered for the file as it is (its device, inode, size and modification
    /// time), so that a program that runs discovery again, or a test process that runs it in
    /// every test, reads a large symbol table once (``NameCache``).
    package static func symbols(in file: String, atOffsets offsets: Set<Int>) -> [Int: String] {
        let identity = NameCache.FileIdentity(path: file)
        if let identity, let known = nameCache.names(in: identity, atOffsets: offsets) { return known }
        guard let section = (try? RouteSectionReader.read(file: file)) ?? nil else { return [:] }
        let entries = section.entries.filter { (try? $0.get()).map { offsets.contains($0.location.fileOffset) } ?? false }
        guard let resolved = try? resolve(in: RouteSection(file: file, entries: entries)) else { return [:] }
        let names = Dictionary(resolved.symbols.map { ($0.key.fileOffset, $0.value) }, uniquingKeysWith: { first, _ in first })
        if let identity { nameCache.remember(names, asked: offsets, in: identity) }
        return names
    }

    /// The names ``symbols(in:atOffsets:)`` has found, for the process.
    static let nameCache = NameCache()

    /// The Swift runtime's demangling of `name`, shortened: private discriminators dropped, and an
    /// accessor closure named by the record it initializes. Names that are not Swift come back as they are.
    package static func demangle(_ name: String) -> String {
        guard let demangled = runtimeDemangle(name) else { return name }
        // "(Name in _0123ABCD)" → "Name"
        let text = demangled.replacing(#/\((?<name>[^()]+?) in _[0-9A-F]+\)/#) { String($0.output.name) }
        guard let range = text.firstRange(of: " in variable initialization expression of ") else { return text }
        // "Module.record : (UInt32, ...)" → "Module.record"; "static Module.Page.record ..." → "Module.Page.record"
        var record = String(text[range.upperBound...])
        if let type = record.firstRange(of: " : (") { record = String(record[..<type.lowerBound]) }
        if record.hasPrefix("static ") { record.removeFirst("static ".count) }
        // A name a macro made unique is a mangled name of its own, after the module or type it is
        // in: "Module.$s...fMu_". Demangled, a #route's says its file and line.
        if let start = record.firstRange(of: ".$s"), let unique = runtimeDemangle(String(record[record.index(after: start.lowerBound)...])) {
            let scope = record[..<start.lowerBound]
            if let route = unique.firstMatch(of: #/^unique name #\d+ of route in freestanding macro expansion .* file (?<file>.+) line (?<line>\d+) column \d+$/#) {
                return "#route at \(route.output.file):\(route.output.line) in \(scope)"
            }
            if let name = unique.firstMatch(of: #/^unique name #\d+ of (?<name>\w+) in /#) {
                return "accessor of \(scope).\(name.output.name)"
            }
        }
        return "accessor of " + record
    }
}

@_silgen_name("swift_demangle")
private func swift_demangle(
    _ mangledName: UnsafePointer<CChar>?, _ mangledNameLength: Int,
    _ outputBuffer: UnsafeMutablePointer<CChar>?, _ outputBufferSize: UnsafeMutablePointer<Int>?, _ flags: UInt32
) -> UnsafeMutablePointer<CChar>?

func runtimeDemangle(_ name: String) -> String? {
    guard name.hasPrefix("$s") || name.hasPrefix("_$s") else { return nil }
    return name.withCString { pointer in
        guard let result = swift_demangle(pointer, strlen(pointer), nil, nil, 0) else { return nil }
        defer { free(result) }
        return String(cString: result)
    }
}

/// The accessor names found in files on disk, by the file as it was read and the record's offset,
/// a record without one included; at most ``limit`` records, then nothing more is remembered.
final class NameCache: Sendable {
    /// A file as it is on disk: a file rewritten at the same path (a rebuilt library) is another.
    struct FileIdentity: Hashable {
        let path: String
        let device: UInt64
        let inode: UInt64
        let size: Int64
        let modified: timespec

        /// The file at `path` as it is now, or `nil` when it cannot be examined.
        init?(path: String) {
            var status = stat()
            guard stat(path, &status) == 0 else { return nil }
            self.path = path
            device = UInt64(status.st_dev)
            inode = UInt64(status.st_ino)
            size = Int64(status.st_size)
            modified = status.st_mtim
        }

        static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.path == rhs.path && lhs.device == rhs.device && lhs.inode == rhs.inode && lhs.size == rhs.size
                && lhs.modified.tv_sec == rhs.modified.tv_sec && lhs.modified.tv_nsec == rhs.modified.tv_nsec
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(path)
            hasher.combine(inode)
            hasher.combine(modified.tv_sec)
            hasher.combine(modified.tv_nsec)
        }
    }

    /// The most records remembered, in all files: 16,384.
    static let limit = 1 << 14

    private let files = Mutex<(count: Int, names: [FileIdentity: [Int: String?]])>((0, [:]))

    /// The names of the records at `offsets`, when every one of them has been looked up before.
    func names(in file: FileIdentity, atOffsets offsets: Set<Int>) -> [Int: String]? {
        files.withLock { files in
            guard let known = files.names[file] else { return nil }
            var names: [Int: String] = [:]
            for offset in offsets {
                guard let name = known[offset] else { return nil }
                names[offset] = name
            }
            return names
        }
    }

    /// Remembers what a lookup of `asked` in `file` found, while under ``limit``.
    func remember(_ names: [Int: String], asked: Set<Int>, in file: FileIdentity) {
        files.withLock { files in
            var known = files.names[file] ?? [:]
            for offset in asked where known[offset] == nil {
                guard files.count < Self.limit else { break }
                known[offset] = .some(names[offset])
                files.count += 1
            }
            files.names[file] = known
        }
    }
}
