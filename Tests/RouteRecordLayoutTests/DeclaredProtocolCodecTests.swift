import RouteRecordLayout
import Testing

/// The protocol a page declares (`@Routable(..., as: P.self)`): flag bit 6, and its name after the
/// compiled pattern, where readers that predate it do not look.
struct DeclaredProtocolCodecTests {
    /// `user/:id`'s segments as the parser gives them.
    let userID = CompiledPattern(segments: [
        .init(kind: .literal, group: 0, start: 0, end: 4), .init(kind: .parameter, group: 0, start: 6, end: 8),
    ])

    /// Each record of `section` as (version, flags, text, compiled pattern, declared protocol), or its problem.
    func read(_ section: [UInt8]) -> [Result<(UInt16, RecordFlags, String, CompiledPattern?, String?), RecordProblem>] {
        var reads: [Result<(UInt16, RecordFlags, String, CompiledPattern?, String?), RecordProblem>] = []
        section.withUnsafeBytes { bytes in
            RouteRecordCodec.forEachRecord(in: bytes) { read in
                reads.append(read.result.map { view in
                    (view.version, view.flags, String(decoding: view.text, as: UTF8.self), view.compiledPattern?.compiledPattern,
                     view.declaredProtocol.map { String(decoding: $0, as: UTF8.self) })
                })
            }
        }
        return reads
    }

    @Test("A version-1 record carries the protocol after its compiled pattern; the text and the pattern read as without it")
    func version1() throws {
        let record = RouteRecordCodec.encodeRoute(
            kind: .page, flags: [], text: RecordText(pattern: "user/:id"), compiledPattern: userID, declaredProtocol: "Notes.NoteEditing"
        )
        #expect(record.count == 128)
        let fields = try #require(try read(record).first?.get())
        #expect(fields.0 == 1)
        #expect(fields.1.contains(.declaredProtocol) && fields.1.contains(.compiledPattern))
        #expect(fields.2 == "user/:id")
        #expect(fields.3 == userID)
        #expect(fields.4 == "Notes.NoteEditing")
        // The text field as a version-1 reader sees it: the text, then the pattern, then the name.
        let textLength = Int(record[12])
        let compiledSize = userID.bytes.count
        #expect(record[32 + textLength + compiledSize] == 17)
        #expect(Array(record[(33 + textLength + compiledSize)...].prefix(17)) == Array("Notes.NoteEditing".utf8))
    }

    @Test("A record without one is written as before, byte for byte")
    func withoutOne() {
        let plain = RouteRecordCodec.encodeRoute(kind: .page, flags: [], text: RecordText(pattern: "user/:id"), compiledPattern: userID)
        let declaredNil = RouteRecordCodec.encodeRoute(
            kind: .page, flags: [], text: RecordText(pattern: "user/:id"), compiledPattern: userID, declaredProtocol: nil
        )
        #expect(plain == declaredNil)
        #expect(read(plain).first.flatMap { try? $0.get().4 } == nil)
    }

    @Test("A version-2 record carries it after its compiled pattern too, and a name that does not fit 96 bytes makes the record version 2")
    func version2() throws {
        let contract = RouteRecordCodec.encodeRoute(
            kind: .page, flags: [], text: RecordText(pattern: "user/:id", query: "rp:int"), compiledPattern: userID, declaredProtocol: "P"
        )
        let fields = try #require(try read(contract).first?.get())
        #expect(fields.0 == 2 && fields.2 == "user/:id\0\0\0rp:int" && fields.3 == userID && fields.4 == "P")

        let long = String(repeating: "N", count: 200)
        let longRecord = RouteRecordCodec.encodeRoute(kind: .page, flags: [], text: RecordText(pattern: "user/:id"), compiledPattern: userID, declaredProtocol: long)
        #expect(RouteRecordCodec.version(for: RecordText(pattern: "user/:id"), compiledPattern: userID, declaredProtocol: long) == 2)
        #expect(longRecord.count == 3 * 128)
        #expect(try read(longRecord).first?.get().4 == long)
    }

    @Test("A record that says it declares one, with no name or a length past the record, is a bad record, skipped whole")
    func malformed() {
        var record = RouteRecordCodec.encodeRoute(kind: .page, flags: [], text: RecordText(pattern: "user/:id"), compiledPattern: userID, declaredProtocol: "P")
        let lengthAt = 32 + Int(record[12]) + userID.bytes.count
        record[lengthAt] = 0
        #expect(read(record).count == 1)
        #expect(throws: RecordProblem.badDeclaredProtocol) { try read(record).first?.get() }
        record[lengthAt] = 255
        #expect(throws: RecordProblem.badDeclaredProtocol) { try read(record).first?.get() }
    }
}
