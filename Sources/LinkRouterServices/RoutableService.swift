/// A type that `@RoutableService` registers as the implementation of a service protocol: one the
/// router can make with no arguments.
///
/// ```swift
/// @RoutableService((any SessionService).self, lifetime: .shared)
/// final class AppSession: SessionService {
///     init() {}
///     var currentUser: String? { ... }
/// }
/// ```
///
/// `@RoutableService` adds this conformance when the type does not declare it, so a type without
/// an `init()` is a compile-time error at the annotation ("does not conform to protocol
/// 'RoutableService'"). A non-final class needs a `required init()`.
public protocol RoutableService: Sendable {
    /// Makes an instance; the router calls it once per request, or once in all for a shared service.
    init()
}
