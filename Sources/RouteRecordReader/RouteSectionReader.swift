/// The route records of one object file.
public struct RouteSection: Sendable {
    /// The object file's path.
    public let file: String
    /// The valid records, in section order.
    public let records: [RouteRecord]
    /// The records (or the section) that were skipped, and why.
    public let issues: [RecordIssue]
}

/// Reads route records: from files on disk (for tools) or from the loaded images of this process.
public enum RouteSectionReader {
    /// Reads the route section of an ELF file on disk; nothing of the file is loaded or run.
    ///
    /// - Returns: The section's records and issues, or `nil` when the file has no route section.
    /// - Throws: ``ELFReadError`` when the file cannot be read as a 64-bit little-endian ELF object.
    public static func read(file path: String) throws(ELFReadError) -> RouteSection? {
        let file = try ELFFile(path: path)
        guard let section = try file.section(named: RecordLayout.sectionName) else { return nil }
        // Clamped: an empty section's offset is never checked against the file and may be anything.
        let decoded = try file.withContents(of: section) { bytes in
            RecordDecoder.decode(bytes, file: path, sectionFileOffset: Int(clamping: section.fileOffset), requireAccessor: false)
        }
        return RouteSection(file: path, records: decoded.records, issues: decoded.issues)
    }

    /// Reads the route section of a loaded image from memory, where the dynamic linker has
    /// relocated its accessors. libelf finds the section in the image's file.
    ///
    /// - Returns: The section's records and issues, or `nil` when the image has no route section.
    /// - Throws: ``ELFReadError`` when the image's file cannot be read.
    public static func read(image: LoadedImage) throws(ELFReadError) -> RouteSection? {
        let file = try ELFFile(path: image.path)
        guard let section = try file.section(named: RecordLayout.sectionName) else { return nil }
        guard section.isAllocated, section.size > 0 else {
            return RouteSection(file: image.path, records: [], issues: [])
        }
        let start = UnsafeRawPointer(bitPattern: image.loadBias &+ UInt(section.address))
        let bytes = UnsafeRawBufferPointer(start: start, count: Int(section.size))
        let decoded = RecordDecoder.decode(bytes, file: image.path, sectionFileOffset: Int(clamping: section.fileOffset), requireAccessor: true)
        return RouteSection(file: image.path, records: decoded.records, issues: decoded.issues)
    }
}
