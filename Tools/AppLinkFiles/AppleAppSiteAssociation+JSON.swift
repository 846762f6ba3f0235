internal import RouteTableJSON

extension AppleAppSiteAssociation {
    /// The file's text: `applinks` with its `details`, a component a line, and a final newline.
    package var json: String {
        let defaults = { (caseSensitive: Bool) in JSONText.object([("caseSensitive", .bool(caseSensitive))], layout: .inline) }
        let details = details.map { detail -> JSONText in
            var members: [(key: String, value: JSONText)] = [("appIDs", .array(detail.appIDs.map(JSONText.string), layout: .inline))]
            if let caseSensitive = detail.caseSensitive { members.append(("defaults", defaults(caseSensitive))) }
            members.append(("components", .array(detail.components.map(\.jsonValue))))
            return .object(members)
        }
        var applinks: [(key: String, value: JSONText)] = []
        if let caseSensitive { applinks.append(("defaults", defaults(caseSensitive))) }
        applinks.append(("details", .array(details)))
        return JSONText.object([("applinks", .object(applinks))]).written() + "\n"
    }

    /// Reads a file's `applinks`.
    ///
    /// - Throws: ``LinkFileError`` naming what is missing or malformed.
    package init(json text: String) throws(LinkFileError) {
        let document: JSONValue
        do { document = try JSONValue.read(text) } catch { throw LinkFileError(error.description) }
        guard let applinks = document["applinks"] else { throw LinkFileError("no \"applinks\" object") }
        guard let details = applinks["details"]?.array else { throw LinkFileError("\"applinks\" has no \"details\" array") }
        var read: [Detail] = []
        for (index, detail) in details.enumerated() {
            let place = "applinks.details[\(index)]"
            var appIDs = detail["appIDs"]?.array?.compactMap(\.string) ?? []
            if let appID = detail["appID"]?.string { appIDs.append(appID) }
            guard !appIDs.isEmpty else { throw LinkFileError("\(place) names no \"appID\" or \"appIDs\"") }
            var components: [Component] = []
            if let list = detail["components"] {
                guard let list = list.array else { throw LinkFileError("\(place).components is not an array") }
                for (number, value) in list.enumerated() {
                    components.append(try Component(json: value, place: "\(place).components[\(number)]"))
                }
            } else if let paths = detail["paths"]?.array {
                // The format before iOS 13: "NOT /path" excludes.
                components = paths.compactMap(\.string).map { path in
                    path.hasPrefix("NOT ") ? Component(path: String(path.dropFirst(4)), exclude: true) : Component(path: path)
                }
            }
            read.append(Detail(appIDs: appIDs, components: components, caseSensitive: detail["defaults"]?["caseSensitive"]?.bool))
        }
        self.init(details: read)
        caseSensitive = applinks["defaults"]?["caseSensitive"]?.bool
        for (index, detail) in self.details.enumerated() {
            for (number, component) in detail.components.enumerated() {
                let patterns = [component.path, component.fragment] + {
                    switch component.query {
                    case nil: []
                    case .pattern(let pattern): [pattern]
                    case .items(let items): Array(items.values)
                    }
                }()
                if let long = patterns.compactMap({ $0 }).first(where: { $0.unicodeScalars.count > Self.maximumPatternLength }) {
                    throw LinkFileError(
                        "applinks.details[\(index)].components[\(number)] has a pattern of \(long.unicodeScalars.count) characters, more than the \(Self.maximumPatternLength) verified",
                        isUnverifiable: true
                    )
                }
            }
        }
    }

    /// The longest pattern (`/`, `?`, `#`) verified. Apple states no limit of its own but the
    /// file's 128 KB.
    package static let maximumPatternLength = 2048
}

extension AppleAppSiteAssociation.Component {
    /// The component on one line, keys in the order `/`, `?`, `#`, `exclude`, `caseSensitive`, `comment`.
    var json: String { jsonValue.written() }

    /// The component as a JSON object on one line.
    var jsonValue: JSONText {
        var members: [(key: String, value: JSONText)] = []
        if let path { members.append(("/", .string(path))) }
        switch query {
        case nil: break
        case .pattern(let pattern): members.append(("?", .string(pattern)))
        case .items(let items):
            members.append(("?", .object(items.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) }, layout: .inline)))
        }
        if let fragment { members.append(("#", .string(fragment))) }
        if exclude { members.append(("exclude", .bool(true))) }
        if let caseSensitive { members.append(("caseSensitive", .bool(caseSensitive))) }
        if let comment { members.append(("comment", .string(comment))) }
        return .object(members, layout: .inline)
    }

    init(json value: JSONValue, place: String) throws(LinkFileError) {
        guard let members = value.object else { throw LinkFileError("\(place) is not an object") }
        func text(_ key: String) throws(LinkFileError) -> String? {
            guard let value = members[key] else { return nil }
            guard let text = value.string else { throw LinkFileError("\(place).\"\(key)\" is not a string") }
            return text
        }
        self.init(path: try text("/"), exclude: members["exclude"]?.bool ?? false, comment: try text("comment"))
        fragment = try text("#")
        caseSensitive = members["caseSensitive"]?.bool
        switch members["?"] {
        case nil: query = nil
        case .string(let pattern): query = .pattern(pattern)
        case .object(let items):
            var patterns: [String: String] = [:]
            for (name, value) in items {
                guard let pattern = value.string else { throw LinkFileError("\(place).\"?\".\"\(name)\" is not a string") }
                patterns[name] = pattern
            }
            query = .items(patterns)
        default: throw LinkFileError("\(place).\"?\" is neither a string nor an object")
        }
    }
}

/// Why a deployed link file cannot be read: what is missing or malformed, and where.
package struct LinkFileError: Error, Sendable, CustomStringConvertible {
    /// The problem, such as `applinks.details[0] names no "appID" or "appIDs"`.
    package let description: String
    /// The file is one its platform may accept, but past a limit of the verification (a pattern
    /// too long, a repetition too large): it is neither passed nor called malformed.
    package let isUnverifiable: Bool

    init(_ description: String, isUnverifiable: Bool = false) {
        self.description = description
        self.isUnverifiable = isUnverifiable
    }
}
