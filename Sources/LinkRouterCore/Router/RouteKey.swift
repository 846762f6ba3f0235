/// The key a URL is matched by: its host (unless the router has a fixed host) and its path
/// segments, percent-decoded and joined by `/`.
///
/// ``RouteFailure/noRoute(key:)`` carries one. It keeps the parsed URL and spells the key out only
/// when read, so a lookup that misses allocates nothing. (A ``RouteID`` names a registered
/// pattern; a route key is what a URL asked for.)
///
/// ```swift
/// if case .noRoute(let key) = failure { print("nothing at \(key)") }   // "nothing at user/42"
/// ```
public struct RouteKey: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    private enum Source: Sendable {
        case url(RouteURL, includingHost: Bool)
        case string(String)
    }

    private let source: Source

    /// The key of `url`, with or without its host.
    init(url: RouteURL, includingHost: Bool) {
        source = .url(url, includingHost: includingHost)
    }

    /// A key spelled out, such as `user/42`.
    public init(_ string: String) {
        source = .string(string)
    }

    /// A key spelled out, such as `"user/42"`.
    public init(stringLiteral string: String) {
        source = .string(string)
    }

    /// The key's text, such as `user/42`; the root key is `""`.
    public var string: String {
        switch source {
        case .url(let url, let includingHost): url.key(includingHost: includingHost)
        case .string(let string): string
        }
    }

    /// The key's text, as ``string``.
    public var description: String { string }

    /// Two keys are equal when their text is, however each was made.
    public static func == (lhs: RouteKey, rhs: RouteKey) -> Bool {
        lhs.string == rhs.string
    }

    /// Hashes the key's text, as ``==(_:_:)`` compares it.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(string)
    }
}
