/// Android `<intent-filter>` elements for links: the schemes, hosts and paths an activity opens.
///
/// As Android documents for `<data>`, the `<data>` elements of one filter combine: a URI matches
/// when its scheme is one of the filter's schemes, its host one of its hosts (exactly, or any
/// subdomain for `*.example.com`, or any for `*`; Android compares hosts case-sensitively) and its
/// path matches one of its path attributes — any path when the filter has none. The filters of an
/// activity add up.
package struct AndroidIntentFilters: Sendable, Hashable {
    /// One `<intent-filter>`.
    package struct Filter: Sendable, Hashable {
        /// `android:autoVerify="true"`: Android verifies the hosts' `assetlinks.json` (App Links).
        package var autoVerify: Bool
        package var schemes: [String]
        package var hosts: [String]
        package var paths: [AndroidPathRule]
        /// Comments written before each path's `<data>`, by its index: the route it is for.
        package var pathComments: [Int: String] = [:]

        /// A filter.
        package init(autoVerify: Bool, schemes: [String], hosts: [String], paths: [AndroidPathRule], pathComments: [Int: String] = [:]) {
            (self.autoVerify, self.schemes, self.hosts, self.paths, self.pathComments) = (autoVerify, schemes, hosts, paths, pathComments)
        }

        /// Whether the filter claims the URI with these parts.
        package func claims(scheme: String, host: String, path: String) -> Bool {
            guard schemes.contains(where: { $0.lowercased() == scheme.lowercased() }) else { return false }
            guard hosts.isEmpty || hosts.contains(where: { Self.host($0, matches: host) }) else { return false }
            return paths.isEmpty || paths.contains { $0.matches(path) }
        }

        static func host(_ pattern: String, matches host: String) -> Bool {
            if pattern == "*" { return true }
            if pattern.hasPrefix("*.") { return host.hasSuffix(pattern.dropFirst()) }
            return pattern == host
        }
    }

    /// The filters, in order.
    package var filters: [Filter]

    /// Filters.
    package init(filters: [Filter]) {
        self.filters = filters
    }

    /// Whether any filter claims the URI, and the index of the first that does.
    package func claims(scheme: String, host: String, path: String) -> (claimed: Bool, filter: Int?) {
        let index = filters.firstIndex { $0.claims(scheme: scheme, host: host, path: path) }
        return (index != nil, index)
    }

    /// The path rules that decide for `https` links to `host`: `[nil]` when a filter for the host
    /// has no path attribute (it claims every path), empty when no filter names the host.
    func pathRules(forHTTPSHost host: String) -> [AndroidPathRule?] {
        filters.filter { filter in
            filter.schemes.contains { $0.lowercased() == "https" } && filter.hosts.contains { Filter.host($0, matches: host) }
        }.flatMap { $0.paths.isEmpty ? [nil] : $0.paths.map { Optional($0) } }
    }
}

extension AndroidIntentFilters {
    /// The `android` namespace.
    static let androidNamespace = "http://schemas.android.com/apk/res/android"

    /// The document `routes links --format android-intent-filters` writes: a root element that
    /// declares the `android` namespace and holds the filters, to paste into an `<activity>`.
    package func xml(header: String) -> String {
        let filters = filters.map { filter -> XMLText in
            var children: [XMLText] = [
                .element("action", attributes: [("android:name", "android.intent.action.VIEW")]),
                .element("category", attributes: [("android:name", "android.intent.category.DEFAULT")]),
                .element("category", attributes: [("android:name", "android.intent.category.BROWSABLE")]),
            ]
            children += filter.schemes.map { .element("data", attributes: [("android:scheme", Self.resourceEscaped($0))]) }
            children += filter.hosts.map { .element("data", attributes: [("android:host", Self.resourceEscaped($0))]) }
            for (index, rule) in filter.paths.enumerated() {
                if let comment = filter.pathComments[index] { children.append(.comment(comment)) }
                children.append(.element("data", attributes: [("android:\(rule.kind.rawValue)", Self.resourceEscaped(rule.value))]))
            }
            return .element("intent-filter", attributes: filter.autoVerify ? [("android:autoVerify", "true")] : [], children: children)
        }
        let root = XMLText.element("intent-filters", attributes: [("xmlns:android", Self.androidNamespace)], children: filters)
        return XMLText.document(root, comments: [header])
    }

    /// Reads every `<intent-filter>` of a document: an `AndroidManifest.xml`, or a file this tool wrote.
    ///
    /// - Throws: ``LinkFileError`` when the document is not well-formed XML or names no intent filter.
    package init(xml text: String) throws(LinkFileError) {
        let root = try XMLElement.parse(text)
        let elements = root.descendants.filter { $0.localName == "intent-filter" }
        guard !elements.isEmpty else { throw LinkFileError("no <intent-filter> element") }
        let namespace = Self.androidNamespace
        filters = elements.map { element in
            var filter = Filter(autoVerify: element.attribute("autoVerify", namespace: namespace) == "true", schemes: [], hosts: [], paths: [])
            for data in element.children where data.localName == "data" {
                if let scheme = data.attribute("scheme", namespace: namespace) { filter.schemes.append(Self.resourceUnescaped(scheme)) }
                if let host = data.attribute("host", namespace: namespace) { filter.hosts.append(Self.resourceUnescaped(host)) }
                for kind in AndroidPathRule.Kind.allCases {
                    if let value = data.attribute(kind.rawValue, namespace: namespace) {
                        filter.paths.append(AndroidPathRule(kind, Self.resourceUnescaped(value)))
                    }
                }
            }
            return filter
        }
        for rule in filters.flatMap(\.paths) {
            if let problem = rule.limitProblem() { throw LinkFileError(problem.message, isUnverifiable: !problem.refusedByAndroid) }
        }
    }

    /// A value as an Android resource string writes it: `\` doubled, as the manifest's strings are
    /// read with `\` as their own escape before the pattern is; the characters XML cannot hold
    /// (control characters, U+FFFE, U+FFFF) and tabs and line breaks, which an XML parser reads as
    /// spaces in an attribute, as `\uXXXX`.
    package static func resourceEscaped(_ value: String) -> String {
        var result = ""
        for scalar in value.unicodeScalars {
            if scalar == "\\" {
                result += "\\\\"
            } else if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A resource string as Android reads it: `\\`, `\'`, `\"`, `\n`, `\t` and `\uXXXX` replaced,
    /// the backslash of any other escape dropped.
    static func resourceUnescaped(_ value: String) -> String {
        var result = ""
        var scalars = value.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            guard scalar == "\\", let next = scalars.next() else {
                result.unicodeScalars.append(scalar)
                continue
            }
            switch next {
            case "n": result += "\n"
            case "t": result += "\t"
            case "u":
                var hex = ""
                for _ in 0..<4 { if let digit = scalars.next() { hex.unicodeScalars.append(digit) } }
                if let value = UInt32(hex, radix: 16), let decoded = Unicode.Scalar(value) { result.unicodeScalars.append(decoded) }
            default: result.unicodeScalars.append(next)
            }
        }
        return result
    }
}
