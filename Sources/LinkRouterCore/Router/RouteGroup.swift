/// A group of routes, by name: what `groups:` annotations, ``InterceptorScope/group(_:)-type.method``
/// scopes and the dynamic route table's memberships name.
///
/// Declare each group once, as a static member, so that annotations name it as a value and a
/// misspelled name does not compile; `@DeclaredGroup` writes the member and a record that the
/// checks (`AppRoutes.validate()`, `routes check`) know the group by:
///
/// ```swift
/// extension RouteGroup {
///     /// The routes that need a signed-in user: the login interceptor guards them.
///     @DeclaredGroup static var requiresLogin: RouteGroup
/// }
///
/// @Routable("cart", groups: [.requiresLogin])
/// struct CartPage { ... }
///
/// @RouteInterceptor(scope: .group(.requiresLogin))
/// struct LoginInterceptor: RouteInterceptor { ... }
/// ```
///
/// A group named by a string literal still works, but a name no `@DeclaredGroup` declares is
/// reported by the checks.
public struct RouteGroup: Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The group's name.
    public let name: String

    /// The group of this name.
    public init(_ name: String) {
        self.name = name
    }

    /// The group of this name.
    public init(stringLiteral name: String) {
        self.name = name
    }

    /// The group's name.
    public var description: String { name }
}

extension InterceptorScope {
    /// Opens of routes in this declared group (``RouteGroup``): `.group(.requiresLogin)`.
    public static func group(_ group: RouteGroup) -> InterceptorScope {
        .group(group.name)
    }
}
