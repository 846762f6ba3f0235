// A small shop app routed by URL. Its feature modules (account, catalog, cart), a C module and a
// plugin loaded with dlopen register their routes by annotation; this file names none of them.
//
//   demo --script   a navigation tour, then a series of links; exits 0 when each did what it should
//   demo --routes   lists the discovered routes
//   demo --check-routes   checks the discovered routes and services with LinkRouterTesting; exits 1 on a problem
//   demo            reads URLs from standard input, one per line, and shows the stack after each
//   --plugin PATH   loads another plugin than libDemoPlugin.so next to the executable (built by
//                   `swift build --package-path Examples/DemoPlugin --scratch-path .build`)
import LinkRouter
import LinkRouterTesting
import ShopInterfaces
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

// shop.example.com is the shop's web host: its https links reach the same routes as shop:// links
// (external routes only), and Examples/Demo/links holds the files that hand them to the app.
let router = Router(configuration: RouterConfiguration(allowedSchemes: ["shop"], webHosts: ["shop.example.com"]), discovery: .automatic)
let navigator = InMemoryNavigator()
router.navigator = navigator
/// Who is signed in: AccountFeature's session service. Typed actions and interceptors receive the
/// router that runs them and ask it, so the demo asks the same router and everyone agrees on the user.
let session: any SessionService
do {
    session = try router.services.service((any SessionService).self)
} catch {
    // No module registered one: the routes were not found (a binary stripped of its sections, say).
    let message = "demo: \(error)\n"
    _ = message.withCString { write(STDERR_FILENO, $0, strlen($0)) }
    exit(1)
}

/// The person using the app, simulated: whenever a page waits for them, they answer at once.
final class User: RouterDelegate {
    /// Whether the user signs in when AccountFeature's login interceptor asks them to.
    static let signsIn = Mutex(false)

    /// Answers the page of `route` on top of the stack with `value`, then closes it.
    static func answer(_ route: String, with value: any Sendable) async {
        guard let entry = await navigator.entry(ofRoute: route) else { return }
        entry.result.set(value)
        await navigator.dismiss(animated: true)
    }

    /// The login page shown by the interceptor (a cart's route is in its `requiresLogin` group):
    /// the user signs in as ada.
    func router(_ router: Router, didOpen outcome: RouteOutcome) {
        guard outcome.route?.pattern.text == "account/login", User.signsIn.withLock({ $0 }) else { return }
        print("  login interceptor: stack \(navigator)")
        Task { await User.answer("account/login", with: "ada") }
    }
}
let user = User()
router.delegate = user

/// Loads the plugin (by default the one next to the executable) and registers its routes.
func loadPlugin(at explicitPath: String?) -> String {
    let executable = CommandLine.arguments[0].contains("/") ? CommandLine.arguments[0] : "/proc/self/exe"
    let directory = String(executable.prefix(upTo: executable.lastIndex(of: "/")!))
    let path = explicitPath ?? directory + "/libDemoPlugin.so"
    let report: DiscoveryReport
    do { report = try router.loadPlugin(atPath: path) } catch {
        return "plugin not loaded: \(error)"
    }
    return "plugin loaded: \(report.registered.count) route(s), \(report.registeredServices.count) service(s) from \(path.split(separator: "/").last!)"
}

/// What the plugin's recommendation service suggests, asked by the protocol the demo declares.
func pluginRecommendations() -> String {
    do {
        return try router.services.service((any RecommendationService).self).recommendations(for: "ada").joined(separator: ", ")
    } catch {
        return "none: \(error)"
    }
}

func describe(_ outcome: RouteOutcome) -> String {
    if outcome.page != nil, outcome.chain.count > 1 { return describeOpened(outcome) + " (via \(outcome.chain.dropFirst().joined(separator: " -> ")))" }
    return describeOpened(outcome)
}

func describeOpened(_ outcome: RouteOutcome) -> String {
    switch outcome.result {
    case .success(.page(let page)): "page   \(page)"
    case .success(.updated(let page)): "page   \(page) (updated in place)"
    case .success(.action(let value)): "action \(outcome.route!.pattern) → \(value.map { "\($0)" } ?? "nothing")"
    case .success(.dispatched(let scheme, let value)): "\(scheme) dispatcher → \(value.map { "\($0)" } ?? "nothing")"
    case .failure(let failure): "failed \(failure)"
    }
}

/// The navigation tour: each step does something and says what the stack should be afterwards.
let tour: [(title: String, run: @Sendable () async -> String, expectedStack: String)] = [
    ("cold start: a deep link to a product builds the catalog under it", {
        describe(await router.open(Routes.catalogProduct(id: 7), source: .external))
    }, "catalog > catalog/product/<int:id>"),
    ("a deep link into the cart passes the login interceptor", {
        User.signsIn.withLock { $0 = true }
        defer { User.signsIn.withLock { $0 = false } }
        return describe(await router.open(Routes.cart))
    }, "catalog > catalog/product/<int:id> > cart"),
    ("a picker page returns a result", {
        let picked = Mutex<String>("nothing")
        // The page declares its result, a String: the generated link carries it.
        await router.open(Routes.accountAddressesPick) { result in
            let text = switch result {
            case .success(.value(let address)): address
            case .success(.cancelled): "nothing (cancelled)"
            case .failure(let error): "nothing: \(error)"
            }
            picked.withLock { $0 = text }
        }
        await User.answer("account/addresses/pick", with: "221B Baker Street")
        return "picked \(picked.withLock { $0 })"
    }, "catalog > catalog/product/<int:id> > cart"),
    ("a page configured through a protocol it offers, by a file that does not import its module", {
        // AccountFeature's login page offers ShopInterfaces.SignInPrompting; the generated link
        // carries the protocol, so the closure gets the page as `any SignInPrompting`, no cast.
        let line = describe(await router.open(Routes.accountLogin()) { $0.reason = "to see your orders" })
        await navigator.dismiss(animated: true)
        return line
    }, "catalog > catalog/product/<int:id> > cart"),
    ("a page built through the whole pipeline without being shown: a preview", {
        do {
            return "preview \(try await router.page(for: Routes.catalogProduct(id: 9)))"
        } catch {
            return "no preview: \(error)"
        }
    }, "catalog > catalog/product/<int:id> > cart"),
    ("back to a route", {
        await navigator.back(toRoute: Routes.catalog, animated: true).map { "back to \($0.route)" } ?? "no catalog on the stack"
    }, "catalog"),
]

// Links built with the generated builders (Routes.generated.swift, from `routes gen`), so the
// script also proves that every built URL opens its route; the rest are raw links from outside.
let script: [(url: String, expected: String)] = [
    (Routes.catalogProduct(id: 42, color: "red").url, "page   ProductPage(id: 42, color: red)"),
    (Routes.catalogByCategory(category: "mugs/enamel").url, "page   CategoryPage(category: mugs/enamel)"),
    (Routes.catalogSearch(q: "tea").url, #"action catalog/search → ["tea mug", "tea poster"]"#),
    (Routes.accountProfile(user: "ada").url, "page   ProfilePage(user: ada, tab: posts)"),
    (Routes.accountProfile(user: "ada", tab: "likes").url, "page   ProfilePage(user: ada, tab: likes)"),
    (Routes.accountLogin(returnTo: "cart").url, "page   LoginPage(returnTo: cart)"),
    (Routes.cart.url, "page   CartPage()"),
    (Routes.cartAdd(product: 42, quantity: 2).url, "action cart/add → added 2 × product 42"),
    (Routes.cartTotal(prices: "2.5,4").url, "action cart/total → 6.5"),
    // CartFeature asks for AccountFeature's session service by its protocol; neither imports the other.
    (Routes.cartCheckout.url, "action cart/checkout → checked out for ada"),
    (Routes.accountSignin(user: "grace").url, "action account/signin/:user → signed in as grace"),
    (Routes.cartCheckout.url, "action cart/checkout → checked out for grace"),
    // AccountFeature declares these too: its module set-up redirects the old profile address, and
    // its interceptor refuses a name that is not letters and digits.
    ("shop://user/ada", "page   ProfilePage(user: ada, tab: posts) (via shop://account/profile/ada)"),
    (Routes.accountSignin(user: "grace!").url, "failed interceptor 'AccountFeature.UserNameInterceptor' stopped the open: 'grace!' is not a user name: letters and digits only"),
    (Routes.greet(name: "ada lovelace").url, "action greet/:name → Hello, ada lovelace!"),
    ("shop://plugin/hello?name=ada", "page   PluginHelloPage(name: ada)"),
    ("shop://catalog/product/not-a-number", "page   CategoryPage(category: product/not-a-number)"),
    ("shop://nowhere", "failed no route matches 'nowhere'"),
    ("https://catalog/product/42", "failed scheme 'https' is not allowed"),
    // A link from the shop's web site: the product page, as shop://; an internal route is not found.
    ("https://shop.example.com/catalog/product/42?color=red", "page   ProductPage(id: 42, color: red)"),
    ("https://shop.example.com/catalog/search?q=tea", "failed no route matches 'catalog/search'"),
    ("shop://cart/add?product=%zz", "failed invalid URL: bad percent escape at offset 24 in 'shop://cart/add?product=%zz'"),
]

var arguments = Array(CommandLine.arguments.dropFirst())
var pluginPath: String?
if let flag = arguments.firstIndex(of: "--plugin"), flag + 1 < arguments.count {
    pluginPath = arguments[flag + 1]
    arguments.removeSubrange(flag...(flag + 1))
}
print(loadPlugin(at: pluginPath))

switch arguments.first {
case "--script":
    var failures = 0
    for step in tour {
        print("# \(step.title)")
        print("  \(await step.run())\n  stack: \(navigator)")
        if navigator.description != step.expectedStack {
            failures += 1
            print("  expected stack: \(step.expectedStack)")
        }
    }
    print("# links from every module (shown without the stack)")
    router.navigator = nil
    for step in script {
        let line = describe(await router.open(step.url))
        print("\(step.url)\n  \(line)")
        if line != step.expected {
            failures += 1
            print("  expected: \(step.expected)")
        }
    }
    // The plugin's service, discovered when the plugin was loaded.
    let recommended = pluginRecommendations()
    print("# the plugin's recommendation service\n  \(recommended)")
    if recommended != "tea mug, enamel poster" {
        failures += 1
        print("  expected: tea mug, enamel poster")
    }
    let total = tour.count + script.count + 1
    print(failures == 0 ? "all \(total) steps and links opened as expected" : "\(failures) of \(total) steps and links did not open as expected")
    exit(failures == 0 ? 0 : 1)
case "--routes":
    // A second router, discovering by hand, to time discovery on its own.
    let report = Router(discovery: .manual).registerRoutes()
    for route in router.routes.sorted(by: { $0.pattern.text < $1.pattern.text }) {
        print("\(route.kind.rawValue.padding(6))  \(route.pattern.text.padding(30))  \(route.options.summary ?? "")")
    }
    let milliseconds = Double(report.duration.components.attoseconds) / 1e15 + Double(report.duration.components.seconds) * 1e3
    print("# discovered \(report.recordCount) records in \(report.scannedFiles.count) of \(report.examinedObjectCount) loaded objects in \(milliseconds) ms")
case "--check-routes":
    // What an app's test target does with LinkRouterTesting, in the demo's own process, where the
    // records are the demo's alone (a package's test binary holds every test target's records).
    let routes = AppRoutes(configuration: RouterConfiguration(allowedSchemes: ["shop"]), requiring: [(any SessionService).self, (any RecommendationService).self])
    do {
        try routes.validate()
        try routes.expect(resolving: [
            Routes.catalogProduct(id: 42).url: "catalog/product/<int:id>",
            Routes.accountProfile(user: "ada", tab: "likes").url: "account/profile/:user(/:tab)",
            Routes.cartAdd(product: 1).url: "cart/add",
            Routes.greet(name: "ada").url: "greet/:name",
            "shop://plugin/hello": "plugin/hello",
        ])
        try routes.expectImplementations()
        print("no problems in \(routes.report.recordCount) records; \(routes.report.registered.count) routes, \(routes.report.registeredServices.count) service(s)")
    } catch {
        print(error)
        exit(1)
    }
default:
    print("Type a URL per line (e.g. \(script[0].url)); end with Ctrl-D.")
    while let line = readLine() {
        let url = line.trimmingSpaces
        if url.isEmpty { continue }
        print(describe(await router.open(url)))
        print("stack: \(navigator)")
    }
}

extension String {
    var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }

    func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
