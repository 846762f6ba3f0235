/// Percent-decoding shared by the URL parser, the matcher and the pattern parser.
public enum PercentEncoding {
    /// The value of one hexadecimal digit, or `nil`.
    @inlinable @inline(__always) public static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte &- UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte &- UInt8(ascii: "a") &+ 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte &- UInt8(ascii: "A") &+ 10
        default: nil
        }
    }

    /// Decodes `%XX` escapes (and `+` as a space when asked) into bytes; `nil` on a bad escape.
    @inlinable public static func decodeBytes(_ bytes: UnsafeBufferPointer<UInt8>, plusAsSpace: Bool) -> [UInt8]? {
        var valid = true
        let result = [UInt8](unsafeUninitializedCapacity: bytes.count) { buffer, count in
            guard let written = decode(bytes, plusAsSpace: plusAsSpace, into: buffer) else {
                valid = false
                count = 0
                return
            }
            count = written
        }
        return valid ? result : nil
    }

    /// Decodes `%XX` escapes (and `+` as a space when asked) into `output`, which must have room
    /// for `bytes.count` bytes (decoding never lengthens).
    ///
    /// - Returns: How many bytes were written, or `nil` on a bad escape.
    @inlinable public static func decode(
        _ bytes: UnsafeBufferPointer<UInt8>, plusAsSpace: Bool, into output: UnsafeMutableBufferPointer<UInt8>
    ) -> Int? {
        precondition(output.count >= bytes.count, "the output buffer is too small")
        var index = 0
        var written = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == ASCII.percent {
                guard index + 2 < bytes.count,
                      let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
                else { return nil }
                output[written] = high << 4 | low
                index += 3
            } else {
                output[written] = plusAsSpace && byte == ASCII.plus ? ASCII.space : byte
                index += 1
            }
            written += 1
        }
        return written
    }

    /// Decodes into a `String`, or `nil` when an escape is bad, the result is not UTF-8, or a raw
    /// control character appears.
    @inlinable public static func decodeValidated(_ bytes: UnsafeBufferPointer<UInt8>, plusAsSpace: Bool) -> String? {
        if bytes.contains(where: ASCII.isControl) { return nil }
        guard let decoded = decodeBytes(bytes, plusAsSpace: plusAsSpace) else { return nil }
        return String(validating: decoded, as: UTF8.self)
    }

    /// Decodes bytes already validated by the URL parser: escapes are well formed, the result is UTF-8.
    @inlinable public static func decodeTrusted(_ bytes: UnsafeBufferPointer<UInt8>, plusAsSpace: Bool) -> String {
        if !bytes.contains(ASCII.percent) && !(plusAsSpace && bytes.contains(ASCII.plus)) {
            return String(decoding: bytes, as: UTF8.self)
        }
        return String(unsafeUninitializedCapacity: bytes.count) { buffer in
            decode(bytes, plusAsSpace: plusAsSpace, into: buffer) ?? buffer.initialize(fromContentsOf: bytes)
        }
    }
}

/// Checks that a stream of bytes is well-formed UTF-8, one byte at a time, without allocating.
public struct UTF8Validator {
    @usableFromInline var remaining: UInt8 = 0
    @usableFromInline var lowerBound: UInt8 = 0x80
    @usableFromInline var upperBound: UInt8 = 0xBF

    @inlinable public init() {}

    /// Whether the bytes so far end on a character boundary.
    @inlinable public var isComplete: Bool { remaining == 0 }

    /// Feeds one byte; returns `false` when the stream can no longer be valid.
    @inlinable @inline(__always) public mutating func feed(_ byte: UInt8) -> Bool {
        if remaining == 0 {
            switch byte {
            case 0x00...0x7F: return true
            case 0xC2...0xDF: remaining = 1; lowerBound = 0x80; upperBound = 0xBF
            case 0xE0: remaining = 2; lowerBound = 0xA0; upperBound = 0xBF
            case 0xED: remaining = 2; lowerBound = 0x80; upperBound = 0x9F
            case 0xE1...0xEF: remaining = 2; lowerBound = 0x80; upperBound = 0xBF
            case 0xF0: remaining = 3; lowerBound = 0x90; upperBound = 0xBF
            case 0xF4: remaining = 3; lowerBound = 0x80; upperBound = 0x8F
            case 0xF1...0xF3: remaining = 3; lowerBound = 0x80; upperBound = 0xBF
            default: return false
            }
            return true
        }
        guard byte >= lowerBound && byte <= upperBound else { return false }
        remaining -= 1
        lowerBound = 0x80
        upperBound = 0xBF
        return true
    }
}

extension UTF8Validator {
    /// The bytes as a `String` when they are well-formed UTF-8, else `nil`.
    ///
    /// The standard library's `String(validating:as:)` takes a generic path for raw bytes that
    /// looks up type metadata on each call; route discovery converts every record's text.
    @inlinable public static func string(validating bytes: UnsafeRawBufferPointer) -> String? {
        isValid(bytes) ? String(decoding: bytes, as: UTF8.self) : nil
    }

    /// Whether the bytes are well-formed UTF-8.
    @inlinable public static func isValid(_ bytes: UnsafeRawBufferPointer) -> Bool {
        if isASCII(bytes) { return true }
        var validator = UTF8Validator()
        for byte in bytes where !validator.feed(byte) { return false }
        return validator.isComplete
    }

    /// Whether every byte is below 0x80, tested eight at a time: route texts are mostly ASCII,
    /// which is valid UTF-8 without the validator's per-byte state.
    @inlinable static func isASCII(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var highBits: UInt64 = 0
        var index = 0
        while index + 8 <= bytes.count {
            highBits |= bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            index += 8
        }
        while index < bytes.count {
            highBits |= UInt64(bytes[index])
            index += 1
        }
        return highBits & 0x8080_8080_8080_8080 == 0
    }
}
