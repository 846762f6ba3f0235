import Foundation

/// A route record to plant in an object file.
struct PlantedRoute {
    /// A C action's kind code, `cact`.
    static let cActionKind: UInt32 = 0x63616374
    /// A service's kind code, `srvc`.
    static let serviceKind: UInt32 = 0x73727663

    let pattern: String
    var summary: String?
    /// The query contract as the record spells it (`rpage:int=1`).
    var query: String?
    var kind = cActionKind
    var magic: UInt32 = 0x526B6E4C
    var flags: UInt16 = 0
    /// The record's bytes as they are, written instead of a version-1 record of the fields above.
    var bytes: [UInt8]?

    init(_ pattern: String, summary: String? = nil, query: String? = nil) {
        self.pattern = pattern
        self.summary = summary
        self.query = query
    }

    /// A service record for a protocol name.
    static func service(_ name: String) -> PlantedRoute {
        var record = PlantedRoute(name)
        record.kind = serviceKind
        return record
    }

    /// A service record marked as an override (flag bit 4).
    static func serviceOverride(_ name: String) -> PlantedRoute {
        var record = service(name)
        record.flags = 0x10
        return record
    }

    /// A route record marked as an override (flag bit 4).
    static func override(_ pattern: String) -> PlantedRoute {
        var record = PlantedRoute(pattern)
        record.flags = 0x10
        return record
    }

    /// A record written as these bytes (from the record codec, of any version).
    static func encoded(_ bytes: [UInt8], pattern: String = "") -> PlantedRoute {
        var record = PlantedRoute(pattern)
        record.bytes = bytes
        return record
    }

    /// A record that does not start with the magic number.
    static func badMagic(_ pattern: String) -> PlantedRoute {
        var record = PlantedRoute(pattern)
        record.magic = 0x12345678
        return record
    }
}

/// A minimal 64-bit little-endian ELF object whose `linkrouter_routes` section holds C-action
/// records (Documentation/ABI/RouteRecord.md), for feeding the tool routes no binary declares.
enum RouteObjectFile {
    /// The file's bytes; `nil` records: no route section at all. A `program` is an executable
    /// (`ET_EXEC`), as the app's own file is; else an object file (`ET_REL`).
    static func bytes(_ routes: [PlantedRoute]?, program: Bool = false) -> Data {
        var section = Data()
        for route in routes ?? [] {
            if let bytes = route.bytes {
                section += bytes
                continue
            }
            var text = Data(route.pattern.utf8)
            if route.summary != nil || route.query != nil { text += [0, 0] + Data((route.summary ?? "").utf8) }
            if let query = route.query { text += [0] + Data(query.utf8) }
            precondition(text.count <= 96, "record text over 96 bytes")
            section.append(le: route.magic)
            section.append(le: UInt16(1))              // version
            section.append(le: route.flags)
            section.append(le: route.kind)
            section.append(le: UInt32(text.count))     // text length
            section.append(le: UInt64(0))              // accessor: relocated at load time
            section.append(le: UInt64(0))              // reserved
            section += text + Data(count: 96 - text.count)
        }
        let names = Data("\0.shstrtab\0linkrouter_routes\0".utf8)   // name offsets 1 and 11
        let sectionOffset = 64
        let namesOffset = sectionOffset + section.count
        let headersOffset = (namesOffset + names.count + 7) / 8 * 8
        let sectionCount: UInt16 = routes == nil ? 2 : 3

        var file = Data([0x7F, 0x45, 0x4C, 0x46, 2, 1, 1, 0] + [UInt8](repeating: 0, count: 8))
        file.append(le: UInt16(program ? 2 : 1))       // ET_EXEC or ET_REL
        file.append(le: UInt16(62))                    // EM_X86_64
        file.append(le: UInt32(1))                     // EV_CURRENT
        file.append(le: UInt64(0))                     // entry
        file.append(le: UInt64(0))                     // program headers: none
        file.append(le: UInt64(headersOffset))         // section headers
        file.append(le: UInt32(0))                     // flags
        file.append(le: UInt16(64))                    // header size
        file.append(le: UInt16(0))                     // program header size
        file.append(le: UInt16(0))                     // program header count
        file.append(le: UInt16(64))                    // section header size
        file.append(le: sectionCount)
        file.append(le: UInt16(1))                     // section names: section 1
        file += section + names
        file += Data(count: headersOffset - file.count)

        func header(name: UInt32, type: UInt32, flags: UInt64, offset: Int, size: Int, alignment: UInt64) {
            file.append(le: name)
            file.append(le: type)
            file.append(le: flags)
            file.append(le: UInt64(0))                 // address
            file.append(le: UInt64(offset))
            file.append(le: UInt64(size))
            file.append(le: UInt32(0))                 // link
            file.append(le: UInt32(0))                 // info
            file.append(le: alignment)
            file.append(le: UInt64(0))                 // entry size
        }
        header(name: 0, type: 0, flags: 0, offset: 0, size: 0, alignment: 0)
        header(name: 1, type: 3, flags: 0, offset: namesOffset, size: names.count, alignment: 1)   // SHT_STRTAB
        if routes != nil {
            header(name: 11, type: 1, flags: 2, offset: sectionOffset, size: section.count, alignment: 8)   // SHT_PROGBITS, SHF_ALLOC
        }
        return file
    }
}

private extension Data {
    mutating func append<Integer: FixedWidthInteger>(le value: Integer) {
        Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
    }
}
