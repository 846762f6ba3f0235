/// A required parameter is missing, or its value does not have the type asked for.
///
/// ```
/// parameter 'id' is 'abc', which is not an int
/// ```
public struct RouteParameterError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong with the parameter.
    ///
    /// May gain cases in a minor version (`@nonexhaustive`): a `switch` over it outside LinkRouter's
    /// package ends with `@unknown default` (README, "Versioning").
    @nonexhaustive
    public enum Reason: Sendable, Hashable {
        /// No path parameter, query item or caller value has this name.
        case missing
        /// The value is present but is not a valid `expected`.
        case malformed(value: String, expected: String)
    }

    /// The parameter's name; for a nested `Decodable` value, the coding path joined by `.`.
    public let name: String
    /// What is wrong.
    public let reason: Reason

    /// Creates an error.
    public init(name: String, reason: Reason) {
        self.name = name
        self.reason = reason
    }

    /// One line naming the parameter and what is wrong with it.
    public var description: String {
        switch reason {
        case .missing: "missing required parameter '\(name)'"
        case .malformed(let value, let expected): "parameter '\(name)' is '\(value)', which is not \(expected)"
        }
    }
}
