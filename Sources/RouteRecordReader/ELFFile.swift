internal import CLibELF
#if canImport(Glibc)
internal import Glibc
#endif

/// An ELF object file opened read-only with libelf. Each libelf call is wrapped here once.
final class ELFFile {
    /// A section's header fields that the readers use.
    struct Section {
        let name: String
        let address: UInt64
        let fileOffset: UInt64
        let size: UInt64
        let type: UInt32
        let isAllocated: Bool
        let handle: OpaquePointer
    }

    let path: String
    private let descriptor: Int32
    let elf: OpaquePointer

    private static let libraryReady: Bool = elf_version(UInt32(EV_CURRENT)) != UInt32(EV_NONE)

    /// Opens a file and checks it is a 64-bit little-endian ELF object with section headers.
    ///
    /// - Parameters:
    ///   - path: The file's name in messages, and the file read unless `source` is given.
    ///   - source: Another name of the same file to open (`/proc/self/map_files/…`).
    init(path: String, readingFrom source: String? = nil) throws(ELFReadError) {
        self.path = path
        guard Self.libraryReady else { throw ELFReadError(path: path, reason: .cannotOpen("libelf version mismatch")) }
        let descriptor = open(source ?? path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw ELFReadError(path: path, reason: .cannotOpen(String(cString: strerror(errno)))) }
        var status = stat()
        if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
            close(descriptor)
            throw ELFReadError(path: path, reason: .isDirectory)
        }
        guard let elf = elf_begin(descriptor, ELF_C_READ_MMAP, nil) else {
            close(descriptor)
            throw ELFReadError(path: path, reason: .notELF)
        }
        self.descriptor = descriptor
        self.elf = elf
        // From here on, deinit releases the handle and the descriptor.
        guard elf_kind(elf) == ELF_K_ELF, let ident = elf_getident(elf, nil) else { throw ELFReadError(path: path, reason: .notELF) }
        guard gelf_getclass(elf) == ELFCLASS64 else { throw ELFReadError(path: path, reason: .not64Bit) }
        guard Int32(ident[Int(EI_DATA)]) == ELFDATA2LSB else { throw ELFReadError(path: path, reason: .bigEndian) }
        var header = GElf_Ehdr()
        guard gelf_getehdr(elf, &header) != nil else { throw ELFReadError(path: path, reason: .truncated(Self.lastError)) }
        // Overflow-checked: a corrupt header can put the table anywhere up to 2^64.
        let (tableEnd, overflow) = header.e_shoff.addingReportingOverflow(UInt64(header.e_shnum) * UInt64(header.e_shentsize))
        if header.e_shoff != 0, overflow || tableEnd > UInt64(status.st_size) {
            let end = overflow ? "past byte 2^64" : "at byte \(tableEnd)"
            throw ELFReadError(path: path, reason: .truncated("section headers end \(end) of a \(status.st_size)-byte file"))
        }
        var count = 0
        guard elf_getshdrnum(elf, &count) == 0 else { throw ELFReadError(path: path, reason: .truncated(Self.lastError)) }
        guard count > 0 else { throw ELFReadError(path: path, reason: .noSectionHeaders) }
    }

    deinit {
        elf_end(elf)
        close(descriptor)
    }

    static var lastError: String {
        elf_errmsg(-1).map { String(cString: $0) } ?? "unknown libelf error"
    }

    /// Whether the file is an object file (`ET_REL`), whose relocation offsets are section offsets.
    var isRelocatable: Bool {
        var header = GElf_Ehdr()
        return gelf_getehdr(elf, &header) != nil && header.e_type == UInt16(ET_REL)
    }

    /// Whether the file is a program: an `ET_EXEC` file, or an `ET_DYN` one with an interpreter
    /// (`PT_INTERP`: a position-independent executable, not a shared library).
    var isProgram: Bool {
        var header = GElf_Ehdr()
        guard gelf_getehdr(elf, &header) != nil else { return false }
        if header.e_type == UInt16(ET_EXEC) { return true }
        guard header.e_type == UInt16(ET_DYN) else { return false }
        var count = 0
        guard elf_getphdrnum(elf, &count) == 0 else { return false }
        return (0..<count).contains { index in
            var segment = GElf_Phdr()
            return gelf_getphdr(elf, Int32(index), &segment) != nil && segment.p_type == UInt32(PT_INTERP)
        }
    }

    /// An entry of the symbol table.
    struct Symbol {
        let name: String
        let value: UInt64
        let size: UInt64
        let isFunction: Bool
        let sectionIndex: UInt16
    }

    /// A relocation that applies to the route section.
    struct Relocation {
        let symbol: Symbol?
        let addend: Int64
    }

    /// The symbols of `.symtab`, or of `.dynsym` when the file is stripped; empty when neither exists.
    ///
    /// - Throws: ``ELFReadError/Reason/tooManySymbols(count:limit:)`` for a table of more than
    ///   `maximumCount` entries, before any is read.
    func symbols(maximumCount: Int = .max) throws(ELFReadError) -> [Symbol] {
        for type in [UInt32(SHT_SYMTAB), UInt32(SHT_DYNSYM)] {
            guard let table = try sections().first(where: { $0.type == type }) else { continue }
            return try symbols(of: table, maximumCount: maximumCount)
        }
        return []
    }

    private func symbols(of table: Section, maximumCount: Int) throws(ELFReadError) -> [Symbol] {
        var header = GElf_Shdr()
        guard gelf_getshdr(table.handle, &header) != nil else { throw ELFReadError(path: path, reason: .truncated(Self.lastError)) }
        let entries = header.sh_entsize == 0 ? 0 : header.sh_size / header.sh_entsize
        guard entries <= UInt64(maximumCount) else {
            throw ELFReadError(path: path, reason: .tooManySymbols(count: Int(clamping: entries), limit: maximumCount))
        }
        guard let data = elf_getdata(table.handle, nil) else { throw ELFReadError(path: path, reason: .truncated(Self.lastError)) }
        let count = Int(entries)
        var result: [Symbol] = []
        result.reserveCapacity(count)
        for index in 0..<count {
            var symbol = GElf_Sym()
            guard gelf_getsym(data, Int32(index), &symbol) != nil else { continue }
            let name = elf_strptr(elf, Int(header.sh_link), Int(symbol.st_name)).map { String(cString: $0) } ?? ""
            result.append(Symbol(
                name: name, value: symbol.st_value, size: symbol.st_size,
                isFunction: Int32(symbol.st_info & 0xF) == STT_FUNC, sectionIndex: symbol.st_shndx
            ))
        }
        return result
    }

    /// The relocations that apply to each of `targets`, in the same order, each keyed by the
    /// offset it patches: a section offset in an object file, a virtual address in an executable
    /// or shared library (where a relocation goes to the first target, in header order, whose
    /// addresses hold it, found by one sorted sweep). Each symbol table is read once, however many
    /// targets there are.
    ///
    /// - Throws: ``ELFReadError`` when a table cannot be read, or a symbol table holds more than
    ///   `maximumSymbols` entries.
    func relocations(targeting targets: [Section], maximumSymbols: Int = .max) throws(ELFReadError) -> [[UInt64: Relocation]] {
        let all = try sections()
        let relocatable = isRelocatable
        var positions: [Int: Int] = [:]
        for (position, target) in targets.enumerated() { positions[elf_ndxscn(target.handle)] = position }
        var result = [[UInt64: Relocation]](repeating: [:], count: targets.count)
        var symbolTables: [Int: [Symbol]] = [:]
        for section in all where section.type == UInt32(SHT_RELA) {
            var header = GElf_Shdr()
            guard gelf_getshdr(section.handle, &header) != nil else { continue }
            // Object files relocate one section per table; linked files keep dynamic relocations
            // for every section together (.rela.dyn).
            let relocatedSection: Int?
            if relocatable {
                guard let position = positions[Int(header.sh_info)] else { continue }
                relocatedSection = position
            } else {
                relocatedSection = nil
            }
            guard let data = elf_getdata(section.handle, nil), header.sh_entsize > 0 else { continue }
            let link = Int(header.sh_link)
            let symbols: [Symbol]
            if let known = symbolTables[link] {
                symbols = known
            } else {
                let table = all.first { elf_ndxscn($0.handle) == link }
                symbols = try table.map { table throws(ELFReadError) in try self.symbols(of: table, maximumCount: maximumSymbols) } ?? []
                symbolTables[link] = symbols
            }
            var read: [GElf_Rela] = []
            for index in 0..<Int(clamping: header.sh_size / header.sh_entsize) {
                var relocation = GElf_Rela()
                guard gelf_getrela(data, Int32(truncatingIfNeeded: index), &relocation) != nil else { break }
                read.append(relocation)
            }
            let positionsOfRead = relocatedSection.map { [Int?](repeating: $0, count: read.count) }
                ?? FirstContainingInterval.find(read.map(\.r_offset), in: targets.map { .init(start: $0.address, length: $0.size) }).indices
            for (relocation, position) in zip(read, positionsOfRead) {
                guard let position else { continue }
                let symbolIndex = Int(relocation.r_info >> 32)
                let symbol = symbolIndex > 0 && symbolIndex < symbols.count ? symbols[symbolIndex] : nil
                result[position][relocation.r_offset] = Relocation(symbol: symbol, addend: relocation.r_addend)
            }
        }
        return result
    }

    /// Every section, in header order.
    func sections() throws(ELFReadError) -> [Section] {
        var namesIndex = 0
        guard elf_getshdrstrndx(elf, &namesIndex) == 0 else { throw ELFReadError(path: path, reason: .truncated(Self.lastError)) }
        var result: [Section] = []
        var cursor = elf_nextscn(elf, nil)
        while let scn = cursor {
            var header = GElf_Shdr()
            guard gelf_getshdr(scn, &header) != nil else { throw ELFReadError(path: path, reason: .truncated(Self.lastError)) }
            let name = elf_strptr(elf, namesIndex, Int(header.sh_name)).map { String(cString: $0) } ?? ""
            result.append(Section(
                name: name, address: header.sh_addr, fileOffset: header.sh_offset, size: header.sh_size,
                type: header.sh_type, isAllocated: header.sh_flags & UInt64(SHF_ALLOC) != 0, handle: scn
            ))
            cursor = elf_nextscn(elf, scn)
        }
        if elf_errno() != 0 { throw ELFReadError(path: path, reason: .truncated(Self.lastError)) }
        return result
    }

    /// The first section with this name, or `nil`.
    func section(named name: String) throws(ELFReadError) -> Section? {
        try sections().first { $0.name == name }
    }

    /// Every section named `name`, in header order. A linked file has one route section; an object
    /// file may have one per record, as the Swift compiler gives each retained constant a section
    /// of its own.
    func sections(named name: String) throws(ELFReadError) -> [Section] {
        try sections().filter { $0.name == name }
    }

    /// Calls `body` with a section's bytes as stored in the file.
    func withContents<Result>(of section: Section, _ body: (UnsafeRawBufferPointer) -> Result) throws(ELFReadError) -> Result {
        if section.type == UInt32(SHT_NOBITS) || section.size == 0 { return body(UnsafeRawBufferPointer(start: nil, count: 0)) }
        guard let data = elf_rawdata(section.handle, nil), data.pointee.d_size == Int(section.size) else {
            throw ELFReadError(path: path, reason: .truncated(Self.lastError))
        }
        return body(UnsafeRawBufferPointer(start: data.pointee.d_buf, count: data.pointee.d_size))
    }
}
