/// Writes and reads route records: the one place that knows the record's layout, for the macros
/// (which write), the reader and discovery (which read) and the `routes` tool. The C header writes
/// the same bytes for `LINKROUTER_C_ACTION`.
///
/// A record is written in the oldest version that holds it and that every reader of that version
/// reads as meant (``version(for:compiledPattern:)``): version 1, one 128-byte block, for most
/// records; version 2, as many blocks as its body needs, for a text or compiled pattern that does
/// not fit 96 bytes, a query contract (a reader from before contracts reads `summary NUL contract`
/// as the summary) and optional groups that readers from before version 2 read otherwise (several
/// groups, or one before a required segment).
package enum RouteRecordCodec {
    // MARK: Writing

    /// The version a route record is written in.
    ///
    /// - Parameters:
    ///   - text: The record's text.
    ///   - compiledPattern: The pattern as the macro parsed it, `nil` for a record without one.
    ///   - declaredProtocol: The protocol the route's page offers, if it declares one.
    ///   - declaredResult: The result the route's page returns, if it declares one.
    package static func version(
        for text: RecordText, compiledPattern: CompiledPattern?, declaredProtocol: String? = nil, declaredResult: String? = nil
    ) -> UInt16 {
        if text.query != nil || compiledPattern?.hasGroupsVersion1Misreads == true { return 2 }
        let body = text.bytes.count + (compiledPattern?.encodedSize ?? 0) + nameTrailer(declaredProtocol).count + nameTrailer(declaredResult).count
        return body <= RecordLayout.version1TextCapacity ? 1 : 2
    }

    /// The bytes of a route record, its accessor field 0 (the compiler or linker fills it in).
    ///
    /// - Parameters:
    ///   - kind: What the record registers: a page, an action or a C action.
    ///   - flags: The route's flags, without ``RecordFlags/compiledPattern``, which the codec sets.
    ///   - text: The pattern, groups, summary and contract, at most ``RecordLayout/maximumTextLength`` bytes.
    ///   - compiledPattern: The pattern as the macro parsed it, or `nil`.
    ///   - declaredProtocol: The protocol the page offers (`@Routable(..., as: P.self)`), as
    ///     written, at most ``RecordLayout/maximumDeclaredProtocolLength`` bytes; it sets
    ///     ``RecordFlags/declaredProtocol`` and follows the compiled pattern.
    ///   - declaredResult: The type of the result the page returns (`PageReturn<Value>`), as
    ///     written, at most ``RecordLayout/maximumDeclaredProtocolLength`` bytes; it sets
    ///     ``RecordFlags/declaredResult`` and follows the declared protocol.
    package static func encodeRoute(
        kind: RecordKind, flags: RecordFlags, text: RecordText, compiledPattern: CompiledPattern?, declaredProtocol: String? = nil,
        declaredResult: String? = nil
    ) -> [UInt8] {
        let textBytes = text.bytes
        let compiled = compiledPattern?.bytes ?? []
        let trailer = nameTrailer(declaredProtocol) + nameTrailer(declaredResult)
        var flags = flags
        if declaredProtocol != nil { flags.insert(.declaredProtocol) }
        if declaredResult != nil { flags.insert(.declaredResult) }
        if version(for: text, compiledPattern: compiledPattern, declaredProtocol: declaredProtocol, declaredResult: declaredResult) == 1 {
            if compiledPattern != nil { flags.insert(.compiledPattern) }
            return encodeVersion1(kind: kind, flags: flags, text: textBytes, trailer: compiled + trailer)
        }
        return encodeVersion2(kind: kind, flags: flags, text: textBytes, compiled: compiled, after: trailer)
    }

    /// The bytes a declared protocol or result takes after the compiled pattern: its length in
    /// one byte, then its name; none without one.
    private static func nameTrailer(_ name: String?) -> [UInt8] {
        guard let name else { return [] }
        let bytes = Array(name.utf8.prefix(RecordLayout.maximumDeclaredProtocolLength))
        return [UInt8(bytes.count)] + bytes
    }

    /// The declared protocol's or result's name at the start of `rest`, the bytes after a
    /// record's compiled pattern (and protocol): `nil` when its length byte is 0 or runs past `rest`.
    static func declaredName(at rest: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer? {
        guard let length = rest.first.map(Int.init), length > 0, 1 + length <= rest.count else { return nil }
        return UnsafeRawBufferPointer(rebasing: rest[1..<(1 + length)])
    }

    /// The bytes of a service record: the protocol's name as its text.
    package static func encodeService(named name: String, flags: RecordFlags) -> [UInt8] {
        let text = Array(name.utf8)
        return text.count <= RecordLayout.version1TextCapacity
            ? encodeVersion1(kind: .service, flags: flags, text: text, trailer: [])
            : encodeVersion2(kind: .service, flags: flags, text: text, compiled: [])
    }

    /// The bytes of an interceptor's or a module's record (``RecordKind/interceptor``,
    /// ``RecordKind/module``): its text (``InterceptorRecordText``, or the module's name) as a
    /// service's, then its origin when given (``RecordFlags/hookOrigin``, which it sets), in
    /// version 1 when both fit 96 bytes.
    package static func encodeDeclaration(kind: RecordKind, text: [UInt8], flags: RecordFlags, origin: HookOrigin? = nil) -> [UInt8] {
        let trailer = origin?.bytes ?? []
        var flags = flags
        if origin != nil { flags.insert(.hookOrigin) }
        return text.count + trailer.count <= RecordLayout.version1TextCapacity
            ? encodeVersion1(kind: kind, flags: flags, text: text, trailer: trailer)
            : encodeVersion2(kind: kind, flags: flags, text: text, compiled: [], after: trailer)
    }

    /// The bytes of the origin at the start of `rest`, the bytes after a hook record's text,
    /// their lengths checked against the record; `.success(nil)` for another kind of record or
    /// one without the flag. Read with ``HookOrigin/init(_:)``.
    private static func hookOrigin(
        kind: RecordKind, flags: RecordFlags, rest: UnsafeRawBufferPointer
    ) -> Result<UnsafeRawBufferPointer?, RecordProblem> {
        guard kind.isHook, flags.rawValue & RecordFlags.hookOrigin.rawValue != 0 else { return .success(nil) }
        guard let moduleLength = rest.first.map(Int.init), moduleLength > 0, 2 + moduleLength <= rest.count,
              2 + moduleLength + Int(rest[1 + moduleLength]) <= rest.count
        else { return .failure(.badHookOrigin) }
        return .success(UnsafeRawBufferPointer(rebasing: rest[..<(2 + moduleLength + Int(rest[1 + moduleLength]))]))
    }

    /// The bytes after a route record's compiled pattern that its flags say follow: the declared
    /// protocol (``RecordFlags/declaredProtocol``), then the declared result
    /// (``RecordFlags/declaredResult``), each its length in one byte and its name, their lengths
    /// checked against the record; `.success(nil)` when it declares neither.
    private static func routeTrailer(flags: RecordFlags, rest: UnsafeRawBufferPointer) -> Result<UnsafeRawBufferPointer?, RecordProblem> {
        var end = 0
        if flags.rawValue & RecordFlags.declaredProtocol.rawValue != 0 {
            guard let name = declaredName(at: UnsafeRawBufferPointer(rebasing: rest[end...])) else { return .failure(.badDeclaredProtocol) }
            end += 1 + name.count
        }
        if flags.rawValue & RecordFlags.declaredResult.rawValue != 0 {
            guard let name = declaredName(at: UnsafeRawBufferPointer(rebasing: rest[end...])) else { return .failure(.badDeclaredProtocol) }
            end += 1 + name.count
        }
        return .success(end == 0 ? nil : UnsafeRawBufferPointer(rebasing: rest[..<end]))
    }

    /// A version-1 record: the header, then the text and, after it in the text field, `trailer`
    /// (the compiled pattern, which readers that predate it never read: they stop at the length).
    private static func encodeVersion1(kind: RecordKind, flags: RecordFlags, text: [UInt8], trailer: [UInt8]) -> [UInt8] {
        var bytes = littleEndianBytes(RecordLayout.magic) + littleEndianBytes(UInt16(1)) + littleEndianBytes(flags.rawValue)
        bytes += littleEndianBytes(kind.rawValue) + littleEndianBytes(UInt32(text.count))
        bytes += [UInt8](repeating: 0, count: 16)  // accessor, reserved
        bytes += text + trailer
        return bytes + [UInt8](repeating: 0, count: RecordLayout.blockSize - bytes.count)
    }

    /// A version-2 record: its first block's header, then the body (text, compiled pattern) across
    /// as many blocks as it needs, each later block behind its own 8-byte header.
    private static func encodeVersion2(kind: RecordKind, flags: RecordFlags, text: [UInt8], compiled: [UInt8], after trailer: [UInt8] = []) -> [UInt8] {
        let body = text + compiled + trailer
        let blockCount = blockCount(forBody: body.count)
        var bytes = littleEndianBytes(RecordLayout.magic) + littleEndianBytes(UInt16(2)) + littleEndianBytes(flags.rawValue)
        bytes += littleEndianBytes(kind.rawValue) + littleEndianBytes(UInt16(blockCount)) + littleEndianBytes(UInt16(text.count))
        bytes += [UInt8](repeating: 0, count: 8)  // accessor
        bytes += littleEndianBytes(UInt16(compiled.count)) + littleEndianBytes(UInt16(0)) + littleEndianBytes(RecordLayout.writerRelease)
        var rest = body[...]
        bytes += rest.prefix(RecordLayout.firstBodySize)
        rest = rest.dropFirst(RecordLayout.firstBodySize)
        for index in 1..<blockCount {
            bytes += [UInt8](repeating: 0, count: index * RecordLayout.blockSize - bytes.count)
            bytes += littleEndianBytes(RecordLayout.magic) + littleEndianBytes(UInt16(2))
            bytes += littleEndianBytes(RecordFlags.continuationBlock.rawValue | UInt16(index))
            bytes += rest.prefix(RecordLayout.continuationBodySize)
            rest = rest.dropFirst(RecordLayout.continuationBodySize)
        }
        return bytes + [UInt8](repeating: 0, count: blockCount * RecordLayout.blockSize - bytes.count)
    }

    /// The blocks a version-2 record of a `count`-byte body takes.
    package static func blockCount(forBody count: Int) -> Int {
        count <= RecordLayout.firstBodySize
            ? 1 : 1 + (count - RecordLayout.firstBodySize + RecordLayout.continuationBodySize - 1) / RecordLayout.continuationBodySize
    }

    // MARK: Reading

    /// One record of a section as read: where it is, how many bytes it takes, and its fields or
    /// why it cannot be used.
    package struct Read {
        /// The record's offset in the section.
        package let offset: Int
        /// How many bytes of the section it takes: a whole number of blocks.
        package let size: Int
        /// The version field, when the record starts with the magic number.
        package let version: UInt16?
        /// The record, or why it is skipped.
        package let result: Result<RecordView, RecordProblem>
    }

    /// Reads the records of a section in order, handing each to `body`; a record's view is valid
    /// only during the call (``Reader``, as a loop).
    package static func forEachRecord(in section: UnsafeRawBufferPointer, _ body: (Read) -> Void) {
        var reader = Reader(section)
        while let read = reader.next() { body(read) }
    }

    /// Reads the records of a section one at a time, in order: the one reading of the bytes that
    /// discovery and the tools iterate. A record's view is valid until the next record is read.
    ///
    /// A record that cannot be used is handed over with its problem and skipped whole when its
    /// size is known (a version-2 record, or a later version's, by its block count), else one block
    /// at a time. A section whose size is not a whole number of blocks ends with a
    /// ``RecordProblem/sectionSizeNotMultiple(size:)`` for the remainder.
    package struct Reader: IteratorProtocol {
        private let section: UnsafeRawBufferPointer
        private let wholeBlocks: Int
        private var offset = 0
        private var finished = false
        // Where a record of several blocks has its body copied together, made for the first such
        // record: long records are few, and a reader of one record (a pass reading a record
        // again) rarely needs it.
        private var scratch: Scratch?

        /// A reader of the records of `section`, which must stay valid while it reads.
        package init(_ section: UnsafeRawBufferPointer) {
            self.section = section
            wholeBlocks = section.count / RecordLayout.blockSize * RecordLayout.blockSize
        }

        /// The next record, or `nil` after the last.
        package mutating func next() -> Read? {
            guard offset < wholeBlocks else {
                guard !finished else { return nil }
                finished = true
                guard section.count != wholeBlocks else { return nil }
                return Read(offset: wholeBlocks, size: section.count - wholeBlocks, version: nil, result: .failure(.sectionSizeNotMultiple(size: section.count)))
            }
            let rest = UnsafeRawBufferPointer(rebasing: section[offset..<wholeBlocks])
            let (size, result) = RouteRecordCodec.read(rest, scratch: &scratch)
            let version = rest.loadUnaligned(fromByteOffset: RecordLayout.Offset.magic, as: UInt32.self) == RecordLayout.magic.littleEndian
                ? UInt16(littleEndian: rest.loadUnaligned(fromByteOffset: RecordLayout.Offset.version, as: UInt16.self)) : nil
            defer { offset += size }
            return Read(offset: offset, size: size, version: version, result: result)
        }
    }

    /// The body of the longest record, allocated once per reader and freed with it.
    private final class Scratch {
        let bytes = UnsafeMutableRawBufferPointer.allocate(
            byteCount: RecordLayout.firstBodySize + (RecordLayout.maximumBlockCount - 1) * RecordLayout.continuationBodySize, alignment: 8
        )
        deinit { bytes.deallocate() }
    }

    /// Reads the record at the start of `bytes` (a whole number of blocks, at least one).
    private static func read(_ bytes: UnsafeRawBufferPointer, scratch: inout Scratch?) -> (Int, Result<RecordView, RecordProblem>) {
        func field<T: FixedWidthInteger>(_ offset: Int, _ type: T.Type) -> T {
            T(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: T.self))
        }
        let block = RecordLayout.blockSize
        let magic = field(RecordLayout.Offset.magic, UInt32.self)
        guard magic == RecordLayout.magic else { return (block, .failure(.badMagic(magic))) }
        let version = field(RecordLayout.Offset.version, UInt16.self)
        let flags = RecordFlags(rawValue: field(RecordLayout.Offset.flags, UInt16.self))
        let kindCode = field(RecordLayout.Offset.kind, UInt32.self)
        let accessor = field(RecordLayout.Offset.accessor, UInt64.self)
        switch version {
        case 1:
            // Exactly as readers of version 1 read it, and its compiled pattern when marked.
            let textLength = field(RecordLayout.Offset.textLength, UInt32.self)
            guard let kind = RecordKind(rawValue: kindCode) else { return (block, .failure(.unknownKind(kindCode))) }
            guard textLength <= UInt32(RecordLayout.version1TextCapacity) else { return (block, .failure(.badTextLength(textLength))) }
            guard field(RecordLayout.Offset.reserved, UInt64.self) == 0 else { return (block, .failure(.reservedFieldSet)) }
            let textField = UnsafeRawBufferPointer(rebasing: bytes[RecordLayout.Offset.body..<block])
            let text = UnsafeRawBufferPointer(rebasing: textField[..<Int(textLength)])
            var compiled: CompiledPattern.View?
            if flags.contains(.compiledPattern) {
                compiled = compiledPattern(trailing: UnsafeRawBufferPointer(rebasing: textField[Int(textLength)...]))
                guard compiled != nil else { return (block, .failure(.badCompiledPattern)) }
            }
            var trailer: UnsafeRawBufferPointer?
            if kind.isHook {
                // A hook's origin follows its text (hooks have no compiled pattern and no protocol).
                switch hookOrigin(kind: kind, flags: flags, rest: UnsafeRawBufferPointer(rebasing: textField[Int(textLength)...])) {
                case .success(let read): trailer = read
                case .failure(let problem): return (block, .failure(problem))
                }
            } else {
                let compiledSize = compiled.map { 3 + 6 * $0.count + $0.decodedLiterals.count } ?? 0
                switch routeTrailer(flags: flags, rest: UnsafeRawBufferPointer(rebasing: textField[(Int(textLength) + compiledSize)...])) {
                case .success(let read): trailer = read
                case .failure(let problem): return (block, .failure(problem))
                }
            }
            return (block, .success(RecordView(
                version: 1, flags: flags, kind: kind, accessor: accessor, text: text, compiledPattern: compiled, trailer: trailer
            )))
        case 2:
            guard !flags.contains(.continuationBlock) else { return (block, .failure(.misplacedBlock)) }
            let blockCount = Int(field(RecordLayout.Offset.blockCount, UInt16.self))
            guard (1...RecordLayout.maximumBlockCount).contains(blockCount), blockCount * block <= bytes.count else {
                return (block, .failure(.badBlockCount(blockCount)))
            }
            // The later blocks, each behind its header; a bad one may be another record's start.
            if let bad = firstBadBlock(of: bytes, version: 2, blockCount: blockCount) {
                return (bad * block, .failure(.badBlock(index: bad, of: blockCount)))
            }
            let size = blockCount * block
            guard let kind = RecordKind(rawValue: kindCode) else { return (size, .failure(.unknownKind(kindCode))) }
            guard field(RecordLayout.Offset.version2Reserved, UInt16.self) == 0 else { return (size, .failure(.reservedFieldSet)) }
            let textLength = Int(field(RecordLayout.Offset.version2TextLength, UInt16.self))
            let compiledLength = Int(field(RecordLayout.Offset.compiledLength, UInt16.self))
            let capacity = RecordLayout.firstBodySize + (blockCount - 1) * RecordLayout.continuationBodySize
            guard textLength + compiledLength <= capacity else { return (size, .failure(.badTextLength(UInt32(textLength + compiledLength)))) }
            let body: UnsafeRawBufferPointer
            if blockCount == 1 {
                body = UnsafeRawBufferPointer(rebasing: bytes[RecordLayout.Offset.body..<block])
            } else {
                // The body's pieces copied together.
                let copy: UnsafeMutableRawBufferPointer
                if let made = scratch {
                    copy = made.bytes
                } else {
                    let made = Scratch()
                    scratch = made
                    copy = made.bytes
                }
                var filled = 0
                for index in 0..<blockCount {
                    let start = index * block + (index == 0 ? RecordLayout.Offset.body : RecordLayout.Offset.continuationBody)
                    let piece = UnsafeRawBufferPointer(rebasing: bytes[start..<((index + 1) * block)])
                    UnsafeMutableRawBufferPointer(rebasing: copy[filled...]).copyMemory(from: piece)
                    filled += piece.count
                }
                body = UnsafeRawBufferPointer(rebasing: copy[..<filled])
            }
            let text = UnsafeRawBufferPointer(rebasing: body[..<textLength])
            var compiled: CompiledPattern.View?
            if compiledLength > 0 {
                compiled = CompiledPattern.view(of: UnsafeRawBufferPointer(rebasing: body[textLength..<(textLength + compiledLength)]))
                guard compiled != nil else { return (size, .failure(.badCompiledPattern)) }
            }
            var trailer: UnsafeRawBufferPointer?
            if kind.isHook {
                switch hookOrigin(kind: kind, flags: flags, rest: UnsafeRawBufferPointer(rebasing: body[(textLength + compiledLength)...])) {
                case .success(let read): trailer = read
                case .failure(let problem): return (size, .failure(problem))
                }
            } else {
                switch routeTrailer(flags: flags, rest: UnsafeRawBufferPointer(rebasing: body[(textLength + compiledLength)...])) {
                case .success(let read): trailer = read
                case .failure(let problem): return (size, .failure(problem))
                }
            }
            return (size, .success(RecordView(
                version: 2, flags: flags, kind: kind, accessor: accessor, text: text, compiledPattern: compiled, trailer: trailer
            )))
        default:
            // A later version keeps the block count and the writer where version 2 has them, and
            // the header of each later block: the record is skipped whole when its blocks say so,
            // else one block at a time (a record of version 0, or one that is not what it claims).
            let blockCount = Int(field(RecordLayout.Offset.blockCount, UInt16.self))
            let writer = version > 2 ? field(RecordLayout.Offset.writer, UInt32.self) : 0
            let isWhole = version > 2 && (1...RecordLayout.maximumBlockCount).contains(blockCount) && blockCount * block <= bytes.count
                && firstBadBlock(of: bytes, version: version, blockCount: blockCount) == nil
            return (isWhole ? blockCount * block : block, .failure(.unsupportedVersion(version, writer: writer)))
        }
    }

    /// The index of the first block after the first of a `blockCount`-block record at the start of
    /// `bytes` that does not start with the magic, `version` and its index with bit 15 set; `nil`
    /// when every one does.
    private static func firstBadBlock(of bytes: UnsafeRawBufferPointer, version: UInt16, blockCount: Int) -> Int? {
        for index in 1..<max(1, blockCount) {
            let start = index * RecordLayout.blockSize
            let magic = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: start + RecordLayout.Offset.magic, as: UInt32.self))
            let blockVersion = UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: start + RecordLayout.Offset.version, as: UInt16.self))
            let marker = UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: start + RecordLayout.Offset.flags, as: UInt16.self))
            guard magic == RecordLayout.magic, blockVersion == version, marker == RecordFlags.continuationBlock.rawValue | UInt16(truncatingIfNeeded: index) else {
                return index
            }
        }
        return nil
    }

    /// The compiled pattern at the start of `bytes`, the rest of a version-1 text field: its
    /// length follows from its segment count and its decoded literals' length.
    private static func compiledPattern(trailing bytes: UnsafeRawBufferPointer) -> CompiledPattern.View? {
        guard let count = bytes.first.map(Int.init) else { return nil }
        let decodedAt = 1 + 6 * count
        guard bytes.count >= decodedAt + 2 else { return nil }
        let decodedCount = Int(UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: decodedAt, as: UInt16.self)))
        guard bytes.count >= decodedAt + 2 + decodedCount else { return nil }
        return CompiledPattern.view(of: UnsafeRawBufferPointer(rebasing: bytes[..<(decodedAt + 2 + decodedCount)]))
    }
}

/// A record read from a section: its fields, its text and its compiled pattern as bytes, valid
/// while the section is (and, for a record of several blocks, during the reading callback).
package struct RecordView {
    /// The record's version.
    package let version: UInt16
    /// The flags field.
    package let flags: RecordFlags
    /// What the record registers.
    package let kind: RecordKind
    /// The accessor field: the run-time address in a loaded image, often 0 in a file on disk.
    package let accessor: UInt64
    /// The text's bytes: read it with ``RecordText/init(route:)`` or ``RecordText/serviceName(_:)``.
    package let text: UnsafeRawBufferPointer
    /// The pattern as the macro compiled it, for a Swift record that carries it.
    package let compiledPattern: CompiledPattern.View?
    /// What the flags say follows the text and the compiled pattern: a route's declared protocol
    /// (bit 6) and result (bit 8), or a hook's origin (bit 10). One field for all, as no record has
    /// a route's and a hook's: a view is copied for every record read, and a larger one costs every record.
    private let trailer: UnsafeRawBufferPointer?

    /// The name of the protocol the route's page offers, as the annotation wrote it, when the
    /// record declares one (``RecordFlags/declaredProtocol``): its UTF-8 bytes, not checked.
    package var declaredProtocol: UnsafeRawBufferPointer? {
        guard !kind.isHook, let trailer, flags.rawValue & RecordFlags.declaredProtocol.rawValue != 0 else { return nil }
        return RouteRecordCodec.declaredName(at: trailer)
    }
    /// The type of the result the route's page returns, as written, when the record declares one
    /// (``RecordFlags/declaredResult``): its UTF-8 bytes, not checked.
    package var declaredResult: UnsafeRawBufferPointer? {
        guard !kind.isHook, var rest = trailer, flags.rawValue & RecordFlags.declaredResult.rawValue != 0 else { return nil }
        if let declared = declaredProtocol { rest = UnsafeRawBufferPointer(rebasing: rest[(1 + declared.count)...]) }
        return RouteRecordCodec.declaredName(at: rest)
    }
    /// For an interceptor or module record that states it (``RecordFlags/hookOrigin``): the bytes
    /// of its declaring module and the hook it replaces, their lengths checked; read them with
    /// ``HookOrigin/init(_:)``.
    package var hookOrigin: UnsafeRawBufferPointer? { kind.isHook ? trailer : nil }

    init(
        version: UInt16, flags: RecordFlags, kind: RecordKind, accessor: UInt64, text: UnsafeRawBufferPointer,
        compiledPattern: CompiledPattern.View?, trailer: UnsafeRawBufferPointer?
    ) {
        self.version = version
        self.flags = flags
        self.kind = kind
        self.accessor = accessor
        self.text = text
        self.compiledPattern = compiledPattern
        self.trailer = trailer
    }
}

extension RecordKind {
    /// Whether records of the kind are an interceptor's or a module's (``RecordFlags/hookOrigin``).
    var isHook: Bool { self == .interceptor || self == .module }
}

/// Why a record, or the rest of a section, cannot be used.
package enum RecordProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// The section's size is not a whole number of 128-byte blocks.
    case sectionSizeNotMultiple(size: Int)
    /// The record does not start with the magic number.
    case badMagic(UInt32)
    /// The record has a version this reader does not know, and for version 3 and later the
    /// release of LinkRouter that wrote it (0: not said).
    case unsupportedVersion(UInt16, writer: UInt32)
    /// The record's kind is not one this reader knows (a newer library's record).
    case unknownKind(UInt32)
    /// The text (and compiled pattern) is longer than the record holds.
    case badTextLength(UInt32)
    /// The text is not UTF-8.
    case badText
    /// A service record's text is not one protocol name: empty, or holding a NUL.
    case badServiceName
    /// An interceptor's record text is not `name NUL scope NUL priority`, or a module's is not one name.
    case badDeclarationText
    /// A reserved field is not 0.
    case reservedFieldSet
    /// A version-2 record's block count is 0, too large, or runs past the section's end.
    case badBlockCount(Int)
    /// A block of a version-2 record does not carry the header of its place in the record.
    case badBlock(index: Int, of: Int)
    /// A later block of a version-2 record where a record should start.
    case misplacedBlock
    /// The compiled pattern the record says it carries is not one, or its segments make no pattern.
    case badCompiledPattern
    /// The record has no accessor (checked for loaded images, whose accessors the dynamic linker fills in).
    case missingAccessor
    /// The record says it declares the protocol its page offers, and the name after its compiled
    /// pattern is empty, runs past the record or is not UTF-8.
    case badDeclaredProtocol
    /// An interceptor or module record says its origin follows its text, and the module is empty,
    /// a part runs past the record, is not UTF-8 or holds a NUL.
    case badHookOrigin

    /// A one-line explanation.
    package var description: String {
        switch self {
        case .sectionSizeNotMultiple(let size): "section size \(size) is not a multiple of the \(RecordLayout.blockSize)-byte record block"
        case .badMagic(let magic): "bad magic 0x\(String(magic, radix: 16)) (expected 0x\(String(RecordLayout.magic, radix: 16)))"
        case .unsupportedVersion(let version, let writer):
            "record version \(version) is not supported (this reader knows versions \(RecordLayout.versions.lowerBound) to \(RecordLayout.versions.upperBound))"
                + (version > RecordLayout.newestVersion ? Self.writtenBy(writer) : "")
        case .unknownKind(let kind): "unknown record kind 0x\(String(kind, radix: 16))"
        case .badTextLength(let length): "text length \(length) exceeds what the record holds"
        case .badText: "record text is not valid UTF-8"
        case .badServiceName: "a service record's text is not one protocol name"
        case .badDeclarationText: "an interceptor's or module's record text is malformed"
        case .reservedFieldSet: "a reserved field is not 0"
        case .badBlockCount(let count): "a version-2 record of \(count) blocks does not fit (1 to \(RecordLayout.maximumBlockCount), within the section)"
        case .badBlock(let index, let count): "block \(index) of a \(count)-block record has no block header of its own: the record is cut short"
        case .misplacedBlock: "a record's later block where a record should start"
        case .badCompiledPattern: "its compiled pattern is malformed"
        case .missingAccessor: "record has no accessor"
        case .badDeclaredProtocol: "the protocol its page declares is malformed"
        case .badHookOrigin: "the module that declares the hook, or the hook it replaces, is malformed"
        }
    }

    /// `: written by LinkRouter 1.4.0, newer than this reader; ...`
    private static func writtenBy(_ writer: UInt32) -> String {
        let release = writer == 0 ? "a newer LinkRouter" : "LinkRouter \(writer >> 16).\((writer >> 8) & 0xFF).\(writer & 0xFF)"
        return ": written by \(release); read it with that LinkRouter or a later one, or build the object with this reader's"
    }
}
