import AppLinkFiles
import ArgumentParser
import RouteInspection

extension RoutesCommand {
    /// `routes links BINARY... --format F`: the files that hand the app's links to it on iOS,
    /// Android and the desktop, or a deployed one checked with `--check FILE`.
    struct Links: RoutesSubcommand {
        static let configuration = CommandConfiguration(
            commandName: "links",
            abstract: "Write the app-link files for a binary's external routes, or check a deployed one.",
            discussion: """
                Formats: apple-app-site-association (--app-id, --host), android-intent-filters (--host, \
                optionally --min-sdk and --scheme for the app's own scheme), assetlinks (--package, --sha256), desktop-entry \
                (--scheme: the MimeType line; with --name and --exec, the whole entry, Exec quoted as the Desktop Entry \
                Specification asks).
                Every web path the app opens from outside (an external route's) is claimed, and no path of \
                an internal route. Where a platform's patterns cannot say what a route says, a rule claims \
                more than the app opens: each over-claim is reported on standard error with a URL and why; \
                --strict makes over-claims and routes left unclaimed errors.
                --check FILE compares a deployed apple-app-site-association, AndroidManifest.xml or intent-filter \
                file (or assetlinks.json) with the binary: each route not claimed, internal route claimed \
                and rule no route takes is an error.
                A file is verified by exploring every class of paths its rules and the routes tell apart, within \
                limits (see AppLinks in the documentation); a file past them, or whose exploration stops at its \
                budget, is not verified: --check fails with exit status 3, and no file is written unless \
                --allow-unverified.
                Exit status: 0 success, 1 problems (with --check, or --strict), 2 bad input or arguments \
                (a file that cannot be read or is not well-formed), 3 could not verify.
                """
        )

        @Argument(help: "The executable or shared libraries whose routes the app registers.")
        var binaries: [String]

        @Option(help: "apple-app-site-association, android-intent-filters, assetlinks or desktop-entry.")
        var format: AppLinks.Format

        @Option(help: "The app's web host, as in RouterConfiguration(webHosts:).")
        var host: String?

        @Option(name: .customLong("app-id"), help: ArgumentHelp("An iOS app ID, TEAMID.bundle.id; repeat for several apps.", valueName: "id"))
        var appIDs: [String] = []

        @Option(name: .customLong("scheme"), help: ArgumentHelp("The app's URL scheme (desktop entry; Android: a custom scheme's filters too).", valueName: "scheme"))
        var schemes: [String] = []

        @Option(name: .customLong("name"), help: ArgumentHelp("The application's name, for the whole desktop entry (with --exec).", valueName: "name"))
        var applicationName: String?

        @Option(name: .customLong("exec"), help: ArgumentHelp("The program the whole desktop entry starts (with --name).", valueName: "path"))
        var executable: String?

        @Option(name: .customLong("package"), help: "The Android application's package name (assetlinks).")
        var packageName: String?

        @Option(name: .customLong("sha256"), help: ArgumentHelp("A signing certificate's SHA-256 fingerprint (assetlinks); repeat for several.", valueName: "fingerprint"))
        var fingerprints: [String] = []

        @Option(name: .customLong("min-sdk"), help: ArgumentHelp("The lowest Android API level the app supports; from 31, intent filters use android:pathAdvancedPattern, which claims routes more exactly.", valueName: "level"))
        var minimumSDK: Int?

        @Flag(help: "Over-claims and routes not claimed are errors (exit status 1).")
        var strict = false

        @Option(help: ArgumentHelp("Check this deployed file against the binary instead of writing one.", valueName: "file"))
        var check: String?

        @Flag(help: "Write the file even when its rules could not be verified against the routes (a warning, exit status 0).")
        var allowUnverified = false

        @Option(help: ArgumentHelp("Write the file here instead of standard output.", valueName: "file"))
        var output: String?

        func validate() throws {
            if check != nil, output != nil { throw ValidationError("--check reads a file; --output writes one: give one of them") }
            if check != nil, allowUnverified { throw ValidationError("--allow-unverified is for writing a file; a checked file that cannot be verified fails") }
        }

        func inspect() throws(RouteInspectionError) -> CommandResult {
            var options = AppLinks.Options(format: format)
            options.host = host
            options.appIDs = appIDs
            options.schemes = schemes
            options.packageName = packageName
            options.fingerprints = fingerprints
            options.minimumSDK = minimumSDK
            options.strict = strict
            options.checkFile = check
            options.applicationName = applicationName
            options.executable = executable
            options.allowUnverified = allowUnverified
            let links = try AppLinks(binaries: binaries, options: options)
            let diagnostics = links.messages.map { $0 + "\n" }.joined()
            if links.unverified != nil, check != nil || !allowUnverified {
                return CommandResult(output: "", diagnostics: diagnostics, foundWhatItLookedFor: false, couldNotVerify: true)
            }
            if let output {
                try links.writeOutput(to: output)
                return CommandResult(output: "", diagnostics: diagnostics, foundWhatItLookedFor: !links.hasProblems)
            }
            return CommandResult(output: links.output, diagnostics: diagnostics, foundWhatItLookedFor: !links.hasProblems)
        }
    }
}

extension AppLinks.Format: ExpressibleByArgument {}
