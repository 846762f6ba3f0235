import RouteInspection
import RouteRecordLayout
import RouteRecordReader
import Testing

/// `routes check` on launcher actions (flag bit 7) planted in object files: the macros refuse a
/// launcher action they cannot write, so these records are written by the codec, as a C record or
/// another writer could.
struct LauncherActionCheckTests {
    static func route(_ pattern: String, external: Bool = true, summary: String? = "Title") -> PlantedRoute {
        .encoded(RouteRecordCodec.encodeRoute(
            kind: .cAction, flags: RecordFlags(isExternal: external, openStyle: .automatic, isLauncherAction: true),
            text: RecordText(pattern: pattern, groups: [], summary: summary), compiledPattern: nil
        ))
    }

    @Test("check reports a launcher action that is internal, has no summary or has placeholders; an external one with a summary passes")
    func launcherActions() throws {
        let scratch = try ScratchFolder()
        let file = try scratch.object("launcher", [
            Self.route("cart"), Self.route("admin", external: false), Self.route("search", summary: nil), Self.route("product/<int:id>"),
            PlantedRoute("plain"),
        ])
        let check = try RouteCheck(binaries: [file])
        #expect(check.problems.map(\.kind) == [.launcherAction, .launcherAction, .launcherAction], "\(check.text)")
        #expect(check.problems.map(\.message) == [
            "'admin' is declared a launcher action but is internal: the launcher opens its link as a link from outside, which an internal route refuses (declare it exposure: .external, or drop launcherAction)",
            "'search' is declared a launcher action without a summary: the summary is the action's title",
            "'product/<int:id>' is declared a launcher action but its pattern has placeholders, wildcards or optional groups: the action's link is the pattern itself",
        ])
        // A reader that does not know bit 7 reads the route as it is: the reader reads the bit.
        let records = try #require(try RouteSectionReader.read(file: file)).records
        #expect(records.filter(\.isLauncherAction).map(\.pattern) == ["cart", "admin", "search", "product/<int:id>"])
    }
}
