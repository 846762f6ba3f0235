public import RouteRecordLayout

/// One route record read from a `linkrouter_routes` section: what a module registered by annotation
/// (a route, or the implementation of a service protocol).
///
/// The layout is documented in `Documentation/ABI/RouteRecord.md`.
public struct RouteRecord: Sendable, Hashable {
    /// What the record registers.
    public let kind: RecordKind
    /// The route pattern, as written in the annotation; for a ``RecordKind/service`` record, the name
    /// of the protocol it implements, as written in the annotation.
    public let pattern: String
    /// The groups the route joins.
    public let groups: [String]
    /// The one-line description, if any.
    public let summary: String?
    /// Whether the route is reachable from outside the app.
    public let isExternal: Bool
    /// The route's preferred open style.
    public let openStyle: RecordOpenStyle
    /// For a `service` record: whether one instance is shared or one made per request; `nil` for a route.
    public let serviceLifetime: RecordServiceLifetime?
    /// The accessor's address as stored in the record: the run-time address for a loaded image;
    /// in a file on disk often 0, since the dynamic linker fills it in.
    public let accessorAddress: UInt
    /// Where the record was read.
    public let location: RecordLocation
}

/// Where a record (or a problem with one) was found.
public struct RecordLocation: Sendable, Hashable, CustomStringConvertible {
    /// The object file's path.
    public let file: String
    /// The record's offset in the file, in bytes.
    public let fileOffset: Int
    /// The record's index within its section.
    public let index: Int

    /// Creates a location.
    public init(file: String, fileOffset: Int, index: Int) {
        self.file = file
        self.fileOffset = fileOffset
        self.index = index
    }

    public var description: String {
        "\(file) at offset 0x\(String(fileOffset, radix: 16)) (record \(index))"
    }
}
