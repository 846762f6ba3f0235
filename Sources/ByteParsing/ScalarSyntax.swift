/// Allocation-free checks of typed placeholder values, run by the matcher on raw segment bytes.
public enum ScalarSyntax {
    /// Parses an optionally signed decimal integer that fits `Int`.
    @inlinable public static func parseInt(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0
        var negative = false
        if let first = bytes.first, first == ASCII.minus || first == ASCII.plus {
            negative = first == ASCII.minus
            index = 1
        }
        guard index < bytes.count else { return nil }
        var value = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard ASCII.isDigit(byte) else { return nil }
            let digit = Int(byte &- UInt8(ascii: "0"))
            let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (next, overflow2) = negative ? times10.subtractingReportingOverflow(digit) : times10.addingReportingOverflow(digit)
            if overflow1 || overflow2 { return nil }
            value = next
            index += 1
        }
        return value
    }

    /// Parses `true`/`false`, `yes`/`no`, `1`/`0`, ignoring ASCII letter case.
    @inlinable public static func parseBool(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        func equals(_ word: StaticString) -> Bool {
            guard word.utf8CodeUnitCount == bytes.count else { return false }
            let wordBytes = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
            return zip(bytes, wordBytes).allSatisfy { ASCII.lowercased($0) == $1 }
        }
        if equals("true") || equals("yes") || equals("1") { return true }
        if equals("false") || equals("no") || equals("0") { return false }
        return nil
    }

    /// Whether the bytes are `[+-]digits[.digits][(e|E)[+-]digits]` with at least one digit before the exponent.
    @inlinable public static func isDouble(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        func digits() -> Int {
            let start = index
            while index < bytes.count, ASCII.isDigit(bytes[index]) { index += 1 }
            return index - start
        }
        if index < bytes.count, bytes[index] == ASCII.minus || bytes[index] == ASCII.plus { index += 1 }
        var mantissaDigits = digits()
        if index < bytes.count, bytes[index] == ASCII.dot {
            index += 1
            mantissaDigits += digits()
        }
        guard mantissaDigits > 0 else { return false }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < bytes.count, bytes[index] == ASCII.minus || bytes[index] == ASCII.plus { index += 1 }
            guard digits() > 0 else { return false }
        }
        return index == bytes.count
    }

    /// Whether the bytes are a UUID in 8-4-4-4-12 hexadecimal form.
    @inlinable public static func isUUID(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count == 36 else { return false }
        for (index, byte) in bytes.enumerated() {
            if index == 8 || index == 13 || index == 18 || index == 23 {
                guard byte == ASCII.minus else { return false }
            } else if PercentEncoding.hexValue(byte) == nil {
                return false
            }
        }
        return true
    }
}
