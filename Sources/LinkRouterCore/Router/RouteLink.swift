internal import RoutePatterns
internal import ByteParsing

/// A registered route's identity, its pattern, as a constant, so call sites never spell pattern
/// strings.
///
/// `routes gen` emits one per route of a binary, declared where `.catalogProduct` finds it
/// wherever a ``RouteReference`` is expected (`router.open(.catalogProduct, parameters: ["id": 7])`):
/// ```swift
/// extension RouteReference where Self == RouteID {
///     static var catalogProduct: RouteID { "catalog/product/<int:id>" }
/// }
/// ```
public struct RouteID: Sendable, Hashable, RawRepresentable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The pattern text, as registered.
    public let rawValue: String

    /// Creates an identifier from pattern text.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Creates an identifier from a pattern literal.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// The pattern the constant names.
    public var description: String { rawValue }
}

/// A URL for one route, built from typed values: `Routes.catalogProduct(id: 42).url`.
public struct RouteLink: Sendable, Hashable, CustomStringConvertible {
    /// The route, by its pattern.
    public let route: RouteID
    /// The route's pattern with the values filled in and percent-encoded, e.g. `catalog/product/42`:
    /// the route key the URL will be matched by.
    public let path: String
    /// The query, encoded, without its `?` (`tab=likes&page=2`), if any: the route's declared
    /// query parameters that the builder was given.
    public let query: String?
    /// The scheme the URL uses, if any.
    public let scheme: String?

    /// Creates a link. `path` and `query` must already be encoded (see ``encode(_:)``).
    public init(route: RouteID, path: String, query: String? = nil, scheme: String? = nil) {
        self.route = route
        self.path = path
        self.query = query
        self.scheme = scheme
    }

    /// The URL to open: `scheme://path?query`, or the bare route key (and query) when there is no scheme.
    public var url: String {
        (scheme.map { "\($0)://\(path)" } ?? path) + (query.map { "?" + $0 } ?? "")
    }

    /// The same link with another scheme.
    public func with(scheme: String) -> RouteLink {
        RouteLink(route: route, path: path, query: query, scheme: scheme)
    }

    /// The link's URL (``url``).
    public var description: String { url }

    /// Percent-encodes one segment value: everything but unreserved characters (RFC 3986).
    public static func encode(_ value: some CustomStringConvertible) -> String {
        var result = ""
        for byte in value.description.utf8 {
            if ASCII.isLetter(byte) || ASCII.isDigit(byte) || byte == ASCII.minus || byte == ASCII.dot
                || byte == ASCII.underscore || byte == UInt8(ascii: "~") {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                result += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0xF, radix: 16, uppercase: true)
            }
        }
        return result
    }

    /// Percent-encodes a `<path:>` value: each `/`-separated part is encoded, the slashes are kept.
    public static func encodePath(_ value: String) -> String {
        encodePath(segments: value.split(separator: "/", omittingEmptySubsequences: true).map(String.init))
    }

    /// Percent-encodes a `<path:>` value given as segments: each is encoded whole, a `/` inside
    /// one as `%2F`, and they are joined by `/` (`["a", "b/c"]` gives `a/b%2Fc`). Empty segments
    /// are left out, as the matcher skips them.
    public static func encodePath(segments: [String]) -> String {
        segments.filter { !$0.isEmpty }.map { encode($0) }.joined(separator: "/")
    }
}
