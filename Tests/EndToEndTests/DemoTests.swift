import Testing

struct DemoTests {
    let demo = BuiltProduct(name: "demo")

    @Test("demo --script opens every scripted link as expected and exits 0")
    func scriptedTour() throws {
        let run = try demo.run(["--script"])
        #expect(run.status == 0, "stderr: \(run.standardError)")
        #expect(run.lines.contains("  page   ProductPage(id: 42, color: red)"))
        #expect(run.lines.contains("  action cart/total → 6.5"))
        #expect(run.lines.contains("  failed scheme 'https' is not allowed"))
        #expect(run.lines.contains { $0.hasPrefix("all ") && $0.hasSuffix(" links opened as expected") })
    }

    @Test("interactive demo opens each URL read from standard input")
    func interactive() throws {
        let run = try demo.run([], input: "shop://account/ada/likes\n\nshop://nowhere\nshop://cart/add?product=%41%42\n")
        #expect(run.status == 0)
        #expect(run.lines.contains("page   ProfilePage(user: ada, tab: likes)"))
        #expect(run.lines.contains("failed no route matches 'nowhere'"))
        #expect(run.lines.contains("failed action 'cart/add' failed: parameter 'product' is 'AB', which is not an int"))
    }
}
