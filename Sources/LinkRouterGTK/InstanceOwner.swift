internal import CGTK
#if canImport(Glibc)
import Glibc
#endif

/// The check a second start makes before it hands its links to the running instance: the process
/// that owns the application ID on the session bus runs the same program as this one.
///
/// Any program of the person can own any free name on the session bus. One that takes the app's
/// name before the app starts receives every link a later start hands over (bus-name squatting):
/// an OAuth redirect, a password-reset link. The bus tells who owns a name
/// (`org.freedesktop.DBus.GetConnectionUnixProcessID`); the kernel tells what that process runs
/// (`/proc/PID/exe`). A different file — compared by device and inode, or, for a program replaced
/// since the running instance started, by its path — means another program holds the name, and the
/// links stay with this start. What it cannot tell: a process of the same person that runs the
/// app's own executable with code of its own injected (`LD_PRELOAD`, a debugger) passes. Links
/// therefore must not carry secrets (Documentation/Security.md, "Bus-name squatting").
@MainActor
enum InstanceOwner {
    /// Why the name's owner is not trusted with the links, or `nil` when it runs this program.
    static func mismatch(of application: OpaquePointer) -> String? {
        guard let id = g_application_get_application_id(application).map({ String(cString: $0) }) else {
            return "the application has no ID"
        }
        guard let connection = g_application_get_dbus_connection(application) else {
            return "no session bus connection to ask who owns \(id)"
        }
        let arguments: [OpaquePointer?] = [g_variant_new_string(id)]
        let parameters = arguments.withUnsafeBufferPointer { g_variant_new_tuple($0.baseAddress, $0.count) }
        let replyType = g_variant_type_new("(u)")
        defer { g_variant_type_free(replyType) }
        var error: UnsafeMutablePointer<GError>?
        guard let reply = g_dbus_connection_call_sync(
            connection, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "GetConnectionUnixProcessID",
            parameters, replyType, 0, -1, nil, &error
        ) else {
            defer { if let error { g_error_free(error) } }
            let message = error.flatMap { $0.pointee.message.map { String(cString: $0) } } ?? "no answer"
            return "cannot ask the session bus which process owns \(id): \(message)"
        }
        defer { g_variant_unref(reply) }
        guard let value = g_variant_get_child_value(reply, 0) else { return "the session bus gave no process for \(id)" }
        let pid = g_variant_get_uint32(value)
        g_variant_unref(value)
        return mismatch(ofProcess: pid, name: id)
    }

    /// Why process `pid` does not run this program, or `nil` when it does.
    static func mismatch(ofProcess pid: UInt32, name: String) -> String? {
        let theirs = "/proc/\(pid)/exe"
        var ownStatus = stat(), theirStatus = stat()
        guard stat("/proc/self/exe", &ownStatus) == 0 else { return "cannot read this program's file: \(String(cString: strerror(errno)))" }
        guard stat(theirs, &theirStatus) == 0 else {
            return "cannot read the program of process \(pid), which owns \(name): \(String(cString: strerror(errno)))"
        }
        if ownStatus.st_dev == theirStatus.st_dev && ownStatus.st_ino == theirStatus.st_ino { return nil }
        let own = link(at: "/proc/self/exe"), their = link(at: theirs)
        // The running instance started before its program was replaced (an update): the same path.
        if let own, let their, their == own + " (deleted)" { return nil }
        return "process \(pid), which owns \(name) on the session bus, runs \(their ?? "another program"), not \(own ?? "this program"): "
            + "the links were not handed to it"
    }

    private static func link(at path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
