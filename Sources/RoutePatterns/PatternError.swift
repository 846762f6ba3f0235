/// Why a route pattern does not parse, and where.
///
/// ```
/// pattern 'user/<int:>' column 11: expected a parameter name
/// ```
public struct PatternError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    ///
    /// May gain cases in a minor version (`@nonexhaustive`): a `switch` over it outside LinkRouter's
    /// package ends with `@unknown default` (README, "Versioning").
    @nonexhaustive
    public enum Reason: Sendable, Hashable {
        /// `a//b` or a trailing `/`.
        case emptySegment
        /// `:` or `<int:>` without a name, or a name with characters other than letters, digits and `_`.
        case invalidParameterName
        /// The same parameter name twice.
        case duplicateParameterName(String)
        /// `<type:name>` with a type other than `int`, `double`, `bool`, `uuid` or `path`.
        case unknownPlaceholderType(String)
        /// `<...` without its `>`, or text after `>` in the same segment.
        case malformedPlaceholder
        /// `*` or `**` sharing a segment with other text.
        case wildcardNotWholeSegment
        /// `**` or `<path:...>` followed by more segments.
        case catchAllNotLast
        /// A `(` without `/` after it, a missing `)`, or a nested group.
        case malformedOptionalGroup
        /// Text right after an optional group's `)`: only `/`, another group or the end may follow (`a(/b)c`).
        case segmentAfterOptionalGroup
        /// More than 8 optional groups: each doubles the pattern's forms, and the routing table
        /// holds every form.
        case tooManyOptionalGroups
        /// `**` or `<path:...>` inside an optional group.
        case catchAllInOptionalGroup
        /// A literal with a bad percent escape or a character that may not appear in one.
        case invalidLiteral
        /// More than 16 captures: the matcher keeps a match's captures inline, without allocating.
        case tooManyParameters
        /// More than 64 segments in one form of the pattern.
        case tooManySegments
    }

    /// What is wrong.
    public let reason: Reason
    /// The pattern as written.
    public let pattern: String
    /// The 1-based column of the offending character, counted in UTF-8 bytes.
    public let column: Int

    /// Creates an error; used by the parser and by tools that re-report it.
    public init(_ reason: Reason, pattern: String, column: Int) {
        self.reason = reason
        self.pattern = pattern
        self.column = column
    }

    /// A one-line explanation without the pattern and column.
    public var message: String {
        switch reason {
        case .emptySegment: "empty segment"
        case .invalidParameterName: "expected a parameter name (letters, digits and _, not starting with a digit)"
        case .duplicateParameterName(let name): "parameter '\(name)' appears twice"
        case .unknownPlaceholderType(let type): "unknown placeholder type '\(type)' (use int, double, bool, uuid or path)"
        case .malformedPlaceholder: "a placeholder is written <type:name> and fills its whole segment"
        case .wildcardNotWholeSegment: "'*' and '**' must fill their whole segment"
        case .catchAllNotLast: "'**' and <path:...> must be the last segment"
        case .malformedOptionalGroup: "an optional group is written (/segment...) with no nesting"
        case .segmentAfterOptionalGroup: "an optional group is followed by '/', another group or the end of the pattern"
        case .tooManyOptionalGroups: "more than \(RoutePattern.maximumOptionalGroupCount) optional groups"
        case .catchAllInOptionalGroup: "'**' and <path:...> cannot be optional"
        case .invalidLiteral: "literal contains a bad percent escape or a control character"
        case .tooManyParameters: "more than \(RoutePattern.maximumParameterCount) parameters"
        case .tooManySegments: "more than \(RoutePattern.maximumSegmentCount) segments"
        }
    }

    /// One line naming the problem, its column and the pattern.
    public var description: String {
        "pattern '\(pattern)' column \(column): \(message)"
    }
}
