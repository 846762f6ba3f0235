import LinkRouterCore

/// The `apple-app-site-association` path patterns for a route form.
enum AppleLinkRules {
    /// One pattern, and whether it compares letters ignoring case (for `<bool:>` words).
    struct Path: Hashable {
        let path: String
        var ignoresCase = false
    }

    /// The choices for each of the form's segments, as path pieces: a literal as the URL writes it,
    /// a `<uuid:>` as its shape of `?`s, each `<bool:>` word (compared ignoring case), any other
    /// placeholder as `?*` (one or more characters: the nearest Apple's patterns come to one
    /// segment); and whether a `**` ends the form.
    private static func pieces(of form: LinkForm) -> (pieces: [[String]], catchAll: Bool) {
        var pieces: [[String]] = []
        for segment in form.segments {
            switch segment {
            case .literal(let text): pieces.append(["/" + RouteLink.encode(text)])
            case .typed(.uuid, _): pieces.append(["/????????-????-????-????-????????????"])
            case .typed(.bool, _): pieces.append(["true", "false", "yes", "no", "1", "0"].map { "/" + $0 })
            case .parameter, .wildcard, .typed, .path: pieces.append(["/?*"])
            case .catchAll: return (pieces, true)
            }
        }
        return (pieces, false)
    }

    /// Every combination of the pieces' choices; one `?*` for all when there would be more than 36.
    private static func combinations(_ pieces: [[String]]) -> [Path] {
        let count = pieces.reduce(1) { $0 * $1.count }
        let pieces = count > 36 ? pieces.map { $0.count > 1 ? ["/?*"] : $0 } : pieces
        let ignoresCase = pieces.contains { $0.count > 1 }
        return pieces.reduce([""]) { prefixes, choices in prefixes.flatMap { prefix in choices.map { prefix + $0 } } }
            .map { Path(path: $0, ignoresCase: ignoresCase) }
    }

    /// The patterns that claim the form's paths; for a form ending with `**`, the path without it
    /// and below it.
    static func paths(of form: LinkForm) -> [Path] {
        let (pieces, catchAll) = pieces(of: form)
        let paths = combinations(pieces)
        guard catchAll else { return paths.map { $0.path.isEmpty ? Path(path: "/", ignoresCase: $0.ignoresCase) : $0 } }
        return paths.flatMap { path in
            path.path.isEmpty ? [Path(path: "/*")] : [path, Path(path: path.path + "/*", ignoresCase: path.ignoresCase)]
        }
    }

    /// The patterns that exclude an internal form's paths: its paths, and those ending with a
    /// literal once more with a `/` at the end, which the router reads as without it.
    static func exclusions(of form: LinkForm) -> [Path] {
        paths(of: form).flatMap { path in
            path.path.hasSuffix("*") || path.path == "/" ? [path] : [path, Path(path: path.path + "/", ignoresCase: path.ignoresCase)]
        }
    }

    /// For each placeholder written `?*` (not the last `<path:>`), the patterns of the paths where
    /// it would span several segments: an exclusion before the form's own pattern narrows it to one.
    static func deeperPaths(of form: LinkForm) -> [Path] {
        let (pieces, catchAll) = pieces(of: form)
        guard !catchAll else { return [] }
        return form.segments.indices.flatMap { index -> [Path] in
            if case .path = form.segments[index] { return [] }
            guard pieces[index] == ["/?*"] else { return [] }
            var deeper = pieces
            deeper[index] = ["/?*/?*"]
            return combinations(deeper)
        }
    }
}

/// The Android `<data>` path attributes for a route form.
enum AndroidLinkRules {
    /// The attributes that claim the form's paths: `android:path` for a form of literals,
    /// `android:pathPrefix` for literals then `<path:>` or `**`, else `android:pathPattern` with
    /// `..*` (one or more characters) for a placeholder.
    static func rules(of form: LinkForm) -> [AndroidPathRule] {
        var literal = ""
        var pattern = ""
        var allLiteral = true
        for segment in form.segments {
            switch segment {
            case .literal(let text):
                let encoded = RouteLink.encode(text)
                literal += "/" + encoded
                pattern += "/" + escaped(encoded)
            case .typed(.uuid, _):
                allLiteral = false
                pattern += "/........-....-....-....-............"
            case .parameter, .wildcard, .typed:
                allLiteral = false
                pattern += "/..*"
            case .path:
                if allLiteral { return [AndroidPathRule(.pathPrefix, literal + "/")] }
                return [AndroidPathRule(.pathPattern, pattern + "/..*")]
            case .catchAll:
                if allLiteral {
                    return literal.isEmpty ? [AndroidPathRule(.pathPrefix, "/")] : [AndroidPathRule(.path, literal), AndroidPathRule(.pathPrefix, literal + "/")]
                }
                return [AndroidPathRule(.pathPattern, pattern), AndroidPathRule(.pathPattern, pattern + "/.*")]
            }
        }
        if allLiteral { return [AndroidPathRule(.path, literal.isEmpty ? "/" : literal)] }
        return [AndroidPathRule(.pathPattern, pattern)]
    }

    /// Text made literal for `PATTERN_SIMPLE_GLOB`: `.`, `*` and `\` escaped.
    static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            if character == "." || character == "*" || character == "\\" { result.append("\\") }
            result.append(character)
        }
        return result
    }
}
