import Foundation
import RouteRecordReader
import Testing

/// What the ELF fuzz target (`scripts/fuzz elf`) found, kept so it stays fixed. Each input is also
/// in the target's seed corpus.
struct FuzzFindingsTests {
    /// A 64-bit little-endian ELF header (an object file for x86-64) with the given section header
    /// table, followed by `padding` zero bytes.
    static func elfHeader(sectionHeaderOffset: UInt64, entrySize: UInt16, count: UInt16, padding: Int = 64) -> Data {
        var bytes: [UInt8] = [0x7F, 0x45, 0x4C, 0x46, 2, 1, 1, 0] + [UInt8](repeating: 0, count: 8)
        func append<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
        append(UInt16(1)); append(UInt16(62)); append(UInt32(1))      // e_type REL, e_machine x86-64, e_version
        append(UInt64(0)); append(UInt64(0)); append(sectionHeaderOffset) // e_entry, e_phoff, e_shoff
        append(UInt32(0)); append(UInt16(64)); append(UInt16(0)); append(UInt16(0)) // e_flags, e_ehsize, e_phentsize, e_phnum
        append(entrySize); append(count); append(UInt16(0))            // e_shentsize, e_shnum, e_shstrndx
        return Data(bytes + [UInt8](repeating: 0, count: padding))
    }

    /// A relocatable ELF file with two sections, `.shstrtab` and `linkrouter_routes`; the route
    /// section's header gives the offset and size asked for (its bytes are not in the file).
    static func objectWithRouteSection(offset: UInt64, size: UInt64) -> Data {
        let names = Array("\0.shstrtab\0linkrouter_routes\0".utf8)
        var file = elfHeader(sectionHeaderOffset: 96, entrySize: 64, count: 3, padding: 0)
        file[62] = 1   // e_shstrndx: section 1
        file.append(contentsOf: names + [UInt8](repeating: 0, count: 32 - names.count))
        func section(name: UInt32, type: UInt32, flags: UInt64, offset: UInt64, size: UInt64) {
            var bytes: [UInt8] = []
            func append<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
            append(name); append(type); append(flags); append(UInt64(0)); append(offset); append(size)
            append(UInt32(0)); append(UInt32(0)); append(UInt64(8)); append(UInt64(0))
            file.append(contentsOf: bytes)
        }
        section(name: 0, type: 0, flags: 0, offset: 0, size: 0)
        section(name: 1, type: 3, flags: 0, offset: 64, size: UInt64(names.count))
        section(name: 11, type: 1, flags: 2, offset: offset, size: size)
        return file
    }

    /// Found by the ELF target: an empty route section whose header puts it past byte 2^63 made
    /// the reader's `Int(section.fileOffset)` trap; an empty section's offset is never checked
    /// against the file. It now reads as a section without records.
    @Test("an empty route section with an offset past 2^63 has no records, not a crash")
    func emptySectionFarAway() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("elf-\(UUID().uuidString)").path
        try Self.objectWithRouteSection(offset: 0x8000_0000_0000_0048, size: 0).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let section = try #require(try RouteSectionReader.read(file: path))
        #expect(section.records.isEmpty)
        #expect(section.issues.isEmpty)
        #expect(try EntrySymbols.resolve(in: section).symbols.isEmpty)
    }

    /// Found by the ELF target on its seed `section-address-near-2-64.so` (a library whose route
    /// section's header gives an address near 2^64): the addresses symbol resolution computed
    /// (section address + record offset, relocation bounds, symbol ranges) overflowed, which traps
    /// in Swift: `routes dump` crashed. They now compare without overflowing, and an address past
    /// 2^64 wraps, as ELF addresses do.
    @Test("a route section addressed near 2^64 is read and resolved without a crash")
    func sectionAddressNearTheTop() throws {
        let library = try CTools.sharedLibrary("HighAddress", source: """
            #include "LinkRouterRecord.h"
            static bool act(const char *const *n, const char *const *v, size_t c, char *r, size_t cap) { return true; }
            LINKROUTER_C_ACTION(high, "high/:x", act);
            """)
        defer { try? FileManager.default.removeItem(at: library.deletingLastPathComponent()) }
        let moved = library.deletingLastPathComponent().appendingPathComponent("libMoved.so").path
        try CTools.run("/usr/bin/objcopy", ["--change-section-address", "linkrouter_routes=0xFFFFFFFFFFFFFFF0", library.path, moved])
        let section = try #require(try RouteSectionReader.read(file: moved))
        #expect(section.records.map(\.pattern) == ["high/:x"])
        let resolved = try EntrySymbols.resolve(in: section)
        #expect(resolved.hasSymbolTable)
        #expect(Set(resolved.symbols.values).isSubset(of: ["act"]))
    }

    /// Found by the ELF target: a section header table placed near 2^64 made the bounds check's
    /// addition overflow, which traps in Swift: `routes dump` crashed instead of reporting the file.
    @Test("a section header table beyond 2^64 is a truncated file, not a crash", arguments: [
        (UInt64.max, UInt16.max, UInt16.max, "section headers end past byte 2^64 of a 128-byte file"),
        (UInt64.max - 10, UInt16(64), UInt16(1), "section headers end past byte 2^64 of a 128-byte file"),
        (UInt64(4096), UInt16(64), UInt16(2), "section headers end at byte 4224 of a 128-byte file"),
    ])
    func sectionHeadersPastTheEnd(offset: UInt64, entrySize: UInt16, count: UInt16, message: String) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("elf-\(UUID().uuidString)").path
        try Self.elfHeader(sectionHeaderOffset: offset, entrySize: entrySize, count: count).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let error = #expect(throws: ELFReadError.self) { try RouteSectionReader.read(file: path) }
        #expect(error?.reason == .truncated(message))
        #expect(error?.description == "\(path): truncated or corrupt ELF file (\(message))")
    }
}
