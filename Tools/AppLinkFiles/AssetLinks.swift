internal import RouteTableJSON

/// `assetlinks.json`: the statement, served at `https://HOST/.well-known/assetlinks.json`, that lets
/// Android verify an app's `android:autoVerify` intent filters for the host (App Links).
///
/// It names the app by package and signing certificates, not by paths: the paths are in the intent
/// filters (`--format android-intent-filters`).
struct AssetLinks {
    /// The Android application's package name.
    let packageName: String
    /// The certificates' SHA-256 fingerprints, `AB:CD:…` (32 bytes, upper-case hexadecimal).
    let fingerprints: [String]

    /// The relation that lets the app handle the site's links.
    static let relation = "delegate_permission/common.handle_all_urls"

    /// Checks the package name and normalizes the fingerprints (hexadecimal, with or without `:`,
    /// any case).
    ///
    /// - Throws: ``AppLinkError/invalidArgument(_:)`` for a missing or malformed one.
    init(packageName: String?, fingerprints: [String]) throws(AppLinkError) {
        guard let packageName else { throw .invalidArgument("--format assetlinks needs --package (the Android application's package name)") }
        let identifier = ASCIIBytes.letters.union(.digits).union(ByteSet("_"))
        let parts = packageName.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 2, parts.allSatisfy({ part in
            guard let first = part.utf8.first else { return false }
            return ASCIIBytes.letters.contains(first) && part.utf8.allSatisfy(identifier.contains)
        }) else { throw .invalidArgument("'\(packageName)' is not an Android package name (such as com.example.shop)") }
        guard !fingerprints.isEmpty else { throw .invalidArgument("--format assetlinks needs --sha256 (the signing certificate's SHA-256 fingerprint)") }
        self.packageName = packageName
        self.fingerprints = try fingerprints.map { (fingerprint: String) throws(AppLinkError) -> String in
            guard let normalized = Self.normalized(fingerprint) else {
                throw .invalidArgument("'\(fingerprint)' is not a SHA-256 fingerprint: 32 bytes in hexadecimal, as AB:CD:…")
            }
            return normalized
        }
    }

    /// `AB:CD:…` for 32 bytes of hexadecimal, with or without colons; `nil` otherwise.
    static func normalized(_ fingerprint: String) -> String? {
        let hex = fingerprint.uppercased().filter { $0 != ":" }
        let digits = ByteSet.digits.union(ByteSet("A", through: "F"))
        guard hex.utf8.count == 64, hex.utf8.allSatisfy(digits.contains) else { return nil }
        var pairs: [String] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            pairs.append(String(hex[index..<next]))
            index = next
        }
        return pairs.joined(separator: ":")
    }

    /// The file's text.
    var json: String {
        let target = JSONText.object([
            ("namespace", .string("android_app")),
            ("package_name", .string(packageName)),
            ("sha256_cert_fingerprints", .array(fingerprints.map(JSONText.string))),
        ])
        let statement = JSONText.object([("relation", .array([.string(Self.relation)], layout: .inline)), ("target", target)])
        return JSONText.array([statement]).written() + "\n"
    }

    /// The problems of a deployed file: one line each; empty when a statement grants the relation
    /// to the package with every fingerprint.
    ///
    /// A file that is not JSON, or not an array of statements, is one problem.
    func check(_ text: String) -> [String] {
        let document: JSONValue
        do { document = try JSONValue.read(text) } catch { return ["assetlinks.json: \(error.description)"] }
        guard let statements = document.array else { return ["assetlinks.json: not an array of statements"] }
        let matching = statements.filter { statement in
            statement["target"]?["namespace"]?.string == "android_app" && statement["target"]?["package_name"]?.string == packageName
        }
        guard !matching.isEmpty else { return ["assetlinks.json: no statement names the package \(packageName)"] }
        var problems: [String] = []
        if !matching.contains(where: { $0["relation"]?.array?.contains(.string(Self.relation)) == true }) {
            problems.append("assetlinks.json: no statement for \(packageName) grants \(Self.relation)")
        }
        let listed = Set(matching.flatMap { $0["target"]?["sha256_cert_fingerprints"]?.array ?? [] }.compactMap { $0.string.flatMap(Self.normalized) })
        for fingerprint in fingerprints where !listed.contains(fingerprint) {
            problems.append("assetlinks.json: the fingerprint \(fingerprint) is not listed for \(packageName)")
        }
        return problems
    }
}
