/// Why an object file's route section could not be read.
///
/// ```
/// /tmp/notes.txt: not an ELF file
/// ```
package struct ELFReadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong with the file.
    package enum Reason: Sendable, Hashable {
        /// The file could not be opened (missing, no permission, ...): the system's message.
        case cannotOpen(String)
        /// The path is a directory.
        case isDirectory
        /// The file is not an ELF object.
        case notELF
        /// A 32-bit ELF file; only 64-bit objects are supported.
        case not64Bit
        /// A big-endian ELF file; only little-endian objects are supported.
        case bigEndian
        /// The file has no section headers (stripped with `--strip-sections`?), so its route section cannot be found.
        case noSectionHeaders
        /// The file ends before the data its headers describe: libelf's message.
        case truncated(String)
        /// The file places its route section outside the memory of the loaded object of that
        /// path: it has been rebuilt or replaced since the object was loaded.
        case notTheLoadedObject
        /// The linker's bounds of the route section of the object LinkRouter is linked into lie
        /// where the file provides no bytes, or zeros: the section was removed after linking (`objcopy
        /// --remove-section`, `strip --remove-section`), and its records with it.
        case routeSectionRemoved
        /// The path no longer names the file that was loaded (replaced or deleted since), and
        /// neither the loaded file (through `source`, a `/proc/self/map_files` entry, which takes
        /// `CAP_SYS_ADMIN` or `CAP_CHECKPOINT_RESTORE`) nor the path can be read: the system's
        /// messages for both.
        case loadedFileUnreadable(source: String, why: String, pathError: String)
        /// The file's `swift5_protocol_conformances` section lists more conformances than a
        /// reader reads (``ProtocolConformances/maximumCount``).
        case tooManyConformances(count: Int, limit: Int)
        /// The file's route sections hold more 128-byte blocks than a reader reads
        /// (``RouteSectionReader/maximumRecordCount``): more records than any app registers.
        case tooManyRecords(count: Int, limit: Int)
        /// The file's symbol table holds more entries than a reader reads
        /// (``EntrySymbols/maximumSymbolCount``).
        case tooManySymbols(count: Int, limit: Int)
    }

    /// The file's path.
    package let path: String
    /// What is wrong.
    package let reason: Reason

    /// Creates an error.
    package init(path: String, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    /// A one-line explanation without the path.
    package var message: String {
        switch reason {
        case .cannotOpen(let message): "cannot open: \(message)"
        case .isDirectory: "is a directory"
        case .notELF: "not an ELF file"
        case .not64Bit: "32-bit ELF files are not supported"
        case .bigEndian: "big-endian ELF files are not supported"
        case .noSectionHeaders: "no section headers (stripped with --strip-sections?): its route records cannot be found"
        case .truncated(let message): "truncated or corrupt ELF file (\(message))"
        case .routeSectionRemoved:
            "its linkrouter_routes section was removed after linking (objcopy --remove-section or strip --remove-section?): the linker's bounds of the section hold no file bytes, or only zeros, so it has no routes"
        case .loadedFileUnreadable(let source, let why, let pathError):
            "replaced or deleted since it was loaded, and the loaded file cannot be read through \(source) (\(why)) nor the path (\(pathError)): its records are skipped"
        case .tooManyConformances(let count, let limit):
            "its swift5_protocol_conformances section lists \(count) conformances, more than the \(limit) a reader reads"
        case .tooManyRecords(let count, let limit):
            "its linkrouter_routes sections have room for \(count) records, more than the \(limit) a reader reads"
        case .tooManySymbols(let count, let limit):
            "its symbol table holds \(count) symbols, more than the \(limit) a reader reads"
        case .notTheLoadedObject: "the file no longer matches the loaded object (rebuilt or replaced since it was loaded?): its route section is outside the object's memory"
        }
    }

    package var description: String { "\(path): \(message)" }
}
