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
        fileprivate let handle: OpaquePointer
    }

    let path: String
    private let descriptor: Int32
    private let elf: OpaquePointer

    private static let libraryReady: Bool = elf_version(UInt32(EV_CURRENT)) != UInt32(EV_NONE)

    /// Opens a file and checks it is a 64-bit little-endian ELF object with section headers.
    init(path: String) throws(ELFReadError) {
        self.path = path
        guard Self.libraryReady else { throw ELFReadError(path: path, reason: .cannotOpen("libelf version mismatch")) }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
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
        var count = 0
        guard elf_getshdrnum(elf, &count) == 0 else { throw ELFReadError(path: path, reason: .truncated(Self.lastError)) }
        guard count > 0 else { throw ELFReadError(path: path, reason: .noSectionHeaders) }
    }

    deinit {
        elf_end(elf)
        close(descriptor)
    }

    private static var lastError: String {
        elf_errmsg(-1).map { String(cString: $0) } ?? "unknown libelf error"
    }

    /// The first section with this name, or `nil`.
    func section(named name: String) throws(ELFReadError) -> Section? {
        var namesIndex = 0
        guard elf_getshdrstrndx(elf, &namesIndex) == 0 else { throw ELFReadError(path: path, reason: .truncated(Self.lastError)) }
        var cursor = elf_nextscn(elf, nil)
        while let scn = cursor {
            var header = GElf_Shdr()
            guard gelf_getshdr(scn, &header) != nil else { throw ELFReadError(path: path, reason: .truncated(Self.lastError)) }
            if let cName = elf_strptr(elf, namesIndex, Int(header.sh_name)), strcmp(cName, name) == 0 {
                return Section(
                    name: name, address: header.sh_addr, fileOffset: header.sh_offset, size: header.sh_size,
                    type: header.sh_type, isAllocated: header.sh_flags & UInt64(SHF_ALLOC) != 0, handle: scn
                )
            }
            cursor = elf_nextscn(elf, scn)
        }
        if elf_errno() != 0 { throw ELFReadError(path: path, reason: .truncated(Self.lastError)) }
        return nil
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
