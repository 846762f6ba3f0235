package import AppLinkFiles
package import LinkRouterCore
package import RouteRecordReader
import RouteRecordLayout

/// Why a `routes` command cannot give its result: bad input or bad arguments.
///
/// Its description is one line naming the file, pattern or argument and the problem; the `routes`
/// executable prints it after `routes: ` on standard error and exits with status 2.
///
/// ```
/// /tmp/notes.txt: not an ELF file
/// ```
package enum RouteInspectionError: Error, CustomStringConvertible {
    /// A file cannot be read as a 64-bit little-endian ELF object (missing, a directory, not ELF,
    /// truncated...).
    case unreadableFile(ELFReadError)
    /// A file has no route section: nothing in it was registered by annotation, or, when it links
    /// LinkRouter, its records were lost (static archives not linked whole, a section removed).
    case noRouteSection(file: String, linksLinkRouter: Bool)
    /// Records had to be skipped, so a result would be partial: every skipped record, first first.
    case badRecords([RecordIssue])
    /// A record of a binary whose pattern cannot be registered (bad syntax, or a duplicate shape).
    case unregistrableRecord(RecordLocation, RouteRegistrationError)
    /// A pattern given on the command line cannot be registered.
    case invalidPattern(RouteRegistrationError)
    /// A URL the router cannot resolve for another reason than a miss (it does not parse, ...).
    case unresolvableURL(RouteFailure)
    /// A URL scheme that RFC 3986 does not allow.
    case invalidScheme(String)
    /// A file that cannot be written: the system's message.
    case cannotWrite(file: String, reason: String)
    /// A result that cannot be encoded as JSON: the encoder's message.
    case cannotEncodeJSON(String)
    /// An option that is missing or has a bad value, and why.
    case invalidArgument(String)
    /// `routes links` cannot write or check its file: a bad option, a deployed file that cannot be
    /// read as its format, a file that cannot be written (``AppLinkFiles/AppLinkError``).
    case appLinks(AppLinkError)

    package var description: String {
        switch self {
        case .unreadableFile(let error):
            error.description
        case .noRouteSection(let file, false):
            "\(file): no \(RecordLayout.sectionName) section (nothing registered by annotation)"
        case .noRouteSection(let file, true):
            "\(file): no \(RecordLayout.sectionName) section, though it links LinkRouter: its records were not linked (feature modules from static archives need -Xlinker --whole-archive -Xlinker libFeature.a -Xlinker --no-whole-archive) or were removed after linking (objcopy --remove-section)"
        case .badRecords(let issues):
            (issues.first?.description ?? "bad records") + (issues.count > 1 ? " (and \(issues.count - 1) more bad records)" : "")
        case .unregistrableRecord(let location, let reason):
            "\(location.short): \(reason)"
        case .invalidPattern(let reason):
            "\(reason)"
        case .unresolvableURL(let failure):
            "\(failure)"
        case .invalidScheme(let scheme):
            "invalid scheme '\(scheme)': use a letter, then letters, digits, '+', '-' or '.'"
        case .cannotWrite(let file, let reason):
            "cannot write \(file): \(reason)"
        case .cannotEncodeJSON(let message):
            "cannot encode the result as JSON: \(message)"
        case .invalidArgument(let message):
            message
        case .appLinks(let error):
            error.description
        }
    }
}
