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
