// Swift records as LinkRouter 4281fac's macros wrote them (record version 1, no compiled
// pattern): compiled by make-fixtures against that commit's LinkRouter module and macro plugin.
// The library leaves LinkRouter's symbols undefined, so a host that exports its own copy (the
// demo, linked with --export-dynamic) binds them when it loads the library.
import LinkRouter

@Routable("old/page/<int:id>", exposure: .external, openStyle: .push, groups: ["old", "fixture"], summary: "A page from 4281fac")
struct OldPage {
    let id: Int
    init?(parameters: RouteParameters) throws { id = try parameters.int("id") }
}

enum OldActions {
    #route("old/action/:name", summary: "An action from 4281fac") { parameters in "old \(try parameters.string("name"))" }
    // A query contract, which 4281fac wrote in version 1 after the summary.
    #route("old/query", query: ["page: int = 1", "tab: string"], unknownQuery: .refuse) { parameters in
        "old page \(try parameters.int("page"))"
    }
    // Optional groups mid-pattern, which 4281fac wrote in version 1.
    #route("old/groups(/:a)(/b)/end") { _ in "old groups" }
}

public protocol OldFixtureService: Sendable {
    var origin: String { get }
}

@RoutableService((any OldFixtureService).self, lifetime: .shared)
struct OldFixtureImplementation: OldFixtureService {
    init() {}
    var origin: String { "4281fac" }
}
