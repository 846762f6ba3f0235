import AppLinkFiles
import Foundation
import LinkRouter
import RouteInspection
import RouteRecordReader
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Every `routes` subcommand on one binary answers as the app's discovery does: the library below
/// holds an override pair, a duplicate, a record whose query contract does not parse and a record
/// no reader can read, and each tool's routes are the routes discovery registers from it.
///
/// The library stays loaded (see ``CTools/loadedLibraryMarker``); its patterns start with `loaded/`.
@Suite(.serialized)
struct ToolsAgreeWithDiscoveryTests {
    /// The library's C source: its records in section order.
    static let source = """
        #include "LinkRouterRecord.h"
        #include <string.h>
        static bool answer(const char *const *names, const char *const *values, size_t count, char *result, size_t capacity) {
            strncpy(result, "agreed", capacity - 1);
            return true;
        }
        /* An override pair: the unmarked external route loses to the internal override. */
        LINKROUTER_C_ACTION_FLAGS(item_plain, "loaded/agree/item/:id", answer, LINKROUTER_FLAG_EXTERNAL);
        LINKROUTER_C_ACTION_OVERRIDE(item_override, "loaded/agree/item/:name", answer);
        /* A duplicate: two unmarked records of one shape, neither registered. */
        LINKROUTER_C_ACTION(dup_a, "loaded/agree/dup/:a", answer);
        LINKROUTER_C_ACTION(dup_b, "loaded/agree/dup/:b", answer);
        /* A record whose query contract does not parse: skipped. */
        #define SEARCH_TEXT "loaded/agree/search\\0\\0\\0q:notatype"
        __attribute__((used, retain, section(LINKROUTER_SECTION_NAME), aligned(8)))
        static const linkrouter_route_record bad_query = {
            .magic = LINKROUTER_RECORD_MAGIC, .version = LINKROUTER_RECORD_VERSION, .flags = LINKROUTER_FLAG_EXTERNAL,
            .kind = LINKROUTER_KIND_C_ACTION, .text_length = sizeof(SEARCH_TEXT) - 1,
            .accessor = (linkrouter_route_accessor)answer, .text = SEARCH_TEXT };
        /* A record with a reserved field set: unreadable, skipped. */
        __attribute__((used, retain, section(LINKROUTER_SECTION_NAME), aligned(8)))
        static const linkrouter_route_record unreadable = {
            .magic = LINKROUTER_RECORD_MAGIC, .version = LINKROUTER_RECORD_VERSION, .kind = LINKROUTER_KIND_C_ACTION,
            .text_length = sizeof("loaded/agree/unreadable") - 1, .accessor = (linkrouter_route_accessor)answer, .reserved = 1,
            .text = "loaded/agree/unreadable" };
        LINKROUTER_C_ACTION_FLAGS(about, "loaded/agree/about", answer, LINKROUTER_FLAG_EXTERNAL);
        """

    /// The library, built and loaded once, and what the app's discovery made of it.
    struct App: @unchecked Sendable {
        let library: String
        let router: Router
        let report: DiscoveryReport
    }

    static let app: Result<App, any Error> = Result {
        let library = try CTools.sharedLibrary("AgreeingTools", source: source)
        guard let handle = dlopen(library.path, RTLD_NOW | RTLD_LOCAL) else { throw CocoaError(.fileReadUnknown) }
        let router = Router(configuration: RouterConfiguration(webHosts: ["links.example.com"]), discovery: .manual)
        return App(library: library.path, router: router, report: router.discoverRoutes(in: handle))
    }

    /// The routes discovery registers from the library, in order.
    static let registered = ["loaded/agree/item/:name", "loaded/agree/about"]

    @Test("discovery registers the override and the plain route, and skips or reports the rest")
    func discovery() throws {
        let app = try Self.app.get()
        #expect(app.report.registered == Self.registered)
        #expect(app.report.duplicateRoutes.count == 1)
        #expect(app.report.overridden.count == 1)
        #expect(app.report.diagnostics.contains { $0.contains("a reserved field is not 0") })
        #expect(app.report.diagnostics.contains { $0.contains("its query contract does not parse") })
    }

    @Test("routes check reports what discovery skips: the unreadable record, the bad query contract, the duplicate, in its words")
    func check() throws {
        let app = try Self.app.get()
        let check = try RouteCheck(binaries: [app.library])
        #expect(check.problems.map(\.kind) == [.badRecord, .invalidQueryContract, .duplicate])
        #expect(check.problems[2].message == app.report.duplicateRoutes[0].description)
        #expect(check.recordCount == 7)
    }

    @Test("routes match resolves with the app's routes, override included, and decides as the app's open does")
    func match() async throws {
        let app = try Self.app.get()
        for url in ["app://loaded/agree/item/5", "app://loaded/agree/dup/1", "app://loaded/agree/search", "app://loaded/agree/about"] {
            let match = try RouteMatch(url: url, in: .binary(app.library), host: nil)
            #expect(match.report.match == (try? app.router.resolve(url))?.pattern.text, "\(url)")
        }
        for (url, source) in [
            ("https://links.example.com/loaded/agree/item/5", RouteMatch.Source.external), ("https://links.example.com/loaded/agree/item/5", .app),
            ("https://links.example.com/loaded/agree/about", .external), ("https://links.example.com/loaded/agree/search", .external),
        ] {
            let match = try await RouteMatch(url: url, in: .binary(app.library), app: RouteMatch.App(webHosts: ["links.example.com"], source: source))
            let outcome = await app.router.open(url, source: source == .app ? .app : .external, options: OpenOptions(recordsTrace: true, tracesParameterValues: true))
            let decision = try #require(match.decision)
            #expect(decision.opens == outcome.succeeded, "\(url) from \(source)")
            #expect(decision.steps.map(\.kind) == outcome.trace.steps.map(\.kind.rawValue), "\(url) from \(source)")
            #expect(decision.failure == outcome.failure.map { "\($0)" })
        }
        let external = try await RouteMatch(
            url: "https://links.example.com/loaded/agree/item/5", in: .binary(app.library),
            app: RouteMatch.App(webHosts: ["links.example.com"], source: .external)
        )
        #expect(!external.isMatch)
        #expect(external.text.contains("exposure"))
        #expect(external.warnings.count == 3)
    }

    @Test("routes links reasons about the routes and options discovery registers")
    func links() throws {
        let app = try Self.app.get()
        let links = try AppLinkRoutes(binaries: [app.library], host: "links.example.com")
        #expect(links.routes.map(\.pattern.text) == app.router.routes.map(\.pattern.text))
        #expect(links.routes.map(\.options.exposure) == app.router.routes.map(\.options.exposure))
    }

    @Test("routes gen writes a constant for each route discovery registers, and none for the others")
    func gen() throws {
        let app = try Self.app.get()
        let generated = try GeneratedRoutes(binary: app.library, scheme: "app", access: .internal)
        for pattern in Self.registered { #expect(generated.source.contains("\"\(pattern)\""), "\(pattern)") }
        for pattern in ["loaded/agree/item/:id", "loaded/agree/dup/:a", "loaded/agree/dup/:b", "loaded/agree/search"] {
            #expect(!generated.source.contains("\"\(pattern)\""), "\(pattern)")
        }
        #expect(generated.warnings.count == 3)
    }

    @Test("routes dump --tree marks the records discovery does not register")
    func dumpTree() throws {
        let app = try Self.app.get()
        let dump = try RouteDump(binaries: [app.library])
        #expect(Set(dump.routeRows.filter { $0.fate == nil }.map(\.pattern)) == Set(Self.registered))
        let tree = try dump.text(.tree)
        #expect(tree.contains("[not registered: overridden by 'loaded/agree/item/:name']"))
        #expect(tree.contains("[not registered: duplicate, none of its shape wins]"))
        #expect(tree.contains("[not registered: its query contract does not parse"))
    }
}
