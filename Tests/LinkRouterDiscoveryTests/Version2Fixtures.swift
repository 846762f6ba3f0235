import LinkRouter

/// Routes whose records the macros write in version 2: a query contract (which readers from before
/// contracts would take for the summary), optional groups before a required segment, and a
/// summary that takes the text over 96 bytes, to four blocks.
enum Version2FixtureActions {
    #route("fixture/v2/contract", query: ["page: int = 1"], unknownQuery: .refuse) { parameters in
        "page \(try parameters.int("page"))"
    }
    #route("fixture/v2(/:lang)/docs") { parameters in "docs \(parameters["lang"] ?? "-")" }
    #route("fixture/v2/long", summary: "A route whose summary is long: it goes on and on, it goes on and on, it goes on and on, it goes on and on, it goes on and on, it goes on and on, it goes on and on, it goes on and on, it goes on and on, it goes on and on, it goes on and on, it goes on and on, it goes on and on, it goes on and on, it goes on and on, it goes on and on, it goes on and on, it goes on and on, it goes on and on, it goes on and on,") { _ in "long" }
}
