// A small shop app routed by URL. `demo --script` opens a scripted series of links and exits 0
// when each opened what it should; `demo` alone reads URLs from standard input, one per line.
import LinkRouter
#if canImport(Glibc)
import Glibc
#endif

struct ProductPage: Routable, CustomStringConvertible {
    let id: Int
    let color: String?
    init?(parameters: RouteParameters) throws {
        id = try parameters.int("id")
        color = parameters["color"]
    }
    var description: String { "ProductPage(id: \(id)\(color.map { ", color: \($0)" } ?? ""))" }
}

struct ProfilePage: Routable, CustomStringConvertible {
    let user: String
    let tab: String
    init?(parameters: RouteParameters) throws {
        user = try parameters.string("user")
        tab = parameters.string("tab", default: "posts")
    }
    var description: String { "ProfilePage(user: \(user), tab: \(tab))" }
}

struct HelpPage: Routable, CustomStringConvertible {
    let topic: String
    init?(parameters: RouteParameters) throws { topic = parameters["topic"] ?? "index" }
    var description: String { "HelpPage(topic: \(topic))" }
}

let router = Router(configuration: RouterConfiguration(allowedSchemes: ["shop"]))
try router.register("catalog/product/<int:id>", page: ProductPage.self)
try router.register("account/:user(/:tab)", page: ProfilePage.self)
try router.register("help/<path:topic>", page: HelpPage.self)
try router.register("cart/add", action: { parameters in
    "added \(try parameters.int("quantity", default: 1)) × product \(try parameters.int("product"))"
})
try router.register("cart/total", action: { parameters in
    let prices = parameters.values("price").compactMap(Double.init)
    try await Task.sleep(for: .milliseconds(1))  // an asynchronous action
    return prices.reduce(0, +)
})

func describe(_ outcome: RouteOutcome) -> String {
    switch outcome.result {
    case .success(.page(let page)): "page   \(page)"
    case .success(.action(let value)): "action \(outcome.route!.pattern) → \(value.map { "\($0)" } ?? "nothing")"
    case .failure(let failure): "failed \(failure)"
    }
}

let script: [(url: String, expected: String)] = [
    ("shop://catalog/product/42?color=red", "page   ProductPage(id: 42, color: red)"),
    ("shop://account/phoenix", "page   ProfilePage(user: phoenix, tab: posts)"),
    ("shop://account/phoenix/likes", "page   ProfilePage(user: phoenix, tab: likes)"),
    ("shop://help/orders/returns%20policy", "page   HelpPage(topic: orders/returns policy)"),
    ("shop://cart/add?product=42&quantity=2", "action cart/add → added 2 × product 42"),
    ("shop://cart/total?price=2.5&price=4", "action cart/total → 6.5"),
    ("shop://catalog/product/not-a-number", "failed no route matches 'catalog/product/not-a-number'"),
    ("https://catalog/product/42", "failed scheme 'https' is not allowed"),
    ("shop://cart/add?product=%zz", "failed invalid URL: bad percent escape at offset 24 in 'shop://cart/add?product=%zz'"),
]

if CommandLine.arguments.dropFirst().first == "--script" {
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
} else {
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
}
