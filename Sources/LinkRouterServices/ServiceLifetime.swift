/// How long an instance of a registered service lives.
///
/// ```swift
/// router.services.register((any SessionService).self, lifetime: .shared) { AppSession() }
/// ```
public enum ServiceLifetime: Sendable, Hashable {
    /// Every request (every call of ``ServiceRegistry/service(_:)``) makes a new instance.
    case perRequest
    /// One instance, made at the first request and handed to every later one. It is made once,
    /// even when the first requests come from several threads at the same time.
    case shared
}
