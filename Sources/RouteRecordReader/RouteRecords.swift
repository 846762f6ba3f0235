internal import RouteRecordLayout

/// The records of one route section, read lazily in section order, each checked and made a
/// ``RouteRecord`` or an issue saying why it is skipped: the one sequence of records that route
/// discovery (per loaded image) and the `routes` tool (per file) both iterate, in the manner of
/// swift-testing's test content records.
///
/// The bytes are read through the record codec (`RouteRecordCodec.Reader`), one record at a time:
/// nothing is decoded before it is asked for, and no record is kept. The bytes must stay valid
/// while the sequence is iterated.
package struct RouteRecords: Sequence {
    /// A record, or why one (or the rest of the section) could not be used.
    package typealias Element = Result<RouteRecord, RecordIssue>

    private let bytes: UnsafeRawBufferPointer
    private let file: String
    private let sectionFileOffset: Int
    private let requireAccessor: Bool

    /// The records of a section's bytes.
    ///
    /// - Parameters:
    ///   - bytes: The section's contents.
    ///   - file: The object file's path, for locations.
    ///   - sectionFileOffset: The section's offset in the file.
    ///   - requireAccessor: Whether a record without accessor is an issue (true for loaded images,
    ///     whose records the dynamic linker has relocated).
    package init(_ bytes: UnsafeRawBufferPointer, file: String, sectionFileOffset: Int, requireAccessor: Bool) {
        self.bytes = bytes
        self.file = file
        self.sectionFileOffset = sectionFileOffset
        self.requireAccessor = requireAccessor
    }

    /// How many records the section has room for: its size over the block size (an upper bound,
    /// not `underestimatedCount`: a record may take several blocks).
    package var capacity: Int { bytes.count / RecordLayout.blockSize }

    package func makeIterator() -> Iterator {
        Iterator(reader: RouteRecordCodec.Reader(bytes), records: self)
    }

    /// Reads the next record when asked.
    package struct Iterator: IteratorProtocol {
        fileprivate var reader: RouteRecordCodec.Reader
        fileprivate let records: RouteRecords
        private var index = 0

        fileprivate init(reader: RouteRecordCodec.Reader, records: RouteRecords) {
            self.reader = reader
            self.records = records
        }

        package mutating func next() -> Element? {
            guard let read = reader.next() else { return nil }
            // Only shown in diagnostics: a corrupt section offset saturates instead of trapping.
            let (offset, overflow) = records.sectionFileOffset.addingReportingOverflow(read.offset)
            let location = RecordLocation(file: records.file, fileOffset: overflow ? .max : offset, index: index)
            index += 1
            do throws(RecordProblem) {
                switch read.result {
                case .success(let view): return .success(try RouteRecord(view, at: location, requireAccessor: records.requireAccessor))
                case .failure(let problem): throw problem
                }
            } catch {
                return .failure(RecordIssue(error, at: location, version: read.version))
            }
        }
    }
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
