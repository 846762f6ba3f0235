internal import ByteParsing
internal import RouteRecordLayout

/// Decodes and validates the records of one section's bytes.
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
        records.reserveCapacity(bytes.count / RecordLayout.size)
        let issues = forEachRecord(in: bytes, file: file, sectionFileOffset: sectionFileOffset, requireAccessor: requireAccessor) {
            records.append($0)
        }
        return (records, issues)
    }

    /// Decodes the records of a section one at a time, handing each valid one to `body` and
    /// keeping none: route discovery registers thousands of records and needs no list of them.
    ///
    /// - Parameters: as for ``decode(_:file:sectionFileOffset:requireAccessor:)``.
    /// - Returns: An issue for each record skipped.
    package static func forEachRecord(
        in bytes: UnsafeRawBufferPointer, file: String, sectionFileOffset: Int, requireAccessor: Bool,
        _ body: (RouteRecord) -> Void
    ) -> [RecordIssue] {
        var issues: [RecordIssue] = []
        let count = bytes.count / RecordLayout.size
        if bytes.count % RecordLayout.size != 0 {
            issues.append(RecordIssue(
                .sectionSizeNotMultiple(size: bytes.count),
                at: RecordLocation(file: file, fileOffset: sectionFileOffset, index: count)
            ))
        }
        for index in 0..<count {
            let start = index * RecordLayout.size
            let record = UnsafeRawBufferPointer(rebasing: bytes[start..<(start + RecordLayout.size)])
            // Only shown in diagnostics: a corrupt section offset saturates instead of trapping.
            let (offset, overflow) = sectionFileOffset.addingReportingOverflow(start)
            let location = RecordLocation(file: file, fileOffset: overflow ? .max : offset, index: index)
            switch decodeRecord(record, location: location, requireAccessor: requireAccessor) {
            case .success(let decoded): body(decoded)
            case .failure(let issue): issues.append(issue)
            }
        }
        return issues
    }

    static func decodeRecord(_ bytes: UnsafeRawBufferPointer, location: RecordLocation, requireAccessor: Bool) -> Result<RouteRecord, RecordIssue> {
        func field<T: FixedWidthInteger>(_ offset: Int, _ type: T.Type) -> T {
            T(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: T.self))
        }
        let magic = field(RecordLayout.Offset.magic, UInt32.self)
        guard magic == RecordLayout.magic else { return .failure(RecordIssue(.badMagic(magic), at: location)) }
        let version = field(RecordLayout.Offset.version, UInt16.self)
        guard version == RecordLayout.version else { return .failure(RecordIssue(.unsupportedVersion(version), at: location)) }
        let flags = RecordFlags(rawValue: field(RecordLayout.Offset.flags, UInt16.self))
        let kindCode = field(RecordLayout.Offset.kind, UInt32.self)
        let textLength = field(RecordLayout.Offset.textLength, UInt32.self)
        let accessor = field(RecordLayout.Offset.accessor, UInt64.self)
        let reserved = field(RecordLayout.Offset.reserved, UInt64.self)

        guard let kind = RecordKind(rawValue: kindCode) else { return .failure(RecordIssue(.unknownKind(kindCode), at: location)) }
        guard textLength <= UInt32(RecordLayout.textCapacity) else {
            return .failure(RecordIssue(.badTextLength(textLength), at: location))
        }
        guard reserved == 0 else { return .failure(RecordIssue(.reservedFieldSet, at: location)) }
        if requireAccessor && accessor == 0 { return .failure(RecordIssue(.missingAccessor, at: location)) }

        let textStart = RecordLayout.Offset.text
        let text = UnsafeRawBufferPointer(rebasing: bytes[textStart..<(textStart + Int(textLength))])
        let pattern: String
        var groups: [String] = []
        var summary: String?
        var query: String?
        if kind == .service {
            // A protocol's name alone: no separators, never empty.
            guard !text.isEmpty, !text.contains(0) else { return .failure(RecordIssue(.badServiceName, at: location)) }
            guard let name = UTF8Validator.string(validating: text) else { return .failure(RecordIssue(.badText, at: location)) }
            pattern = name
        } else if let separator = text.firstIndex(of: 0) {
            // The pattern, then the groups, the summary and the query contract, each after a NUL.
            let rest = text[(separator + 1)...].split(separator: 0, maxSplits: 2, omittingEmptySubsequences: false)
            let strings = rest.compactMap { UTF8Validator.string(validating: UnsafeRawBufferPointer(rebasing: $0)) }
            guard let head = UTF8Validator.string(validating: UnsafeRawBufferPointer(rebasing: text[..<separator])),
                  strings.count == rest.count
            else { return .failure(RecordIssue(.badText, at: location)) }
            pattern = head
            groups = strings[0].split(separator: ",").map(String.init)
            summary = strings.count > 1 ? strings[1] : nil
            if strings.count > 2 {
                // A contract after an empty summary: the route has none.
                if summary == "" { summary = nil }
                query = strings[2]
            }
        } else {
            // The common record: a pattern alone.
            guard let whole = UTF8Validator.string(validating: text) else { return .failure(RecordIssue(.badText, at: location)) }
            pattern = whole
        }

        return .success(RouteRecord(
            kind: kind,
            pattern: pattern,
            groups: groups,
            summary: summary,
            query: query,
            isExternal: flags.contains(.external),
            openStyle: flags.openStyle,
            isOverride: flags.contains(.override),
            serviceLifetime: kind == .service ? flags.serviceLifetime : nil,
            accessorAddress: UInt(accessor),
            location: location
        ))
    }
}
