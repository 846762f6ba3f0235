package import RoutePatterns
package import RouteRecordLayout

/// Decodes and validates the records of one section's bytes, through the record codec
/// (`RouteRecordCodec`), into ``RouteRecord``s that name where each was read.
package enum RecordDecoder {
    /// Decodes every record in a section.
    ///
    /// - Parameters:
    ///   - bytes: The section's contents.
    ///   - file: The object file's path, for locations.
    ///   - sectionFileOffset: The section's offset in the file.
    ///   - requireAccessor: Whether a record without accessor is an issue (true for loaded images,
    ///     whose records the dynamic linker has relocated).
    /// - Returns: The valid records in section order, and an issue for each record skipped.
    package static func decode(
        _ bytes: UnsafeRawBufferPointer, file: String, sectionFileOffset: Int, requireAccessor: Bool
    ) -> (records: [RouteRecord], issues: [RecordIssue]) {
        var records: [RouteRecord] = []
        records.reserveCapacity(bytes.count / RecordLayout.blockSize)
        let issues = forEachRecord(in: bytes, file: file, sectionFileOffset: sectionFileOffset, requireAccessor: requireAccessor) {
            records.append($0)
        }
        return (records, issues)
    }

    /// Decodes the records of a section one at a time, handing each valid one to `body` and
    /// keeping none.
    ///
    /// - Parameters: as for ``decode(_:file:sectionFileOffset:requireAccessor:)``.
    /// - Returns: An issue for each record skipped.
    package static func forEachRecord(
        in bytes: UnsafeRawBufferPointer, file: String, sectionFileOffset: Int, requireAccessor: Bool,
        _ body: (RouteRecord) -> Void
    ) -> [RecordIssue] {
        forEachCheckedRecord(in: bytes, file: file, sectionFileOffset: sectionFileOffset, requireAccessor: requireAccessor) { record, location in
            body(RouteRecord(taking: &record, at: location()))
        }
    }

    /// Decodes the records of a section one at a time, as ``forEachRecord(in:file:sectionFileOffset:requireAccessor:_:)``
    /// does, but hands over each record's checked fields, which `body` may take rather than copy,
    /// and its location only when asked: route discovery registers thousands of records and makes
    /// no value per record that it does not keep.
    package static func forEachCheckedRecord(
        in bytes: UnsafeRawBufferPointer, file: String, sectionFileOffset: Int, requireAccessor: Bool,
        _ body: (inout CheckedRecord, () -> RecordLocation) -> Void
    ) -> [RecordIssue] {
        var issues: [RecordIssue] = []
        var index = 0
        var record = CheckedRecord()
        RouteRecordCodec.forEachRecord(in: bytes) { read in
            let ordinal = index
            index += 1
            // Only shown in diagnostics: a corrupt section offset saturates instead of trapping.
            func location() -> RecordLocation {
                let (offset, overflow) = sectionFileOffset.addingReportingOverflow(read.offset)
                return RecordLocation(file: file, fileOffset: overflow ? .max : offset, index: ordinal)
            }
            // One record's storage, filled in place for each: no record value is made and copied.
            do throws(RecordProblem) {
                switch read.result {
                case .success(let view):
                    try record.read(view, requireAccessor: requireAccessor)
                    body(&record, location)
                case .failure(let problem): throw problem
                }
            } catch {
                issues.append(RecordIssue(error, at: location(), version: read.version))
            }
        }
        return issues
    }
}

/// A record's fields once what the codec leaves to the reader is checked: the accessor, the text
/// as UTF-8 (a service's as one protocol name), and a compiled pattern's segments as a pattern.
package struct CheckedRecord {
    /// The record's version.
    package private(set) var version: UInt16 = 0
    /// What the record registers.
    package private(set) var kind = RecordKind.page
    /// The flags field.
    package private(set) var flags = RecordFlags()
    /// The accessor field.
    package private(set) var accessor: UInt = 0
    /// The text's parts; for a service, the protocol's name is the pattern.
    package var text = RecordText(pattern: "")
    /// The pattern as the macro compiled it, checked; `nil` for a record without one.
    package var compiledPattern: RoutePattern?

    /// Checks a record the codec read, and holds its fields.
    mutating func read(_ view: RecordView, requireAccessor: Bool) throws(RecordProblem) {
        if requireAccessor && view.accessor == 0 { throw .missingAccessor }
        if view.kind == .service {
            guard !view.text.isEmpty, !view.text.contains(0) else { throw .badServiceName }
            guard let name = RecordText.serviceName(view.text) else { throw .badText }
            text = RecordText(pattern: name)
        } else {
            guard let route = RecordText(route: view.text) else { throw .badText }
            text = route
        }
        // Made in place, tested without binding: a bound value would be copied in.
        compiledPattern = nil
        if let compiled = view.compiledPattern {
            compiledPattern = RoutePattern(text: text.pattern, compiled: compiled)
            guard case .some = compiledPattern else { throw .badCompiledPattern }
        }
        version = view.version
        kind = view.kind
        flags = view.flags
        accessor = UInt(view.accessor)
    }

    /// Whether the route is reachable from outside the app (flag bit 0, tested directly: OptionSet's
    /// `contains` is not specialized across modules).
    package var isExternal: Bool { flags.rawValue & RecordFlags.external.rawValue != 0 }
    /// Whether the record is marked as an override (flag bit 4).
    package var isOverride: Bool { flags.rawValue & RecordFlags.override.rawValue != 0 }
}

extension RoutePattern {
    /// The pattern a record's compiled segments make, checked
    /// (`init(text:partCount:decodedLiterals:part:)`), or `nil`.
    package init?(text: String, compiled: CompiledPattern.View) {
        // A closure, not the method itself: a method reference would allocate its context each time.
        self.init(text: text, partCount: compiled.count, decodedLiterals: compiled.decodedLiterals) { compiled.fields(at: $0) }
    }
}
