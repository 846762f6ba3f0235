/// Where a URL being opened comes from.
public enum OpenSource: String, Sendable, Hashable {
    /// The app itself: any route may be opened.
    case app
    /// Outside the app (a push notification, a web link, another app): only routes exposed as
    /// ``RouteOptions/Exposure/external`` can be reached; every other route answers "not found".
    case external
}

/// How one `open` behaves, beyond its URL, parameters and source.
public struct OpenOptions: Sendable {
    /// Whether the decision trace shows parameter values; by default they are redacted.
    public var tracesParameterValues: Bool

    /// Creates options; the defaults redact parameter values in the trace.
    public init(tracesParameterValues: Bool = false) {
        self.tracesParameterValues = tracesParameterValues
    }
}
