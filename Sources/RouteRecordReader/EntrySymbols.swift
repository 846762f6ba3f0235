internal import CLibELF
internal import RouteRecordLayout
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
    /// The demangled symbol of each record's accessor, keyed by record location; a record whose
    /// symbol cannot be found (a stripped binary) is missing from the result.
    ///
    /// - Returns: The symbols found (in `.symtab`, or in `.dynsym` for a stripped file), and whether
    ///   the file still has its full symbol table (`.symtab`).
    package static func resolve(in section: RouteSection) throws(ELFReadError) -> (symbols: [RecordLocation: String], hasSymbolTable: Bool) {
        let file = try ELFFile(path: section.file)
        let routeSections = try file.sections(named: RecordLayout.sectionName)
        guard !routeSections.isEmpty else { return ([:], false) }
        let symbols = try file.symbols()
        let hasSymbolTable = try file.sections().contains { $0.type == UInt32(SHT_SYMTAB) }
        guard !symbols.isEmpty else { return ([:], hasSymbolTable) }
        let relocations = try file.relocations(targeting: routeSections)
        let isRelocatable = file.isRelocatable
        var result: [RecordLocation: String] = [:]
        for record in section.records {
            let fileOffset = UInt64(record.location.fileOffset)
            guard let position = routeSections.firstIndex(where: { fileOffset >= $0.fileOffset && fileOffset - $0.fileOffset < $0.size }) else {
                continue
            }
            let routes = routeSections[position]
            let offsetInSection = fileOffset - routes.fileOffset
            // Wrapping: addresses are taken modulo 2^64, and a corrupt header may put the section anywhere.
            let fieldAddress = routes.address &+ offsetInSection &+ 16
            let name: String?
            if let relocation = relocations[position][isRelocatable ? offsetInSection + 16 : fieldAddress] {
                if let symbol = relocation.symbol, !symbol.name.isEmpty {
                    name = symbol.name
                } else {
                    let target = (relocation.symbol?.value ?? 0) &+ UInt64(bitPattern: relocation.addend)
                    name = symbols.function(at: target, inSection: relocation.symbol?.sectionIndex)
                }
            } else if record.accessorAddress != 0 {
                name = symbols.function(at: UInt64(record.accessorAddress), inSection: nil)
            } else {
                name = nil
            }
            if let name { result[record.location] = demangle(name) }
        }
        return (result, hasSymbolTable)
    }

    /// The demangled accessor symbols of the records at these file offsets of one file on disk,
    /// keyed by offset; a record whose symbol cannot be found is missing from the result.
    ///
    /// Run-time discovery uses it to name the records it reports, so that only they pay for
    /// reading the symbol table.
    package static func symbols(in file: String, atOffsets offsets: Set<Int>) -> [Int: String] {
        guard let section = (try? RouteSectionReader.read(file: file)) ?? nil else { return [:] }
        let entries = section.entries.filter { (try? $0.get()).map { offsets.contains($0.location.fileOffset) } ?? false }
        guard let resolved = try? resolve(in: RouteSection(file: file, entries: entries)) else { return [:] }
        return Dictionary(resolved.symbols.map { ($0.key.fileOffset, $0.value) }, uniquingKeysWith: { first, _ in first })
    }

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

extension [ELFFile.Symbol] {
    /// The function symbol whose range contains `address` (in `section`, for object files).
    func function(at address: UInt64, inSection section: UInt16?) -> String? {
        let candidates = filter { symbol in
            symbol.isFunction && (section == nil || symbol.sectionIndex == section!)
                && address >= symbol.value && address - symbol.value < Swift.max(symbol.size, 1)
        }
        return candidates.first?.name
    }
}
