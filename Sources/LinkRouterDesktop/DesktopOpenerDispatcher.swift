public import LinkRouterCore

/// Hands URLs to another application through the desktop's opener, `xdg-open` or `gio open`.
///
/// The opener is started with `posix_spawnp`, never through a shell, with the URL as its last
/// argument, and the open waits for it to finish: it succeeds when the opener exits with status 0,
/// and fails with ``/LinkRouterCore/RouteFailure/dispatchFailed(scheme:reason:)`` when the opener is not found,
/// exits with another status, is killed by a signal, or is still running after `timeout` (it is
/// then killed; the application it may have started is not).
///
/// Only schemes in `allowedSchemes` are handed over, whatever schemes the dispatcher is set for:
/// a `file:` or `javascript:` URL from a push never reaches the opener by mistake.
///
/// ```swift
/// let desktop = DesktopOpenerDispatcher(allowedSchemes: ["mailto", "https"])
/// router.setDispatcher(desktop, forSchemes: desktop.allowedSchemes)
/// await router.open("mailto:support@example.com")   // the mail application opens
/// ```
public struct DesktopOpenerDispatcher: RouteDispatcher {
    /// A program that opens a URL in the application the desktop associates with its scheme.
    public struct Opener: Sendable, Hashable {
        /// A name looked up on `PATH`, or a path.
        public var executable: String
        /// The arguments that come before the URL.
        public var arguments: [String]

        /// Creates an opener run as `executable arguments... URL`.
        /// - Parameters:
        ///   - executable: A name looked up on `PATH` (`xdg-open`), or a path (`/usr/bin/xdg-open`).
        ///   - arguments: The arguments before the URL.
        public init(executable: String, arguments: [String] = []) {
            self.executable = executable
            self.arguments = arguments
        }

        /// `xdg-open URL`, from xdg-utils: every freedesktop.org desktop.
        public static let xdgOpen = Opener(executable: "xdg-open")
        /// `gio open URL`, from GLib: GNOME and GTK desktops.
        public static let gioOpen = Opener(executable: "gio", arguments: ["open"])
    }

    /// The schemes handed to the opener, lowercased; URLs of other schemes fail.
    public let allowedSchemes: Set<String>
    /// The program that opens the URLs.
    public let opener: Opener
    /// How long the opener may run before it is killed and the open fails.
    public let timeout: Duration

    /// Creates a dispatcher that hands URLs of `allowedSchemes` to `opener`.
    /// - Parameters:
    ///   - allowedSchemes: The schemes handed over (compared without case).
    ///   - opener: The program to run; `xdg-open` by default.
    ///   - timeout: How long the opener may run; 10 seconds by default.
    public init(allowedSchemes: Set<String>, opener: Opener = .xdgOpen, timeout: Duration = .seconds(10)) {
        self.allowedSchemes = Set(allowedSchemes.map { $0.lowercased() })
        self.opener = opener
        self.timeout = timeout
    }

    /// Runs the opener on the URL and waits for it, at most ``timeout``.
    public func dispatch(_ request: DispatchRequest) async -> DispatchResult {
        guard canDispatch(request.url) else {
            return .failed("scheme '\(request.url.scheme ?? "")' is not in the desktop opener's allowlist")
        }
        let name = "'\(opener.executable)'"
        let process: SpawnedProcess
        do {
            process = try SpawnedProcess.spawn([opener.executable] + opener.arguments + [request.url.string])
        } catch .notFound {
            return .failed("the opener \(name) was not found")
        } catch {
            return .failed("the opener \(name) could not be started: \(error)")
        }
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while true {
            switch process.termination() {
            case .exited(status: 0):
                return .opened(nil)
            case .exited(let status):
                return .failed("the opener \(name) exited with status \(status)")
            case .signalled(let signal):
                return .failed("the opener \(name) was killed by signal \(signal)")
            case .lost:
                return .failed("the opener \(name) was reaped by other code in this process; its exit status is unknown")
            case nil:
                break
            }
            guard ContinuousClock.now < deadline else {
                process.kill()
                return .failed("the opener \(name) did not finish within \(timeout); it was killed")
            }
            do { try await Task.sleep(for: .milliseconds(10)) } catch {
                process.kill()
                return .failed("the open was cancelled; the opener \(name) was killed")
            }
        }
    }

    /// Whether the URL's scheme is in ``allowedSchemes``.
    public func canDispatch(_ url: RouteURL) -> Bool {
        guard let scheme = url.scheme?.lowercased() else { return false }
        return allowedSchemes.contains(scheme)
    }
}
