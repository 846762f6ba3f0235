import Foundation
import LinkRouterCore
import Testing

/// An `http(s)` URL is read as a browser reads it (the WHATWG URL Standard), or refused.
@Suite("Web URLs read as a browser reads them")
struct WebURLReadingTests {
    struct Reading: Sendable, CustomStringConvertible {
        let input: String
        /// The URL as the router reads it, or `nil` when it refuses it.
        let expected: String?
        init(_ input: String, _ expected: String?) { (self.input, self.expected) = (input, expected) }
        var description: String { input }
    }

    @Test("The authority ends at `\\`, the userinfo is dropped, the host and port are normalized", arguments: [
        Reading(#"https://evil.example\@shop.example.com/catalog/product/42"#, "https://evil.example/@shop.example.com/catalog/product/42"),
        Reading("https://user:pass@Shop.Example.COM:443/a", "https://shop.example.com/a"),
        Reading("HTTP://shop.example.com:80", "http://shop.example.com/"),
        Reading("https://shop.example.com:8443/", "https://shop.example.com:8443/"),
        Reading("https://shop.example.com:/x", "https://shop.example.com/x"),
        Reading(#"https:\\shop.example.com\a\.\b\..\c"#, "https://shop.example.com/a/c"),
        Reading("https:shop.example.com", "https://shop.example.com/"),
        Reading("https://a@b@shop.example.com/", "https://shop.example.com/"),
        Reading("  https://shop.example.com/a b?c d#e f  ", "https://shop.example.com/a%20b?c%20d#e%20f"),
        Reading("https://shop.example.com/%2e%2E/x/%2e/y?'#`", "https://shop.example.com/x/y?%27#%60"),
        Reading("https://shop.%65xample.com/é", "https://shop.example.com/%C3%A9"),
        Reading("wss://chat.example.com:443/", "wss://chat.example.com/"),
        Reading("https://0x7f.1/", "https://127.0.0.1/"),
        Reading("https://0x.0x.0", "https://0.0.0.0/"),
        Reading("http://4294967295/", "http://255.255.255.255/"),
        Reading("http://0300.0250.0.1./", "http://192.168.0.1/"),
        Reading("https://256.0.0.1/", nil),
        Reading("https://0x100000000/", nil),
        Reading("https://1.2.3.4.5/", nil),
        Reading("https://shop.09/", nil),
        Reading("https://shop.example.com:65536/", nil),
        Reading("https://shop.example.com:8o/", nil),
        Reading("https://user@/x", nil),
        Reading("https:///", nil),
        Reading("https://shop%25.example.com/", nil),
        Reading("https://shop example.com/", nil),
        Reading("https://sh<op.example.com/", nil),
        Reading("https://[0:0::1]:8443/", "https://[::1]:8443/"),
        Reading("https://[1:0:0:2::3:0]/", "https://[1::2:0:0:3:0]/"),
        Reading("https://[::ffff:192.168.0.1]/", "https://[::ffff:c0a8:1]/"),
        Reading("https://[1:2:3:4:5:6:7:8:9]/", nil),
        Reading("https://[::1/", nil),
        Reading("https://[%3A%3A1]/", nil),
        Reading("https://shop.example.com\t/", nil),
        Reading("https://faß.ExAmPlE/", "https://xn--fa-hia.example/"),
        Reading("https://xn--fa-hia.example/", "https://xn--fa-hia.example/"),
        Reading("https://MÜNCHEN.de/", "https://xn--mnchen-3ya.de/"),
        Reading("https://%C3%A9.example/", "https://xn--9ca.example/"),
        Reading("https://ｅｘａｍｐｌｅ。com/", "https://example.com/"),
        Reading("https://xn--a.example/", nil),
        Reading("https://xn--abc-.example/", nil),
        // Punycode as RFC 3492 decodes it: the basic code points come before the last `-` only
        // when some do; a `-` first is read as a digit, which it is not (browsers refuse it too).
        Reading("https://xn---tda.example/", nil),
        Reading("https://xn--tda.example/", "https://xn--tda.example/"),
        Reading("https://xn--bcher-kva.example/", "https://xn--bcher-kva.example/"),
        Reading("https://xn----dha.example/", "https://xn----dha.example/"),
        Reading("https://xn---q----jra.example/", "https://xn---q----jra.example/"),
        Reading("https://b%C3%BC-.example/", "https://xn--b--xka.example/"),
        Reading("https://e\u{301}.example/", nil),
        Reading("https://\u{1E9E}.example/", nil),
        Reading("https://\u{5D0}.example/", nil),
        Reading("https://a\u{200D}b.example/", nil),
        Reading("https://\u{AD}/", nil),
        // 900 bytes of UTF-8 whose ASCII form is 2400 bytes: refused, as the form would be.
        Reading("https://" + String(repeating: "é.", count: 300) + "/", nil),
    ])
    func reading(_ reading: Reading) {
        let url = try? RouteURL(reading.input)
        #expect(url?.string == reading.expected)
        guard let url else { return }
        // The reading is stable: the text read again is the same URL.
        #expect((try? RouteURL(url.string))?.string == url.string)
        #expect((try? RouteURL(url.string))?.host == url.host)
    }

    @Test("A refusal names what is wrong")
    func refusalReasons() {
        #expect(throws: URLParseError(.invalidHost("an IPv4 address out of range"), offset: 8, url: "https://256.0.0.1/")) {
            try RouteURL("https://256.0.0.1/")
        }
        #expect(throws: URLParseError(.invalidPort, offset: 20, url: "https://example.com:99999/")) { try RouteURL("https://example.com:99999/") }
        let error = #expect(throws: URLParseError.self) { try RouteURL("https://\u{5D0}.example/") }
        #expect(error?.description.hasPrefix("host the router does not read as a browser would: a right-to-left label") == true)
        let normalization = #expect(throws: URLParseError.self) { try RouteURL("https://e\u{301}.example/") }
        #expect(normalization?.reason == .undecidedHost("a domain name that needs Unicode normalization"))
        let disallowed = #expect(throws: URLParseError.self) { try RouteURL("https://a\u{2028}b.example/") }
        #expect(disallowed?.reason == .invalidHost("U+2028 is not allowed in a domain name"))
    }

    @Test("App URLs and route keys are kept as given")
    func otherSchemesUnchanged() throws {
        for text in [#"app://evil\@shop/x/./y"#, "Shop://Catalog/%7e", "catalog/product/42", " space/key", "file://a\\b", "hxxp://a\\b"] {
            #expect(try RouteURL(text).string == text)
        }
        #expect(try RouteURL(#"app://evil\@shop/x"#).host == "shop")
    }

    @Test("A web link is filed under the host a browser opens, not the one written after `\\`")
    func webLinkHost() throws {
        let router = Router(configuration: RouterConfiguration(allowedSchemes: ["shop", "https"], webHosts: ["shop.example.com"]))
        try router.register("catalog/product/<int:id>", options: RouteOptions(exposure: .external), action: { parameters in try parameters.int("id") })
        #expect(router.matchedPattern("https://Shop.Example.com/catalog/product/42") == "catalog/product/<int:id>")
        #expect(router.failure(#"https://evil.example\@shop.example.com/catalog/product/42"#)?.summary == .hostNotHandled("evil.example"))
        // Escaped, the `\` is part of the userinfo for a browser too: the host is shop.example.com.
        #expect(router.matchedPattern("https://evil.example%5C@shop.example.com/catalog/product/42") == "catalog/product/<int:id>")
    }

    @Test("A dispatcher for https receives the URL as the router read it")
    func dispatcherGetsNormalizedText() async throws {
        let router = Router(configuration: RouterConfiguration(allowedSchemes: ["app", "https"]))
        try router.register("web", action: { parameters in try parameters.string("url") })
        router.setDispatcher(WebPageDispatcher(route: "web"), forSchemes: ["https"])
        let outcome = await router.open(#"HTTPS://user@Evil.Example:443\@help.example.com/a/../faq"#)
        #expect(outcome.actionResult as? String == "https://evil.example/@help.example.com/faq")
    }

    @Test("A fallback allowlist entry is an origin: a `\\` or `%5C` before `@` does not pass for the allowed host", arguments: [
        #"https://evil.example\@help.example.com/"#, "https://evil.example%5C@help.example.com/", "https://help.example.com:8443/",
        "http://help.example.com/", "https://help.example.com.evil.example/",
    ])
    func fallbackOrigin(target: String) async throws {
        let router = Router(configuration: RouterConfiguration(fallbackAllowlist: ["https://help.example.com"]))
        try router.register("web", action: { parameters in try parameters.string("url") })
        router.setDispatcher(WebPageDispatcher(route: "web"), forSchemes: ["https", "http"])
        let outcome = await router.open("app://gone?route_fallback_url=\(target)")
        #expect(!outcome.fellBack)
        #expect(outcome.failure?.summary == .noRoute("gone"))
        let allowed = await router.open("app://gone?route_fallback_url=https://user@HELP.example.com:443\\faq")
        #expect(allowed.actionResult as? String == "https://help.example.com/faq")
    }
}
