/// `routes links BINARY...`: the files that hand an app's links to it on iOS, Android and the
/// Linux desktop, written from the routes its binaries register, or a deployed file checked
/// against them.
///
/// For an `apple-app-site-association` file and Android intent filters, every path of the web
/// host that the app opens from the web (an external route's) is claimed, and no path of an
/// internal route. Where a platform's patterns cannot say what a route says (`<int:id>`, one
/// segment), a rule claims more than the app opens: each such over-claim is reported with a path
/// it claims and why the app refuses it, and ``Options/strict`` makes them problems. The reports
/// come from exploring every class of paths the routes and the rules tell apart
/// (``LinkClasses``), not from samples.
package struct AppLinks {
    /// The files `routes links` writes.
    package enum Format: String, CaseIterable, Sendable {
        /// iOS universal links: the JSON served at `https://HOST/.well-known/apple-app-site-association`.
        case appleAppSiteAssociation = "apple-app-site-association"
        /// Android App Links: `<intent-filter>` elements for the `<activity>` that opens links.
        case androidIntentFilters = "android-intent-filters"
        /// Android App Links: the JSON served at `https://HOST/.well-known/assetlinks.json`.
        case assetLinks = "assetlinks"
        /// The Linux desktop: the desktop entry's `MimeType` line for the app's URL schemes, or
        /// the whole entry with ``Options/applicationName`` and ``Options/executable``.
        case desktopEntry = "desktop-entry"
    }

    /// What to write or check.
    package struct Options: Sendable {
        package var format: Format
        /// The web host (`shop.example.com`); the app's `RouterConfiguration.webHosts` holds it.
        package var host: String?
        /// The application identifiers (`TEAMID.bundle.id`) for an `apple-app-site-association` file.
        package var appIDs: [String] = []
        /// The app's URL schemes (desktop entry), or a custom scheme for Android intent filters.
        package var schemes: [String] = []
        /// The Android application's package name (`assetlinks.json`).
        package var packageName: String?
        /// The SHA-256 fingerprints of the Android app's signing certificates (`assetlinks.json`).
        package var fingerprints: [String] = []
        /// The lowest Android API level the app supports: from 31, intent filters use
        /// `android:pathAdvancedPattern`, which claims one segment exactly and can leave out an
        /// internal route's paths; below, or without one, `android:pathPattern` and `pathPrefix`.
        package var minimumSDK: Int?
        /// Over-claims and routes left unclaimed are problems (exit status 1), not only reported.
        package var strict = false
        /// A deployed file to check against the binaries instead of writing one.
        package var checkFile: String?
        /// The application's name, for a whole desktop entry (`Name`).
        package var applicationName: String?
        /// The program a whole desktop entry starts (`Exec`, quoted as the specification asks).
        package var executable: String?
        /// Writes a file whose rules could not be verified against the routes (the exploration
        /// stopped at its budget), with a warning; without it, nothing is written.
        package var allowUnverified = false
        /// The exploration's budget, in steps (``LinkClasses/budget`` unless a test sets a smaller one).
        package var explorationBudget = LinkClasses.budget

        /// Options for a format.
        package init(format: Format) {
            self.format = format
        }
    }

    /// The file written, with its final newline; empty when checking.
    package private(set) var output: String
    /// The report for standard error: over-claims, routes not claimed, a summary; one line each.
    package private(set) var messages: [String]
    /// Whether the report holds a problem: with ``Options/strict`` any over-claim or route not
    /// claimed; when checking, a route not claimed, an internal route claimed or a rule no route takes.
    package private(set) var hasProblems: Bool
    /// Why the rules could not be verified against the routes, when they could not: a checked
    /// file is then neither passed nor failed, and a file to write is not written unless
    /// ``Options/allowUnverified``. ``messages`` is this one line then.
    package private(set) var unverified: String?

    /// The largest file `--check` reads, in bytes: 128 KB for an `apple-app-site-association`
    /// file (Apple's own limit) and for `assetlinks.json`; 1 MiB for XML (an `AndroidManifest.xml`
    /// holds the whole app's manifest).
    package static func maximumBytes(of format: Format) -> Int {
        format == .androidIntentFilters ? 1 << 20 : 128 * 1024
    }

    /// The web host the routes are reasoned about with: ``Options/host`` for the formats of paths
    /// (an `apple-app-site-association` file, intent filters), which need one; `localhost` for
    /// the others, whose files name no path.
    ///
    /// - Throws: ``AppLinkError/invalidArgument(_:)`` for a format of paths without a host.
    package static func host(for options: Options) throws(AppLinkError) -> String {
        switch options.format {
        case .appleAppSiteAssociation, .androidIntentFilters:
            guard let host = options.host else { throw .invalidArgument("--format \(options.format.rawValue) needs --host (the app's web host)") }
            return host
        case .assetLinks, .desktopEntry:
            return "localhost"
        }
    }

    /// Checks the options that need no routes (the host, the package and fingerprints of
    /// `assetlinks.json`, the desktop entry's schemes, name and program), so that a bad argument
    /// is reported before any binary is read.
    ///
    /// - Throws: ``AppLinkError/invalidArgument(_:)`` or ``AppLinkError/invalidScheme(_:)``.
    package static func validate(_ options: Options) throws(AppLinkError) {
        switch options.format {
        case .appleAppSiteAssociation, .androidIntentFilters: try AppLinkRoutes.validate(host: try host(for: options))
        case .assetLinks: _ = try AssetLinks(packageName: options.packageName, fingerprints: options.fingerprints)
        case .desktopEntry: _ = try DesktopEntryLinks.entry(options)
        }
    }

    /// Requires a scheme that is valid in a URL (RFC 3986): a letter, then letters, digits, `+`, `-`, `.`.
    ///
    /// - Throws: ``AppLinkError/invalidScheme(_:)``.
    static func validate(scheme: String) throws(AppLinkError) {
        let others = ASCIIBytes.letters.union(.digits).union(ByteSet("+-."))
        guard let first = scheme.utf8.first, ASCIIBytes.letters.contains(first), scheme.utf8.allSatisfy(others.contains) else {
            throw .invalidScheme(scheme)
        }
    }

    /// Writes (or checks) the format's file for the routes; the header of a generated file names
    /// `binaries`, the files the routes were read from.
    ///
    /// - Throws: ``AppLinkError`` when an option is missing or invalid, or the file to check
    ///   cannot be read or is not what its format reads.
    package init(routes: AppLinkRoutes, options: Options, binaries: [String] = []) throws(AppLinkError) {
        let report: LinkReport
        switch options.format {
        case .desktopEntry:
            let entry = try DesktopEntryLinks(routes: routes, options: options)
            (output, messages, hasProblems, unverified) = (entry.text, entry.messages, false, nil)
            return
        case .assetLinks:
            let links = try AssetLinks(packageName: options.packageName, fingerprints: options.fingerprints)
            unverified = nil
            guard let file = options.checkFile else {
                (output, messages, hasProblems) = (links.json, [], false)
                return
            }
            let problems = links.check(try Self.read(file, format: options.format))
            output = ""
            messages = problems.isEmpty ? ["\(file): grants \(links.packageName) the site's links, with every fingerprint"] : problems
            hasProblems = !problems.isEmpty
            return
        case .appleAppSiteAssociation:
            report = try Self.report(routes: routes, options: options, binaries: binaries, format: .apple)
        case .androidIntentFilters:
            report = try Self.report(routes: routes, options: options, binaries: binaries, format: .android)
        }
        output = report.file
        messages = report.lines
        hasProblems = report.hasErrors || (options.strict && report.hasWarnings)
        unverified = report.unverified
        if let why = unverified, options.checkFile == nil, !options.allowUnverified {
            output = ""
            messages = ["could not verify the \(options.format.rawValue) file: \(why); nothing written (--allow-unverified writes it anyway)"]
            hasProblems = true
        }
    }

    /// The report of a file of paths written (with the file) or checked.
    private static func report(routes: AppLinkRoutes, options: Options, binaries: [String], format: LinkReport.PathFormat) throws(AppLinkError) -> LinkReport {
        guard let file = options.checkFile else {
            return try LinkReport(generating: format, routes: routes, options: options, command: commandLine(binaries: binaries, options: options))
        }
        return try LinkReport(checking: try read(file, format: options.format), as: format, file: file, routes: routes, options: options)
    }

    /// The command as a generated file's header names it: binaries by file name only, so the file
    /// does not depend on where they were built; options by name, without their `--` (an XML
    /// comment may not hold `--`): `routes links demo, format android-intent-filters, host shop.example.com`.
    static func commandLine(binaries: [String], options: Options) -> String {
        var parts = ["routes links " + binaries.map { $0.split(separator: "/").last.map(String.init) ?? $0 }.joined(separator: " ")]
        parts.append("format \(options.format.rawValue)")
        if let host = options.host { parts.append("host \(host)") }
        for appID in options.appIDs { parts.append("app-id \(appID)") }
        for scheme in options.schemes { parts.append("scheme \(scheme)") }
        if let minimum = options.minimumSDK { parts.append("min-sdk \(minimum)") }
        return parts.joined(separator: ", ")
    }

    /// Writes ``output`` to a file, replacing it.
    ///
    /// - Throws: ``AppLinkError/cannotWrite(file:reason:)`` with the system's message.
    package func write(to path: String) throws(AppLinkError) {
        do { try TextFile.write(output, to: path) } catch { throw .cannotWrite(file: path, reason: error.description) }
    }

    /// The text of a file to check, at most ``maximumBytes(of:)``.
    private static func read(_ path: String, format: Format) throws(AppLinkError) -> String {
        do { return try TextFile.read(path, maximumBytes: maximumBytes(of: format)) } catch {
            throw .invalidLinkFile(file: path, reason: error.description)
        }
    }
}
