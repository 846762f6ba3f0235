import LinkRouterCore
import LinkRouterDesktop

/// The desktop entry's `MimeType` line for an app's URL schemes, `MimeType=x-scheme-handler/shop;`,
/// or the whole entry when the application's name and program are given.
///
/// A scheme handler receives every URL of its scheme; the app opens them with `source: .external`,
/// so that only external routes answer. The whole entry is LinkRouterDesktop's ``DesktopEntry``,
/// whose `Exec` is quoted as the Desktop Entry Specification asks.
struct DesktopEntryLinks {
    /// The entry, with the schemes lowercased and each once, in the order given.
    let entry: DesktopEntry
    /// Whether to write the whole entry rather than its `MimeType` line.
    let isWhole: Bool
    /// What the report says: how many external routes the schemes reach.
    let messages: [String]

    /// The line or the entry for the schemes; the routes are counted for the report.
    ///
    /// - Throws: ``AppLinkError/invalidArgument(_:)`` for a missing or invalid scheme, or a
    ///   name without a program (or the reverse).
    init(routes: AppLinkRoutes, options: AppLinks.Options) throws(AppLinkError) {
        (entry, isWhole) = try Self.entry(options, routes: routes.routes)
        let external = routes.routes.filter { $0.options.exposure == .external }.count
        let mimeTypes = entry.schemes.map { "x-scheme-handler/" + $0 }
        messages = [
            "desktop-entry: \(mimeTypes.joined(separator: ", ")) hands every URL of the scheme to the app, which opens it with source .external: "
                + "\(external) external route\(external == 1 ? "" : "s") of \(routes.routes.count) answer",
        ]
    }

    /// The entry the options ask for, with the schemes lowercased and each once, and whether it
    /// is written whole; a whole entry has an action for each of `routes` declared a launcher action.
    ///
    /// - Throws: as ``init(routes:options:)``.
    static func entry(_ options: AppLinks.Options, routes: [RouteDescription] = []) throws(AppLinkError) -> (entry: DesktopEntry, isWhole: Bool) {
        guard !options.schemes.isEmpty else { throw .invalidArgument("--format desktop-entry needs --scheme (the app's URL scheme, such as shop)") }
        for scheme in options.schemes { try AppLinks.validate(scheme: scheme) }
        let isWhole: Bool
        switch (options.applicationName, options.executable) {
        case (nil, nil): isWhole = false
        case (.some, .some): isWhole = true
        case (.some, nil): throw .invalidArgument("--name needs --exec (the program the desktop entry starts)")
        case (nil, .some): throw .invalidArgument("--exec needs --name (the application's name in the desktop entry)")
        }
        var seen = Set<String>()
        let schemes = options.schemes.map { $0.lowercased() }.filter { seen.insert($0).inserted }
        do {
            // The whole entry carries the routes declared as launcher actions, opening links of the first scheme.
            let actions = isWhole ? try DesktopEntry.Action.launcherActions(of: routes, scheme: schemes[0]) : []
            return (try DesktopEntry(name: options.applicationName ?? "-", executable: options.executable ?? "-", schemes: schemes, actions: actions), isWhole)
        } catch {
            throw .invalidArgument(error.description)
        }
    }

    /// The text written: the whole entry, or `MimeType=x-scheme-handler/shop;` and a newline.
    var text: String {
        if isWhole { return entry.contents }
        return entry.contents.split(separator: "\n").first { $0.hasPrefix("MimeType=") }.map { $0 + "\n" } ?? ""
    }
}
