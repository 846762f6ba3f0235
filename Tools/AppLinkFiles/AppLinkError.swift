package import LinkRouterCore

/// Why `routes links` cannot write or check a file: a bad option, a deployed file that cannot be
/// read as its format, a file that cannot be written.
///
/// Its description is one line naming the option or the file and the problem; the `routes`
/// executable prints it after `routes: ` on standard error and exits with status 2.
///
/// ```
/// shop.json: applinks.details[0] names no "appID" or "appIDs"
/// ```
package enum AppLinkError: Error, Sendable, CustomStringConvertible {
    /// An option that is missing or has a bad value, and why.
    case invalidArgument(String)
    /// A URL scheme that RFC 3986 does not allow.
    case invalidScheme(String)
    /// A pattern given to ``AppLinkRoutes/init(patterns:host:)`` that cannot be registered.
    case invalidPattern(RouteRegistrationError)
    /// A deployed link file (`routes links --check`) that cannot be read, or read as its format.
    case invalidLinkFile(file: String, reason: String)
    /// A file that cannot be written: the system's message.
    case cannotWrite(file: String, reason: String)

    package var description: String {
        switch self {
        case .invalidArgument(let message): message
        case .invalidScheme(let scheme): "invalid scheme '\(scheme)': use a letter, then letters, digits, '+', '-' or '.'"
        case .invalidPattern(let reason): "\(reason)"
        case .invalidLinkFile(let file, let reason): "\(file): \(reason)"
        case .cannotWrite(let file, let reason): "cannot write \(file): \(reason)"
        }
    }
}
