internal import ByteParsing

/// How a browser reads a URL of a special scheme (`http`, `https`, `ws`, `wss`, `ftp`): the
/// WHATWG URL Standard's basic URL parser, for an absolute URL without a base, and its host parser.
///
/// ``RouteURL`` hands such a URL here and keeps the serialization this returns, so the host the
/// router files the URL under and the text it hands on are the ones a browser reads. What it reads:
///
/// - `\` is a path separator like `/`; the authority ends at the first `/`, `\`, `?` or `#`, after
///   any number of `/` and `\` following the scheme (`https:example.com` is `https://example.com/`).
/// - The userinfo (up to the last `@` of the authority) is dropped.
/// - The port is digits only, at most 65535; the scheme's default port is dropped.
/// - The host is percent-decoded, then read as a domain (lowercased; see ``IDNA`` for a non-ASCII
///   domain or an `xn--` label) or as an IPv4 address in any of its numeric forms
///   (`0x7f.1` is `127.0.0.1`); forbidden code points, an empty host or an IPv4 number out of range
///   refuse the URL. An IPv6 host (`[…]`) is serialized canonically (`[0:0::1]` is `[::1]`).
/// - The path's dot segments are removed; path, query and fragment are percent-encoded with the
///   standard's encode sets.
/// - Spaces before and after the URL are dropped, as a browser strips them; tab, line feed and
///   carriage return, which a browser removes, are refused with every other control character by
///   ``RouteURL``'s first pass.
enum WebURLReading {
    static let backslash = UInt8(ascii: "\\")

    /// A special scheme and its default port.
    struct Scheme {
        let name: StaticString
        let defaultPort: Int
    }

    static let schemes: [Scheme] = [
        Scheme(name: "http", defaultPort: 80), Scheme(name: "https", defaultPort: 443),
        Scheme(name: "ws", defaultPort: 80), Scheme(name: "wss", defaultPort: 443), Scheme(name: "ftp", defaultPort: 21),
    ]

    /// The special scheme that `bytes` starts with (after leading spaces), and the offset after its `:`.
    static func scheme(of bytes: UnsafeBufferPointer<UInt8>) -> (Scheme, start: Int, afterColon: Int)? {
        var start = 0
        while start < bytes.count, bytes[start] == ASCII.space { start += 1 }
        guard let colon = bytes[start...].firstIndex(of: ASCII.colon), colon - start >= 2, colon - start <= 5 else { return nil }
        for scheme in schemes where scheme.name.utf8CodeUnitCount == colon - start {
            let name = UnsafeBufferPointer(start: scheme.name.utf8Start, count: scheme.name.utf8CodeUnitCount)
            if zip(name, bytes[start..<colon]).allSatisfy({ $0 == ASCII.lowercased($1) }) { return (scheme, start, colon + 1) }
        }
        return nil
    }

    /// The URL as a browser serializes it, without userinfo: `scheme://host[:port]/path[?query][#fragment]`.
    ///
    /// `bytes` passed ``RouteURL``'s first pass: valid UTF-8, no raw control character, every `%`
    /// followed by two hexadecimal digits.
    static func normalized(_ bytes: UnsafeBufferPointer<UInt8>, url: String) throws(URLParseError) -> String? {
        guard let (scheme, _, afterColon) = scheme(of: bytes) else { return nil }
        var end = bytes.count
        while end > afterColon, bytes[end - 1] == ASCII.space { end -= 1 }
        func isSlash(_ byte: UInt8) -> Bool { byte == ASCII.slash || byte == backslash }

        var authorityStart = afterColon
        while authorityStart < end, isSlash(bytes[authorityStart]) { authorityStart += 1 }
        var authorityEnd = authorityStart
        var hostStart = authorityStart
        while authorityEnd < end {
            let byte = bytes[authorityEnd]
            if isSlash(byte) || byte == ASCII.question || byte == ASCII.hash { break }
            if byte == ASCII.at { hostStart = authorityEnd + 1 }
            authorityEnd += 1
        }
        // The host ends at a `:` outside brackets; the port follows it.
        var hostEnd = hostStart
        var insideBrackets = false
        while hostEnd < authorityEnd {
            let byte = bytes[hostEnd]
            if byte == ASCII.colon, !insideBrackets { break }
            if byte == ASCII.openBracket { insideBrackets = true } else if byte == ASCII.closeBracket { insideBrackets = false }
            hostEnd += 1
        }
        guard hostEnd > hostStart else { throw URLParseError(.invalidHost("empty host"), offset: hostStart, url: url) }
        var port: Int?
        if hostEnd < authorityEnd {
            var value = 0
            for index in (hostEnd + 1)..<authorityEnd {
                let byte = bytes[index]
                guard ASCII.isDigit(byte) else { throw URLParseError(.invalidPort, offset: index, url: url) }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
                guard value <= 65535 else { throw URLParseError(.invalidPort, offset: hostEnd + 1, url: url) }
            }
            if authorityEnd > hostEnd + 1, value != scheme.defaultPort { port = value }
        }
        let host = try Self.host(UnsafeBufferPointer(rebasing: bytes[hostStart..<hostEnd]), offset: hostStart, url: url)

        var result: [UInt8] = []
        result.reserveCapacity(end + 16)
        result.append(contentsOf: UnsafeBufferPointer(start: scheme.name.utf8Start, count: scheme.name.utf8CodeUnitCount))
        result.append(contentsOf: "://".utf8)
        result.append(contentsOf: host.utf8)
        if let port {
            result.append(ASCII.colon)
            result.append(contentsOf: String(port).utf8)
        }
        var position = authorityEnd
        appendPath(bytes, from: &position, end: end, to: &result)
        if position < end, bytes[position] == ASCII.question {
            result.append(ASCII.question)
            position += 1
            while position < end, bytes[position] != ASCII.hash {
                appendEncoded(bytes[position], in: .query, to: &result)
                position += 1
            }
        }
        if position < end, bytes[position] == ASCII.hash {
            result.append(ASCII.hash)
            for index in (position + 1)..<end { appendEncoded(bytes[index], in: .fragment, to: &result) }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// The path from `position` (at the authority's end) to the query or fragment, as the path
    /// state reads it: segments split at `/` and `\`, dot segments applied, bytes percent-encoded.
    private static func appendPath(_ bytes: UnsafeBufferPointer<UInt8>, from position: inout Int, end: Int, to result: inout [UInt8]) {
        var segments: [[UInt8]] = []
        var buffer: [UInt8] = []
        if position < end, bytes[position] == ASCII.slash || bytes[position] == backslash { position += 1 }
        while true {
            let byte: UInt8? = position < end ? bytes[position] : nil
            let endsPath = byte == nil || byte == ASCII.question || byte == ASCII.hash
            if endsPath || byte == ASCII.slash || byte == backslash {
                let continues = !endsPath
                if isDoubleDot(buffer) {
                    if !segments.isEmpty { segments.removeLast() }
                    if !continues { segments.append([]) }
                } else if isSingleDot(buffer) {
                    if !continues { segments.append([]) }
                } else {
                    segments.append(buffer)
                }
                buffer.removeAll(keepingCapacity: true)
                if endsPath { break }
            } else {
                appendEncoded(byte!, in: .path, to: &buffer)
            }
            position += 1
        }
        for segment in segments {
            result.append(ASCII.slash)
            result.append(contentsOf: segment)
        }
    }

    private static func isSingleDot(_ segment: [UInt8]) -> Bool {
        segment == [ASCII.dot] || (segment.count == 3 && segment[0] == ASCII.percent && segment[1] == UInt8(ascii: "2") && segment[2] | 0x20 == UInt8(ascii: "e"))
    }

    private static func isDoubleDot(_ segment: [UInt8]) -> Bool {
        switch segment.count {
        case 2: return segment == [ASCII.dot, ASCII.dot]
        case 4: return (segment[0] == ASCII.dot && isSingleDot(Array(segment[1...]))) || (segment[3] == ASCII.dot && isSingleDot(Array(segment[..<3])))
        case 6: return isSingleDot(Array(segment[..<3])) && isSingleDot(Array(segment[3...]))
        default: return false
        }
    }

    /// The WHATWG percent-encode sets the serialization uses; each includes controls and non-ASCII bytes.
    enum EncodeSet {
        case path, query, fragment

        func contains(_ byte: UInt8) -> Bool {
            if byte <= 0x20 || byte > 0x7E { return true }
            let extra: StaticString = switch self {
            case .path: "\"#<>?^`{}"
            case .query: "\"#<>'"
            case .fragment: "\"<>`"
            }
            return UnsafeBufferPointer(start: extra.utf8Start, count: extra.utf8CodeUnitCount).contains(byte)
        }
    }

    private static func appendEncoded(_ byte: UInt8, in set: EncodeSet, to result: inout [UInt8]) {
        guard set.contains(byte) else {
            result.append(byte)
            return
        }
        let digits = Array("0123456789ABCDEF".utf8)
        result.append(contentsOf: [ASCII.percent, digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }

    // MARK: Host

    /// The host parser: the serialized host of `raw` (the bytes between the userinfo and the port).
    static func host(_ raw: UnsafeBufferPointer<UInt8>, offset: Int, url: String) throws(URLParseError) -> String {
        if raw.first == ASCII.openBracket {
            guard raw.count >= 2, raw.last == ASCII.closeBracket,
                  let address = ipv6(UnsafeBufferPointer(rebasing: raw[1..<(raw.count - 1)]))
            else { throw URLParseError(.invalidHost("an IPv6 address that is not one"), offset: offset, url: url) }
            return "[" + serialized(ipv6: address) + "]"
        }
        let decoded = PercentEncoding.decodeTrusted(raw, plusAsSpace: false)
        let ascii = try IDNA.toASCII(decoded, offset: offset, url: url)
        if let forbidden = ascii.unicodeScalars.first(where: isForbiddenDomainCodePoint) {
            throw URLParseError(.invalidHost("forbidden character U+\(String(forbidden.value, radix: 16, uppercase: true))"), offset: offset, url: url)
        }
        guard endsInNumber(ascii) else { return ascii }
        return try ipv4(ascii, offset: offset, url: url)
    }

    static func isForbiddenDomainCodePoint(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value <= 0x20 || scalar.value == 0x7F { return true }
        return "#%/:<>?@[\\]^|".unicodeScalars.contains(scalar)
    }

    /// The "ends in a number" rule: the last label (a trailing empty one ignored) is digits, or an
    /// IPv4 number such as `0x1f`.
    static func endsInNumber(_ host: String) -> Bool {
        var parts = host.utf8.split(separator: ASCII.dot, omittingEmptySubsequences: false)
        if parts.last?.isEmpty == true {
            if parts.count == 1 { return false }
            parts.removeLast()
        }
        guard let last = parts.last, !last.isEmpty else { return false }
        return last.allSatisfy(ASCII.isDigit) || ipv4Number(Array(last)) != nil
    }

    /// An IPv4 number: decimal, octal (`0…`) or hexadecimal (`0x…`); `nil` when it is not one.
    /// Values are capped just above 2³², which is already out of range for any part.
    static func ipv4Number(_ text: [UInt8]) -> UInt64? {
        guard !text.isEmpty else { return nil }
        var digits = text[...]
        var radix: UInt64 = 10
        if text.count >= 2, text[0] == UInt8(ascii: "0"), text[1] | 0x20 == UInt8(ascii: "x") {
            radix = 16
            digits = text[2...]
        } else if text.count >= 2, text[0] == UInt8(ascii: "0") {
            radix = 8
            digits = text[1...]
        }
        var value: UInt64 = 0
        for byte in digits {
            guard let digit = PercentEncoding.hexValue(byte).map(UInt64.init), digit < radix else { return nil }
            value = min(value * radix + digit, 1 << 33)
        }
        return value
    }

    /// The IPv4 parser: one to four numbers separated by dots, serialized as four decimal parts.
    static func ipv4(_ host: String, offset: Int, url: String) throws(URLParseError) -> String {
        var parts = host.utf8.split(separator: ASCII.dot, omittingEmptySubsequences: false)
        if parts.last?.isEmpty == true, parts.count > 1 { parts.removeLast() }
        guard parts.count <= 4 else { throw URLParseError(.invalidHost("an IPv4 address of more than four parts"), offset: offset, url: url) }
        var numbers: [UInt64] = []
        for part in parts {
            guard let number = ipv4Number(Array(part)) else {
                throw URLParseError(.invalidHost("an IPv4 address with a part that is not a number"), offset: offset, url: url)
            }
            numbers.append(number)
        }
        let last = numbers.removeLast()
        guard numbers.allSatisfy({ $0 <= 255 }), last < (1 << (8 * (4 - numbers.count))) else {
            throw URLParseError(.invalidHost("an IPv4 address out of range"), offset: offset, url: url)
        }
        var address = last
        for (index, number) in numbers.enumerated() { address += number << (8 * (3 - index)) }
        return (0..<4).map { String((address >> (8 * (3 - $0))) & 0xFF) }.joined(separator: ".")
    }

    /// The IPv6 parser: eight 16-bit pieces, `::` for a run of zeros, an IPv4 address in the last
    /// two; `nil` when the text is not one.
    static func ipv6(_ text: UnsafeBufferPointer<UInt8>) -> [UInt16]? {
        var address = [UInt16](repeating: 0, count: 8)
        var (pieceIndex, pointer) = (0, 0)
        var compress: Int?
        func at(_ index: Int) -> UInt8? { index < text.count ? text[index] : nil }
        if at(0) == ASCII.colon {
            guard at(1) == ASCII.colon else { return nil }
            pointer = 2
            pieceIndex = 1
            compress = 1
        }
        while let byte = at(pointer) {
            guard pieceIndex < 8 else { return nil }
            if byte == ASCII.colon {
                guard compress == nil else { return nil }
                pointer += 1
                pieceIndex += 1
                compress = pieceIndex
                continue
            }
            var (value, length) = (0, 0)
            while length < 4, let digit = at(pointer).flatMap(PercentEncoding.hexValue) {
                value = value * 16 + Int(digit)
                pointer += 1
                length += 1
            }
            if at(pointer) == ASCII.dot {
                guard length > 0, pieceIndex <= 6 else { return nil }
                pointer -= length
                var numbersSeen = 0
                while at(pointer) != nil {
                    if numbersSeen > 0 {
                        guard at(pointer) == ASCII.dot, numbersSeen < 4 else { return nil }
                        pointer += 1
                    }
                    guard let first = at(pointer), ASCII.isDigit(first) else { return nil }
                    var piece: Int?
                    while let digit = at(pointer), ASCII.isDigit(digit) {
                        let number = Int(digit - UInt8(ascii: "0"))
                        if let current = piece {
                            guard current != 0 else { return nil }
                            piece = current * 10 + number
                        } else {
                            piece = number
                        }
                        guard piece! <= 255 else { return nil }
                        pointer += 1
                    }
                    address[pieceIndex] = address[pieceIndex] &* 0x100 &+ UInt16(piece!)
                    numbersSeen += 1
                    if numbersSeen == 2 || numbersSeen == 4 { pieceIndex += 1 }
                }
                guard numbersSeen == 4 else { return nil }
                break
            } else if at(pointer) == ASCII.colon {
                pointer += 1
                guard at(pointer) != nil else { return nil }
            } else if at(pointer) != nil {
                return nil
            }
            address[pieceIndex] = UInt16(value)
            pieceIndex += 1
        }
        if let compress {
            var swaps = pieceIndex - compress
            pieceIndex = 7
            while pieceIndex != 0, swaps > 0 {
                address.swapAt(pieceIndex, compress + swaps - 1)
                pieceIndex -= 1
                swaps -= 1
            }
        } else if pieceIndex != 8 {
            return nil
        }
        return address
    }

    /// The IPv6 serializer: lowercase hexadecimal pieces, the first longest run of two or more
    /// zero pieces written `::`.
    static func serialized(ipv6 address: [UInt16]) -> String {
        var (compress, bestLength) = (-1, 1)
        var index = 0
        while index < 8 {
            var end = index
            while end < 8, address[end] == 0 { end += 1 }
            if end - index > bestLength { (compress, bestLength) = (index, end - index) }
            index = max(end, index + 1)
        }
        var result = ""
        index = 0
        while index < 8 {
            if index == compress {
                result += index == 0 ? "::" : ":"
                index += bestLength
                continue
            }
            result += String(address[index], radix: 16)
            if index != 7 { result += ":" }
            index += 1
        }
        return result
    }
}
