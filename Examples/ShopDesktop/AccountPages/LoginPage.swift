// The desktop shop's account module: the sign-in page the login interceptor presents. Internal:
// links from outside the app cannot open it. Registered by annotation only.
import LinkRouter
import LinkRouterGTK

/// Asks for a name; "Sign in" returns it as the page's result (a `String`) and closes the page.
/// Closing the window, Escape or Alt+Left returns nothing (`.cancelled`).
@Routable("account/login", openStyle: .present, summary: "Sign in")
struct LoginPage: GTKPage {
    @RouteParameter("return_to", from: .query) let returnTo: String?
    let result: PageReturn<String>

    var title: String { "Sign in" }

    func makeWidget(in context: GTKPageContext) throws -> GTKWidget {
        let result = result
        let signIn = { @MainActor (typed: String) in
            result.set(typed.isEmpty ? "ada" : typed)
            context.close()
        }
        let name = GTKWidget.entry(placeholder: "Your name") { signIn($0) }.accessibilityLabel("Your name")
        return .statusPage(
            title: "Sign in", description: returnTo.map { "to open \($0)" }, icon: "avatar-default-symbolic",
            child: .column([name, .button("Sign in", style: "suggested-action", action: { signIn(name.text) })])
        )
    }
}
