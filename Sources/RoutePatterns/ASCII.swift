/// The ASCII bytes the parsers look for.
package enum ASCII {
    package static let slash = UInt8(ascii: "/")
    package static let colon = UInt8(ascii: ":")
    package static let question = UInt8(ascii: "?")
    package static let hash = UInt8(ascii: "#")
    package static let ampersand = UInt8(ascii: "&")
    package static let equals = UInt8(ascii: "=")
    package static let percent = UInt8(ascii: "%")
    package static let plus = UInt8(ascii: "+")
    package static let minus = UInt8(ascii: "-")
    package static let dot = UInt8(ascii: ".")
    package static let at = UInt8(ascii: "@")
    package static let star = UInt8(ascii: "*")
    package static let space = UInt8(ascii: " ")
    package static let underscore = UInt8(ascii: "_")
    package static let lessThan = UInt8(ascii: "<")
    package static let greaterThan = UInt8(ascii: ">")
    package static let openParen = UInt8(ascii: "(")
    package static let closeParen = UInt8(ascii: ")")
    package static let openBracket = UInt8(ascii: "[")
    package static let closeBracket = UInt8(ascii: "]")

    @inline(__always) package static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    @inline(__always) package static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// C0 controls and DEL, which may not appear raw in a URL or pattern.
    @inline(__always) package static func isControl(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x7F
    }

    @inline(__always) package static func lowercased(_ byte: UInt8) -> UInt8 {
        isLetter(byte) ? byte | 0x20 : byte
    }
}
