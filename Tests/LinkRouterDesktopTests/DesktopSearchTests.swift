import Foundation
@testable import LinkRouterDesktop
import Testing

@Suite("The desktop's search")
struct DesktopSearchTests {
    @Test("The search provider's file reads as GNOME Shell reads it (GLib's key file): its group, desktop ID, bus name, object path and version 2")
    func providerFile() throws {
        let file = try SearchProviderFile(
            desktopID: "org.linkrouter.ShopDesktop.desktop", busName: "org.linkrouter.ShopDesktop", objectPath: "/org/linkrouter/ShopDesktop/SearchProvider"
        )
        #expect(file.fileName == "org.linkrouter.ShopDesktop.search-provider.ini")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("linkrouter-search-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent(file.fileName).path
        try file.contents.write(toFile: path, atomically: true, encoding: .utf8)
        // What js/ui/remoteSearch.js does with each file (GLib.KeyFile, then the checks GDBus has
        // for names and paths), through Debian's Python bindings of the same GLib.
        let read = try run("/usr/bin/python3", ["-c", """
            import sys, gi
            gi.require_version('Gio', '2.0')
            from gi.repository import Gio, GLib
            keyfile = GLib.KeyFile()
            keyfile.load_from_file(sys.argv[1], GLib.KeyFileFlags.NONE)
            group = 'Shell Search Provider'
            bus = keyfile.get_string(group, 'BusName')
            path = keyfile.get_string(group, 'ObjectPath')
            print(keyfile.get_string(group, 'DesktopId'), bus, path, keyfile.get_integer(group, 'Version'),
                  Gio.dbus_is_name(bus) and not Gio.dbus_is_unique_name(bus), GLib.Variant.is_object_path(path))
            """, path])
        #expect(read.status == 0, "\(read.output)")
        #expect(read.output == "org.linkrouter.ShopDesktop.desktop org.linkrouter.ShopDesktop /org/linkrouter/ShopDesktop/SearchProvider 2 True True\n")
    }

    @Test("Values the file cannot hold are refused, naming the key")
    func refused() {
        #expect(throws: DesktopEntry.InvalidValue(key: "DesktopId", reason: "'shop' is not a desktop entry's file name (NAME.desktop)")) {
            try SearchProviderFile(desktopID: "shop", busName: "org.example.Shop", objectPath: "/org/example/Shop")
        }
        #expect(throws: DesktopEntry.InvalidValue(key: "BusName", reason: "'shop' is not a D-Bus name (elements of letters, digits, '_' and '-', separated by '.')")) {
            try SearchProviderFile(desktopID: "shop.desktop", busName: "shop", objectPath: "/org/example/Shop")
        }
        #expect(throws: DesktopEntry.InvalidValue(key: "BusName", reason: "'org.1example' is not a D-Bus name (elements of letters, digits, '_' and '-', separated by '.')")) {
            try SearchProviderFile(desktopID: "shop.desktop", busName: "org.1example", objectPath: "/org/example/Shop")
        }
        #expect(throws: DesktopEntry.InvalidValue(key: "ObjectPath", reason: "'/org//Shop' is not a D-Bus object path (/ELEMENT/..., letters, digits and '_')")) {
            try SearchProviderFile(desktopID: "shop.desktop", busName: "org.example.Shop", objectPath: "/org//Shop")
        }
    }

    @Test("The limits of what the desktop's search may send: terms and identifiers past them are refused, naming the limit")
    func limits() {
        #expect(DesktopSearchLimits.problem(terms: ["blue", "mug"]) == nil)
        #expect(DesktopSearchLimits.problem(terms: Array(repeating: "a", count: 17)) == "17 search terms; at most 16")
        #expect(DesktopSearchLimits.problem(terms: [String(repeating: "é", count: 129)]) == "a search term of 258 bytes; at most 256")
        #expect(DesktopSearchLimits.problem(identifiers: Array(repeating: "shop://cart", count: 256)) == nil)
        #expect(DesktopSearchLimits.problem(identifiers: Array(repeating: "shop://cart", count: 257)) == "257 result identifiers; at most 256")
        #expect(DesktopSearchLimits.problem(identifiers: ["shop://" + String(repeating: "a", count: 4_090)]) == "a result identifier of 4097 bytes; at most 4096")
    }
}
