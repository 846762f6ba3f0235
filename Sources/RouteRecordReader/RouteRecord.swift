internal import CRouteRecord

/// One route record read from a `linkrouter_routes` section: what a module registered by annotation
/// (a route, or the implementation of a service protocol).
///
/// The layout is documented in `Documentation/ABI/RouteRecord.md`.
public struct RouteRecord: Sendable, Hashable {
    /// What the record registers.
    public enum Kind: Sendable, Hashable, CustomStringConvertible {
        /// A Swift page type (`@Routable`).
        case page
        /// A Swift action (`#route`).
        case action
        /// A C action (`LINKROUTER_C_ACTION`).
        case cAction
        /// The implementation of a service protocol (`@RoutableService`); not a route.
        case service

        public var description: String {
            switch self {
            case .page: "page"
            case .action: "action"
            case .cAction: "c-action"
            case .service: "service"
            }
        }
    }

    /// What the record registers.
    public let kind: Kind
    /// The route pattern, as written in the annotation; for a ``Kind/service`` record, the name
    /// of the protocol it implements, as written in the annotation.
    public let pattern: String
    /// The groups the route joins.
    public let groups: [String]
    /// The one-line description, if any.
    public let summary: String?
    /// Whether the route is reachable from outside the app.
    public let isExternal: Bool
    /// The preferred open style: 0 automatic, 1 push, 2 present.
    public let openStyle: UInt16
    /// For a ``Kind/service`` record: whether one instance is shared (flag bit 3), rather than a
    /// new one made per request. Always `false` for routes.
    public let isSharedService: Bool
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

/// The record layout constants, from the C header that owns them.
public enum RecordLayout {
    /// The section name: `linkrouter_routes`.
    public static let sectionName = LINKROUTER_SECTION_NAME
    /// The magic number that starts every record.
    public static let magic = UInt32(LINKROUTER_RECORD_MAGIC)
    /// The layout version this reader understands.
    public static let version = UInt16(LINKROUTER_RECORD_VERSION)
    /// The size of one record.
    public static let size = Int(LINKROUTER_RECORD_SIZE)
    /// The capacity of the inline text.
    public static let textCapacity = Int(LINKROUTER_RECORD_TEXT_CAPACITY)
    /// The kind codes.
    public static let pageKind = UInt32(LINKROUTER_KIND_PAGE)
    /// The kind code of a Swift action.
    public static let actionKind = UInt32(LINKROUTER_KIND_ACTION)
    /// The kind code of a C action.
    public static let cActionKind = UInt32(LINKROUTER_KIND_C_ACTION)
    /// The kind code of a service implementation.
    public static let serviceKind = UInt32(LINKROUTER_KIND_SERVICE)
    /// The flag bit of a service record whose instance is shared.
    public static let sharedServiceFlag = UInt16(LINKROUTER_FLAG_SHARED_SERVICE)
}
