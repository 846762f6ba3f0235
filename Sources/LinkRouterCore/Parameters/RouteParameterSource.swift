/// Where a parameter's value may come from: the URL's path, its query, or the values the caller
/// passed to `open`.
///
/// `@RouteParameter(from:)` marks a page's property with one, so that `@Routable` fills it from
/// that source alone:
///
/// ```swift
/// @Routable("note/<uuid:id>")
/// struct NotePage {
///     let id: UUID
///     @RouteParameter(from: .caller) var draft: Draft?   // a URL cannot set it
/// }
/// ```
public enum RouteParameterSource: Sendable, Hashable {
    /// A placeholder of the route's pattern.
    case path
    /// A query item of the URL.
    case query
    /// A value the caller passed to `open(_:parameters:)`, which no URL can set.
    case caller
}

extension RouteParameters {
    /// These parameters with every source but `source` emptied; the values an interceptor
    /// rewrote stay, since they take precedence over every source.
    ///
    /// A path parameter is dropped only where its name is looked up: `@Routable` refuses, at
    /// compile time, a property marked `.query` or `.caller` that is named like a placeholder.
    package func restricted(to source: RouteParameterSource) -> RouteParameters {
        var copy = self
        if source != .query { copy.query = [] }
        if source != .caller { copy.callerValues = [:] }
        return copy
    }

    /// The parameter when the source that has it holds a value of `type` rather than text (a
    /// caller value, or a value an interceptor rewrote); `nil` otherwise.
    package func callerValue<Value>(_ name: String, as type: Value.Type) -> Value? {
        if case .value(let value) = lookup(name) { value as? Value } else { nil }
    }
}
