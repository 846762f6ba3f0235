/// The ASCII bytes the parsers look for.
///
/// Computed and `@inlinable`, so the URL parser's hot loop in another module compiles them to
/// constants and comparisons instead of calls.
public enum ASCII {
    /// `/`
    @inlinable public static var slash: UInt8 { UInt8(ascii: "/") }
    /// `:`
    @inlinable public static var colon: UInt8 { UInt8(ascii: ":") }
    /// `?`
    @inlinable public static var question: UInt8 { UInt8(ascii: "?") }
    /// `#`
    @inlinable public static var hash: UInt8 { UInt8(ascii: "#") }
    /// `&`
    @inlinable public static var ampersand: UInt8 { UInt8(ascii: "&") }
    /// `=`
    @inlinable public static var equals: UInt8 { UInt8(ascii: "=") }
    /// `%`
    @inlinable public static var percent: UInt8 { UInt8(ascii: "%") }
    /// `+`
    @inlinable public static var plus: UInt8 { UInt8(ascii: "+") }
    /// `-`
    @inlinable public static var minus: UInt8 { UInt8(ascii: "-") }
    /// `.`
    @inlinable public static var dot: UInt8 { UInt8(ascii: ".") }
    /// `@`
    @inlinable public static var at: UInt8 { UInt8(ascii: "@") }
    /// `*`
    @inlinable public static var star: UInt8 { UInt8(ascii: "*") }
    /// ` `
    @inlinable public static var space: UInt8 { UInt8(ascii: " ") }
    /// `_`
    @inlinable public static var underscore: UInt8 { UInt8(ascii: "_") }
    /// `<`
    @inlinable public static var lessThan: UInt8 { UInt8(ascii: "<") }
    /// `>`
    @inlinable public static var greaterThan: UInt8 { UInt8(ascii: ">") }
    /// `(`
    @inlinable public static var openParen: UInt8 { UInt8(ascii: "(") }
    /// `)`
    @inlinable public static var closeParen: UInt8 { UInt8(ascii: ")") }
    /// `[`
    @inlinable public static var openBracket: UInt8 { UInt8(ascii: "[") }
    /// `]`
    @inlinable public static var closeBracket: UInt8 { UInt8(ascii: "]") }

    @inlinable @inline(__always) public static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    @inlinable @inline(__always) public static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// C0 controls and DEL, which may not appear raw in a URL or pattern.
    @inlinable @inline(__always) public static func isControl(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x7F
    }

    @inlinable @inline(__always) public static func lowercased(_ byte: UInt8) -> UInt8 {
        isLetter(byte) ? byte | 0x20 : byte
    }
}
