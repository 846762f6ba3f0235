internal import CLibELF
internal import CLoadedImages
#if canImport(Glibc)
internal import Glibc
#endif

/// Which LinkRouter an object's Swift code was compiled against, as its dynamic symbols tell.
///
/// Every Swift record's accessor calls LinkRouter's `__linkRouterBuildMark()`, which is emitted
/// into the caller and calls `linkrouter_build_<identity>`, a symbol whose name carries a hash of
/// the sources of the LinkRouter the code was compiled against. An object compiled against a
/// LinkRouter imports that symbol; the copy of LinkRouter that defines it is the one built from
/// those sources.
package enum CompiledAgainst: Sendable, Hashable {
    /// The object imports `linkrouter_build_<identity>`: its Swift code was compiled against the
    /// LinkRouter build of that identity.
    case build(String)
    /// The object uses LinkRouter's Swift modules but imports no build symbol: it was compiled
    /// against a LinkRouter from before build identities.
    case unidentifiedBuild
    /// The object imports nothing of LinkRouter's Swift modules: no Swift code of its was compiled
    /// against LinkRouter (C records only, or a copy of LinkRouter itself).
    case noLinkRouterSwiftCode
    /// The object's dynamic symbols cannot be read from memory (no dynamic section, or no GNU hash table).
    case unknown

    /// The symbol prefix; the identity follows it.
    static let symbolPrefix = "linkrouter_build_"

    /// What an imported symbol's name says.
    init(importedSymbol name: String) {
        self = .build(String(name.dropFirst(Self.symbolPrefix.count)))
    }

    /// Whether the Swift records of an object compiled against this may run with the copy of
    /// LinkRouter built as `hostBuild`: only when it names that very build. An object that names
    /// none because it carries a copy of LinkRouter of its own (``noLinkRouterSwiftCode``) is left
    /// to the check of its records' accessors, which tells a private copy apart.
    package func allowsSwiftRecords(withHostBuild hostBuild: String) -> Bool {
        switch self {
        case .build(let identity): identity == hostBuild
        case .noLinkRouterSwiftCode: true
        case .unidentifiedBuild, .unknown: false
        }
    }
}

extension LoadedImage {
    /// Which LinkRouter the object's Swift code was compiled against, from its dynamic symbol table in memory.
    package var compiledAgainst: CompiledAgainst {
        // Room for the prefix and a 64-bit hash in hexadecimal, and to spare.
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { buffer in
            switch linkrouter_imported_build(dynamicSection, loadBias, buffer.baseAddress!, buffer.count) {
            case 1: CompiledAgainst(importedSymbol: String(cString: buffer.baseAddress!))
            case 2: .unidentifiedBuild
            case 0: .noLinkRouterSwiftCode
            default: .unknown
            }
        }
    }
}

extension CompiledAgainst {
    /// The most dynamic symbols read from a file before it is judged: far more than any library
    /// has (a large Swift library exports tens of thousands).
    package static let maximumSymbolCount = 1 << 20

    /// Which LinkRouter the Swift code of the shared library or executable at `path` was compiled
    /// against, from its `.dynsym` section on disk: read before the library is loaded, so that
    /// none of it runs when it is refused.
    ///
    /// - Throws: ``ELFReadError`` when the file is not a readable 64-bit little-endian ELF file,
    ///   or lists more than ``maximumSymbolCount`` dynamic symbols.
    package static func read(fromFile path: String) throws(ELFReadError) -> CompiledAgainst {
        let file = try ELFFile(path: path)
        guard let table = try file.sections().first(where: { $0.type == UInt32(SHT_DYNSYM) }) else {
            // A library without dynamic symbols imports nothing.
            return .noLinkRouterSwiftCode
        }
        var usesLinkRouter = false
        var found: CompiledAgainst?
        try file.forEachUndefinedSymbol(in: table, limit: maximumSymbolCount) { name in
            if linkrouter_is_build_symbol(name) != 0 {
                found = CompiledAgainst(importedSymbol: String(cString: name))
                return false
            }
            usesLinkRouter = usesLinkRouter || linkrouter_is_linkrouter_swift_symbol(name) != 0
            return true
        }
        return found ?? (usesLinkRouter ? .unidentifiedBuild : .noLinkRouterSwiftCode)
    }
}

extension RouteRecord {
    /// Whether the record was written by a Swift macro, so that its accessor is Swift code
    /// compiled against a LinkRouter; a C record's accessor is a C function.
    package var isSwift: Bool { kind != .cAction }
}

extension LoadedRouteSection {
    /// Whether the section holds a record written by a Swift macro (``RouteRecord/isSwift``),
    /// told from the records' kinds alone, none decoded: a record of a Swift kind that cannot be
    /// used still says the library's Swift code was compiled against a LinkRouter.
    package var holdsSwiftRecords: Bool {
        var views = RouteRecords.Views(records: records)
        while let (_, read) = views.next() {
            if case .success(let view) = read.result, view.kind != .cAction { return true }
        }
        return false
    }
}

extension ELFFile {
    /// Calls `body` with the name of each undefined symbol of `table` (a symbol table section)
    /// until it returns `false`.
    ///
    /// - Throws: ``ELFReadError`` when the table cannot be read or holds more than `limit` entries.
    func forEachUndefinedSymbol(in table: Section, limit: Int, _ body: (UnsafePointer<CChar>) -> Bool) throws(ELFReadError) {
        guard let data = elf_getdata(table.handle, nil) else { throw ELFReadError(path: path, reason: .truncated(Self.lastError)) }
        var header = GElf_Shdr()
        guard gelf_getshdr(table.handle, &header) != nil else { throw ELFReadError(path: path, reason: .truncated(Self.lastError)) }
        let count = header.sh_entsize == 0 ? 0 : header.sh_size / header.sh_entsize
        guard count <= UInt64(limit) else {
            throw ELFReadError(path: path, reason: .tooManySymbols(count: Int(clamping: count), limit: limit))
        }
        for index in 0..<Int(count) {
            var symbol = GElf_Sym()
            guard gelf_getsym(data, Int32(index), &symbol) != nil, symbol.st_shndx == UInt16(SHN_UNDEF), symbol.st_name != 0,
                  let name = elf_strptr(elf, Int(header.sh_link), Int(symbol.st_name)) else { continue }
            guard body(name) else { return }
        }
    }
}
