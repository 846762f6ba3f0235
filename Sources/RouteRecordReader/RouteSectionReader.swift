internal import CLibELF
internal import RouteRecordLayout

/// The route records of one object file, read whole: the tool's form of ``RouteRecords``.
package struct RouteSection: Sendable {
    /// The object file's path.
    package let file: String
    /// Every record in section order, or why it was skipped.
    package let entries: [RouteRecords.Element]
    /// The file's route sections, copied out of it, in header order: what a pass reads in place
    /// (``RecordPass``), as discovery reads a loaded image's. Empty for a section made of entries.
    package var sections: [RouteRecords] = []
    /// Whether the file is a program (an executable, not a library or an object file): an
    /// interceptor or module there marked `overrides: true` is the app's own (``HookDecision``).
    package var isProgram = false

    /// The valid records, in section order.
    package var records: [RouteRecord] { entries.compactMap { try? $0.get() } }
    /// The records (or the section) that were skipped, and why.
    package var issues: [RecordIssue] {
        entries.compactMap { if case .failure(let issue) = $0 { issue } else { nil } }
    }
}

/// Reads route records: from files on disk (for tools) or from the loaded images of this process.
package enum RouteSectionReader {
    /// The most records a file's route sections may hold for a reader of files on disk:
    /// 262,144 (2^18, a 32 MiB section), 26 times the 10,000 of the discovery benchmark. The
    /// sections' 128-byte blocks are counted before any record is decoded; a file with more is
    /// refused with ``ELFReadError/Reason/tooManyRecords(count:limit:)``.
    package static let maximumRecordCount = 1 << 18

    /// Reads the route section of an ELF file on disk; nothing of the file is loaded or run. An
    /// object file may hold several sections of that name (a Swift object one per record): they
    /// are read in header order, as the linker would join them.
    ///
    /// - Parameter maximumRecords: The most records the sections may hold, counted as their
    ///   128-byte blocks before any is decoded (``maximumRecordCount``).
    /// - Returns: The sections' records and issues, or `nil` when the file has no route section.
    /// - Throws: ``ELFReadError`` when the file cannot be read as a 64-bit little-endian ELF object,
    ///   or its route sections hold more than `maximumRecords` blocks.
    package static func read(file path: String, maximumRecords: Int = maximumRecordCount) throws(ELFReadError) -> RouteSection? {
        let file = try ELFFile(path: path)
        let sections = try file.sections(named: RecordLayout.sectionName)
        guard !sections.isEmpty else { return nil }
        var blocks: UInt64 = 0
        for section in sections where section.type != UInt32(SHT_NOBITS) {
            let (sum, overflow) = blocks.addingReportingOverflow(section.size / UInt64(RecordLayout.blockSize))
            blocks = overflow ? .max : sum
        }
        guard blocks <= UInt64(maximumRecords) else {
            throw ELFReadError(path: path, reason: .tooManyRecords(count: Int(clamping: blocks), limit: maximumRecords))
        }
        var entries: [RouteRecords.Element] = []
        var copies: [RouteRecords] = []
        for section in sections {
            // Clamped: an empty section's offset is never checked against the file and may be anything.
            // Copied once, so that a pass reads the records in place once the file is closed.
            let records = try file.withContents(of: section) { bytes in
                RouteRecords(copying: bytes, file: path, sectionFileOffset: Int(clamping: section.fileOffset), requireAccessor: false)
            }
            entries += records
            copies.append(records)
        }
        var section = RouteSection(file: path, entries: entries)
        section.sections = copies
        section.isProgram = file.isProgram
        return section
    }

    /// Whether an ELF file carries a copy of LinkRouter: its symbol table (or, stripped, its
    /// dynamic one) names `linkrouter_own_route_section`, the C function every copy links.
    /// `false` when the file cannot be read or a stripped file does not export it.
    package static func linksLinkRouter(file path: String) -> Bool {
        guard let file = try? ELFFile(path: path), let symbols = try? file.symbols() else { return false }
        return symbols.contains { $0.name == "linkrouter_own_route_section" && $0.sectionIndex != 0 }
    }

    /// Reads the route section of a loaded image from memory, where the dynamic linker has
    /// relocated its accessors. libelf finds the section in the image's file.
    ///
    /// - Returns: The section's records and issues, or `nil` when the image has no route section.
    /// - Throws: ``ELFReadError`` when the image's file cannot be read.
    package static func read(image: LoadedImage) throws(ELFReadError) -> RouteSection? {
        guard let section = try LoadedRouteSection(image: image) else { return nil }
        var read = RouteSection(file: image.path, entries: Array(section.records))
        read.sections = [section.records]
        return read
    }
}

/// The route section of a loaded image, found in memory but not decoded yet.
///
/// Route discovery reads its records one at a time through ``records``. The section is read where the image is
/// mapped: use it only while the image stays loaded.
package struct LoadedRouteSection {
    /// The object file's path.
    package let file: String
    /// How many records the section has room for: its size over the block size.
    package var capacity: Int { bytes.count / RecordLayout.blockSize }
    private let bytes: UnsafeRawBufferPointer
    private let fileOffset: Int

    /// Finds the route section of a loaded image, where the dynamic linker has relocated its
    /// accessors.
    ///
    /// For the image LinkRouter is linked into, the linker's section bounds give the section with
    /// no file opened (so it is found even when the file was replaced or deleted since); for any
    /// other image, libelf finds the section in the image's file.
    ///
    /// - Returns: `nil` when the image has no route section.
    /// - Throws: ``ELFReadError`` when the image's file cannot be read.
    package init?(image: LoadedImage) throws(ELFReadError) {
        if image.linksThisCopyOfLinkRouter {
            guard let bounds = LoadedImage.linkedRouteSection, !bounds.isEmpty else { return nil }
            // The bounds are the linker's, for this very object: inside its segments by construction,
            // and backed by file bytes unless the section was cut out of the file after linking.
            // Cut from the end of a segment, the segment then ends before it; cut from the middle
            // (other sections follow it, as in an AddressSanitizer build), objcopy leaves zeros.
            // Either way the memory there is zero where the linker put the first record's magic
            // (not everywhere: the dynamic linker still relocates the accessors' addresses).
            let bytes = UnsafeRawBufferPointer(start: UnsafeRawPointer(bitPattern: bounds.lowerBound), count: bounds.count)
            guard let fileOffset = image.fileOffset(ofAddress: bounds.lowerBound),
                  bytes.count < RecordLayout.blockSize || bytes.loadUnaligned(fromByteOffset: RecordLayout.Offset.magic, as: UInt32.self) != 0 else {
                throw ELFReadError(path: image.path, reason: .routeSectionRemoved)
            }
            self.file = image.path
            self.fileOffset = fileOffset
            self.bytes = bytes
            return
        }
        let file = try Self.openLoadedFile(of: image)
        guard let section = try file.section(named: RecordLayout.sectionName) else { return nil }
        guard UInt64(section.size) / UInt64(RecordLayout.blockSize) <= Self.maximumRecordCount else {
            throw ELFReadError(path: image.path, reason: .tooManyRecords(count: Int(clamping: section.size / UInt64(RecordLayout.blockSize)), limit: Int(Self.maximumRecordCount)))
        }
        self.file = image.path
        fileOffset = Int(clamping: section.fileOffset)
        if section.isAllocated, section.size > 0 {
            // The section headers come from the file, the bytes from memory: read them only where
            // the loaded object is mapped, in case the file has changed since it was loaded.
            let start = image.loadBias &+ UInt(truncatingIfNeeded: section.address)
            let (end, overflow) = start.addingReportingOverflow(UInt(truncatingIfNeeded: section.size))
            guard !overflow, image.contains(start..<end) else { throw ELFReadError(path: image.path, reason: .notTheLoadedObject) }
            bytes = UnsafeRawBufferPointer(start: UnsafeRawPointer(bitPattern: start), count: Int(section.size))
        } else {
            bytes = UnsafeRawBufferPointer(start: nil, count: 0)
        }
    }

    /// Opens the file the image was loaded from (``LoadedImage/loadedFile``). When that is not its
    /// path and cannot be opened (no capability for `/proc/self/map_files`), the path is read
    /// instead: the section is then read from memory only where the object is mapped, so a
    /// changed file is reported, never misread.
    private static func openLoadedFile(of image: LoadedImage) throws(ELFReadError) -> ELFFile {
        let source = image.loadedFile
        if source == image.path { return try ELFFile(path: image.path) }
        do {
            return try ELFFile(path: image.path, readingFrom: source)
        } catch {
            guard case .cannotOpen(let why) = error.reason else { throw error }
            do {
                return try ELFFile(path: image.path)
            } catch {
                throw ELFReadError(path: image.path, reason: .loadedFileUnreadable(source: source, why: why, pathError: error.message))
            }
        }
    }

    /// The most records a loaded section may hold, counted as its blocks: 2^32 (a 512 GiB
    /// section), as many as a pass counts (``RecordPlace``). The linker's own section of the
    /// object LinkRouter is linked into is within that bound whatever its size: the rest would
    /// not be read.
    package static let maximumRecordCount = UInt64(UInt32.max)

    /// The section's records, read lazily in section order (``RouteRecords``).
    package var records: RouteRecords {
        RouteRecords(bytes, file: file, sectionFileOffset: fileOffset, requireAccessor: true)
    }
}
