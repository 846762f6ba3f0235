import RouteRecordLayout
import RouteRecordReader
import Testing

struct RecordDecoderTests {
    /// A version-1 record's bytes.
    static func record(
        magic: UInt32 = RecordLayout.magic, version: UInt16 = 1, flags: UInt16 = 0,
        kind: UInt32 = RecordKind.action.rawValue, text: [UInt8] = Array("a/:b".utf8), textLength: UInt32? = nil,
        accessor: UInt64 = 0x1000, reserved: UInt64 = 0
    ) -> [UInt8] {
        var bytes: [UInt8] = []
        func append<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
        append(magic); append(version); append(flags); append(kind)
        append(textLength ?? UInt32(text.count)); append(accessor); append(reserved)
        bytes += text.prefix(96) + [UInt8](repeating: 0, count: 96 - min(text.count, 96))
        return bytes
    }

    func decode(_ bytes: [UInt8], requireAccessor: Bool = true) -> (records: [RouteRecord], issues: [RecordIssue]) {
        bytes.withUnsafeBytes { RecordDecoder.decode($0, file: "lib.so", sectionFileOffset: 0x400, requireAccessor: requireAccessor) }
    }

    @Test("a valid record decodes with its text split into pattern, groups and summary")
    func valid() throws {
        let text = Array("cart/:id\u{0}login,vip\u{0}The cart".utf8)
        let result = decode(Self.record(flags: 0x5, kind: RecordKind.page.rawValue, text: text) + Self.record())
        #expect(result.issues.isEmpty)
        let first = try #require(result.records.first)
        #expect(first.kind == .page)
        #expect(first.pattern == "cart/:id")
        #expect(first.groups == ["login", "vip"])
        #expect(first.summary == "The cart")
        #expect(first.isExternal)
        #expect(first.openStyle == .present)
        #expect(first.serviceLifetime == nil)
        #expect(result.records[1].location == RecordLocation(file: "lib.so", fileOffset: 0x480, index: 1))
    }

    @Test("each malformed record is skipped with its problem and offset", arguments: [
        (RecordDecoderTests.record(magic: 0xDEAD_BEEF), RecordProblem.badMagic(0xDEAD_BEEF)),
        (RecordDecoderTests.record(version: 3), .unsupportedVersion(3, writer: 0)),
        (RecordDecoderTests.record(version: 0), .unsupportedVersion(0, writer: 0)),
        (RecordDecoderTests.record(kind: 0x7A7A_7A7A), .unknownKind(0x7A7A_7A7A)),
        (RecordDecoderTests.record(textLength: 97), .badTextLength(97)),
        (RecordDecoderTests.record(text: [0x61, 0xFF, 0x62]), .badText),
        (RecordDecoderTests.record(reserved: 1), .reservedFieldSet),
        (RecordDecoderTests.record(accessor: 0), .missingAccessor),
    ])
    func malformed(bytes: [UInt8], problem: RecordProblem) {
        let result = decode(Self.record() + bytes)
        #expect(result.records.count == 1)
        #expect(result.issues.map(\.problem) == [problem])
        #expect(result.issues.map(\.location) == [RecordLocation(file: "lib.so", fileOffset: 0x480, index: 1)])
        #expect(result.issues.map(\.version) == [problem == .badMagic(0xDEAD_BEEF) ? nil : bytes[4] == 1 ? 1 : UInt16(bytes[4])])
    }

    @Test("a section that is not a whole number of records reports it and keeps the whole ones")
    func truncated() {
        let result = decode(Self.record() + Self.record().prefix(40))
        #expect(result.records.count == 1)
        #expect(result.issues.map(\.problem) == [.sectionSizeNotMultiple(size: 168)])
    }

    @Test("a service record's text is its protocol's name; flag bit 3 makes it shared, and means nothing on a route")
    func serviceRecord() throws {
        let text = Array("Shop.SessionService".utf8)
        let result = decode(
            Self.record(flags: 0x8, kind: RecordKind.service.rawValue, text: text) + Self.record(kind: RecordKind.service.rawValue, text: text)
                + Self.record(flags: 0x8, kind: RecordKind.page.rawValue)
        )
        #expect(result.issues.isEmpty)
        try #require(result.records.count == 3)
        #expect(result.records[0].kind == .service)
        #expect(result.records[0].pattern == "Shop.SessionService")
        #expect(result.records[0].groups.isEmpty && result.records[0].summary == nil)
        #expect(result.records[0].serviceLifetime == .shared)
        #expect(result.records[1].serviceLifetime == .perRequest)
        #expect(result.records[2].serviceLifetime == nil)
    }

    @Test("a service record whose text is empty or holds a NUL is skipped", arguments: [[], Array("Session\0Service".utf8)])
    func badServiceName(text: [UInt8]) {
        let result = decode(Self.record(kind: RecordKind.service.rawValue, text: text))
        #expect(result.records.isEmpty)
        #expect(result.issues.map(\.problem) == [.badServiceName])
    }

    @Test("the open style bits decode to their style, and the unassigned value 3 to automatic", arguments: [
        (UInt16(0x0), RecordOpenStyle.automatic), (0x2, .push), (0x4, .present), (0x6, .automatic), (0x7, .automatic),
    ])
    func openStyle(flags: UInt16, style: RecordOpenStyle) throws {
        let record = try #require(decode(Self.record(flags: flags)).records.first)
        #expect(record.openStyle == style)
        #expect(record.isExternal == (flags & 1 != 0))
    }

    @Test("records read from a file need no accessor")
    func offline() {
        #expect(decode(Self.record(accessor: 0), requireAccessor: false).records.count == 1)
    }

    @Test("a corrupt section offset near Int.max is reported, not an overflow trap")
    func hugeSectionOffset() {
        let bytes = Self.record(accessor: 0) + Self.record(accessor: 0)
        let decoded = bytes.withUnsafeBytes {
            RecordDecoder.decode($0, file: "lib.so", sectionFileOffset: .max, requireAccessor: false)
        }
        #expect(decoded.records.count == 2)
    }
}
