/// How a router reads URLs.
public struct RouterConfiguration: Sendable {
    /// The schemes the router accepts, compared ignoring case; `nil` accepts any scheme.
    /// A bare route key (`user/42`, no scheme) is always accepted.
    public var allowedSchemes: Set<String>?

    /// A fixed host: when set, route keys are the path alone and a URL naming another host fails
    /// with ``RouteFailure/hostNotHandled(host:)``. When `nil` (the default) the host is the key's
    /// first segment: `app://user/42` has the key `user/42`.
    public var host: String?

    /// The longest URL accepted, in UTF-8 bytes.
    public var maximumURLLength: Int

    /// Creates a configuration.
    public init(allowedSchemes: Set<String>? = nil, host: String? = nil, maximumURLLength: Int = RouteURL.defaultMaximumLength) {
        self.allowedSchemes = allowedSchemes.map { Set($0.map { $0.lowercased() }) }
        self.host = host
        self.maximumURLLength = maximumURLLength
    }
}
