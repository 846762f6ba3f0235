/// Why a URL could not be parsed, and where.
///
/// ```
/// bad percent escape at offset 9 in 'app://a/%zz'
/// ```
public struct URLParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong with the URL.
    ///
    /// May gain cases in a minor version (`@nonexhaustive`): a `switch` over it outside LinkRouter's
    /// package ends with `@unknown default` (README, "Versioning").
    @nonexhaustive
    public enum Reason: Sendable, Hashable {
        /// `%` not followed by two hexadecimal digits.
        case badPercentEscape
        /// Percent-decoding produced bytes that are not UTF-8.
        case invalidUTF8
        /// A raw control character (U+0000–U+001F or U+007F).
        case controlCharacter
        /// The URL is longer than the configured limit, in UTF-8 bytes.
        case tooLong(limit: Int)
        /// An `http(s)`, `ws(s)` or `ftp` URL whose host a browser refuses (empty, a forbidden
        /// character, an IPv4 address out of range, a domain name UTS #46 rejects), and why.
        case invalidHost(String)
        /// An `http(s)`, `ws(s)` or `ftp` URL whose port is not digits or is over 65535.
        case invalidPort
        /// An `http(s)`, `ws(s)` or `ftp` URL whose host the router cannot read exactly as a
        /// browser does (a domain name needing a Unicode rule the router does not implement),
        /// and what it is: refused rather than guessed.
        case undecidedHost(String)
    }

    /// What is wrong.
    public let reason: Reason
    /// The 0-based UTF-8 offset of the problem in the URL.
    public let offset: Int
    /// The URL as given (the first 200 bytes when it is longer).
    public let url: String

    /// Creates an error.
    public init(_ reason: Reason, offset: Int, url: String) {
        self.reason = reason
        self.offset = offset
        self.url = url.utf8.count > 200 ? String(decoding: url.utf8.prefix(200), as: UTF8.self) + "…" : url
    }

    /// A one-line explanation without the URL and offset.
    public var message: String {
        switch reason {
        case .badPercentEscape: "bad percent escape"
        case .invalidUTF8: "percent-decoded bytes are not UTF-8"
        case .controlCharacter: "control character"
        case .tooLong(let limit): "URL longer than \(limit) bytes"
        case .invalidHost(let why): "host a browser refuses: \(why)"
        case .invalidPort: "port not a number up to 65535"
        case .undecidedHost(let what): "host the router does not read as a browser would: \(what)"
        }
    }

    /// One line naming the problem, its offset and the URL.
    public var description: String {
        "\(message) at offset \(offset) in '\(url)'"
    }
}
