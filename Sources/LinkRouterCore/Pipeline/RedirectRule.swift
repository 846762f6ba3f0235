public import RoutePatterns

/// Why a redirect cannot be used.
///
/// May gain cases in a minor version (`@nonexhaustive`): a `switch` over it outside LinkRouter's
/// package ends with `@unknown default` (README, "Versioning").
@nonexhaustive
public enum RedirectError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The source pattern does not parse.
    case invalidSource(PatternError)
    /// The target's route part does not parse as a pattern.
    case invalidTarget(PatternError)
    /// The target has a `*`, `**` or an optional group, which cannot be filled in.
    case unfillableTarget(target: String)
    /// The target names a parameter that the source does not capture in every form.
    case uncapturedParameter(name: String, source: String, target: String)
    /// A redirect whose source has the same shape is already registered.
    case duplicate(source: String, existing: String)

    /// One line naming the redirect and what is wrong with it.
    public var description: String {
        switch self {
        case .invalidSource(let error): "redirect source: \(error)"
        case .invalidTarget(let error): "redirect target: \(error)"
        case .unfillableTarget(let target): "redirect target '\(target)' may not contain '*', '**' or optional groups"
        case .uncapturedParameter(let name, let source, let target):
            "redirect target '\(target)' uses '\(name)', which '\(source)' does not always capture"
        case .duplicate(let source, let existing): "redirect source '\(source)' duplicates the redirect source '\(existing)'"
        }
    }
}

/// A static redirect: URLs matching `source` open `target` instead, parameters carried over by name.
///
/// The target is a route key template (`new/:id`) or a URL template with a scheme
/// (`https://help.example.com/articles/:topic`), optionally with a fixed query (`new/:id?from=old`).
/// Each placeholder in the target is filled with the source capture of the same name. Nothing is
/// lost on the way: the original query items follow the target's, and source captures the target
/// does not use become query items.
struct RedirectRule: Sendable {
    let source: RoutePattern
    let target: String
    private let targetScheme: String?
    private let targetSegments: [RoutePattern.Segment]
    private let targetQuery: String?
    /// Whether the rule comes from the dynamic route table: its targets are held to the fallback
    /// allowlist, as data from outside the app's code.
    var isRouteTableRule = false

    /// Whether the target names its scheme (`https://help.example.com/:topic`); one that does not
    /// stays where the URL redirected is, as a bare route key does.
    var namesScheme: Bool { targetScheme != nil }

    init(from source: String, to target: String) throws(RedirectError) {
        do { self.source = try RoutePattern(source) } catch { throw .invalidSource(error) }
        self.target = target
        var route = Substring(target)
        if let range = route.firstRange(of: "://") {
            targetScheme = String(route[..<range.lowerBound])
            route = route[range.upperBound...]
        } else {
            targetScheme = nil
        }
        if let question = route.firstIndex(of: "?") {
            targetQuery = String(route[route.index(after: question)...])
            route = route[..<question]
        } else {
            targetQuery = nil
        }
        let pattern: RoutePattern
        do { pattern = try RoutePattern(String(route)) } catch { throw .invalidTarget(error) }
        let fillable = pattern.optionalGroups.isEmpty && !pattern.segments.contains {
            if case .wildcard = $0 { true } else if case .catchAll = $0 { true } else { false }
        }
        guard fillable else { throw .unfillableTarget(target: target) }
        targetSegments = pattern.segments
        let alwaysCaptured = Set(self.source.segments.compactMap(\.parameterName))
        for name in pattern.parameterNames where !alwaysCaptured.contains(name) {
            throw .uncapturedParameter(name: name, source: source, target: target)
        }
    }

    /// The URL that `url`, whose key matched `source` with these parameters, redirects to.
    func destination(for url: RouteURL, parameters: RouteParameters, fixedHost: Bool) -> String {
        let captured = parameters.pathParameters
        var used = Set<String>()
        var path: [String] = []
        for segment in targetSegments {
            switch segment {
            case .literal(let text):
                path.append(RouteLink.encode(text))
            case .parameter(let name), .typed(_, let name):
                used.insert(name)
                path.append(RouteLink.encode(captured[name] ?? ""))
            case .path(let name):
                used.insert(name)
                // Segment by segment, so that an escaped slash stays escaped.
                path.append(RouteLink.encodePath(segments: parameters.pathSegments(name) ?? []))
            case .wildcard, .catchAll:
                break
            }
        }
        var result = ""
        if let targetScheme {
            result = targetScheme + "://"
        } else if let scheme = url.scheme {
            if fixedHost, let host = url.host, !host.isEmpty {
                result = "\(scheme)://\(host)/"
            } else {
                result = url.host == nil ? "\(scheme):/" : "\(scheme)://"
            }
        }
        result += path.joined(separator: "/")

        var query: [String] = []
        if let targetQuery, !targetQuery.isEmpty { query.append(targetQuery) }
        if let original = url.query, !original.isEmpty { query.append(String(original)) }
        for name in parameters.path.names where !used.contains(name) {
            query.append(RouteLink.encode(name) + "=" + RouteLink.encode(captured[name] ?? ""))
        }
        if !query.isEmpty { result += "?" + query.joined(separator: "&") }
        if let fragment = url.fragment { result += "#" + fragment }
        return result
    }
}
