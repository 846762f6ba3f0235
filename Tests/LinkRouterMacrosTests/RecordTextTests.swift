import LinkRouterMacros
import Testing

struct RecordTextTests {
    @Test("packing puts byte 8i+j in bits 8j..8j+7 of word i")
    func packingIsLittleEndian() {
        let words = RecordText.words(packing: Array("LnkR-route".utf8))
        #expect(words.count == 12)
        #expect(words[0] == 0x756F_722D_526B_6E4C)
        #expect(words[1] == 0x6574)
        #expect(words[2...].allSatisfy { $0 == 0 })
    }

    @Test("unpacking packed words gives the bytes back, zero-padded to 96", arguments: [0, 1, 7, 8, 9, 47, 95, 96])
    func roundTrip(count: Int) {
        let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 1) }
        let unpacked = RecordText.bytes(unpacking: RecordText.words(packing: bytes))
        #expect(unpacked.count == 96)
        #expect(Array(unpacked.prefix(count)) == bytes)
        #expect(unpacked.dropFirst(count).allSatisfy { $0 == 0 })
    }

    @Test("the packed words equal the bytes laid out as little-endian UInt64s")
    func matchesMemoryLayout() {
        let bytes = Array("user/<int:id>\0requiresLogin,vip\0User profile".utf8)
        let words = RecordText.words(packing: bytes)
        let inMemory = words.map(\.littleEndian).withUnsafeBytes { Array($0) }
        #expect(Array(inMemory.prefix(bytes.count)) == bytes)
    }

    @Test("the text is the pattern alone, or the pattern, NUL, the groups and NUL, the summary")
    func textLayout() {
        #expect(RecordText.bytes(pattern: "a", groups: [], summary: nil) == Array("a".utf8))
        #expect(RecordText.bytes(pattern: "a", groups: ["g", "h"], summary: nil) == Array("a\0g,h".utf8))
        #expect(RecordText.bytes(pattern: "a", groups: [], summary: "s") == Array("a\0\0s".utf8))
        #expect(RecordText.bytes(pattern: "a", groups: ["g"], summary: "s") == Array("a\0g\0s".utf8))
    }
}
