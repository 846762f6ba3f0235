// The samples of the article "Getting started" (Sources/LinkRouter/LinkRouter.docc/GettingStarted.md),
// which shows them through `@Snippet` slices, and the README's ten lines (the slices "declare" and
// "open"). `swift build` compiles this file, so a renamed API breaks the build, not the reader;
// DocumentationTests runs it and checks that each `print` writes what its comment says, and that
// the README's copy is this one.

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

// snippet.actions
enum ShareActions {
    #route("share", action: { parameters in
        "shared \(try parameters.string("text"))"
    })
}

let shared = await Router.shared.open("app://share?text=hi+there")
print(shared.actionResult ?? "")   // shared hi there
// snippet.end

// snippet.protocol
/// What a caller may know of a page: a protocol, declared in a module that both import.
protocol Greeting: Sendable {
    var greeting: String { get set }
}

@Routable("hello", as: (any Greeting).self)
struct HelloPage: Greeting {
    var greeting = "hello"
}

// Configured through the protocol before it is shown; the caller never names HelloPage.
let hello = await Router.shared.open("app://hello", as: (any Greeting).self) { $0.greeting = "bonjour" }
print((hello.page as? any Greeting)?.greeting ?? "")   // bonjour
// Built through the whole pipeline and not shown: a preview.
print(try await Router.shared.page(for: "app://hello", as: (any Greeting).self).greeting)   // hello

// snippet.hooks
@RouteInterceptor(scope: .group("members"), priority: 100)
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

@Routable("lounge", groups: ["members"])
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
