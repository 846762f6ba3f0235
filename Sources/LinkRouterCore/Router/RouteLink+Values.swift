#if canImport(FoundationEssentials)
internal import struct FoundationEssentials.UUID
#else
internal import struct Foundation.UUID
#endif
internal import RoutePatterns

// A link built from typed values: what the builders `@Routable` and `@RoutableAction` write
// (`ProductPage.link(id: 42, color: "red")`) call.

extension RouteLink {
    /// A link to `route` with its placeholders filled from `values` and the query items `query`,
    /// every value percent-encoded: the link builders `@Routable` writes call it.
    ///
    /// ```swift
    /// let link = RouteLink("catalog/product/<int:id>", values: ["id": 42], query: [("color", "red & blue")])
    /// link.url   // catalog/product/42?color=red%20%26%20blue
    /// ```
    ///
    /// A value is written as its text: a `String` as it is, a `UUID` as its `uuidString`, a `Bool`
    /// as `true` or `false`, a `RawRepresentable` value as its raw value, anything else as its
    /// description. A `[String]` value fills a `<path:>` placeholder segment by segment (a `/`
    /// inside one as `%2F`) and repeats a query item once per element. An optional group is
    /// filled when every placeholder in it has a value; a `nil` query value leaves its item out.
    /// Nothing is checked: a value its typed placeholder refuses (an empty text, say) makes a link
    /// that opens nothing.
    ///
    /// - Parameters:
    ///   - route: The route's pattern.
    ///   - values: The placeholders' values, by name.
    ///   - query: The query items, in order; `nil` values are left out.
    public init(_ route: RouteID, values: [String: (any Sendable)?], query: [(String, (any Sendable)?)] = []) {
        let pattern = try? RoutePattern(route.rawValue)
        var pieces: [String] = []
        func piece(_ segment: RoutePattern.Segment) -> String? {
            switch segment {
            case .literal(let literal): return RouteLink.encode(literal)
            case .wildcard: return ""
            case .catchAll: return nil
            case .parameter(let name), .typed(_, let name), .path(let name):
                guard let value = values[name] ?? nil else { return "" }
                let texts = Self.texts(of: value)
                if case .path = segment { return RouteLink.encodePath(segments: texts) }
                return RouteLink.encode(texts.joined(separator: "/"))
            }
        }
        for element in pattern?.elements ?? [] {
            switch element {
            case .segment(let segment):
                if let text = piece(segment) { pieces.append(text) }
            case .optionalGroup(let group):
                let names = group.compactMap(\.parameterName)
                guard !names.isEmpty, names.allSatisfy({ (values[$0] ?? nil) != nil }) else { continue }
                pieces.append(contentsOf: group.compactMap(piece))
            }
        }
        var items: [String] = []
        for (name, value) in query {
            guard let value else { continue }
            for text in Self.texts(of: value) { items.append(RouteLink.encode(name) + "=" + RouteLink.encode(text)) }
        }
        self.init(route: route, path: pieces.joined(separator: "/"), query: items.isEmpty ? nil : items.joined(separator: "&"))
    }

    /// A value's text, or its elements' for a `[String]`.
    private static func texts(of value: any Sendable) -> [String] {
        switch value {
        case let text as String: [text]
        case let texts as [String]: texts
        case let flag as Bool: [flag ? "true" : "false"]
        case let uuid as UUID: [uuid.uuidString]
        case let raw as any RawRepresentable: ["\(raw.rawValue)"]
        default: ["\(value)"]
        }
    }
}

/// A link to a route whose action is `Action`, a type `@RoutableAction` declares: what
/// `Action.link(...)` returns, so that ``Router/call(_:parameters:source:)->Action.Output`` of it returns the
/// action's declared result without a cast.
///
/// ```swift
/// let message = try router.call(AddToCart.link(product: 42, quantity: 2))   // a String
/// ```
public struct ActionLink<Action: RoutableAction>: RouteReference, Hashable, CustomStringConvertible {
    /// The link itself.
    public let link: RouteLink

    /// A link to a route whose action is `Action`.
    public init(_ link: RouteLink) {
        self.link = link
    }

    /// The link's URL (``RouteLink/url``).
    public var url: String { link.url }

    /// The link.
    public var referencedRoute: ReferencedRoute { .link(link) }

    /// The link's URL.
    public var description: String { link.url }
}
