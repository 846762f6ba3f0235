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
        /// The exploration's budget (``LinkClasses/budget`` unless a test sets a smaller one).
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

    /// Writes (or checks) the format's file for the routes of the binaries.
    ///
    /// - Throws: ``RouteInspectionError`` when an option is missing or invalid, a binary cannot be
    ///   read, or the file to check cannot be read.
    package init(binaries: [String], options: Options) throws(RouteInspectionError) {
        switch options.format {
        case .desktopEntry:
            let entry = try DesktopEntryLinks(routes: try AppLinkRoutes(binaries: binaries, host: "localhost"), options: options)
            (output, messages, hasProblems) = (entry.text, entry.messages, false)
        case .assetLinks:
            let links = try AssetLinks(packageName: options.packageName, fingerprints: options.fingerprints)
            _ = try BinaryRoutes.readWellFormed(binaries)
            guard let file = options.checkFile else {
                (output, messages, hasProblems) = (links.json, [], false)
                return
            }
            let problems = links.check(try Self.read(file, format: options.format))
            (output, messages, hasProblems) = ("", problems.isEmpty ? ["\(file): grants \(links.packageName) the site's links, with every fingerprint"] : problems, !problems.isEmpty)
        case .appleAppSiteAssociation, .androidIntentFilters:
            guard let host = options.host else { throw .invalidArgument("--format \(options.format.rawValue) needs --host (the app's web host)") }
            self = try AppLinks(routes: try AppLinkRoutes(binaries: binaries, host: host), options: options, binaries: binaries)
        }
    }

    /// Writes (or checks) an `apple-app-site-association` file or Android intent filters for routes
    /// given as they are (tests, tables made in code); the file's header names `binaries`.
    ///
    /// - Throws: ``RouteInspectionError`` when an option is missing or invalid, or the file to check
    ///   cannot be read.
    package init(routes: AppLinkRoutes, options: Options, binaries: [String] = []) throws(RouteInspectionError) {
        let report: LinkReport
        if let file = options.checkFile {
            report = try LinkReport(checking: try Self.read(file, format: options.format), file: file, routes: routes, options: options)
            output = ""
        } else {
            (output, report) = try LinkReport.generate(routes: routes, options: options, command: Self.commandLine(binaries: binaries, options: options))
        }
        messages = report.lines
        hasProblems = report.hasErrors || (options.strict && report.hasWarnings)
        unverified = report.unverified
        if let why = unverified, options.checkFile == nil, !options.allowUnverified {
            output = ""
            messages = ["could not verify the \(options.format.rawValue) file: \(why); nothing written (--allow-unverified writes it anyway)"]
            hasProblems = true
        }
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
    /// - Throws: ``RouteInspectionError/cannotWrite(file:reason:)`` with the system's message.
    package func write(to path: String) throws(RouteInspectionError) {
        do { try TextFile.write(output, to: path) } catch { throw .cannotWrite(file: path, reason: error.description) }
    }

    /// The text of a file to check, at most ``maximumBytes(of:)``.
    private static func read(_ path: String, format: Format) throws(RouteInspectionError) -> String {
        do { return try TextFile.read(path, maximumBytes: maximumBytes(of: format)) } catch {
            throw .invalidLinkFile(file: path, reason: error.description)
        }
    }
}
