// What the shop's feature modules share beside ShopInterfaces' protocols, declared once: the
// groups their routes join and their guards cover, and which protocols are routable, so that
// `swift test` (LinkRouterTesting's validate()) and `routes check` find a provider for each.
// ShopInterfaces stays free of LinkRouter: the plugin links it as a shared library of its own.
public import LinkRouter
import ShopInterfaces

extension RouteGroup {
    /// The routes that need a signed-in user: AccountFeature's login interceptor guards them.
    @DeclaredGroup public static var requiresLogin: RouteGroup
}

#routableProtocol((any SessionService).self)
#routableProtocol((any SignInPrompting).self)
// RecommendationService is the plugin's to declare, as it provides it: a check of the app alone
// would find no provider of it.
