public import RoutePatterns

// A `RouteID` opened with values: its pattern, placeholders filled, as a link.

/// Why a ``RouteID`` could not be turned into a URL from the values given.
///
/// May gain cases in a minor version (`@nonexhaustive`): a `switch` over it outside LinkRouter's
/// package ends with `@unknown default` (README, "Versioning").
@nonexhaustive
public enum RouteLinkError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The identifier's text is not a valid pattern.
    case invalidPattern(PatternError)
    /// A required placeholder has no value.
    case missingValue(parameter: String)
    /// A placeholder's value is empty: no segment of a URL can be empty.
    case emptyValue(parameter: String)
    /// A typed placeholder does not accept the value given (`<int:id>` and `"me"`).
    case valueRefused(parameter: String, type: RoutePattern.PlaceholderType, value: String)
    /// The pattern has a `*` segment, which no value names.
    case unnamedSegment

    /// What is wrong, naming the placeholder: `no value for the placeholder 'id'`.
    public var description: String {
        switch self {
        case .invalidPattern(let error): "\(error)"
        case .missingValue(let parameter): "no value for the placeholder '\(parameter)'"
        case .emptyValue(let parameter): "the value of the placeholder '\(parameter)' is empty"
        case .valueRefused(let parameter, let type, let value): "'\(value)' is not a valid \(type.rawValue) for the placeholder '\(parameter)'"
        case .unnamedSegment: "the pattern has a '*' segment, which no value can fill"
        }
    }
}

extension RouteID {
    /// A link to this route, its placeholders filled from `values`.
    ///
    /// Each placeholder takes the value of its name (its description, percent-encoded; a
    /// `<path:>` value keeps its slashes); an optional group is filled when all of its placeholders
    /// have values, whatever the other groups (a group of literals alone is left out); a `**`
    /// matches nothing.
    ///
    /// ```swift
    /// let link = try RouteID.userProfile.link(["id": 42])    // user/42
    /// ```
    /// - Throws: ``RouteLinkError`` for a missing or refused value, a `*` segment, or a pattern that does not parse.
    public func link(_ values: [String: any Sendable] = [:]) throws(RouteLinkError) -> RouteLink {
        try filled(from: values).link
    }

    /// The link, and the values no placeholder took.
    func filled(from values: [String: any Sendable]) throws(RouteLinkError) -> (link: RouteLink, rest: [String: any Sendable]) {
        let pattern: RoutePattern
        do { pattern = try RoutePattern(rawValue) } catch { throw .invalidPattern(error) }
        var rest = values
        /// The segment's text in the URL, or `nil` for `**`; throws when a value is missing or refused.
        func text(of segment: RoutePattern.Segment) throws(RouteLinkError) -> String? {
            switch segment {
            case .literal(let literal): return RouteLink.encode(literal)
            case .wildcard: throw .unnamedSegment
            case .catchAll: return nil
            case .parameter(let name), .typed(_, let name), .path(let name):
                guard let value = values[name] else { throw .missingValue(parameter: name) }
                let string = String(describing: value)
                rest[name] = nil
                guard !string.isEmpty else { throw .emptyValue(parameter: name) }
                if case .typed(let type, _) = segment, !type.accepts(string) {
                    throw .valueRefused(parameter: name, type: type, value: string)
                }
                if case .path = segment { return RouteLink.encodePath(string) }
                return RouteLink.encode(string)
            }
        }
        var pieces: [String] = []
        for element in pattern.elements {
            switch element {
            case .segment(let segment):
                if let piece = try text(of: segment) { pieces.append(piece) }
            case .optionalGroup(let group):
                // A group is all or nothing: filled only when every placeholder in it has a value.
                // A group of literals alone has no value to ask for it, and is left out.
                let names = group.compactMap(\.parameterName)
                guard !names.isEmpty, names.allSatisfy({ values[$0] != nil }) else { continue }
                for segment in group {
                    if let piece = try text(of: segment) { pieces.append(piece) }
                }
            }
        }
        return (RouteLink(route: self, path: pieces.joined(separator: "/")), rest)
    }
}
