/// The `applinks` part of an `apple-app-site-association` file: which apps open which URLs of the
/// domain that serves it as universal links.
///
/// Matching follows Apple's documentation of `applinks.Details.Components` and of universal
/// links' pattern matching: a pattern's `*` matches zero or more characters, `/` included, and
/// `?` exactly one; the `/` pattern is matched against the URL's path (percent-encoded as the URL
/// writes it, by default), `?` against its query (a string pattern against the whole query, or
/// a dictionary whose every name must be a query item with a value that matches), `#` against its
/// fragment; an absent key matches everything. The components of an app are tried in order and
/// the first that matches decides: the URL opens the app, or, for an `exclude` component, does
/// not. Matching is case-sensitive unless `caseSensitive` is `false` (in the component, or in
/// the `defaults` of its app or of the file). The older `paths` array (`"NOT /path"` excludes)
/// is read when an app has no `components`.
package struct AppleAppSiteAssociation: Sendable, Hashable {
    /// One component: patterns for a URL's parts, and whether a match excludes the URL.
    package struct Component: Sendable, Hashable {
        /// The pattern for the path; `nil` matches every path.
        package var path: String?
        /// The pattern for the query; `nil` matches every query.
        package var query: Query?
        /// The pattern for the fragment; `nil` matches every fragment.
        package var fragment: String?
        /// Whether a URL the component matches is excluded.
        package var exclude = false
        /// Whether matching is case-sensitive, when the component says so.
        package var caseSensitive: Bool?
        /// Text the system ignores: `routes links` names the route the component is for.
        package var comment: String?

        /// A component that matches paths by `path`.
        package init(path: String?, exclude: Bool = false, comment: String? = nil) {
            self.path = path
            self.exclude = exclude
            self.comment = comment
        }
    }

    /// The pattern for a URL's query.
    package enum Query: Sendable, Hashable {
        /// A pattern for the whole query.
        case pattern(String)
        /// A pattern for the value of each named query item, every one required.
        case items([String: String])
    }

    /// One entry of `details`: apps and the components they share.
    package struct Detail: Sendable, Hashable {
        /// The application identifiers, `TEAMID.bundle.id`.
        package var appIDs: [String]
        /// The components, in order.
        package var components: [Component]
        /// The app-level `defaults.caseSensitive`, if set.
        package var caseSensitive: Bool?

        /// An entry for these apps.
        package init(appIDs: [String], components: [Component], caseSensitive: Bool? = nil) {
            (self.appIDs, self.components, self.caseSensitive) = (appIDs, components, caseSensitive)
        }
    }

    /// The entries of `applinks.details`, in order.
    package var details: [Detail]
    /// The file-level `applinks.defaults.caseSensitive`, if set.
    package var caseSensitive: Bool?

    /// A document with these entries.
    package init(details: [Detail]) {
        self.details = details
    }

    /// The components that decide for `appID`: those of the first entry naming it, as the system
    /// uses one entry per app.
    package func components(for appID: String) -> (components: [Component], caseSensitive: Bool)? {
        guard let detail = details.first(where: { $0.appIDs.contains(appID) }) else { return nil }
        return (detail.components, detail.caseSensitive ?? caseSensitive ?? true)
    }

    /// Whether the app `appID` opens the URL with these parts, and the index of the component that
    /// decided, if any.
    package func claims(appID: String, path: String, query: String? = nil, fragment: String? = nil) -> (claimed: Bool, component: Int?) {
        guard let (components, caseSensitive) = components(for: appID) else { return (false, nil) }
        for (index, component) in components.enumerated()
        where component.matches(path: path, query: query, fragment: fragment, caseSensitive: component.caseSensitive ?? caseSensitive) {
            return (!component.exclude, index)
        }
        return (false, nil)
    }

    /// Whether `text` matches `pattern`, where `*` stands for zero or more characters and `?` for
    /// exactly one.
    package static func matches(_ pattern: String, _ text: String, caseSensitive: Bool = true) -> Bool {
        let pattern = Array((caseSensitive ? pattern : pattern.lowercased()).unicodeScalars)
        let text = Array((caseSensitive ? text : text.lowercased()).unicodeScalars)
        // The classic wildcard walk: on a mismatch, let the last `*` take one more character.
        var (p, t) = (0, 0)
        var star: (pattern: Int, text: Int)?
        while t < text.count {
            if p < pattern.count, pattern[p] == "?" || (pattern[p] != "*" && pattern[p] == text[t]) {
                p += 1
                t += 1
            } else if p < pattern.count, pattern[p] == "*" {
                star = (p, t)
                p += 1
            } else if let last = star {
                p = last.pattern + 1
                t = last.text + 1
                star = (last.pattern, last.text + 1)
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }
}

extension AppleAppSiteAssociation.Component {
    /// Whether the component matches a URL with these parts (an absent query or fragment is empty).
    package func matches(path: String, query: String?, fragment: String?, caseSensitive: Bool) -> Bool {
        typealias File = AppleAppSiteAssociation
        if let pattern = self.path, !File.matches(pattern, path, caseSensitive: caseSensitive) { return false }
        if let pattern = self.fragment, !File.matches(pattern, fragment ?? "", caseSensitive: caseSensitive) { return false }
        switch self.query {
        case nil:
            return true
        case .pattern(let pattern):
            return File.matches(pattern, query ?? "", caseSensitive: caseSensitive)
        case .items(let items):
            let given = (query ?? "").split(separator: "&").map { item -> (String, String) in
                let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
            }
            return items.allSatisfy { name, pattern in
                given.contains { $0.0 == name && File.matches(pattern, $0.1, caseSensitive: caseSensitive) }
            }
        }
    }

    /// The paths without query or fragment that the component matches.
    func expression(caseSensitive: Bool) -> PathExpression {
        typealias File = AppleAppSiteAssociation
        let caseSensitive = self.caseSensitive ?? caseSensitive
        // A link without query or fragment: their patterns must match the empty text.
        let matchesNoQuery = switch query {
        case nil: true
        case .pattern(let pattern): File.matches(pattern, "")
        case .items(let items): items.isEmpty
        }
        guard matchesNoQuery, fragment.map({ File.matches($0, "") }) ?? true else { return .choice([]) }
        guard var path else { return .anything }
        // As `matches` compares: both lowercased (`K`, the Kelvin sign, becomes `k`).
        if !caseSensitive { path = path.lowercased() }
        return .sequence(path.utf8.map { byte -> PathExpression in
            switch byte {
            case UInt8(ascii: "*"): .anything
            case UInt8(ascii: "?"): .bytes(.all)
            default: PathExpression.literal(String(decoding: [byte], as: UTF8.self), ignoringCase: !caseSensitive)
            }
        })
    }
}
