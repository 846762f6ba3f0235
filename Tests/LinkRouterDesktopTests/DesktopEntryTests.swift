import Foundation
import Glibc
@testable import LinkRouterDesktop
import Testing

/// Runs a program and waits for it; its exit status and what it printed (standard output and error).
func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let environment { process.environment = environment }
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

@Suite("Desktop entries")
struct DesktopEntryTests {
    /// Folder names a user's home or a build folder may have, each with a character the `Exec`
    /// key reserves.
    static let awkwardFolders = [
        "plain", "with space", "double\"quote", "back\\slash", "100% sure", "$HOME", "back`tick`",
        "it's", "semi;colon", "tab\there", "~tilde", "a&b|c", "(paren)", "*star?", "#hash", "<lt>", "  lead",
    ]

    @Test("The file is what the Desktop Entry Specification says: desktop-file-validate accepts it, for every awkward path", arguments: awkwardFolders)
    func validates(folder: String) throws {
        let entry = try DesktopEntry(
            name: "Shop; the \"best\"", executable: "/opt/\(folder)/shop", arguments: ["--from", folder], schemes: ["shop", "Shop+Beta"],
            comment: "Opens shop:// links\nand more", categories: ["Utility", "X-LinkRouter"]
        )
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("linkrouter-entry-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("org.example.Shop.desktop")
        try entry.contents.write(to: file, atomically: true, encoding: .utf8)
        let validator = "/usr/bin/desktop-file-validate"
        try #require(FileManager.default.isExecutableFile(atPath: validator), "desktop-file-validate is missing: install desktop-file-utils (scripts/setup does)")
        let validated = try run(validator, [file.path])
        #expect(validated.status == 0 && validated.output.isEmpty, "\(validated.output)\n\(entry.contents)")
        #expect(entry.contents.contains("MimeType=x-scheme-handler/shop;x-scheme-handler/shop+beta;\n"))
        #expect(entry.contents.contains("Categories=Utility;X-LinkRouter;\n"))
        #expect(entry.contents.contains("Comment=Opens shop:// links\\nand more\n"))
    }

    @Test("Exec quotes a word with a reserved character, escapes \", `, $ and \\ inside the quotes, doubles %, and the value is string-escaped")
    func quoting() throws {
        let entry = try DesktopEntry(name: "Shop", executable: "/opt/My Shop/a\"b`c$d\\e%f", arguments: ["plain", ""], schemes: ["shop"])
        // With a % in its path, the program is started through env (GLib looks the first word up as written).
        #expect(entry.commandLine == #"/usr/bin/env "/opt/My Shop/a\"b\`c\$d\\e%%f" plain "" %u"#)
        #expect(entry.contents.contains(#"Exec=/usr/bin/env "/opt/My Shop/a\\"b\\`c\\$d\\\\e%%f" plain "" %u"# + "\n"))
        #expect(try DesktopEntry(name: "Shop", executable: "/opt/My Shop/shop", schemes: ["shop"]).commandLine == #""/opt/My Shop/shop" %u"#)
        #expect(try DesktopEntry(name: "Shop", executable: "shop").commandLine == "shop")
    }

    @Test("Values an entry cannot hold are refused with the key and the reason")
    func refused() {
        #expect(throws: DesktopEntry.InvalidValue(key: "Name", reason: "the name is empty")) { try DesktopEntry(name: "", executable: "shop") }
        #expect(throws: DesktopEntry.InvalidValue(key: "Exec", reason: "the executable is empty")) { try DesktopEntry(name: "Shop", executable: "") }
        #expect(throws: DesktopEntry.InvalidValue(key: "Exec", reason: "an argument holds a NUL character")) {
            try DesktopEntry(name: "Shop", executable: "shop", arguments: ["a\0b"])
        }
        #expect(throws: DesktopEntry.InvalidValue(key: "MimeType", reason: "'1shop' is not a URL scheme (a letter, then letters, digits, '+', '-' or '.')")) {
            try DesktopEntry(name: "Shop", executable: "shop", schemes: ["1shop"])
        }
        #expect(throws: DesktopEntry.InvalidValue(key: "MimeType", reason: "'sh op' is not a URL scheme (a letter, then letters, digits, '+', '-' or '.')")) {
            try DesktopEntry(name: "Shop", executable: "shop", schemes: ["sh op"])
        }
    }

    @Test("GLib launches the program at the awkward path with the URL as one argument, as `gio open` would", arguments: awkwardFolders)
    func glibLaunches(folder: String) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("linkrouter-launch-\(UUID().uuidString)")
        let programFolder = directory.appendingPathComponent(folder)
        try FileManager.default.createDirectory(at: programFolder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // The program records how it was called into a FIFO, which the test reads: the read ends
        // when the program has written, however long the launch took.
        let record = directory.appendingPathComponent("record").path
        #expect(mkfifo(record, 0o600) == 0)
        let program = programFolder.appendingPathComponent("shop").path
        // Written by a child process, so this process never holds a descriptor open for writing
        // on a file that is then executed ("text file busy" in a child another test forks).
        let script = "#!/bin/sh\nprintf '%s\\n' \"$0\" \"$@\" > '\(record)'\n"
        let written = try run("/bin/sh", ["-c", "printf '%s' \"$1\" > \"$2\" && chmod +x \"$2\"", "sh", script, program])
        try #require(written.status == 0, "\(written.output)")

        let entry = try DesktopEntry(name: "Shop", executable: program, arguments: ["--from", folder], schemes: ["shop"])
        let file = directory.appendingPathComponent("org.example.Shop.desktop")
        try entry.contents.write(to: file, atomically: true, encoding: .utf8)
        let url = "shop://catalog/product/42?color=blue&size=m"
        let recorded = Thread.detachedRead(record, timeout: 120)
        // gio's output goes to a file: the program it starts inherits it, and a pipe would stay
        // open as long as the program runs.
        let launched = try run("/bin/sh", ["-c", "/usr/bin/gio launch \"$1\" \"$2\" > \"$3\" 2>&1; status=$?; cat \"$3\"; exit $status", "sh", file.path, url, directory.appendingPathComponent("gio.log").path])
        #expect(launched.status == 0, "\(launched.output)")
        if launched.status != 0 { Thread.unblockRead(record) }
        let lines = recorded.wait()?.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines == [program, "--from", folder, url, ""], "\(entry.contents)")
    }
}

extension Thread {
    /// A FIFO's text, read by a thread of its own.
    final class PendingRead: @unchecked Sendable {
        fileprivate let done = DispatchSemaphore(value: 0)
        fileprivate var text: String?
        fileprivate let timeout: TimeInterval
        fileprivate init(timeout: TimeInterval) { self.timeout = timeout }

        /// The text, once the writer closed the FIFO; `nil` after the timeout.
        func wait() -> String? {
            done.wait(timeout: .now() + timeout) == .success ? text : nil
        }
    }

    /// Starts reading the FIFO at `path` until its writer closes it.
    static func detachedRead(_ path: String, timeout: TimeInterval) -> PendingRead {
        let pending = PendingRead(timeout: timeout)
        Thread {
            // open blocks until the writer opens the FIFO; read returns 0 once it closed it.
            let descriptor = open(path, O_RDONLY)
            var bytes: [UInt8] = []
            if descriptor >= 0 {
                var buffer = [UInt8](repeating: 0, count: 4096)
                while case let count = read(descriptor, &buffer, buffer.count), count > 0 { bytes += buffer[..<count] }
                close(descriptor)
            }
            pending.text = String(decoding: bytes, as: UTF8.self)
            pending.done.signal()
        }.start()
        return pending
    }

    /// Opens the FIFO for writing and closes it, so that a reader waiting for a writer that never
    /// came reads nothing and ends.
    static func unblockRead(_ path: String) {
        let descriptor = open(path, O_WRONLY | O_NONBLOCK)
        if descriptor >= 0 { close(descriptor) }
    }
}
