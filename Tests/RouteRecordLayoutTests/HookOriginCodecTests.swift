import RouteRecordLayout
import Testing

/// An interceptor's or module's origin (flag bit 7): its declaring module and the hook it
/// replaces, after its text, where readers that predate it do not look.
struct HookOriginCodecTests {
    /// Each record of `section` as (version, flags, text, origin), or its problem.
    func read(_ section: [UInt8]) -> [Result<(UInt16, RecordFlags, String, HookOrigin?), RecordProblem>] {
        var reads: [Result<(UInt16, RecordFlags, String, HookOrigin?), RecordProblem>] = []
        section.withUnsafeBytes { bytes in
            RouteRecordCodec.forEachRecord(in: bytes) { read in
                reads.append(read.result.flatMap { view in
                    guard let bytes = view.hookOrigin else { return .success((view.version, view.flags, String(decoding: view.text, as: UTF8.self), nil)) }
                    guard let origin = HookOrigin(bytes) else { return .failure(.badHookOrigin) }
                    return .success((view.version, view.flags, String(decoding: view.text, as: UTF8.self), origin))
                })
            }
        }
        return reads
    }

    let text = InterceptorRecordText(name: "Shop.LoginInterceptor", scope: .group("requiresLogin"), priority: 100)

    @Test("A version-1 hook record carries its module and the hook it replaces after its text; the text reads as without them, as readers that predate the bit read it")
    func version1() throws {
        let origin = HookOrigin(module: "Shop", replaces: "Auth.LoginInterceptor")
        let record = RouteRecordCodec.encodeDeclaration(kind: .interceptor, text: text.bytes, flags: .override, origin: origin)
        #expect(record.count == 128)
        let fields = try #require(try read(record).first?.get())
        #expect(fields.0 == 1 && fields.1.contains(.hookOrigin) && fields.1.contains(.override))
        #expect(fields.2 == "Shop.LoginInterceptor\0group:requiresLogin\0100")
        #expect(fields.3 == origin)
        // The text length is the text's alone: a reader that stops there reads the hook as before.
        #expect(Int(record[12]) == text.bytes.count)
        #expect(Array(record[32..<(32 + text.bytes.count)]) == text.bytes)
        #expect(Array(record[(32 + text.bytes.count)...].prefix(origin.bytes.count)) == [4] + Array("Shop".utf8) + [21] + Array("Auth.LoginInterceptor".utf8))
        // Without a replaced hook its length is 0; without an origin the record is as before.
        let module = RouteRecordCodec.encodeDeclaration(kind: .module, text: Array("Shop.AppModule".utf8), flags: [], origin: HookOrigin(module: "Shop"))
        #expect(try read(module).first?.get().3 == HookOrigin(module: "Shop"))
        let old = RouteRecordCodec.encodeDeclaration(kind: .module, text: Array("AppModule".utf8), flags: [])
        #expect(try read(old).first?.get().1.contains(.hookOrigin) == false)
        #expect(try read(old).first?.get().3 == nil)
    }

    @Test("A text and origin over 96 bytes make a version-2 record carrying the origin after the text")
    func version2() throws {
        let long = InterceptorRecordText(name: String(repeating: "n", count: 80), scope: .all, priority: 0)
        let origin = HookOrigin(module: "Shop", replaces: "Auth.login")
        let record = RouteRecordCodec.encodeDeclaration(kind: .interceptor, text: long.bytes, flags: .override, origin: origin)
        let fields = try #require(try read(record).first?.get())
        #expect(fields.0 == 2)
        #expect(fields.2 == String(decoding: long.bytes, as: UTF8.self))
        #expect(fields.3 == origin)
    }

    @Test("A hook record that says it carries its origin, with no module or a length past the record, is a bad record; a route record's bit 7 is reserved and ignored")
    func malformed() {
        var record = RouteRecordCodec.encodeDeclaration(kind: .interceptor, text: text.bytes, flags: [], origin: HookOrigin(module: "Shop"))
        let lengthAt = 32 + text.bytes.count
        record[lengthAt] = 0
        #expect(throws: RecordProblem.badHookOrigin) { try read(record).first?.get() }
        record[lengthAt] = 200
        #expect(throws: RecordProblem.badHookOrigin) { try read(record).first?.get() }
        var route = RouteRecordCodec.encodeRoute(kind: .action, flags: [], text: RecordText(pattern: "a"), compiledPattern: nil)
        route[6] |= 0x80
        #expect(throws: Never.self) { try read(route).first?.get() }
    }
}
