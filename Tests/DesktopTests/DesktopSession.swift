import Foundation
import Testing

/// An X server and a D-Bus session bus of their own (`xvfb-run -a dbus-run-session`), kept up
/// while a test runs the desktop shop and talks to it, as a person's desktop would be.
final class DesktopSession: @unchecked Sendable {
    struct Unavailable: Error, CustomStringConvertible {
        let description: String
    }

    private let process = Process()
    private let input = Pipe()
    private let exited = DispatchSemaphore(value: 0)
    /// DISPLAY, XAUTHORITY, DBUS_SESSION_BUS_ADDRESS and the XDG folders for every program the test runs.
    let environment: [String: String]
    /// A temporary folder: XDG data and config homes, screenshots.
    let folder: URL

    /// How long a session may take to start: a bound for a broken machine, not a wait.
    static let startTimeout: TimeInterval = 120

    /// - Parameters:
    ///   - name: Part of the temporary folder's name.
    ///   - environment: More variables for every program run in the session (a desktop that
    ///     prefers dark colours: `ADW_DEBUG_COLOR_SCHEME=prefer-dark`).
    init(name: String, environment extra: [String: String] = [:]) async throws {
        folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("shop-desktop-\(name)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/xvfb-run"),
              FileManager.default.isExecutableFile(atPath: "/usr/bin/dbus-run-session") else {
            throw Unavailable(description: "xvfb-run and dbus-run-session are needed (./scripts/setup installs xvfb xauth dbus)")
        }
        process.executableURL = URL(fileURLWithPath: "/usr/bin/xvfb-run")
        // The inner shell prints the session's addresses, then lives until the test closes its input.
        process.arguments = ["-a", "-s", "-screen 0 1280x1024x24", "dbus-run-session", "--", "sh", "-c",
                             "printf '%s\\n%s\\n%s\\n' \"$DISPLAY\" \"$DBUS_SESSION_BUS_ADDRESS\" \"$XAUTHORITY\" && exec cat"]
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.terminationHandler = { [exited] _ in exited.signal() }
        try process.run()
        // The three lines arrive when the X server and the bus are up: read as they come.
        let addresses = OutputLines(output.fileHandleForReading)
        guard let lines = await offPool({ addresses.wait(timeout: Self.startTimeout, until: { $0.count >= 3 }) }) else {
            throw Unavailable(description: "xvfb-run -a dbus-run-session did not start within \(Int(Self.startTimeout)) s")
        }
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = lines[0]
        environment["DBUS_SESSION_BUS_ADDRESS"] = lines[1]
        environment["XAUTHORITY"] = lines[2]
        environment["XDG_DATA_HOME"] = folder.appendingPathComponent("data").path
        environment["XDG_CONFIG_HOME"] = folder.appendingPathComponent("config").path
        // The theme fades a button's background in 200 ms when it is checked (a tab chosen in the
        // view switcher); GTK says when a page stops sliding, not when a fade ends, so screenshots
        // taken once the window settled would catch the switcher half-way. This desktop's user
        // stylesheet turns those fades off; pages still slide.
        let styles = folder.appendingPathComponent("config/gtk-4.0")
        try FileManager.default.createDirectory(at: styles, withIntermediateDirectories: true)
        try Data("* { transition: none; }\n".utf8).write(to: styles.appendingPathComponent("gtk.css"))
        environment["XDG_DATA_DIRS"] = "/usr/share"
        environment["XDG_CURRENT_DESKTOP"] = "X-Generic"
        environment.removeValue(forKey: "WAYLAND_DISPLAY")
        // Software rendering that needs no GL under Xvfb, no accessibility bus.
        environment["GSK_RENDERER"] = "cairo"
        environment["GTK_A11Y"] = "none"
        // GTK and GLib keep caches for the process's life, which LeakSanitizer reports as leaks
        // in the AddressSanitizer run of the suite; the app's own memory errors are still caught.
        environment["ASAN_OPTIONS"] = "detect_leaks=0"
        environment.merge(extra) { _, new in new }
        self.environment = environment
    }

    deinit {
        try? input.fileHandleForWriting.close()
        if exited.wait(timeout: .now() + 10) == .timedOut { process.terminate() }
        try? FileManager.default.removeItem(at: folder)
    }

    /// Runs a command in the session and waits for it; returns its exit status and output.
    @discardableResult
    func run(_ executable: String, _ arguments: [String]) async throws -> (status: Int32, output: String) {
        let environment = environment
        return try await offPool {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable.hasPrefix("/") ? executable : "/usr/bin/\(executable)")
            process.arguments = arguments
            process.environment = environment
            let output = Pipe()
            process.standardOutput = output
            process.standardError = output
            try process.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: data, as: UTF8.self))
        }
    }
}

/// Runs `body`, which blocks until something happens (a line printed, a process ended), on a
/// thread of its own: the test's task suspends meanwhile, and leaves the cooperative pool's
/// threads (two on a 2-core CI machine, shared by every suite of the test process) to the tests
/// running beside it.
func offPool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread {
            // A thread made from the pool's inherits its blocked signals, and so would the
            // programs started from here: the app would ignore the SIGTERM that ends it.
            var none = sigset_t()
            sigemptyset(&none)
            pthread_sigmask(SIG_SETMASK, &none, nil)
            continuation.resume(with: Result { try body() })
        }
        thread.start()
    }
}

/// ``offPool(_:)`` for a body that cannot fail.
func offPool<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    // The body throws nothing, so neither does the wait.
    try! await offPool({ () throws -> T in body() })
}

/// The shop-desktop executable running in a session, its output read line by line as it comes.
final class RunningShop: @unchecked Sendable {
    static let applicationID = "org.linkrouter.ShopDesktop"
    static var executable: String {
        var folder = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        while folder.path.contains(".xctest") { folder = folder.deletingLastPathComponent() }
        return folder.appendingPathComponent("shop-desktop").path
    }

    let session: DesktopSession
    let process = Process()
    private let output: OutputLines
    private let exited = DispatchSemaphore(value: 0)
    /// Lines before this index were consumed by ``next(_:timeout:)``.
    private var consumed = 0

    /// How long a test waits for a line the app should print: a bound that only a broken app
    /// reaches (the wait ends when the line comes), long enough for a machine busy with builds.
    static let lineTimeout: TimeInterval = 90

    struct NotBuilt: Error, CustomStringConvertible {
        var description: String { "\(RunningShop.executable) is not built; run `swift build` (scripts/test does) before `swift test`" }
    }

    /// Runs the shop, or a program that starts it (`gio open URL`: the shop the desktop starts
    /// writes to the same output); with `accessibility`, GTK's accessibility is on (the AT-SPI bus
    /// of the session, as a screen reader needs), otherwise off (`GTK_A11Y=none`).
    init(
        in session: DesktopSession, running executable: String = RunningShop.executable, arguments: [String] = ["--print-stack"],
        accessibility: Bool = false
    ) async throws {
        guard FileManager.default.isExecutableFile(atPath: Self.executable) else { throw NotBuilt() }
        self.session = session
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var environment = session.environment
        if accessibility { environment.removeValue(forKey: "GTK_A11Y") }
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.terminationHandler = { [exited] _ in exited.signal() }
        // Started from a thread that blocks no signal, so the app ends on the SIGTERM of deinit.
        try await offPool { [process] in try process.run() }
        output = OutputLines(pipe.fileHandleForReading)
    }

    deinit {
        if process.isRunning { process.terminate() }
        if Self.exitStatus(of: process, signalled: exited, timeout: 10) == nil { kill(process.processIdentifier, SIGKILL) }
    }

    /// Every line printed so far.
    var lines: [String] { output.lines }

    /// Waits for the next line (after those already waited for) that satisfies `matches`, and
    /// returns it; `nil` when none came within `timeout` seconds.
    @discardableResult
    func next(_ matches: @escaping @Sendable (String) -> Bool, timeout: TimeInterval = RunningShop.lineTimeout) async -> String? {
        guard let found = await first(matches, after: consumed, timeout: timeout) else { return nil }
        consumed = found.index + 1
        return found.line
    }

    /// Waits for a line that satisfies `matches`, printed at any time — before the lines already
    /// waited for, too — and returns it; the lines waited for stay as they are. For a line that
    /// may come before or after others (a screenshot, taken when the window settles).
    func line(_ matches: @escaping @Sendable (String) -> Bool, timeout: TimeInterval = RunningShop.lineTimeout) async -> String? {
        await first(matches, after: 0, timeout: timeout)?.line
    }

    /// The first line from index `start` on that satisfies `matches`, once there is one.
    private func first(
        _ matches: @escaping @Sendable (String) -> Bool, after start: Int, timeout: TimeInterval
    ) async -> (index: Int, line: String)? {
        let output = output
        return await offPool {
            let lines = output.wait(timeout: timeout) { lines in lines.indices.dropFirst(start).contains { matches(lines[$0]) } }
            return lines.flatMap { lines in lines.indices.dropFirst(start).first { matches(lines[$0]) }.map { ($0, lines[$0]) } }
        }
    }

    /// Waits for the next `stack: ...` line and returns the stack.
    func nextStack(timeout: TimeInterval = RunningShop.lineTimeout) async -> String? {
        await next({ $0.hasPrefix("stack: ") }, timeout: timeout).map { String($0.dropFirst("stack: ".count)) }
    }

    /// Activates one of the app's actions, as `gapplication action` does from a terminal.
    func action(_ name: String, _ parameter: String? = nil) async throws {
        let quoted = parameter.map { "'" + $0.replacingOccurrences(of: "'", with: "\\'") + "'" }
        let result = try await session.run("gapplication", ["action", Self.applicationID, name] + (quoted.map { [$0] } ?? []))
        #expect(result.status == 0, "gapplication action \(name): \(result.output)")
    }

    /// Waits for the process to exit; its status, or `nil` when it still runs after `timeout`.
    func exitStatus(timeout: TimeInterval) async -> Int32? {
        let (exited, process) = (exited, process)
        return await offPool { Self.exitStatus(of: process, signalled: exited, timeout: timeout) }
    }

    private static func exitStatus(of process: Process, signalled exited: DispatchSemaphore, timeout: TimeInterval) -> Int32? {
        guard exited.wait(timeout: .now() + timeout) == .success else { return nil }
        exited.signal()   // for the next caller (deinit)
        return process.terminationStatus
    }
}

extension RunningShop {
    /// Where the scenarios keep their screenshots for people to look at: `.build/desktop-screenshots`.
    static let screenshots = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent(".build/desktop-screenshots")

    /// Runs the shop with --print-stack, saving a screenshot per change into
    /// `.build/desktop-screenshots/NAME` (emptied first), with the links given on its command line.
    convenience init(in session: DesktopSession, screenshotsNamed name: String, links: [String] = []) async throws {
        let folder = Self.screenshots.appendingPathComponent(name)
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try await self.init(in: session, arguments: ["--print-stack", "--test-scripting", "--screenshot-dir", folder.path] + links)
    }

    /// Waits for the screenshot of the stack as last printed and checks it: a PNG of the size the
    /// app measured for the window (the main one, made 800×600, or a modal one, 520×500, less
    /// the frame GTK draws itself) that is not blank.
    ///
    /// The app names each screenshot after the change it shows (`NNN.png`, the count of `stack:`
    /// lines), taken once the window has settled; screenshots of earlier changes are skipped. The
    /// line is looked for among all the app printed: it may come before a line the test waited
    /// for meanwhile (an `opened:` or a `toast:` line printed when the open ends).
    func expectScreenshot(modal: Bool = false, sourceLocation: SourceLocation = #_sourceLocation) async {
        let change = String(format: "%03d", lines.filter { $0.hasPrefix("stack: ") }.count)
        guard let line = await self.line({ $0.hasPrefix("screenshot") && $0.contains("/\(change).png") }) else {
            Issue.record("no screenshot of change \(change): \(lines)", sourceLocation: sourceLocation)
            return
        }
        let fields = line.split(separator: " ")
        let size = fields.count == 3 ? fields[2].split(separator: "x").compactMap { Int($0) } : []
        guard fields.count == 3, fields[0] == "screenshot:", size.count == 2, let png = PNGSummary(path: String(fields[1])) else {
            Issue.record("not a screenshot: \(line)", sourceLocation: sourceLocation)
            return
        }
        #expect(png.width == size[0] && png.height == size[1], "\(line): the PNG is \(png.width)x\(png.height)", sourceLocation: sourceLocation)
        let expected = modal ? (520, 500) : (800, 600)
        #expect(
            (expected.0 - 20...expected.0).contains(png.width) && (expected.1 - 20...expected.1).contains(png.height), "\(line)",
            sourceLocation: sourceLocation
        )
        // A blank window compresses to a few kilobytes; header bar, text and buttons do not.
        #expect(png.compressedBytes > 6_000, "\(line): \(png.compressedBytes) bytes of image data", sourceLocation: sourceLocation)
    }

    /// GTK and GLib report misuse (a bad argument, markup that does not parse) as warnings and
    /// criticals on standard error; a scenario must cause none.
    func expectNoGTKComplaints(sourceLocation: SourceLocation = #_sourceLocation) {
        let complaints = lines.filter { $0.contains("-WARNING **") || $0.contains("-CRITICAL **") }
        #expect(complaints.isEmpty, "\(complaints)", sourceLocation: sourceLocation)
    }
}

/// The lines a program writes to a pipe, read by a thread of their own as they come; waiting for
/// a line wakes when it arrives.
final class OutputLines: @unchecked Sendable {
    private let condition = NSCondition()
    private var text = ""
    private var isClosed = false

    init(_ reading: FileHandle) {
        let reader = Thread { [weak self] in
            while true {
                let data = reading.availableData
                guard let self else { return }
                self.condition.withLock {
                    if data.isEmpty { self.isClosed = true } else { self.text += String(decoding: data, as: UTF8.self) }
                    self.condition.broadcast()
                }
                if data.isEmpty { return }
            }
        }
        reader.start()
    }

    /// Every complete line so far, and the last one still being written.
    var lines: [String] { condition.withLock { text.split(separator: "\n").map(String.init) } }

    /// Waits until `done` holds for the complete lines, checked each time more arrive; the lines
    /// then, or `nil` when it still does not hold after `timeout` seconds or the pipe closed.
    func wait(timeout: TimeInterval, until done: ([String]) -> Bool) -> [String]? {
        let deadline = Date().addingTimeInterval(timeout)
        return condition.withLock {
            var timedOut = false
            while true {
                let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
                if done(lines) { return lines }
                if isClosed || timedOut { return nil }
                timedOut = !condition.wait(until: deadline)
            }
        }
    }
}

/// A PNG's size from its header, and the bytes of its compressed image data.
struct PNGSummary {
    let width: Int
    let height: Int
    let compressedBytes: Int

    init?(path: String) {
        guard let data = FileManager.default.contents(atPath: path), data.count > 33,
              data.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { return nil }
        let bytes = [UInt8](data)
        func int(at offset: Int) -> Int { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        width = int(at: 16)
        height = int(at: 20)
        var offset = 8, idat = 0
        while offset + 8 <= bytes.count {
            let length = int(at: offset)
            if bytes[offset + 4..<offset + 8].elementsEqual("IDAT".utf8) { idat += length }
            offset += 12 + length
        }
        compressedBytes = idat
    }
}
