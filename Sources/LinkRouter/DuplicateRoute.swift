import RouteRecordReader

/// Route records of one shape (`user/:id`, `user/:name`) of which none wins: none is marked as an
/// override, or several are. Discovery registers none of them and reports this.
///
/// Mark the record that should win with `overrides: true` (`@Routable("user/:id", overrides: true)`),
/// or remove all but one.
public struct DuplicateRoute: Sendable, Hashable, CustomStringConvertible {
    /// One route record, by where it is and the symbol that names its module and type.
    public struct Record: Sendable, Hashable, CustomStringConvertible {
        /// The record's pattern, as written in its annotation.
        public let pattern: String
        /// The object file (executable or shared library) holding the record.
        public let file: String
        /// The record's offset in that file, in bytes.
        public let fileOffset: Int
        /// The demangled symbol of the record's accessor, which names the module and type
        /// (`accessor of Feature.UserPage.__linkRouterRecord`, `#route at Routes.swift:12 in Feature`,
        /// or a C function's name); `nil` when the file has no symbol table.
        public let symbol: String?
        /// Whether the record is marked as an override.
        public let isOverride: Bool

        /// `'user/:id' ('accessor of Feature.UserPage.__linkRouterRecord') in /path/app at offset 0x1f40`.
        public var description: String { named.description }

        /// The record as every message about a contest names it, `routes check`'s too.
        var named: NamedRecord {
            NamedRecord(claim: pattern, symbol: symbol, file: file, fileOffset: fileOffset, isOverride: isOverride)
        }

        init(_ named: NamedRecord) {
            pattern = named.claim
            file = named.file
            fileOffset = named.fileOffset
            symbol = named.symbol
            isOverride = named.isOverride
        }
    }

    /// The records in conflict, in the order they were found: all unmarked, or all overrides.
    public let records: [Record]

    /// `duplicate route 'user/:id': 2 records of one shape, none marked as an override: ...; none is registered`.
    public var description: String {
        OverrideRule.duplicateMessage(.route, key: records.first?.pattern ?? "", records: records.map(\.named))
    }
}
