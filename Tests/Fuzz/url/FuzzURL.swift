// Fuzz target: the URL parser (RouteURL). Any bytes, read as UTF-8 (invalid sequences repaired, as
// any Swift String is), must parse or throw URLParseError — never trap — and a parsed URL must
// answer every component consistently; an http(s), ws(s) or ftp URL's normalized text must read
// the same again.
import LinkRouterCore

/// libFuzzer's entry point: parses one input as a URL and checks it. Returns 0, as libFuzzer requires;
/// a broken invariant aborts.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    let length = text.utf8.count
    let url: RouteURL
    do {
        url = try RouteURL(text)
    } catch {
        checkError(error, text: text, length: length)
        return 0
    }
    checkComponents(url, text: text)
    checkRoundTrip(url)
    checkLengthLimit(text, length: length)
    return 0
}

/// An error names the URL and an offset inside it, and parsing fails the same way every time.
func checkError(_ error: URLParseError, text: String, length: Int) {
    require(error.offset >= 0 && error.offset <= length, "offset \(error.offset) outside a \(length)-byte URL")
    if length <= 200 { require(sameBytes(error.url, text), "error names another URL: \(error.url)") }
    require(!error.description.isEmpty, "empty description")
    if case .tooLong(let limit) = error.reason {
        // Repairing invalid UTF-8 can make a short input long: each bad byte becomes 3 bytes.
        require(limit == RouteURL.defaultMaximumLength && length > limit, "limit \(limit) hit by a \(length)-byte URL")
    }
    do {
        _ = try RouteURL(text)
        require(false, "second parse of the same text succeeded")
    } catch let again {
        require(again == error, "second parse failed differently: \(again) vs \(error)")
    }
}

/// The schemes whose URLs RouteURL reads as a browser does, keeping the normalized text.
let webSchemes: Set<String> = ["http", "https", "ws", "wss", "ftp"]

/// Every component can be read; the route key is the host and the path segments; no empty segment.
func checkComponents(_ url: RouteURL, text: String) {
    require(sameBytes(url.description, url.string), "description differs from string")
    if let scheme = url.scheme, webSchemes.contains(scheme) {
        checkWebReading(url)
    } else {
        require(sameBytes(url.string, text), "string differs from input")
    }
    let segments = url.pathSegments
    require(!segments.contains(""), "empty path segment in \(segments)")
    var key: [String] = []
    if let host = url.host, !host.isEmpty { key.append(host) }
    key += segments
    require(sameBytes(url.routeKey, key.joined(separator: "/")), "route key \(url.routeKey) is not host + path \(key)")
    if let scheme = url.scheme {
        require(!scheme.isEmpty && scheme.utf8.allSatisfy { $0 < 0x80 }, "bad scheme \(scheme)")
        require(url.string.utf8.starts(with: (scheme + ":").utf8), "scheme is not the URL's start")
    }
    let items = url.queryItems
    if url.query == nil { require(items.isEmpty, "query items without a query") }
    for item in items.prefix(4) {   // each lookup decodes the whole query again: a few suffice
        let last = url.queryValue(item.name)
        require(last != nil, "queryValue misses \(item.name)")
        let all = url.queryValues(item.name)
        require(!all.isEmpty && sameBytes(all.last!, last!), "queryValues and queryValue disagree for \(item.name)")
    }
    _ = url.fragment
    require(url == url && url.hashValue == url.hashValue, "not equal to itself")
}

/// A web URL as read (its normalized text) reads the same again: same text, host and key
/// (idempotence); its host is nonempty, lowercase ASCII.
func checkWebReading(_ url: RouteURL) {
    guard let host = url.host, !host.isEmpty else {
        require(false, "web URL \(url.string) without a host")
        return
    }
    require(host.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F && !($0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z")) }, "host \(host) not lowercase ASCII")
    let again: RouteURL
    do { again = try RouteURL(url.string, maximumLength: Int.max) } catch {
        require(false, "normalized text \(url.string) does not parse: \(error)")
        return
    }
    require(sameBytes(again.string, url.string), "normalized text \(url.string) reads as \(again.string)")
    require(again.host.map { Array($0.utf8) } == Array(host.utf8), "host \(host) reads as \(String(describing: again.host))")
    require(sameBytes(again.routeKey, url.routeKey), "route key of \(url.string) changes when read again")
}

/// Rebuilding the URL from its decoded components, percent-encoded, gives the same components.
func checkRoundTrip(_ url: RouteURL) {
    var rebuilt = url.scheme.map { $0 + ":" } ?? ""
    // A web URL's host is already as a browser writes it; escaped, an IPv6 host's brackets would
    // be read as part of a domain name.
    if let host = url.host { rebuilt += "//" + (webSchemes.contains(url.scheme ?? "") ? host : percentEncoded(host)) }
    rebuilt += "/" + url.pathSegments.map(percentEncoded).joined(separator: "/")
    if url.query != nil {
        rebuilt += "?" + url.queryItems.map { percentEncoded($0.name) + "=" + percentEncoded($0.value) }.joined(separator: "&")
    }
    if let fragment = url.fragment { rebuilt += "#" + percentEncoded(fragment) }
    let again: RouteURL
    do { again = try RouteURL(rebuilt, maximumLength: Int.max) } catch {
        require(false, "rebuilt URL \(rebuilt) does not parse: \(error)")
        return
    }
    require(again.scheme == url.scheme, "scheme \(String(describing: again.scheme)) after round trip")
    require(again.host.map { Array($0.utf8) } == url.host.map { Array($0.utf8) }, "host \(String(describing: again.host)) after round trip of \(rebuilt)")
    require(sameBytes(again.pathSegments, url.pathSegments), "path \(again.pathSegments) after round trip of \(rebuilt)")
    require(sameBytes(again.routeKey, url.routeKey), "route key after round trip of \(rebuilt)")
    require(sameBytes(again.queryItems.map(\.name), url.queryItems.map(\.name)), "query names after round trip of \(rebuilt)")
    require(sameBytes(again.queryItems.map(\.value), url.queryItems.map(\.value)), "query values after round trip of \(rebuilt)")
    require(again.fragment.map { Array($0.utf8) } == url.fragment.map { Array($0.utf8) }, "fragment after round trip of \(rebuilt)")
}

/// The length limit is exact: a URL of N bytes passes a limit of N and fails N - 1 at offset N - 1.
func checkLengthLimit(_ text: String, length: Int) {
    do { _ = try RouteURL(text, maximumLength: length) } catch {
        require(false, "limit \(length) rejects a \(length)-byte URL: \(error)")
    }
    guard length > 0 else { return }
    do {
        _ = try RouteURL(text, maximumLength: length - 1)
        require(false, "limit \(length - 1) accepts a \(length)-byte URL")
    } catch {
        require(error.reason == .tooLong(limit: length - 1) && error.offset == length - 1, "limit error \(error)")
    }
}
