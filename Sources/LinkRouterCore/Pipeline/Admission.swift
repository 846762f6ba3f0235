/// How one URL is let into the router: the key it is matched by and the source it is opened
/// with, decided once, from the configuration, by ``AdmissionRules/admission(of:from:dispatchers:)``
/// (every door reaches it through ``AdmissionRules/locate(_:from:dispatchers:)``, which also
/// parses the URL and marks a web link).
///
/// Every door asks for it in the same way: `open`, `call`, `canOpen`, `page(for:)` and `resolve`, each hop of
/// an open (a static or dynamic-table redirect, a disabled route's fallback, a page's own
/// redirect, an interceptor's redirect, `route_fallback_url`, the not-found handler, a
/// dispatcher's route), the parents a deep link rebuilds, the tab roots, the pages compared for
/// update in place, and `validate`. No other code decides whether a URL's host is part of its key,
/// or that a link from the web is external.
struct Admission {
    /// The source the URL is opened with: external for a link to one of the web hosts, whatever
    /// the door was given. An open carries it to the next hop, so nothing an open goes on to (a
    /// redirect, a table rule, a fallback) is opened as the app's own after a web link.
    let source: OpenSource
    /// Whether the URL's host is its key's first segment (`app://user/42` has the key `user/42`):
    /// when the router has no fixed host and the URL is not a web link, which is keyed by its path.
    let includingHost: Bool
    /// Whether the dispatcher of the URL's scheme takes it, rather than the routes. (A flag, not
    /// the scheme: a value without references costs `resolve` no retain or release.)
    let isDispatched: Bool
    /// Whether the URL is a link to one of the web hosts.
    let isWebLink: Bool

    /// The route key of the URL admitted.
    func key(of url: RouteURL) -> RouteKey {
        RouteKey(url: url, includingHost: includingHost)
    }
}

/// The rule that admits URLs, made once from the router's configuration (which never changes)
/// and shared by the router's doors and by every run, which reaches it through its snapshot
/// (``RouterSnapshot/admission``) and so asks the router nothing. A class, read in place: a
/// method of the configuration itself would copy the configuration, with a retain of each of
/// its sets and strings, on every open.
final class AdmissionRules: Sendable {
    let allowedSchemes: Set<String>?
    let host: String?
    let webHosts: Set<String>
    /// Whether the configuration names web hosts: checked before any web-link test, so that a
    /// router without any pays for none.
    let admitsWebLinks: Bool
    let maximumURLLength: Int

    init(_ configuration: RouterConfiguration) {
        allowedSchemes = configuration.allowedSchemes
        host = configuration.host
        webHosts = configuration.webHosts
        admitsWebLinks = !configuration.webHosts.isEmpty
        maximumURLLength = configuration.maximumURLLength
    }

    /// Parses and admits a URL (``admission(of:from:dispatchers:)``), marking a web link so that
    /// its public `routeKey`, and the parameters and entries that carry it, read it as one: the
    /// first steps of every door that reads a URL, written once. A tuple, not a struct: a door
    /// hands the URL on to the matcher without a copy.
    /// - Parameters:
    ///   - text: The URL.
    ///   - source: The door's source, or the one the open carries from its last hop.
    ///   - dispatchers: The dispatchers by lowercased scheme; only the plan passes them.
    /// - Throws: ``RouteFailure/invalidURL(_:)``, ``RouteFailure/schemeNotAllowed(scheme:)`` or
    ///   ``RouteFailure/hostNotHandled(host:)``.
    @inline(__always)
    func locate(
        _ text: String, from source: OpenSource, dispatchers: [String: any RouteDispatcher]? = nil
    ) throws(RouteFailure) -> (url: RouteURL, admission: Admission) {
        let url: RouteURL
        do { url = try RouteURL(text, maximumLength: maximumURLLength) } catch { throw .invalidURL(error) }
        let admission = try admission(of: url, from: source, dispatchers: dispatchers)
        // Marked on a URL of its own: a `var` marked on one branch only costs every lookup a copy.
        guard admission.isWebLink else { return (url, admission) }
        var marked = consume url
        marked.admitAsWebLink()
        return (marked, admission)
    }

    /// The admission of a URL, whichever door it comes through: the one rule for web links,
    /// dispatchers, allowed schemes and hosts, and the one key mode (see ``Admission``). The URL is
    /// left as it is: ``locate(_:from:dispatchers:)`` marks a web link.
    ///
    /// In order: a link to one of the ``RouterConfiguration/webHosts`` is admitted as a web link —
    /// external, keyed by its path, never dispatched; a URL whose scheme has one of `dispatchers`
    /// goes to it; a scheme outside ``RouterConfiguration/allowedSchemes`` is refused; a host other
    /// than the fixed ``RouterConfiguration/host`` is refused; with web hosts set, an `https` URL
    /// of another host is refused.
    /// - Parameters:
    ///   - url: The URL.
    ///   - source: The source the door was given, or the one the open carries from its last hop.
    ///   - dispatchers: The dispatchers by lowercased scheme; only the open pipeline passes them
    ///     (`nil`, rather than an empty dictionary, costs `resolve` nothing).
    /// - Throws: ``RouteFailure/schemeNotAllowed(scheme:)`` or ``RouteFailure/hostNotHandled(host:)``.
    func admission(
        of url: RouteURL, from source: OpenSource, dispatchers: [String: any RouteDispatcher]? = nil
    ) throws(RouteFailure) -> Admission {
        // Checked first, and only when the configuration names web hosts: a router without any
        // pays for no test of the scheme or the host.
        if admitsWebLinks, isWebLink(url) {
            return Admission(source: .external, includingHost: false, isDispatched: false, isWebLink: true)
        }
        if let dispatchers, !dispatchers.isEmpty, let scheme = url.scheme?.lowercased(), dispatchers[scheme] != nil {
            return Admission(source: source, includingHost: host == nil, isDispatched: true, isWebLink: false)
        }
        if let allowed = allowedSchemes, let scheme = url.scheme, !allowed.contains(scheme.lowercased()) {
            throw .schemeNotAllowed(scheme: scheme)
        }
        if let fixedHost = host, let host = url.host, !host.isEmpty,
           host.lowercased() != fixedHost.lowercased() {
            throw .hostNotHandled(host: host)
        }
        if admitsWebLinks, url.scheme?.lowercased() == "https" {
            throw .hostNotHandled(host: url.host ?? "")
        }
        return Admission(source: source, includingHost: host == nil, isDispatched: false, isWebLink: false)
    }

    /// Whether `url` is an `https` URL of one of the web hosts: the admission makes such a link
    /// external and keys it by its path.
    private func isWebLink(_ url: RouteURL) -> Bool {
        guard let scheme = url.scheme, scheme.lowercased() == "https", let host = url.host else { return false }
        return webHosts.contains(host.lowercased())
    }

    /// The source an open of `url` starts with, as the admission decides it; the source given
    /// when the URL does not parse or is refused (the open then fails on it).
    func admittedSource(of url: String, from source: OpenSource) -> OpenSource {
        guard admitsWebLinks, let parsed = try? RouteURL(url, maximumLength: maximumURLLength) else { return source }
        return (try? admission(of: parsed, from: source))?.source ?? source
    }

    /// The route key of a URL the router admits, for comparing the keys of pages shown, tab roots
    /// and parents; `nil` for a URL it refuses.
    func admittedKey(of url: RouteURL) -> RouteKey? {
        (try? admission(of: url, from: .app)).map { $0.key(of: url) }
    }
}

extension Admission {
    /// The decoded segments of the route key of the URL admitted (``key(of:)``), the host first
    /// when the key includes it; a `%2F` stays inside its segment.
    func keySegments(of url: RouteURL) -> [String] {
        var segments = url.pathSegments
        if includingHost, let host = url.host, !host.isEmpty { segments.insert(host, at: 0) }
        return segments
    }
}

extension Router {
    /// The decoded segments of the route key the router matches `url` by, the URL admitted as
    /// every door admits it (``AdmissionRules/admission(of:from:dispatchers:)``): the host is the
    /// key's first segment unless the router has a fixed host or the URL is a link to one of its
    /// web hosts. For the `routes` tool, which explains a miss against the key the router matched.
    ///
    /// - Throws: ``RouteFailure/invalidURL(_:)``, or the admission's refusal:
    ///   ``RouteFailure/schemeNotAllowed(scheme:)``, ``RouteFailure/hostNotHandled(host:)``.
    package func admittedKeySegments(of url: String) throws(RouteFailure) -> [String] {
        let parsed: RouteURL
        do { parsed = try RouteURL(url, maximumLength: configuration.maximumURLLength) } catch { throw .invalidURL(error) }
        return try snapshot.admission.admission(of: parsed, from: .app).keySegments(of: parsed)
    }
}
