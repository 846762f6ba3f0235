// Implemented by the demo's plugin (Examples/DemoPlugin), which the demo loads with dlopen: the
// demo asks its router for it by this protocol, as for a service of a linked module.

/// Products to suggest to a user.
public protocol RecommendationService: Sendable {
    /// Product names for `user`, best first.
    func recommendations(for user: String) -> [String]
}
