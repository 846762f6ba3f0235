internal import RoutePatterns
internal import ByteParsing

/// A URL parsed for routing: scheme, host, path segments, query items and fragment.
///
/// Parsing validates the whole URL in one pass over its UTF-8 bytes and records where each
/// component lies; components are decoded only when asked for, so parsing allocates nothing.
///
/// ```swift
/// let url = try RouteURL("app://user/42?tab=posts#top")
/// url.routeKey              // "user/42"
/// url.queryValue("tab")     // "posts"
/// url.fragment              // "top"
/// ```
public struct RouteURL: Sendable, Hashable, CustomStringConvertible {
    /// The URL as the router reads it.
    ///
    /// For a URL of a scheme browsers treat as special (`http`, `https`, `ws`, `wss`, `ftp`) this is
    /// the URL as a browser reads it (the WHATWG URL Standard), serialized without its userinfo:
    /// `HTTPS://user@Shop.Example.com:443\a/./b` is `https://shop.example.com/a/b`. The host the
    /// router files the URL under and the text a ``RouteDispatcher`` receives are this one, so they
    /// cannot differ from what a browser opens. Other URLs (`app://…`, bare route keys) are kept
    /// as given.
    public let string: String

    /// Where the components lie in `string`.
    private(set) var layout: Layout

    var schemeEnd: Int { Int(layout.schemeEnd) }
    var hostStart: Int { Int(layout.hostStart) }
    var hostEnd: Int { Int(layout.hostEnd) }
    var pathStart: Int { Int(layout.pathStart) }
    var pathEnd: Int { Int(layout.pathEnd) }
    var queryStart: Int { Int(layout.queryStart) }
    var queryEnd: Int { Int(layout.queryEnd) }
    var fragmentStart: Int { Int(layout.fragmentStart) }

    /// The default limit on a URL's length: 8 KiB of UTF-8.
    public static let defaultMaximumLength = 8192

    /// Parses a URL.
    ///
    /// The input may be a full URL (`app://user/42`), a URL without authority (`app:/user/42`) or a
    /// bare route key (`user/42`). An `http`, `https`, `ws`, `wss` or `ftp` URL is read as a browser
    /// reads it, and kept in that form (see ``string``); one whose host a browser would refuse, or
    /// whose host the router cannot read exactly as a browser does, is refused.
    ///
    /// - Parameters:
    ///   - string: The URL.
    ///   - maximumLength: The most UTF-8 bytes accepted (of the URL as given).
    /// - Throws: ``URLParseError`` for a bad percent escape, bytes that decode to invalid UTF-8,
    ///   a raw control character, a URL over the length limit, or an `http(s)` host or port a
    ///   browser refuses or the router does not read.
    public init(_ string: String, maximumLength: Int = RouteURL.defaultMaximumLength) throws(URLParseError) {
        let parsed = Self.withUTF8(of: string) { bytes in Result { () throws(URLParseError) in
            try Self.parse(bytes, maximumLength: maximumLength, url: string)
        } }
        layout = try parsed.get()
        // Only a scheme of 2 to 5 characters starting with `f`, `h` or `w`, or a leading space,
        // can start a special URL (the first pass notes it): other URLs pay one bit test.
        if layout.mayBeWebURL, let (webLayout, normalized) = try Self.readAsBrowser(string) {
            layout = webLayout
            self.string = normalized
        } else {
            self.string = string
        }
    }

    /// A URL that may be of a special scheme read as a browser reads it: its normalized text and
    /// where that text's components lie; `nil` when it is not special or already in that form.
    private static func readAsBrowser(_ string: String) throws(URLParseError) -> (Layout, String)? {
        let normalized = try withUTF8(of: string) { bytes in Result { () throws(URLParseError) in
            try WebURLReading.normalized(bytes, url: string)
        } }.get()
        guard let normalized, normalized != string else { return nil }
        // The serialization is parsed as any URL is; it is in normal form, so it stays as it is.
        let layout = try withUTF8(of: normalized) { bytes in Result { () throws(URLParseError) in
            try parse(bytes, maximumLength: layoutLimit, url: normalized)
        } }.get()
        return (layout, normalized)
    }

    /// The scheme, host and port that make the URL's origin, compared as a browser compares
    /// origins: lowercased, and for `http(s)` the host and port as a browser reads them (a
    /// default port is not written, so it is `""`). `nil` for a bare route key.
    var origin: (scheme: String, host: String, port: Substring)? {
        guard let scheme else { return nil }
        return (scheme.lowercased(), host?.lowercased() ?? "", port ?? "")
    }

    /// The port written after the host, or `nil` when there is none (for an `http(s)` URL, its
    /// default port is not written).
    var port: Substring? {
        guard hostEnd >= 0, hostEnd < pathStart, string.utf8[index(hostEnd)] == ASCII.colon else { return nil }
        return string.utf8[index(hostEnd + 1)..<index(pathStart)].withSubstring
    }

    /// The URL as the router reads it (``string``).
    public var description: String { string }

    /// Whether the router admitted this URL as a link to one of its web hosts
    /// (``RouterConfiguration/webHosts``): keyed by its path alone, and external.
    var isWebLink: Bool { layout.isWebLink }

    /// Marks the URL as admitted as a link to one of the router's web hosts.
    mutating func admitAsWebLink() {
        layout.isWebLink = true
    }

    /// The scheme as written (`app` in `app://user/42`), or `nil` for a bare route key.
    public var scheme: String? {
        schemeEnd < 0 ? nil : text(0, schemeEnd)
    }

    /// The percent-decoded host, or `nil` when the URL has no authority (`//...`).
    ///
    /// For an `http(s)`, `ws(s)` or `ftp` URL it is the host a browser reads: lowercase ASCII, an
    /// internationalized name in its `xn--` form, an IPv4 address in dotted decimal
    /// (`https://evil.example\@shop.example.com/` has the host `evil.example`).
    public var host: String? {
        hostStart < 0 ? nil : decoded(hostStart, hostEnd, plusAsSpace: false)
    }

    /// The percent-decoded path segments; empty segments are dropped and `%2F` stays inside its segment.
    public var pathSegments: [String] {
        var result: [String] = []
        withUTF8 { bytes in
            var cursor = pathStart
            while let (start, end) = layout.segment(after: cursor, in: bytes) {
                result.append(PercentEncoding.decodeTrusted(UnsafeBufferPointer(rebasing: bytes[start..<end]), plusAsSpace: false))
                cursor = layout.cursor(after: end)
            }
        }
        return result
    }

    /// The route key: the host (when there is one) and the path segments, decoded and joined by `/`.
    ///
    /// `app://user/42` gives `user/42`, `https://example.com/a` gives `example.com/a`, `app:/a` gives `a`.
    public var routeKey: String {
        key(includingHost: true)
    }

    /// The raw query (between `?` and `#`), or `nil` when there is none.
    public var query: Substring? {
        queryStart < 0 ? nil : string.utf8[index(queryStart)..<index(queryEnd)].withSubstring
    }

    /// The query items in order, decoded; `+` means a space, a name without `=` has the value `""`.
    public var queryItems: [QueryItem] {
        guard queryStart >= 0, queryStart < queryEnd else { return [] }
        var items: [QueryItem] = []
        withUTF8 { bytes in
            var start = queryStart
            while start <= queryEnd {
                var end = start
                while end < queryEnd, bytes[end] != ASCII.ampersand { end += 1 }
                if end > start {
                    let piece = UnsafeBufferPointer(rebasing: bytes[start..<end])
                    if let equals = piece.firstIndex(of: ASCII.equals) {
                        items.append(QueryItem(
                            name: PercentEncoding.decodeTrusted(UnsafeBufferPointer(rebasing: piece[..<equals]), plusAsSpace: true),
                            value: PercentEncoding.decodeTrusted(UnsafeBufferPointer(rebasing: piece[(equals + 1)...]), plusAsSpace: true)
                        ))
                    } else {
                        items.append(QueryItem(name: PercentEncoding.decodeTrusted(piece, plusAsSpace: true), value: ""))
                    }
                }
                start = end + 1
            }
        }
        return items
    }

    /// How many items ``queryItems`` holds, counted without decoding them.
    var queryItemCount: Int {
        guard queryStart >= 0, queryStart < queryEnd else { return 0 }
        var count = 0
        var pieceIsEmpty = true
        for byte in string.utf8[index(queryStart)..<index(queryEnd)] {
            if byte == ASCII.ampersand {
                if !pieceIsEmpty { count += 1 }
                pieceIsEmpty = true
            } else {
                pieceIsEmpty = false
            }
        }
        return pieceIsEmpty ? count : count + 1
    }

    /// The value of the last query item with this name, or `nil`.
    public func queryValue(_ name: String) -> String? {
        queryItems.last { $0.name == name }?.value
    }

    /// The values of every query item with this name, in order.
    public func queryValues(_ name: String) -> [String] {
        queryItems.filter { $0.name == name }.map(\.value)
    }

    /// The percent-decoded fragment (after `#`), or `nil`. It takes no part in matching.
    public var fragment: String? {
        fragmentStart < 0 ? nil : decoded(fragmentStart, string.utf8.count, plusAsSpace: false)
    }
}

extension RouteURL {
    /// The UTF-8 offsets of one URL's components; -1 marks an absent component. Kept in 32 bits,
    /// so a parsed URL stays small to copy (the length limit keeps offsets in range).
    struct Layout: Sendable, Hashable {
        var schemeEnd: Int32
        var hostStart: Int32
        var hostEnd: Int32
        var pathStart: Int32
        var pathEnd: Int32
        var queryStart: Int32
        var queryEnd: Int32
        var fragmentStart: Int32
        /// ``hasEscapes``, ``isWebLink`` and ``mayBeWebURL``, as bits of one byte: a larger layout makes every copy
        /// of a parsed URL cost more.
        private var flags: UInt8

        /// Whether the URL has a percent escape anywhere; without one, no segment needs decoding.
        var hasEscapes: Bool { flags & 1 != 0 }

        /// Whether the router admitted the URL as a link to one of its web hosts: its key is the
        /// path alone, whatever the router does with other hosts.
        var isWebLink: Bool {
            get { flags & 2 != 0 }
            set { flags = newValue ? flags | 2 : flags & ~2 }
        }

        /// Whether the URL may be of a scheme browsers treat as special, so ``RouteURL`` reads it
        /// as a browser does: its scheme has 2 to 5 characters and starts with `h`, `w` or `f`,
        /// or it starts with a space.
        var mayBeWebURL: Bool { flags & 4 != 0 }

        init(
            schemeEnd: Int32, hostStart: Int32, hostEnd: Int32, pathStart: Int32, pathEnd: Int32, queryStart: Int32,
            queryEnd: Int32, fragmentStart: Int32, hasEscapes: Bool, mayBeWebURL: Bool
        ) {
            (self.schemeEnd, self.hostStart, self.hostEnd, self.pathStart) = (schemeEnd, hostStart, hostEnd, pathStart)
            (self.pathEnd, self.queryStart, self.queryEnd, self.fragmentStart) = (pathEnd, queryStart, queryEnd, fragmentStart)
            flags = (hasEscapes ? 1 : 0) | (mayBeWebURL ? 4 : 0)
        }

        /// The byte range of the first key segment: the host when it is part of the key, else the path.
        @inline(__always)
        func keyStart(includingHost: Bool) -> Int {
            includingHost && !isWebLink && hostStart >= 0 && hostStart < hostEnd ? Int(hostStart) : Int(pathStart)
        }

        /// The key segment that starts at or after `cursor`, and the cursor after it; `nil` at the end.
        ///
        /// A cursor before the path start stands for the host segment.
        @inline(__always)
        func segment(after cursor: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (start: Int, end: Int)? {
            let pathEnd = Int(pathEnd)
            if cursor < Int(pathStart) { return (Int(hostStart), Int(hostEnd)) }
            var start = cursor
            while start < pathEnd, bytes[start] == ASCII.slash { start += 1 }
            guard start < pathEnd else { return nil }
            var end = start + 1
            while end < pathEnd, bytes[end] != ASCII.slash { end += 1 }
            return (start, end)
        }

        /// Where a capture starting at `start` ends: at the end of the path for a `<path:>`
        /// capture, else at the end of its segment.
        func captureEnd(from start: Int, spanningRest: Bool, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
            if spanningRest { return Int(pathEnd) }
            if start < Int(pathStart) { return Int(hostEnd) }
            var end = start
            while end < Int(pathEnd), bytes[end] != ASCII.slash { end += 1 }
            return end
        }

        /// The cursor that follows a segment ending at `end`.
        @inline(__always)
        func cursor(after end: Int) -> Int {
            end <= Int(pathStart) ? Int(pathStart) : end
        }
    }

    /// The longest URL a ``Layout`` can describe.
    static let layoutLimit = Int(Int32.max)

    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, maximumLength: Int, url: String) throws(URLParseError) -> Layout {
        let count = bytes.count
        let maximumLength = min(maximumLength, layoutLimit)
        if count > maximumLength { throw URLParseError(.tooLong(limit: maximumLength), offset: maximumLength, url: url) }

        // One pass: validate every byte and find the first `?` (before any `#`) and the first `#`.
        var validator = UTF8Validator()
        var sequenceStart = 0
        var question = -1
        var hash = -1
        var hasEscapes = false
        var index = 0
        while index < count {
            if index + 8 <= count, validator.isComplete,
               Self.isPlain(UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self)) {
                index += 8
                continue
            }
            let byte = bytes[index]
            if byte >= 0x80 {
                if validator.isComplete { sequenceStart = index }
                guard validator.feed(byte) else { throw URLParseError(.invalidUTF8, offset: sequenceStart, url: url) }
                index += 1
                continue
            }
            if ASCII.isControl(byte) { throw URLParseError(.controlCharacter, offset: index, url: url) }
            if byte == ASCII.percent {
                hasEscapes = true
                guard index + 2 < count,
                      let high = PercentEncoding.hexValue(bytes[index + 1]),
                      let low = PercentEncoding.hexValue(bytes[index + 2])
                else { throw URLParseError(.badPercentEscape, offset: index, url: url) }
                let decoded = high << 4 | low
                if decoded >= 0x80 || !validator.isComplete {
                    if validator.isComplete { sequenceStart = index }
                    guard validator.feed(decoded) else { throw URLParseError(.invalidUTF8, offset: sequenceStart, url: url) }
                }
                index += 3
                continue
            }
            guard validator.isComplete else { throw URLParseError(.invalidUTF8, offset: sequenceStart, url: url) }
            if byte == ASCII.hash {
                if hash < 0 { hash = index }
            } else if byte == ASCII.question, question < 0, hash < 0 {
                question = index
            }
            index += 1
        }
        guard validator.isComplete else { throw URLParseError(.invalidUTF8, offset: sequenceStart, url: url) }

        let hierarchyEnd = question >= 0 ? question : (hash >= 0 ? hash : count)
        var position = 0
        var schemeEnd = -1
        var mayBeWebURL = false
        if hierarchyEnd > 0, ASCII.isLetter(bytes[0]) {
            var end = 1
            while end < hierarchyEnd {
                let byte = bytes[end]
                guard ASCII.isLetter(byte) || ASCII.isDigit(byte) || byte == ASCII.plus || byte == ASCII.minus || byte == ASCII.dot else { break }
                end += 1
            }
            if end < hierarchyEnd, bytes[end] == ASCII.colon {
                schemeEnd = end
                position = end + 1
                // 2 to 5 characters, the first `f`, `h` or `w` (bits 5, 7 and 22 from `a`).
                mayBeWebURL = UInt(bitPattern: end &- 2) < 4 && (0x40_00A0 as UInt32) >> UInt32((bytes[0] | 0x20) &- 0x61) & 1 != 0
            }
        } else if count > 0, bytes[0] == ASCII.space {
            mayBeWebURL = true
        }

        var hostStart = -1
        var hostEnd = -1
        if position + 1 < hierarchyEnd, bytes[position] == ASCII.slash, bytes[position + 1] == ASCII.slash {
            let authorityStart = position + 2
            var authorityEnd = authorityStart
            while authorityEnd < hierarchyEnd, bytes[authorityEnd] != ASCII.slash { authorityEnd += 1 }
            hostStart = authorityStart
            for at in authorityStart..<authorityEnd where bytes[at] == ASCII.at { hostStart = at + 1 }
            hostEnd = hostStart
            if hostStart < authorityEnd, bytes[hostStart] == ASCII.openBracket {
                while hostEnd < authorityEnd, bytes[hostEnd] != ASCII.closeBracket { hostEnd += 1 }
                hostEnd = min(hostEnd + 1, authorityEnd)
            } else {
                while hostEnd < authorityEnd, bytes[hostEnd] != ASCII.colon { hostEnd += 1 }
            }
            position = authorityEnd
        }

        return Layout(
            schemeEnd: Int32(schemeEnd), hostStart: Int32(hostStart), hostEnd: Int32(hostEnd),
            pathStart: Int32(position), pathEnd: Int32(hierarchyEnd),
            queryStart: Int32(question >= 0 ? question + 1 : -1), queryEnd: Int32(hash >= 0 ? hash : count),
            fragmentStart: Int32(hash >= 0 ? hash + 1 : -1), hasEscapes: hasEscapes, mayBeWebURL: mayBeWebURL
        )
    }

    /// Whether eight bytes are all plain ASCII that parsing only steps over: no control
    /// character, `%`, `#` or `?` (bit tricks from "Bit Twiddling Hacks", `haszero`/`hasless`).
    @inline(__always)
    private static func isPlain(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        func hasZeroByte(_ value: UInt64) -> Bool { (value &- ones) & ~value & highs != 0 }
        if word & highs != 0 { return false }
        if (word &- ones &* 0x20) & ~word & highs != 0 { return false }  // a byte below 0x20
        return !hasZeroByte(word ^ (ones &* 0x7F)) && !hasZeroByte(word ^ (ones &* UInt64(ASCII.percent)))
            && !hasZeroByte(word ^ (ones &* UInt64(ASCII.hash))) && !hasZeroByte(word ^ (ones &* UInt64(ASCII.question)))
    }

    /// The key's segments, decoded and joined by `/`, built in place (a short key allocates nothing).
    func key(includingHost: Bool) -> String {
        withUTF8 { bytes in
            let start = layout.keyStart(includingHost: includingHost)
            return String(unsafeUninitializedCapacity: max(0, Int(layout.pathEnd) - start)) { buffer in
                var count = 0
                var cursor = start
                while let (start, end) = layout.segment(after: cursor, in: bytes) {
                    if count > 0 {
                        buffer[count] = ASCII.slash
                        count += 1
                    }
                    let segment = UnsafeBufferPointer(rebasing: bytes[start..<end])
                    count += PercentEncoding.decode(segment, plusAsSpace: false, into: UnsafeMutableBufferPointer(rebasing: buffer[count...]))
                        ?? UnsafeMutableBufferPointer(rebasing: buffer[count...]).initialize(fromContentsOf: segment)
                    cursor = layout.cursor(after: end)
                }
                return count
            }
        }
    }

    /// Calls `body` with the URL's UTF-8 bytes.
    @inline(__always)
    func withUTF8<Value>(_ body: (UnsafeBufferPointer<UInt8>) -> Value) -> Value {
        Self.withUTF8(of: string, body)
    }

    /// Calls `body` with the UTF-8 bytes of `string`, borrowed from the string itself when it holds
    /// them contiguously (a native string always does): a lookup then neither copies nor retains it.
    @inline(__always)
    static func withUTF8<Value>(of string: String, _ body: (UnsafeBufferPointer<UInt8>) -> Value) -> Value {
        if let result = string.utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = string
        return copy.withUTF8(body)
    }

    func index(_ offset: Int) -> String.Index {
        string.utf8.index(string.utf8.startIndex, offsetBy: offset)
    }

    func text(_ start: Int, _ end: Int) -> String {
        String(string.utf8[index(start)..<index(end)].withSubstring)
    }

    func decoded(_ start: Int, _ end: Int, plusAsSpace: Bool) -> String {
        withUTF8 { bytes in
            PercentEncoding.decodeTrusted(UnsafeBufferPointer(rebasing: bytes[start..<end]), plusAsSpace: plusAsSpace)
        }
    }
}

private extension Substring.UTF8View {
    var withSubstring: Substring { Substring(self) }
}
