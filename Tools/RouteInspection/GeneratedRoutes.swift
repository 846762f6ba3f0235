import AppLinkFiles
import RouteRecordReader

/// `routes gen BINARY`: Swift source with a `RouteID` constant and a typed `RouteLink` builder for
/// every route a binary registers, so call sites never spell pattern strings or build URLs by hand.
package struct GeneratedRoutes {
    /// The generated source, ending with a newline.
    package let source: String
    /// The records the app leaves out, one line each, as its discovery reports them.
    package let warnings: [String]

    /// Generates the source for the routes `binary` registers, as the app's discovery registers
    /// them (``RecordPass``): records that cannot be read, whose pattern or query contract does not
    /// parse, that lost to an override, or of a shape none wins are left out (``warnings``;
    /// `routes check` reports them).
    ///
    /// - Parameters:
    ///   - binary: The executable or shared library whose route records to read.
    ///   - scheme: The scheme of the built URLs; without it, a link's URL is its route key.
    ///   - access: The access level of the generated declarations.
    /// - Throws: ``RouteInspectionError`` when the scheme is invalid, or the file cannot be read
    ///   or has no route section.
    package init(binary: String, scheme: String?, access: SwiftSourceGenerator.Access) throws(RouteInspectionError) {
        if let scheme { try Self.validate(scheme: scheme) }
        // The routes the app registers: records skipped, overridden or duplicates are left out.
        let pass = try BinaryRoutes.read([binary]).pass()
        var generator = SwiftSourceGenerator(command: Self.commandLine(binary: binary, scheme: scheme, access: access), scheme: scheme, access: access)
        generator.protocols = try Self.qualifiedProtocols(pass.registered.compactMap(\.declaredProtocol), in: binary)
        source = generator.generate(pass.registered)
        warnings = pass.warnings
    }

    /// The module-qualified name of each protocol a page declares, as the binary's conformances name
    /// it (``ProtocolConformances``): `ShopInterfaces.SignInPrompting` for `SignInPrompting`. A name
    /// the binary does not qualify (stripped, or no page conforms) is left out, and written as declared.
    ///
    /// - Throws: ``RouteInspectionError/unreadableFile(_:)`` when the conformances cannot be read.
    static func qualifiedProtocols(_ declared: [String], in binary: String) throws(RouteInspectionError) -> [String: String] {
        guard !declared.isEmpty else { return [:] }
        let conformances: Set<ProtocolConformances.Conformance>
        do { conformances = try ProtocolConformances.read(file: binary).conformances } catch { throw .unreadableFile(error) }
        let names = Set(conformances.map(\.protocol))
        var result: [String: String] = [:]
        for name in Set(declared) {
            if let qualified = names.filter({ $0 == name || $0.hasSuffix("." + name) }).min() { result[name] = qualified }
        }
        return result
    }

    /// The command as the header names it: the binary by file name only, so the output does not
    /// depend on where the binary was built.
    private static func commandLine(binary: String, scheme: String?, access: SwiftSourceGenerator.Access) -> String {
        let name = binary.split(separator: "/").last.map(String.init) ?? binary
        var words = ["routes", "gen", name]
        if let scheme { words += ["--scheme", scheme] }
        if access != .internal { words += ["--access", access.rawValue] }
        return words.joined(separator: " ")
    }

    /// Requires a scheme that is valid in a URL (RFC 3986): a letter, then letters, digits, `+`, `-`, `.`.
    ///
    /// - Throws: ``RouteInspectionError/invalidScheme(_:)``.
    package static func validate(scheme: String) throws(RouteInspectionError) {
        guard let first = scheme.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic,
              scheme.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0)) })
        else { throw .invalidScheme(scheme) }
    }

    /// Writes the source to a file, replacing it.
    ///
    /// - Throws: ``RouteInspectionError/cannotWrite(file:reason:)`` with the system's message.
    package func write(to path: String) throws(RouteInspectionError) {
        do { try TextFile.write(source, to: path) } catch { throw .cannotWrite(file: path, reason: error.description) }
    }
}
