import RouteRecordLayout
import Testing

/// The record codec: what it writes for each version, and that it reads back what it wrote, skips
/// what it cannot read whole, and never reads past a record.
struct RouteRecordCodecTests {
    /// The records of `section`: each record's offset, size and fields or problem.
    func read(_ section: [UInt8]) -> [(offset: Int, size: Int, version: UInt16?, result: Result<Decoded, RecordProblem>)] {
        var reads: [(Int, Int, UInt16?, Result<Decoded, RecordProblem>)] = []
        section.withUnsafeBytes { bytes in
            RouteRecordCodec.forEachRecord(in: bytes) { read in
                reads.append((read.offset, read.size, read.version, read.result.map(Decoded.init)))
            }
        }
        return reads
    }

    /// A record's fields, copied out of the section.
    struct Decoded: Equatable {
        let version: UInt16
        let flags: RecordFlags
        let kind: RecordKind
        let text: [UInt8]
        let compiledPattern: CompiledPattern?

        init(version: UInt16, flags: RecordFlags, kind: RecordKind, text: [UInt8], compiledPattern: CompiledPattern?) {
            self.version = version
            self.flags = flags
            self.kind = kind
            self.text = text
            self.compiledPattern = compiledPattern
        }

        init(_ view: RecordView) {
            version = view.version
            flags = view.flags
            kind = view.kind
            text = Array(view.text)
            compiledPattern = view.compiledPattern?.compiledPattern
        }
    }

    /// `user/:id`'s segments as the parser gives them.
    let userID = CompiledPattern(segments: [
        .init(kind: .literal, group: 0, start: 0, end: 4), .init(kind: .parameter, group: 0, start: 6, end: 8),
    ])

    @Test("The text is the pattern alone, or the pattern and each part after a NUL, up to the last one present")
    func textLayout() {
        #expect(RecordText(pattern: "a").bytes == Array("a".utf8))
        #expect(RecordText(pattern: "a", groups: ["g", "h"]).bytes == Array("a\0g,h".utf8))
        #expect(RecordText(pattern: "a", summary: "s").bytes == Array("a\0\0s".utf8))
        #expect(RecordText(pattern: "a", groups: ["g"], summary: "s").bytes == Array("a\0g\0s".utf8))
        #expect(RecordText(pattern: "a", query: "rp:int").bytes == Array("a\0\0\0rp:int".utf8))
        #expect(RecordText(pattern: "a", groups: ["g"], summary: "s", query: "k").partSizes == "pattern 1, groups 1, summary 1, query 1, separators 3")
        #expect(RecordText(pattern: "abc").partSizes == "pattern 3")
    }

    @Test("A text reads as readers of version 1 read it", arguments: [
        ("a", RecordText(pattern: "a")),
        ("a\0g,h", RecordText(pattern: "a", groups: ["g", "h"])),
        ("a\0\0s", RecordText(pattern: "a", summary: "s")),
        ("a\0\0", RecordText(pattern: "a", summary: "")),
        ("a\0\0\0rp:int", RecordText(pattern: "a", query: "rp:int")),
        ("a\0g\0s\0k\0more", RecordText(pattern: "a", groups: ["g"], summary: "s", query: "k\0more")),
    ])
    func textReading(text: String, expected: RecordText) {
        let read = Array(text.utf8).withUnsafeBytes { RecordText(route: $0) }
        #expect(read == expected)
    }

    @Test("A text that is not UTF-8 does not read; a service's name is one name")
    func badText() {
        #expect([0x61, 0, 0xFF].withUnsafeBytes { RecordText(route: $0) } == nil)
        #expect(Array("Session".utf8).withUnsafeBytes { RecordText.serviceName($0) } == "Session")
        #expect([0x61, 0, 0x62].withUnsafeBytes { RecordText.serviceName($0) } == nil)
        #expect([UInt8]().withUnsafeBytes { RecordText.serviceName($0) } == nil)
    }

    @Test("Version 2 is written for what a reader of version 1 would misread or cannot hold, version 1 for the rest")
    func versionChoice() {
        let plain = RecordText(pattern: "user/:id")
        #expect(RouteRecordCodec.version(for: plain, compiledPattern: nil) == 1)
        #expect(RouteRecordCodec.version(for: plain, compiledPattern: userID) == 1)
        // A contract: a reader from before contracts takes `summary NUL contract` for the summary.
        #expect(RouteRecordCodec.version(for: RecordText(pattern: "u", query: "k"), compiledPattern: nil) == 2)
        // One trailing group means the same to every reader; two, or one mid-pattern, do not.
        let trailing = CompiledPattern(segments: [.init(kind: .literal, group: 0, start: 0, end: 1), .init(kind: .parameter, group: 1, start: 4, end: 5)])
        #expect(RouteRecordCodec.version(for: RecordText(pattern: "a(/:b)"), compiledPattern: trailing) == 1)
        let two = CompiledPattern(segments: trailing.segments + [.init(kind: .literal, group: 2, start: 9, end: 10)])
        #expect(RouteRecordCodec.version(for: RecordText(pattern: "a(/:b)(/c)"), compiledPattern: two) == 2)
        let middle = CompiledPattern(segments: trailing.segments + [.init(kind: .literal, group: 0, start: 8, end: 9)])
        #expect(RouteRecordCodec.version(for: RecordText(pattern: "a(/:b)/c"), compiledPattern: middle) == 2)
        // What does not fit 96 bytes, the compiled pattern included.
        #expect(RouteRecordCodec.version(for: RecordText(pattern: String(repeating: "x", count: 96)), compiledPattern: nil) == 1)
        #expect(RouteRecordCodec.version(for: RecordText(pattern: String(repeating: "x", count: 97)), compiledPattern: nil) == 2)
        #expect(RouteRecordCodec.version(for: RecordText(pattern: String(repeating: "x", count: 81)), compiledPattern: userID) == 1)
        #expect(RouteRecordCodec.version(for: RecordText(pattern: String(repeating: "x", count: 82)), compiledPattern: userID) == 2)
    }

    @Test("A version-1 record is the 128 bytes readers of version 1 read, its compiled pattern after the text")
    func version1Bytes() throws {
        let record = RouteRecordCodec.encodeRoute(kind: .page, flags: [.external], text: RecordText(pattern: "user/:id"), compiledPattern: userID)
        #expect(record.count == 128)
        #expect(Array(record[0..<16]) == [0x4C, 0x6E, 0x6B, 0x52, 1, 0, 0x21, 0, 0x65, 0x67, 0x61, 0x70, 8, 0, 0, 0])
        #expect(record[16..<32].allSatisfy { $0 == 0 })
        #expect(Array(record[32..<40]) == Array("user/:id".utf8))
        #expect(Array(record[40..<(40 + userID.encodedSize)]) == userID.bytes)
        #expect(record[(40 + userID.encodedSize)...].allSatisfy { $0 == 0 })
        let reads = read(record)
        #expect(reads.count == 1)
        #expect(try reads[0].result.get() == Decoded(version: 1, flags: [.external, .compiledPattern], kind: .page, text: Array("user/:id".utf8), compiledPattern: userID))
    }

    @Test("A version-2 record takes the blocks its body needs, each later block behind a header that readers of version 1 skip", arguments: [1, 2, 3, 9])
    func version2Blocks(blocks: Int) throws {
        // A summary long enough for the body to need `blocks` blocks.
        let summaryLength = blocks == 1 ? 10 : 96 + (blocks - 2) * 120 + 30
        let text = RecordText(pattern: "user/:id", summary: String(repeating: "s", count: summaryLength), query: "kp:int")
        let record = RouteRecordCodec.encodeRoute(kind: .page, flags: [.override], text: text, compiledPattern: userID)
        let body = text.bytes + userID.bytes
        #expect(record.count == 128 * RouteRecordCodec.blockCount(forBody: body.count))
        let count = record.count / 128
        #expect(Array(record[0..<16]) == [0x4C, 0x6E, 0x6B, 0x52, 2, 0, 0x10, 0, 0x65, 0x67, 0x61, 0x70, UInt8(count), 0, UInt8(text.bytes.count & 0xFF), UInt8(text.bytes.count >> 8)])
        #expect(Array(record[24..<32]) == [UInt8(userID.encodedSize), 0, 0, 0, 0, 0, 0, 0])
        var reassembled = Array(record[32..<128])
        for block in 1..<max(1, count) {
            // Every later block starts with the magic, version 2 and its index with bit 15 set.
            #expect(Array(record[(block * 128)..<(block * 128 + 8)]) == [0x4C, 0x6E, 0x6B, 0x52, 2, 0, UInt8(block), 0x80])
            reassembled += record[(block * 128 + 8)..<((block + 1) * 128)]
        }
        #expect(Array(reassembled.prefix(body.count)) == body)
        let reads = read(record + RouteRecordCodec.encodeRoute(kind: .action, flags: [], text: RecordText(pattern: "next"), compiledPattern: nil))
        #expect(reads.map(\.offset) == [0, record.count])
        #expect(reads.map(\.size) == [record.count, 128])
        #expect(try reads[0].result.get() == Decoded(version: 2, flags: [.override], kind: .page, text: text.bytes, compiledPattern: userID))
        #expect(try reads[1].result.get().text == Array("next".utf8))
    }

    @Test("A record of a later version is skipped whole, with its version and writer, and the next one is read")
    func laterVersion() throws {
        var later = RouteRecordCodec.encodeRoute(kind: .page, flags: [], text: RecordText(pattern: "p", summary: String(repeating: "s", count: 150)), compiledPattern: nil)
        #expect(later.count == 256)
        later[4] = 3
        later[128 + 4] = 3
        later.replaceSubrange(28..<32, with: [0x00, 0x04, 0x01, 0x00])  // LinkRouter 1.4.0
        let next = RouteRecordCodec.encodeService(named: "Session", flags: [])
        let reads = read(later + next)
        #expect(reads.map(\.offset) == [0, 256])
        #expect(reads[0].version == 3)
        guard case .failure(let problem) = reads[0].result else { Issue.record("a version-3 record was read"); return }
        #expect(problem == .unsupportedVersion(3, writer: 0x01_04_00))
        #expect(problem.description == "record version 3 is not supported (this reader knows versions 1 to 2): written by LinkRouter 1.4.0; read it with that LinkRouter or a later one, or build the object with this reader's")
        #expect(try reads[1].result.get().kind == .service)
        // Without a writer, the message says a newer LinkRouter wrote it; version 0 is one block.
        #expect(RecordProblem.unsupportedVersion(7, writer: 0).description.contains("written by a newer LinkRouter"))
        var zero = next
        zero[4] = 0
        #expect(read(zero + next).map(\.offset) == [0, 128])
        // A record that claims version 99 but has no later blocks of version 99 behind it (here,
        // a version-1 layout whose text length reads as 18 blocks) is skipped one block alone.
        var misleading = RouteRecordCodec.encodeRoute(kind: .cAction, flags: [], text: RecordText(pattern: String(repeating: "b", count: 18)), compiledPattern: nil)
        misleading[4] = 99
        let section = misleading + Array(repeating: next, count: 20).flatMap { $0 }
        let all = read(section)
        #expect(all.count == 21)
        #expect(all.dropFirst().allSatisfy { (try? $0.result.get().kind) == .service })
    }

    @Test("A version-2 record cut short or out of place is reported, and reading goes on where a record can start")
    func brokenVersion2() throws {
        let long = RouteRecordCodec.encodeRoute(kind: .page, flags: [], text: RecordText(pattern: "p", summary: String(repeating: "s", count: 250)), compiledPattern: nil)
        #expect(long.count == 384)
        let next = RouteRecordCodec.encodeRoute(kind: .action, flags: [], text: RecordText(pattern: "next"), compiledPattern: nil)
        // Its last block replaced by another record: the first two blocks are skipped, the record read.
        var cut = Array(long[0..<256]) + next
        cut[12] = 3
        var reads = read(cut)
        #expect(reads.map(\.offset) == [0, 256])
        #expect(reads.map(\.size) == [256, 128])
        #expect(throws: RecordProblem.badBlock(index: 2, of: 3)) { try reads[0].result.get() }
        #expect(try reads[1].result.get().text == Array("next".utf8))
        // A block count past the section's end, or 0.
        reads = read(Array(long[0..<256]))
        #expect(throws: RecordProblem.badBlockCount(3)) { try reads[0].result.get() }
        var none = next
        none[4] = 2
        none[12] = 0
        #expect(throws: RecordProblem.badBlockCount(0)) { try read(none)[0].result.get() }
        // A later block alone.
        reads = read(Array(long[128..<256]) + next)
        #expect(reads.map(\.offset) == [0, 128])
        #expect(throws: RecordProblem.misplacedBlock) { try reads[0].result.get() }
    }

    @Test("A section that is not a whole number of blocks ends with a problem for the rest")
    func remainder() throws {
        let record = RouteRecordCodec.encodeService(named: "Session", flags: [.sharedService])
        let reads = read(record + [1, 2, 3])
        #expect(reads.count == 2)
        #expect(try reads[0].result.get().flags == [.sharedService])
        #expect(throws: RecordProblem.sectionSizeNotMultiple(size: 131)) { try reads[1].result.get() }
    }

    @Test("A compiled pattern that is cut short, too long or of an unknown segment kind is refused")
    func badCompiledPattern() {
        var record = RouteRecordCodec.encodeRoute(kind: .page, flags: [], text: RecordText(pattern: "user/:id"), compiledPattern: userID)
        #expect((try? read(record)[0].result.get()) != nil)
        record[40 + 1] = 9  // the first segment's kind
        #expect(throws: RecordProblem.badCompiledPattern) { try read(record)[0].result.get() }
        // The segment count running past the text field.
        record[40] = 20
        #expect(throws: RecordProblem.badCompiledPattern) { try read(record)[0].result.get() }
        let bytes = userID.bytes
        #expect(bytes.withUnsafeBytes { CompiledPattern.view(of: $0) }?.compiledPattern == userID)
        #expect((bytes + [0]).withUnsafeBytes { CompiledPattern.view(of: $0) } == nil)
        #expect(bytes.dropLast().withUnsafeBytes { CompiledPattern.view(of: $0) } == nil)
    }

    @Test("Version 1's checks stand: magic, kind, text length and the reserved field")
    func version1Checks() {
        let record = RouteRecordCodec.encodeRoute(kind: .action, flags: [], text: RecordText(pattern: "a"), compiledPattern: nil)
        var bad = record
        bad[0] = 0
        #expect(throws: RecordProblem.badMagic(0x526B_6E00)) { try read(bad)[0].result.get() }
        #expect(read(bad)[0].version == nil)
        bad = record
        bad[8] = 0x41
        #expect(throws: RecordProblem.unknownKind(0x6163_7441)) { try read(bad)[0].result.get() }
        bad = record
        bad[12] = 97
        #expect(throws: RecordProblem.badTextLength(97)) { try read(bad)[0].result.get() }
        bad = record
        bad[24] = 1
        #expect(throws: RecordProblem.reservedFieldSet) { try read(bad)[0].result.get() }
    }
}
