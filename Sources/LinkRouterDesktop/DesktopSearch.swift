/// A search the app offers the desktop's search (GNOME Shell's search providers): terms in,
/// results out, each result a link to a route of the app.
///
/// A feature declares one over its routes (products by name, say) and registers it at run time,
/// typically as the service of this protocol, so the app finds it without importing the feature:
///
/// ```swift
/// @RoutableService((any DesktopSearchProvider).self, lifetime: .shared)
/// final class ProductSearch: DesktopSearchProvider {
///     func results(for terms: [String]) -> [DesktopSearchResult] {
///         products.filter { $0.matches(terms) }.map {
///             DesktopSearchResult(link: "shop://catalog/product/\($0.id)", name: $0.name, description: "A product")
///         }
///     }
/// }
/// ```
///
/// LinkRouterGTK's `GTKApplication.addSearchProvider(_:objectPath:)` answers the desktop's D-Bus calls
/// (`org.gnome.Shell.SearchProvider2`) from it. A result the person picks is opened as a link from
/// outside (`source: .external`): the desktop hands back the result's identifier, its link, and
/// any program on the session bus can call the same method with any identifier, so a link to an
/// internal route is refused there as everywhere. ``SearchProviderFile`` writes the file that
/// tells GNOME Shell where the provider is.
public protocol DesktopSearchProvider: Sendable {
    /// The results for the terms the person typed (each term already split at spaces), best
    /// first; at most ``DesktopSearchLimits/maximumResults`` of them are given to the desktop.
    func results(for terms: [String]) -> [DesktopSearchResult]

    /// The link that shows the app's own search for the terms, opened when the person asks the
    /// desktop for more results; `nil` (the default) when the app has none.
    func searchLink(for terms: [String]) -> String?
}

extension DesktopSearchProvider {
    /// No search page: asking for more results does nothing.
    public func searchLink(for terms: [String]) -> String? { nil }
}

/// One result of a ``DesktopSearchProvider``.
public struct DesktopSearchResult: Sendable, Hashable {
    /// The link the result opens; it is also the result's identifier on D-Bus.
    public let link: String
    /// What the desktop shows as the result's name.
    public let name: String
    /// A line under the name, if any.
    public let description: String?

    /// Creates a result.
    public init(link: String, name: String, description: String? = nil) {
        self.link = link
        self.name = name
        self.description = description
    }
}

/// The limits on what the desktop's search sends an app over D-Bus: any program on the session
/// bus may call a search provider, so each input is bounded before the provider sees it, and a
/// call past a limit is answered with a D-Bus error (`org.freedesktop.DBus.Error.InvalidArgs`)
/// naming it. GDBus checks the types of the arguments against the interface before the app sees
/// them; nothing is parsed by hand.
public enum DesktopSearchLimits {
    /// Terms in one search (GNOME Shell splits what is typed at spaces): 16.
    public static let maximumTerms = 16
    /// Bytes of UTF-8 in one term: 256.
    public static let maximumTermLength = 256
    /// Identifiers in one call (previous results, result metas): 256.
    public static let maximumIdentifiers = 256
    /// Bytes of UTF-8 in one identifier (a result's link): 4,096.
    public static let maximumIdentifierLength = 4_096
    /// Results given back for one search: 64.
    public static let maximumResults = 64

    /// Why `terms` are refused, or `nil` when they are within the limits.
    package static func problem(terms: [String]) -> String? {
        if terms.count > maximumTerms { return "\(terms.count) search terms; at most \(maximumTerms)" }
        if let long = terms.first(where: { $0.utf8.count > maximumTermLength }) {
            return "a search term of \(long.utf8.count) bytes; at most \(maximumTermLength)"
        }
        return nil
    }

    /// Why `identifiers` are refused, or `nil` when they are within the limits.
    package static func problem(identifiers: [String]) -> String? {
        if identifiers.count > maximumIdentifiers { return "\(identifiers.count) result identifiers; at most \(maximumIdentifiers)" }
        if let long = identifiers.first(where: { $0.utf8.count > maximumIdentifierLength }) {
            return "a result identifier of \(long.utf8.count) bytes; at most \(maximumIdentifierLength)"
        }
        return nil
    }
}

/// The file that tells GNOME Shell an app is a search provider: installed as
/// `$XDG_DATA_HOME/gnome-shell/search-providers/ID.search-provider.ini` (or under
/// `/usr/share/gnome-shell/search-providers`), it names the app's desktop entry and where on the
/// session bus the provider answers (`org.gnome.Shell.SearchProvider2`, version 2).
///
/// ```swift
/// let file = try SearchProviderFile(desktopID: "org.example.Shop.desktop", busName: "org.example.Shop",
///                                   objectPath: "/org/example/Shop/SearchProvider")
/// try file.contents.write(toFile: folder + "/" + file.fileName, atomically: true, encoding: .utf8)
/// ```
public struct SearchProviderFile: Sendable, Hashable {
    /// The app's desktop entry's file name (`org.example.Shop.desktop`).
    public let desktopID: String
    /// The D-Bus name the app owns: its application ID.
    public let busName: String
    /// The object path of the provider.
    public let objectPath: String

    /// Creates the file's description.
    /// - Throws: ``DesktopEntry/InvalidValue`` when the desktop ID does not end in `.desktop` or
    ///   holds a control character or `/`, the bus name is not a well-known D-Bus name, or the object
    ///   path is not a D-Bus object path.
    public init(desktopID: String, busName: String, objectPath: String) throws(DesktopEntry.InvalidValue) {
        guard desktopID.hasSuffix(".desktop"), desktopID.count > 8,
              !desktopID.unicodeScalars.contains(where: { $0.properties.generalCategory == .control || $0 == "/" }) else {
            throw DesktopEntry.InvalidValue(key: "DesktopId", reason: "'\(desktopID)' is not a desktop entry's file name (NAME.desktop)")
        }
        guard Self.isBusName(busName) else {
            throw DesktopEntry.InvalidValue(key: "BusName", reason: "'\(busName)' is not a D-Bus name (elements of letters, digits, '_' and '-', separated by '.')")
        }
        guard Self.isObjectPath(objectPath) else {
            throw DesktopEntry.InvalidValue(key: "ObjectPath", reason: "'\(objectPath)' is not a D-Bus object path (/ELEMENT/..., letters, digits and '_')")
        }
        self.desktopID = desktopID
        self.busName = busName
        self.objectPath = objectPath
    }

    /// The file's name: the bus name and `.search-provider.ini`.
    public var fileName: String { busName + ".search-provider.ini" }

    /// The text of the file.
    public var contents: String {
        """
        [Shell Search Provider]
        DesktopId=\(desktopID)
        BusName=\(busName)
        ObjectPath=\(objectPath)
        Version=2

        """
    }

    /// A well-known bus name: at most 255 bytes, two elements or more, none empty or starting with a digit.
    private static func isBusName(_ name: String) -> Bool {
        let elements = name.split(separator: ".", omittingEmptySubsequences: false)
        return name.utf8.count <= 255 && elements.count >= 2 && elements.allSatisfy { element in
            guard let first = element.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
            return element.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "-") }
        }
    }

    /// An object path: `/`, or `/` and elements of letters, digits and `_` separated by `/`.
    private static func isObjectPath(_ path: String) -> Bool {
        guard path.hasPrefix("/") else { return false }
        if path == "/" { return true }
        return path.dropFirst().split(separator: "/", omittingEmptySubsequences: false).allSatisfy { element in
            !element.isEmpty && element.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_") }
        }
    }
}
