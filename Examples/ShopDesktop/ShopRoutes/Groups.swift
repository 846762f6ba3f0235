// The desktop shop's route groups, declared once, beside the builders its features share.
public import LinkRouter

extension RouteGroup {
    /// The routes that need a signed-in user: the account module's login interceptor guards them.
    @DeclaredGroup public static var requiresLogin: RouteGroup
}
