// A small shop app routed by URL. Its feature modules (account, catalog, cart), a C module and a
// plugin loaded with dlopen register their routes by annotation; this file names none of them.
//
//   demo --script   opens a scripted series of links, exits 0 when each opened what it should
//   demo --routes   lists the discovered routes
//   demo            reads URLs from standard input, one per line
//   --plugin PATH   loads another plugin than libDemoPlugin.so next to the executable
import LinkRouter
#if canImport(Glibc)
import Glibc
#endif

let router = Router(configuration: RouterConfiguration(allowedSchemes: ["shop"]), discovery: .automatic)

/// Loads the plugin (by default the one next to the executable) and registers its routes.
func loadPlugin(at explicitPath: String?) -> String {
    let executable = CommandLine.arguments[0].contains("/") ? CommandLine.arguments[0] : "/proc/self/exe"
    let directory = String(executable.prefix(upTo: executable.lastIndex(of: "/")!))
    let path = explicitPath ?? directory + "/libDemoPlugin.so"
    guard let handle = dlopen(path, RTLD_NOW) else {
        return "plugin not loaded: \(dlerror().map { String(cString: $0) } ?? path)"
    }
    let report = router.discoverRoutes(in: handle)
    return "plugin loaded: \(report.registered.count) route(s) from \(path.split(separator: "/").last!)"
}

func describe(_ outcome: RouteOutcome) -> String {
    switch outcome.result {
    case .success(.page(let page)): "page   \(page)"
    case .success(.action(let value)): "action \(outcome.route!.pattern) → \(value.map { "\($0)" } ?? "nothing")"
    case .failure(let failure): "failed \(failure)"
    }
}

// Links built with the generated builders (Routes.generated.swift, from `routes gen`), so the
// script also proves that every built URL opens its route; the rest are raw links from outside.
let script: [(url: String, expected: String)] = [
    (Routes.catalogProduct(id: 42).url + "?color=red", "page   ProductPage(id: 42, color: red)"),
    (Routes.catalog(category: "mugs/enamel").url, "page   CategoryPage(category: mugs/enamel)"),
    (Routes.catalogSearch.url + "?q=tea", #"action catalog/search → ["tea mug", "tea poster"]"#),
    (Routes.accountProfile(user: "ada").url, "page   ProfilePage(user: ada, tab: posts)"),
    (Routes.accountProfile(user: "ada", tab: "likes").url, "page   ProfilePage(user: ada, tab: likes)"),
    (Routes.accountLogin.url + "?return_to=cart", "page   LoginPage(returnTo: cart)"),
    (Routes.cart.url, "page   CartPage()"),
    (Routes.cartAdd.url + "?product=42&quantity=2", "action cart/add → added 2 × product 42"),
    (Routes.cartTotal.url + "?price=2.5&price=4", "action cart/total → 6.5"),
    // CartFeature asks for AccountFeature's session service by its protocol; neither imports the other.
    (Routes.cartCheckout.url, "action cart/checkout → sign in first"),
    (Routes.accountSignin(user: "ada").url, "action account/signin/:user → signed in as ada"),
    (Routes.cartCheckout.url, "action cart/checkout → checked out for ada"),
    (Routes.greet(name: "ada lovelace").url, "action greet/:name → Hello, ada lovelace!"),
    ("shop://plugin/hello?name=ada", "page   PluginHelloPage(name: ada)"),
    ("shop://catalog/product/not-a-number", "page   CategoryPage(category: product/not-a-number)"),
    ("shop://nowhere", "failed no route matches 'nowhere'"),
    ("https://catalog/product/42", "failed scheme 'https' is not allowed"),
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
    for step in script {
        let line = describe(await router.open(step.url))
        print("\(step.url)\n  \(line)")
        if line != step.expected {
            failures += 1
            print("  expected: \(step.expected)")
        }
    }
    print(failures == 0 ? "all \(script.count) links opened as expected" : "\(failures) of \(script.count) links did not open as expected")
    exit(failures == 0 ? 0 : 1)
case "--routes":
    // A second router, discovering by hand, to time discovery on its own.
    let report = Router(discovery: .manual).registerRoutes()
    for route in router.routes.sorted(by: { $0.pattern.text < $1.pattern.text }) {
        print("\(route.kind.rawValue.padding(6))  \(route.pattern.text.padding(30))  \(route.options.summary ?? "")")
    }
    let milliseconds = Double(report.duration.components.attoseconds) / 1e15 + Double(report.duration.components.seconds) * 1e3
    print("# discovered \(report.recordCount) records in \(report.scannedFiles.count) of \(report.examinedObjectCount) loaded objects in \(milliseconds) ms")
default:
    print("Type a URL per line (e.g. \(script[0].url)); end with Ctrl-D.")
    while let line = readLine() {
        let url = line.trimmingSpaces
        if url.isEmpty { continue }
        print(describe(await router.open(url)))
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
