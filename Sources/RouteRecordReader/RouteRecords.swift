package import RouteRecordLayout

/// The records of one route section, read lazily in section order, each checked and made a
/// ``RouteRecord`` or an issue saying why it is skipped: the one sequence of records that route
/// discovery (per loaded image) and the `routes` tool (per file) both iterate, in the manner of
/// swift-testing's test content records.
///
/// The bytes are read in place through the record codec (`RouteRecordCodec.Reader`), one record
/// at a time: nothing is decoded before it is asked for, and no record is kept. A loaded image's
/// section is read where the image is mapped, and must stay mapped while its records are read
/// (discovery keeps every image it registers loaded); a file's is copied once
/// (``init(copying:file:sectionFileOffset:requireAccessor:)``) and kept by the sequence. A pass
/// (``RecordPass``) keeps the sequences it read and each route record's place (``RecordPlace``),
/// and reads a record again from its place when a report or a tool asks for it.
///
/// A section is read up to its first 2^32 blocks (512 GiB): ``RecordPlace`` counts in 32 bits.
/// Loaded sections larger are refused before (``LoadedRouteSection``), and a file's are limited
/// far lower (``RouteSectionReader/maximumRecordCount``).
package struct RouteRecords: Sequence, Sendable {
    /// A record, or why one (or the rest of the section) could not be used.
    package typealias Element = Result<RouteRecord, RecordIssue>

    // Not `Sendable`, hence `nonisolated(unsafe)`: the bytes are only ever read, and stay valid
    // as long as the sequence (``storage``) or the image that maps them does.
    nonisolated(unsafe) private let bytes: UnsafeRawBufferPointer
    /// The object file's path, for locations.
    package let file: String
    private let sectionFileOffset: Int
    private let requireAccessor: Bool
    /// Whether a record without accessor is an issue (``RecordProblem/missingAccessor``).
    package var requiresAccessor: Bool { requireAccessor }
    /// The copy of a file's section the bytes are in; `nil` for bytes the caller keeps valid.
    private let storage: SectionCopy?

    /// The records of a section's bytes, read where they are.
    ///
    /// - Parameters:
    ///   - bytes: The section's contents, valid as long as its records are read (a loaded image's
    ///     section, the image kept loaded).
    ///   - file: The object file's path, for locations.
    ///   - sectionFileOffset: The section's offset in the file.
    ///   - requireAccessor: Whether a record without accessor is an issue (true for loaded images,
    ///     whose records the dynamic linker has relocated).
    package init(_ bytes: UnsafeRawBufferPointer, file: String, sectionFileOffset: Int, requireAccessor: Bool) {
        self.init(bytes, storage: nil, file: file, sectionFileOffset: sectionFileOffset, requireAccessor: requireAccessor)
    }

    /// The records of a copy of `bytes`, which need stay valid only during the call: a file's
    /// section, read before the file is closed.
    ///
    /// - Parameters: as for ``init(_:file:sectionFileOffset:requireAccessor:)``.
    package init(copying bytes: UnsafeRawBufferPointer, file: String, sectionFileOffset: Int, requireAccessor: Bool) {
        let copy = SectionCopy(bytes)
        self.init(UnsafeRawBufferPointer(copy.bytes), storage: copy, file: file, sectionFileOffset: sectionFileOffset, requireAccessor: requireAccessor)
    }

    private init(_ bytes: UnsafeRawBufferPointer, storage: SectionCopy?, file: String, sectionFileOffset: Int, requireAccessor: Bool) {
        // Past 2^32 blocks a record's place cannot be counted (``RecordPlace``): the rest is not read.
        let readable = UInt64(bytes.count) <= RecordPlace.maximumSectionSize ? bytes.count : Int(RecordPlace.maximumSectionSize)
        self.bytes = UnsafeRawBufferPointer(rebasing: bytes[..<readable])
        self.storage = storage
        self.file = file
        self.sectionFileOffset = sectionFileOffset
        self.requireAccessor = requireAccessor
    }

    /// How many records the section has room for: its size over the block size (an upper bound,
    /// not `underestimatedCount`: a record may take several blocks).
    package var capacity: Int { bytes.count / RecordLayout.blockSize }

    package func makeIterator() -> Iterator {
        Iterator(records: self)
    }

    /// Reads the next record when asked.
    package struct Iterator: IteratorProtocol {
        private var views: Views

        fileprivate init(records: RouteRecords) {
            views = Views(records: records)
        }

        package mutating func next() -> Element? {
            guard let (place, read) = views.next() else { return nil }
            switch read.result {
            case .success(let view): return views.records.record(view, at: place)
            case .failure(let problem): return .failure(views.records.issue(problem, of: read, at: place))
            }
        }
    }

    /// The records' views, in section order, each with its place: what ``Iterator`` makes
    /// records of, and what a ``RecordPass`` reads in place. A view is valid until the next is read.
    package struct Views {
        /// The section read.
        package let records: RouteRecords
        private var reader: RouteRecordCodec.Reader
        private var index: UInt32 = 0

        package init(records: RouteRecords) {
            self.records = records
            reader = RouteRecordCodec.Reader(records.bytes)
        }

        /// The next record's place and the codec's reading of it (its view, or why it cannot be
        /// used: ``issue(_:of:at:)``); `nil` after the last.
        package mutating func next() -> (place: RecordPlace, read: RouteRecordCodec.Read)? {
            guard let read = reader.next() else { return nil }
            // The section holds at most 2^32 blocks, so its offsets and indices fit.
            let place = RecordPlace(block: UInt32(truncatingIfNeeded: read.offset / RecordLayout.blockSize), index: index)
            index &+= 1
            return (place, read)
        }
    }

    /// The issue of a record the codec could not use, read at `place`.
    package func issue(_ problem: RecordProblem, of read: RouteRecordCodec.Read, at place: RecordPlace) -> RecordIssue {
        RecordIssue(problem, at: location(of: place, at: read.offset), version: read.version)
    }

    /// Where the record at `place` is.
    package func location(of place: RecordPlace) -> RecordLocation {
        location(of: place, at: Int(place.block) * RecordLayout.blockSize)
    }

    /// Where the record at `place`, `offset` bytes into the section, is (an issue's offset may be
    /// the section's remainder, not a block's start).
    private func location(of place: RecordPlace, at offset: Int) -> RecordLocation {
        // Only shown in diagnostics: a corrupt section offset saturates instead of trapping.
        let (fileOffset, overflow) = sectionFileOffset.addingReportingOverflow(offset)
        return RecordLocation(file: file, fileOffset: overflow ? .max : fileOffset, index: Int(place.index))
    }

    /// The view of the record at `place`, read again, for `body`: the record's fields as they
    /// were when the section was first read, its bytes unchanged since (a loaded image's section
    /// is read-only once the dynamic linker has relocated it, a file's is a copy).
    ///
    /// - Returns: What `body` returns, or `nil` when no record starts there.
    package func withView<Result>(at place: RecordPlace, _ body: (RecordView) -> Result) -> Result? {
        let offset = Int(place.block) * RecordLayout.blockSize
        guard offset < bytes.count else { return nil }
        var reader = RouteRecordCodec.Reader(UnsafeRawBufferPointer(rebasing: bytes[offset...]))
        guard let read = reader.next(), case .success(let view) = read.result else { return nil }
        return body(view)
    }

    /// The record at `place`, read again and checked (``withView(at:_:)``); `nil` when no record
    /// starts there.
    package func record(at place: RecordPlace) -> Element? {
        withView(at: place) { record($0, at: place) }
    }

    /// The record `view`, read at `place`, holds, checked, or why it cannot be used.
    package func record(_ view: RecordView, at place: RecordPlace) -> Element {
        Result(catching: { () throws(RecordIssue) -> RouteRecord in
            do throws(RecordProblem) {
                return try RouteRecord(view, at: location(of: place), requireAccessor: requireAccessor)
            } catch {
                throw RecordIssue(error, at: location(of: place), version: view.version)
            }
        })
    }
}

/// Where a record is in its section: its first block and its index among the section's records.
/// Two 32-bit counts; a pass keeps the block alone for each record it does not decode whole, and
/// tells the index from it (``RecordPass/Records``).
package struct RecordPlace: Sendable, Hashable {
    /// The record's first block: its offset over ``RouteRecordLayout/RecordLayout/blockSize``.
    package let block: UInt32
    /// The record's index among the records of its section.
    package let index: UInt32

    /// The most bytes of a section read: 2^32 blocks.
    static let maximumSectionSize = UInt64(UInt32.max) * UInt64(RecordLayout.blockSize)
}

/// A file's section copied out of the file, so that its records are read in place after the file
/// is closed; freed with the last sequence that reads it.
private final class SectionCopy: Sendable {
    // Written only in `init`, freed only in `deinit`: every reader only reads.
    nonisolated(unsafe) let bytes: UnsafeMutableRawBufferPointer

    init(_ source: UnsafeRawBufferPointer) {
        bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: source.count, alignment: 16)
        bytes.copyMemory(from: source)
    }

    deinit { bytes.deallocate() }
}

/// Decodes a section's records at once, for the fuzz targets and tests that look at them whole.
package enum RecordDecoder {
    /// Every record of a section's bytes (``RouteRecords``), the valid ones and the issues apart.
    ///
    /// - Parameters: as for ``RouteRecords/init(_:file:sectionFileOffset:requireAccessor:)``.
    /// - Returns: The valid records in section order, and an issue for each record skipped.
    package static func decode(
        _ bytes: UnsafeRawBufferPointer, file: String, sectionFileOffset: Int, requireAccessor: Bool
    ) -> (records: [RouteRecord], issues: [RecordIssue]) {
        var records: [RouteRecord] = []
        var issues: [RecordIssue] = []
        let sequence = RouteRecords(bytes, file: file, sectionFileOffset: sectionFileOffset, requireAccessor: requireAccessor)
        records.reserveCapacity(sequence.capacity)
        for entry in sequence {
            switch entry {
            case .success(let record): records.append(record)
            case .failure(let issue): issues.append(issue)
            }
        }
        return (records, issues)
    }
}
