/// Where a parameter's value may come from: the URL's path, its query, or the values the caller
/// passed to `open`.
///
/// `@RouteParameter(from:)` marks a page's property with one, so that `@Routable` fills it from
/// that source:
///
/// ```swift
/// @Routable("note/<uuid:id>")
/// struct NotePage {
///     let id: UUID                                          // the placeholder
///     @RouteParameter(from: .query) var highlight: String?  // a link may set `?highlight=`
///     @RouteParameter(from: .caller) var draft: Draft?      // no URL can set it
///     var isEditing = false                                 // no URL can set it either
/// }
/// ```
public enum RouteParameterSource: Sendable, Hashable {
    /// A placeholder of the route's pattern, and nothing else.
    case path
    /// A query item the route declares: its record's query contract names it, so `routes dump`,
    /// the builders and the app-link files show it. A caller's value of the same name wins over
    /// the link's.
    case query
    /// A value the caller passed to `open(_:parameters:)`, which no part of a URL can set, whatever
    /// pattern the page is registered under.
    case caller
}

extension RouteParameters {
    /// These parameters as a property filled from `source` alone sees them; the values an
    /// interceptor rewrote stay, since they take precedence over every source.
    ///
    /// - `.path`: the path parameters alone.
    /// - `.query`: the query items and the caller's values (the caller's win), no path parameter,
    ///   so that a page registered under another pattern (`#route("x/:label", page:)`) is not
    ///   filled from its path.
    /// - `.caller`: the caller's values alone: no query item, and no path parameter whichever
    ///   pattern matched.
    package func restricted(to source: RouteParameterSource) -> RouteParameters {
        var copy = self
        if source != .query { copy.query = [] }
        if source == .path { copy.callerValues = [:] } else { copy.path = path.withoutNames }
        return copy
    }

    /// These parameters as a property named like a placeholder of its page's own patterns sees
    /// them: the path parameters, then the caller's values; no query item.
    package var placeholderView: RouteParameters {
        var copy = self
        copy.query = []
        return copy
    }

    /// The parameter when the source that has it holds a value of `type` rather than text (a
    /// caller value, or a value an interceptor rewrote); `nil` otherwise.
    package func callerValue<Value>(_ name: String, as type: Value.Type) -> Value? {
        if case .value(let value) = lookup(name) { value as? Value } else { nil }
    }
}
