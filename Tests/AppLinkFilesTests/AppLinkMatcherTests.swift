import AppLinkFiles
import Testing

/// The matchers the cross-check relies on, against the examples of Apple's and Android's
/// documentation.
struct AppLinkMatcherTests {
    private static let app = "ABCDE12345.com.example.app"

    /// Apple's example file for `applinks` (Supporting associated domains).
    private static let appleExample = """
        {
          "applinks": {
            "details": [
              {
                "appIDs": ["ABCDE12345.com.example.app", "ABCDE12345.com.example.app2"],
                "components": [
                  { "#": "no_universal_links", "exclude": true, "comment": "no fragment no_universal_links" },
                  { "/": "/buy/*", "comment": "paths that start with /buy/" },
                  { "/": "/help/website/*", "exclude": true, "comment": "not /help/website/" },
                  { "/": "/help/*", "?": { "articleNumber": "????" }, "comment": "a four-character articleNumber" }
                ]
              }
            ]
          }
        }
        """

    @Test("Apple's example: components in order, the first that matches decides", arguments: [
        ("/buy/shoes", nil, nil, true),
        ("/buy/", nil, nil, true),
        ("/buy", nil, nil, false),
        ("/buy/shoes", nil, "no_universal_links", false),
        ("/buy/shoes", nil, "top", true),
        ("/help/website/faq", "articleNumber=1234", nil, false),
        ("/help/faq", "articleNumber=1234", nil, true),
        ("/help/faq", "articleNumber=12345", nil, false),
        ("/help/faq", "x=1&articleNumber=abcd", nil, true),
        ("/help/faq", nil, nil, false),
        ("/other", nil, nil, false),
    ] as [(String, String?, String?, Bool)])
    func appleExample(path: String, query: String?, fragment: String?, claimed: Bool) throws {
        let file = try AppleAppSiteAssociation(json: Self.appleExample)
        #expect(file.claims(appID: Self.app, path: path, query: query, fragment: fragment).claimed == claimed)
        #expect(file.claims(appID: "ZZZZZ99999.other", path: path, query: query, fragment: fragment).claimed == false)
    }

    @Test("Apple's patterns: * is zero or more characters, / included; ? exactly one; ?* at least one", arguments: [
        ("/*", "/", true), ("/*", "/a/b/c", true), ("/a/*", "/a", false), ("/a*", "/a", true),
        ("/user/?*", "/user/", false), ("/user/?*", "/user/x", true), ("/user/?*", "/user/x/y", true),
        ("/?", "/ab", false), ("/??", "/ab", true), ("/*/b", "/x/y/b", true), ("/*/b", "/b", false),
        ("/a*b*c", "/aXbYbZc", true), ("/A", "/a", false),
    ])
    func applePatterns(pattern: String, path: String, matches: Bool) {
        #expect(AppleAppSiteAssociation.matches(pattern, path) == matches)
    }

    @Test("caseSensitive false in a component or the defaults compares letters ignoring case")
    func appleCase() throws {
        let file = try AppleAppSiteAssociation(json: """
            {"applinks": {"defaults": {"caseSensitive": false}, "details": [{"appID": "\(Self.app)",
             "components": [{"/": "/Sourdough/?*"}, {"/": "/Exact", "caseSensitive": true}]}]}}
            """)
        #expect(file.claims(appID: Self.app, path: "/sourdough/loaf").claimed)
        #expect(!file.claims(appID: Self.app, path: "/exact").claimed)
        #expect(file.claims(appID: Self.app, path: "/Exact").claimed)
    }

    @Test("The paths array before iOS 13: NOT excludes")
    func appleLegacyPaths() throws {
        let file = try AppleAppSiteAssociation(json: """
            {"applinks": {"apps": [], "details": [{"appID": "\(Self.app)", "paths": ["NOT /settings/*", "/*"]}]}}
            """)
        #expect(file.claims(appID: Self.app, path: "/bridger").claimed)
        #expect(!file.claims(appID: Self.app, path: "/settings/profile").claimed)
    }

    @Test("A malformed file is an error naming what is wrong", arguments: [
        ("[]", "no \"applinks\" object"),
        ("{\"applinks\": {}}", "\"applinks\" has no \"details\" array"),
        ("{\"applinks\": {\"details\": [{\"components\": []}]}}", "applinks.details[0] names no \"appID\" or \"appIDs\""),
        ("{\"applinks\": {\"details\": [{\"appID\": \"A\", \"components\": [{\"/\": 1}]}]}}", "applinks.details[0].components[0].\"/\" is not a string"),
    ])
    func appleMalformed(text: String, message: String) {
        #expect(throws: LinkFileError.self) { try AppleAppSiteAssociation(json: text) }
        do { _ = try AppleAppSiteAssociation(json: text) } catch { #expect(error.description == message) }
    }

    @Test("Android's pathPattern: '*' repeats the character before it, '.' is any character, '\\\\' escapes", arguments: [
        ("/a*", "/", true), ("/a*", "/aaa", true), ("/a*", "/ab", false),
        ("/.*html", "/abc.html", true), ("/.*html", "/chtml", true), ("/.*html", "/htm", false),
        ("/user/..*", "/user/", false), ("/user/..*", "/user/x/y", true),
        ("/v\\.2", "/v.2", true), ("/v\\.2", "/vx2", false), ("/\\*", "/*", true), ("/\\*", "/", false),
        ("/a/.*/b", "/a/x/y/b", true),
    ])
    func androidSimpleGlob(pattern: String, path: String, matches: Bool) {
        #expect(AndroidPathRule(.pathPattern, pattern).matches(path) == matches)
    }

    @Test("Android's pathAdvancedPattern: sets, ranges, '^', '+' and counts", arguments: [
        ("/user/[^/]+", "/user/42", true), ("/user/[^/]+", "/user/4/2", false), ("/user/[^/]+", "/user/", false),
        ("/id/[0-9]{3}", "/id/123", true), ("/id/[0-9]{3}", "/id/12", false), ("/id/[0-9]{2,3}", "/id/12", true),
        ("/id/[0-9]{2,}", "/id/12345", true), ("/[a-c]*", "/abcab", true), ("/[a-c]*", "/abd", false),
        ("/x\\.y", "/x.y", true), ("/x\\.y", "/xzy", false), ("/[", "/[", false),
    ])
    func androidAdvancedGlob(pattern: String, path: String, matches: Bool) {
        #expect(AndroidPathRule(.pathAdvancedPattern, pattern).matches(path) == matches)
    }

    @Test("Android's path, pathPrefix and pathSuffix compare the whole path, its start and its end")
    func androidLiteralRules() {
        #expect(AndroidPathRule(.path, "/catalog").matches("/catalog"))
        #expect(!AndroidPathRule(.path, "/catalog").matches("/catalog/"))
        #expect(AndroidPathRule(.pathPrefix, "/catalog/").matches("/catalog/a/b"))
        #expect(!AndroidPathRule(.pathPrefix, "/catalog/").matches("/catalog"))
        #expect(AndroidPathRule(.pathSuffix, ".pdf").matches("/docs/a.pdf"))
    }

    @Test("An intent filter's <data> elements combine; a filter without a path attribute claims every path")
    func androidFilters() throws {
        let filters = try AndroidIntentFilters(xml: """
            <?xml version="1.0" encoding="utf-8"?>
            <manifest xmlns:a="http://schemas.android.com/apk/res/android" package="com.example">
              <application><activity a:name=".Main">
                <intent-filter a:autoVerify="true">
                  <action a:name="android.intent.action.VIEW" />
                  <data a:scheme="https" /><data a:scheme="http" />
                  <data a:host="example.com" />
                  <data a:pathPattern="/v\\\\.2/..*" />
                  <!-- a comment -->
                  <data a:pathPrefix="/buy/" />
                </intent-filter>
                <intent-filter><data a:scheme="app" /></intent-filter>
              </activity></application>
            </manifest>
            """)
        #expect(filters.filters.count == 2)
        #expect(filters.filters[0].autoVerify)
        #expect(filters.filters[0].paths == [AndroidPathRule(.pathPattern, "/v\\.2/..*"), AndroidPathRule(.pathPrefix, "/buy/")])
        #expect(filters.claims(scheme: "https", host: "example.com", path: "/v.2/x").claimed)
        #expect(!filters.claims(scheme: "https", host: "example.com", path: "/vx2/x").claimed)
        #expect(filters.claims(scheme: "http", host: "example.com", path: "/buy/a").claimed)
        #expect(!filters.claims(scheme: "https", host: "other.com", path: "/buy/a").claimed)
        #expect(filters.claims(scheme: "app", host: "anything", path: "/at/all").filter == 1)
    }

    @Test("XML that is not well-formed is an error naming its line", arguments: [
        ("<a><b></a>", "line 1: </a> closes <b>"),
        ("<a>\n<intent-filter x=1/></a>", "line 2: a quoted value expected for x"),
        ("<!DOCTYPE a><a/>", "line 1: a document type declaration is not accepted"),
        ("<a></a>", "no <intent-filter> element"),
    ])
    func androidMalformed(text: String, message: String) {
        do {
            _ = try AndroidIntentFilters(xml: text)
            Issue.record("no error for \(text)")
        } catch {
            #expect(error.description == message)
        }
    }
}
