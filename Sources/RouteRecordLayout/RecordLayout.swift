// The one Swift statement of the route record ABI (Documentation/ABI/RouteRecord.md): what the
// macros write, the reader checks, discovery registers and the `routes` tool names. The C header
// Sources/CRouteRecord/include/LinkRouterRecord.h owns the layout; RouteRecordLayoutTests checks
// every constant here against it. Standard library only, so the macro plugin can use it.

/// The fixed facts of a route record: where records live, how to recognize one, its size and
/// where its fields are.
package enum RecordLayout {
    /// The ELF section that holds the records back to back: `linkrouter_routes`.
    package static let sectionName = "linkrouter_routes"
    /// The record's first field, the bytes "LnkR" read as a little-endian `UInt32`.
    package static let magic: UInt32 = 0x526B_6E4C
    /// The layout version written by the macros and the only one the reader accepts.
    package static let version: UInt16 = 1
    /// The size of every record, in bytes.
    package static let size = 128
    /// The capacity of a record's inline text (pattern, groups, summary, or a protocol's name), in bytes.
    package static let textCapacity = 96

    /// The byte offset of each field within a record.
    package enum Offset {
        /// The `UInt32` magic.
        package static let magic = 0
        /// The `UInt16` layout version.
        package static let version = 4
        /// The `UInt16` flags (``RecordFlags``).
        package static let flags = 6
        /// The `UInt32` kind (``RecordKind``).
        package static let kind = 8
        /// The `UInt32` number of text bytes in use.
        package static let textLength = 12
        /// The pointer-sized accessor (a C action's function for ``RecordKind/cAction``).
        package static let accessor = 16
        /// The `UInt64` reserved field, always 0.
        package static let reserved = 24
        /// The inline text, ``RecordLayout/textCapacity`` bytes.
        package static let text = 32
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

    /// The four characters the code spells, most significant byte first: `page`, `actn`, `cact`, `srvc`.
    package var fourCC: String {
        String(decoding: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: rawValue >> $0) }, as: UTF8.self)
    }

    /// How tools and diagnostics name the kind: `page`, `action`, `c-action` or `service`.
    package var description: String {
        switch self {
        case .page: "page"
        case .action: "action"
        case .cAction: "c-action"
        case .service: "service"
        }
    }
}

/// A record's flags field.
///
/// Bit 0: the route is external. Bits 1–2: the route's preferred open style
/// (``RecordOpenStyle``). Bit 3, in service records only: the instance is shared
/// (``RecordServiceLifetime``). Bit 4: the route overrides the records of the same shape, or the
/// service the records of the same protocol, that are not marked (``override``). Other bits are
/// reserved: written 0, ignored when read.
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
    /// Bit 4: the route wins over the records of the same shape, or the service over the records
    /// of the same protocol, that are not marked, wherever they are in link order
    /// (`@Routable(..., overrides: true)`, `@RoutableService(..., overrides: true)`).
    package static let override = RecordFlags(rawValue: 1 << 4)

    /// The flags of a route.
    package init(isExternal: Bool, openStyle: RecordOpenStyle, isOverride: Bool = false) {
        self = isExternal ? [.external, openStyle.flags] : openStyle.flags
        if isOverride { insert(.override) }
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
