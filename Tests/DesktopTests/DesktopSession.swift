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
    /// DISPLAY, XAUTHORITY, DBUS_SESSION_BUS_ADDRESS and the XDG folders for every program the test runs.
    let environment: [String: String]
    /// A temporary folder: XDG data and config homes, screenshots.
    let folder: URL

    /// - Parameters:
    ///   - name: Part of the temporary folder's name.
    ///   - environment: More variables for every program run in the session (a desktop that
    ///     prefers dark colours: `ADW_DEBUG_COLOR_SCHEME=prefer-dark`).
    init(name: String, environment extra: [String: String] = [:]) throws {
        folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("shop-desktop-\(name)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let envFile = folder.appendingPathComponent("session-env").path
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/xvfb-run"),
              FileManager.default.isExecutableFile(atPath: "/usr/bin/dbus-run-session") else {
            throw Unavailable(description: "xvfb-run and dbus-run-session are needed (./scripts/setup installs xvfb xauth dbus)")
        }
        process.executableURL = URL(fileURLWithPath: "/usr/bin/xvfb-run")
        // The inner shell reports the session's addresses, then lives until the test closes its input.
        process.arguments = ["-a", "-s", "-screen 0 1280x1024x24", "dbus-run-session", "--", "sh", "-c",
                             "printf '%s\\n%s\\n%s\\n' \"$DISPLAY\" \"$DBUS_SESSION_BUS_ADDRESS\" \"$XAUTHORITY\" > '\(envFile).tmp' && mv '\(envFile).tmp' '\(envFile)' && exec cat"]
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(20)
        var lines: [String] = []
        while Date() < deadline {
            if let text = try? String(contentsOfFile: envFile, encoding: .utf8) {
                lines = text.split(separator: "\n").map(String.init)
                break
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        guard lines.count == 3 else { throw Unavailable(description: "xvfb-run -a dbus-run-session did not start within 20 s") }
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = lines[0]
        environment["DBUS_SESSION_BUS_ADDRESS"] = lines[1]
        environment["XAUTHORITY"] = lines[2]
        environment["XDG_DATA_HOME"] = folder.appendingPathComponent("data").path
        environment["XDG_CONFIG_HOME"] = folder.appendingPathComponent("config").path
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
        let deadline = Date().addingTimeInterval(5)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        try? FileManager.default.removeItem(at: folder)
    }

    /// Runs a command in the session and waits for it; returns its exit status and output.
    @discardableResult
    func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
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
    private let lock = NSLock()
    private var text = ""
    private var consumed = 0

    struct NotBuilt: Error, CustomStringConvertible {
        var description: String { "\(RunningShop.executable) is not built; run `swift build` (scripts/test does) before `swift test`" }
    }

    /// Runs the shop, or a program that starts it (`gio open URL`: the shop the desktop starts
    /// writes to the same output).
    init(in session: DesktopSession, running executable: String = RunningShop.executable, arguments: [String] = ["--print-stack"]) throws {
        guard FileManager.default.isExecutableFile(atPath: Self.executable) else { throw NotBuilt() }
        self.session = session
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = session.environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        // A thread of its own reads the output as it comes, until the app closes it.
        let reading = output.fileHandleForReading
        let reader = Thread { [weak self] in
            while true {
                let data = reading.availableData
                guard !data.isEmpty, let self else { return }
                self.lock.withLock { self.text += String(decoding: data, as: UTF8.self) }
            }
        }
        reader.start()
    }

    deinit {
        if process.isRunning { process.terminate() }
        _ = exitStatus(timeout: 5)
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    /// Every line printed so far.
    var lines: [String] { lock.withLock { text.split(separator: "\n").map(String.init) } }

    /// Waits for the next line (after those already waited for) that satisfies `matches`, and
    /// returns it; `nil` after `timeout` seconds.
    @discardableResult
    func next(_ matches: (String) -> Bool, timeout: TimeInterval = 10) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let lines = self.lines
            if let index = lines.indices.dropFirst(consumed).first(where: { matches(lines[$0]) }) {
                consumed = index + 1
                return lines[index]
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return nil
    }

    /// Waits for the next `stack: ...` line and returns the stack.
    func nextStack(timeout: TimeInterval = 10) -> String? {
        next({ $0.hasPrefix("stack: ") }, timeout: timeout).map { String($0.dropFirst("stack: ".count)) }
    }

    /// Activates one of the app's actions, as `gapplication action` does from a terminal.
    func action(_ name: String, _ parameter: String? = nil) throws {
        let quoted = parameter.map { "'" + $0.replacingOccurrences(of: "'", with: "\\'") + "'" }
        let result = try session.run("gapplication", ["action", Self.applicationID, name] + (quoted.map { [$0] } ?? []))
        #expect(result.status == 0, "gapplication action \(name): \(result.output)")
    }

    /// Waits for the process to exit; its status, or `nil` when it still runs after `timeout`.
    func exitStatus(timeout: TimeInterval) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        return process.isRunning ? nil : process.terminationStatus
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
