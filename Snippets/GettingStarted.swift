// The samples of the article "Getting started" (Sources/LinkRouter/LinkRouter.docc/GettingStarted.md),
// which shows them inline, each the same as its slice here (DocumentationTests checks), and the
// README's nine lines (the slices "declare" and "open"). `swift build` compiles this file, so a
// renamed API breaks the build, not the reader; DocumentationTests runs it and checks that each
// `print` writes what its comment says.

// snippet.declare
import LinkRouter

@Routable("user/<int:id>", exposure: .external)
struct UserPage {
    let id: Int   // filled from <int:id>
}
// snippet.end

// snippet.open
let outcome = await Router.shared.open("app://user/42")   // discovers every annotated route at first use
if let page = outcome.page as? UserPage { print(page.id) }  // 42
// snippet.end

// snippet.declared
@Routable("profile/:user")
struct ProfilePage {
    let user: String                                  // the placeholder :user
    @RouteParameter(from: .query) var tab = "posts"   // a query item the route declares
    var isAdmin = false                               // the app's own: no link sets it
}

let link = ProfilePage.link(user: "ada lovelace", tab: "likes")
print(link)   // profile/ada%20lovelace?tab=likes
let profile = await Router.shared.open("app://profile/ada?tab=likes&isAdmin=true").page as? ProfilePage
print(profile?.tab ?? "", profile?.isAdmin ?? true)   // likes false
// snippet.end

// snippet.actions
@RoutableAction("share")
struct Share {
    @RouteParameter(from: .query) let text: String

    func run(on router: Router) -> String { "shared \(text)" }
}

print(try Router.shared.call(Share.link(text: "hi there")))   // shared hi there

enum ClockActions {
    #route("clock/now", action: { _ in "noon" })   // a one-liner stays a closure
}
// snippet.end

// snippet.results
@Routable("color/pick", openStyle: .present)
struct ColorPicker {
    let result: PageReturn<String>   // the page returns a String
}

let navigator = InMemoryNavigator()
Router.shared.navigator = navigator
await Router.shared.open(ColorPicker.link(), onResult: { picked in
    if case .success(.value(let color)) = picked { print(color) }   // teal
})
let picker = await navigator.entry(ofRoute: "color/pick")?.page as? ColorPicker
picker?.result.set("teal")   // the user picks teal, and the page closes
await navigator.dismiss(animated: false)
Router.shared.navigator = nil
// snippet.end

// snippet.protocol
/// What a caller may know of a page: a protocol, declared in a module that both import.
protocol Greeting: Sendable {
    var greeting: String { get set }
}
#routableProtocol((any Greeting).self)

@Routable("hello", as: (any Greeting).self)
struct HelloPage: Greeting {
    var greeting = "hello"
}

// Configured through the protocol before it is shown; the caller never names HelloPage.
let hello = await Router.shared.open("app://hello", as: (any Greeting).self) { $0.greeting = "bonjour" }
print((hello.page as? any Greeting)?.greeting ?? "")   // bonjour
// Built through the whole pipeline and not shown: a preview.
print(try await Router.shared.page(for: "app://hello", as: (any Greeting).self).greeting)   // hello
// snippet.end

// snippet.hooks
extension RouteGroup {
    /// The routes for members only.
    @DeclaredGroup static var members: RouteGroup
}

@RouteInterceptor(scope: .group(.members), priority: 100)
struct MembersOnly: RouteInterceptor {
    func intercept(_ request: InterceptionRequest, decision: InterceptorDecision) {
        request.parameters.string("member", default: "no") == "yes" ? decision.proceed() : decision.stop(reason: "members only")
    }
}

@RouterModule
enum ProfileModule {
    static func configure(_ router: Router) throws {
        try router.addRedirect(from: "me", to: "user/42")   // once, before the first open
    }
}

@Routable("lounge", groups: [.members])
struct LoungePage {}

print(await Router.shared.open("app://lounge").failure!)                   // interceptor 'GettingStarted.MembersOnly' stopped the open: members only
print((await Router.shared.open("app://me").page as? UserPage)?.id ?? 0)   // 42
// snippet.end

// snippet.byHand
let router = Router(configuration: RouterConfiguration(allowedSchemes: ["app"]))
try router.register("user/<int:id>", page: UserPage.self)
try router.register("share", action: { parameters in "shared \(try parameters.string("text"))" })

print(router.canOpen("app://user/7"))                    // true
print(await router.open("app://user/bob").failure!)      // no route matches 'user/bob'
// snippet.end

// snippet.configured
let shop = Router(configuration: RouterConfiguration(allowedSchemes: ["shop"]), discovery: .automatic)
print(await shop.open("shop://user/7").page != nil, await shop.open("app://user/7").succeeded)   // true false
// snippet.end
