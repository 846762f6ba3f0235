// The one Swift statement of the route record ABI (Documentation/ABI/RouteRecord.md): what the
// macros write, the reader checks, discovery registers and the `routes` tool names. The C header
// Sources/CRouteRecord/include/LinkRouterRecord.h states the same layout for C; RouteRecordLayoutTests
// checks every constant here against it. Standard library only, so the macro plugin can use it.
// The records themselves are written and read by `RouteRecordCodec` alone.

/// The fixed facts of a route record: where records live, how to recognize one, the versions, the
/// sizes and where the fields are.
package enum RecordLayout {
    /// The ELF section that holds the records back to back: `linkrouter_routes`.
    package static let sectionName = "linkrouter_routes"
    /// The record's first field, the bytes "LnkR" read as a little-endian `UInt32`.
    package static let magic: UInt32 = 0x526B_6E4C
    /// The record versions this reader reads: version 1 exactly as readers of version 1 read it,
    /// and version 2.
    package static let versions: ClosedRange<UInt16> = 1...2
    /// The newest version, written for the records a reader of version 1 would misread
    /// (``RouteRecordCodec/version(for:)``).
    package static let newestVersion: UInt16 = 2
    /// The size of a block: a version-1 record is one block, a version-2 record one or more.
    package static let blockSize = 128
    /// The capacity of a version-1 record's text field (pattern, groups, summary and contract, or a
    /// protocol's name), in bytes.
    package static let version1TextCapacity = 96
    /// The most text a route record holds: its pattern, groups, summary and query contract with
    /// their separators, in UTF-8 bytes. A longer text is a compile-time error.
    package static let maximumTextLength = 1024
    /// The most UTF-8 bytes of the protocol a page declares (`@Routable(..., as: P.self)`): its
    /// length is stored in one byte. A longer name is a compile-time error.
    package static let maximumDeclaredProtocolLength = 255
    /// The most UTF-8 bytes of a hook's declaring module and of the hook it replaces
    /// (``RecordFlags/hookOrigin``): each length is stored in one byte.
    package static let maximumHookOriginPartLength = 255
    /// The most blocks a record is read with: room for the longest text and its compiled pattern,
    /// and a bound on what a corrupt block count can make a reader copy.
    package static let maximumBlockCount = 32
    /// The bytes of a record's body (text, then compiled pattern) in its first block.
    package static let firstBodySize = blockSize - Offset.body
    /// The bytes of a record's body in each block after the first, behind the block's 8-byte header.
    package static let continuationBodySize = blockSize - Offset.continuationBody
    /// The release of LinkRouter that writes the records, as `major << 16 | minor << 8 | patch`,
    /// stored in the `writer` field of every record of version 2 or later; 0 until LinkRouter has
    /// releases.
    package static let writerRelease: UInt32 = 0

    /// The byte offset of each field within a record's first block.
    package enum Offset {
        /// The `UInt32` magic, in every version and in every block of a version-2 record.
        package static let magic = 0
        /// The `UInt16` version, in every version and in every block of a version-2 record.
        package static let version = 4
        /// The `UInt16` flags (``RecordFlags``); in a version-2 record's later blocks, the block's
        /// index with bit 15 set.
        package static let flags = 6
        /// The `UInt32` kind (``RecordKind``).
        package static let kind = 8
        /// Version 1: the `UInt32` number of text bytes in use.
        package static let textLength = 12
        /// Version 2 and later: the `UInt16` number of 128-byte blocks the record takes, so that a
        /// reader skips a record of a version it does not know whole.
        package static let blockCount = 12
        /// Version 2: the `UInt16` number of text bytes.
        package static let version2TextLength = 14
        /// The pointer-sized accessor (a C action's function for ``RecordKind/cAction``).
        package static let accessor = 16
        /// Version 1: the `UInt64` reserved field, always 0.
        package static let reserved = 24
        /// Version 2: the `UInt16` number of bytes of compiled pattern after the text.
        package static let compiledLength = 24
        /// Version 2: a `UInt16` reserved field, always 0.
        package static let version2Reserved = 26
        /// Version 2 and later: the `UInt32` release of LinkRouter that wrote the record
        /// (``RecordLayout/writerRelease``).
        package static let writer = 28
        /// The body: version 1's text field (96 bytes), version 2's text and compiled pattern.
        package static let body = 32
        /// Where the body goes on in a version-2 record's later blocks.
        package static let continuationBody = 8
    }
}

/// What a record registers: its kind field, a FourCC.
package enum RecordKind: UInt32, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// A Swift page type (`@Routable`, `#route(page:)`): `'page'`.
    case page = 0x7061_6765
    /// A Swift action (`#route`): `'actn'`.
    case action = 0x6163_746E
    /// A C action (`LINKROUTER_C_ACTION`): `'cact'`.
    case cAction = 0x6361_6374
    /// The implementation of a service protocol (`@RoutableService`), not a route: `'srvc'`.
    case service = 0x7372_7663
    /// An interceptor type (`@RouteInterceptor`), not a route: `'icpt'`. Its text is
    /// ``InterceptorRecordText``.
    case interceptor = 0x6963_7074
    /// A module's one-time set-up (`@RouterModule`), not a route: `'modl'`. Its text is the type's name.
    case module = 0x6D6F_646C
    /// A routable protocol (`#routableProtocol(P.self)`), not a route: `'prot'`. Its text is the
    /// protocol's name as written; the checks ask for a provider of it.
    case routableProtocol = 0x7072_6F74
    /// A declared route group (`@DeclaredGroup`), not a route: `'grup'`. Its text is the group's name.
    case group = 0x6772_7570

    /// The four characters the code spells, most significant byte first: `page`, `actn`, `cact`,
    /// `srvc`, `icpt`, `modl`, `prot`, `grup`.
    package var fourCC: String {
        String(decoding: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: rawValue >> $0) }, as: UTF8.self)
    }

    /// How tools and diagnostics name the kind: `page`, `action`, `c-action`, `service`,
    /// `interceptor` or `module`.
    package var description: String {
        switch self {
        case .page: "page"
        case .action: "action"
        case .cAction: "c-action"
        case .service: "service"
        case .interceptor: "interceptor"
        case .module: "module"
        case .routableProtocol: "protocol"
        case .group: "group"
        }
    }

    /// Whether the record is a route (a page, an action or a C action), not a service, an
    /// interceptor or a module's set-up.
    package var isRoute: Bool {
        switch self {
        case .page, .action, .cAction: true
        case .service, .interceptor, .module, .routableProtocol, .group: false
        }
    }
}

/// A record's flags field.
///
/// Bit 0: the route is external. Bits 1–2: the route's preferred open style
/// (``RecordOpenStyle``). Bit 3, in service records only: the instance is shared
/// (``RecordServiceLifetime``). Bit 4: the route overrides the records of the same shape, or the
/// service the records of the same protocol, that are not marked (``override``). Bit 5, in a
/// version-1 record: its compiled pattern follows the text (``compiledPattern``). Bit 6, in page
/// records: the protocol the page offers follows the compiled pattern (``declaredProtocol``). Bit 7,
/// in action records: the action is a type (``typedAction``). Bit 8, in page records: the result
/// the page returns follows (``declaredResult``). Bit 9, in route records: the route is a launcher
/// action (``launcherAction``). Bit 10, in interceptor and module records: the declaring module,
/// and the hook replaced, follow the text (``hookOrigin``). Bit 15 marks the
/// later blocks of a version-2 record. Other bits are reserved: written 0, ignored when read.
package struct RecordFlags: OptionSet, Sendable, Hashable {
    /// The flags field as stored.
    package let rawValue: UInt16

    /// Flags from the field as stored.
    package init(rawValue: UInt16) {
        self.rawValue = rawValue
    }

    /// Bit 0: the route is reachable from outside the app.
    package static let external = RecordFlags(rawValue: 1 << 0)
    /// Bits 1–2: where the open style is stored (``RecordOpenStyle``).
    package static let openStyleMask = RecordFlags(rawValue: 0b11 << openStyleShift)
    /// The position of the open style's lowest bit.
    package static let openStyleShift = 1
    /// Bit 3, in `'srvc'` records only: one instance is shared (``RecordServiceLifetime/shared``).
    package static let sharedService = RecordFlags(rawValue: 1 << 3)
    /// Bit 4: the route wins over the records of the same shape, the service over the records
    /// of the same protocol, or the interceptor or module over those of the same name, that are not marked, wherever they are in link order
    /// (`@Routable(..., overrides: true)`, `@RoutableService(..., overrides: true)`).
    package static let override = RecordFlags(rawValue: 1 << 4)
    /// Bit 5, in a version-1 record: the pattern as the macro compiled it follows the text in the
    /// text field, where readers that predate it read nothing (they stop at the text's length).
    package static let compiledPattern = RecordFlags(rawValue: 1 << 5)
    /// Bit 6, in `'page'` records: the route declares the protocol its page offers
    /// (`@Routable(..., as: P.self)`), whose name follows the compiled pattern (or the text, in a
    /// record without one): its length in one byte (1 to 255), then its UTF-8 bytes. Readers that
    /// predate it stop at the text and the compiled pattern, and read the route as it was.
    package static let declaredProtocol = RecordFlags(rawValue: 1 << 6)
    /// Bit 7, in `'actn'` records: the action is a type (`@RoutableAction`), whose accessor yields
    /// a function of the router that runs it rather than a `RouteAction`. Readers that predate it
    /// ask for a `RouteAction`, which the accessor refuses: they skip the record with a diagnostic.
    package static let typedAction = RecordFlags(rawValue: 1 << 7)
    /// Bit 8, in `'page'` records: the page declares the result it returns (a `PageReturn<Value>`
    /// property), whose type's name follows the declared protocol (or the compiled pattern, or the
    /// text): its length in one byte (1 to 255), then its UTF-8 bytes. Readers that predate it stop
    /// before it.
    package static let declaredResult = RecordFlags(rawValue: 1 << 8)
    /// Bit 9, in route records: the route is a launcher action, an item of the menu the desktop
    /// shows on the app's icon (`@Routable(..., launcherAction: true)`). Readers that predate it
    /// ignore it and read the route as it is, without the menu item.
    package static let launcherAction = RecordFlags(rawValue: 1 << 9)
    /// Bit 10, in `'icpt'` and `'modl'` records: the Swift module that declares the hook follows
    /// the text, then the hook it replaces, if it names one (``HookOrigin``): each a length in one
    /// byte (the module's 1 to 255, the replaced hook's 0 to 255), then its UTF-8 bytes. Readers
    /// that predate it stop at the text's length and read the hook as it was.
    package static let hookOrigin = RecordFlags(rawValue: 1 << 10)
    /// Bit 15: in a version-2 record, the flags field of every block after the first holds the
    /// block's index with this bit set; a record's first block never has it.
    package static let continuationBlock = RecordFlags(rawValue: 1 << 15)

    /// The flags of a route.
    package init(isExternal: Bool, openStyle: RecordOpenStyle, isOverride: Bool = false, isLauncherAction: Bool = false) {
        self = isExternal ? [.external, openStyle.flags] : openStyle.flags
        if isOverride { insert(.override) }
        if isLauncherAction { insert(.launcherAction) }
    }

    /// The flags of a service record.
    package init(lifetime: RecordServiceLifetime, isOverride: Bool = false) {
        self = lifetime.flags
        if isOverride { insert(.override) }
    }

    /// The route's preferred open style; the unassigned value 3 reads as ``RecordOpenStyle/automatic``.
    package var openStyle: RecordOpenStyle {
        RecordOpenStyle(rawValue: (rawValue & Self.openStyleMask.rawValue) >> Self.openStyleShift) ?? .automatic
    }

    /// A service record's lifetime.
    package var serviceLifetime: RecordServiceLifetime {
        contains(.sharedService) ? .shared : .perRequest
    }
}

/// A route's preferred open style, stored in bits 1–2 of the flags; its raw value is the field.
///
/// The names are the annotation's (`openStyle: .push`) and the core's `RouteOptions.OpenStyle`.
package enum RecordOpenStyle: UInt16, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// No preference (0).
    case automatic = 0
    /// Pushed onto the current stack (1).
    case push = 1
    /// Presented modally (2).
    case present = 2

    /// The style with the name an annotation writes after the dot, or `nil` for another name.
    package init?(name: String) {
        guard let style = Self.allCases.first(where: { $0.description == name }) else { return nil }
        self = style
    }

    /// The style's bits in the flags field.
    package var flags: RecordFlags { RecordFlags(rawValue: rawValue << RecordFlags.openStyleShift) }

    /// The style's name: `automatic`, `push` or `present`.
    package var description: String {
        switch self {
        case .automatic: "automatic"
        case .push: "push"
        case .present: "present"
        }
    }
}

/// A service implementation's lifetime, stored in bit 3 of a `'srvc'` record's flags.
///
/// The names are the annotation's (`lifetime: .shared`) and the core's `ServiceLifetime`.
package enum RecordServiceLifetime: Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// A new instance per request (bit 3 clear).
    case perRequest
    /// One shared instance (bit 3 set).
    case shared

    /// The lifetime with the name an annotation writes after the dot, or `nil` for another name.
    package init?(name: String) {
        guard let lifetime = Self.allCases.first(where: { $0.description == name }) else { return nil }
        self = lifetime
    }

    /// The lifetime's bits in the flags field.
    package var flags: RecordFlags { self == .shared ? .sharedService : [] }

    /// The lifetime's name: `perRequest` or `shared`.
    package var description: String {
        switch self {
        case .perRequest: "perRequest"
        case .shared: "shared"
        }
    }
}
