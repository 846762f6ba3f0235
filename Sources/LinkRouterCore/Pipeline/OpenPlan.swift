// Plan, then perform. Every door that reads a URL plans it with one synchronous function of the
// snapshot (``RouterSnapshot/plan(_:trace:)``): parsing and limits, admission, the scheme's
// dispatcher, redirects (the route table's, the router's, a page's own), matching, the route
// table's disabled routes and exposure, the query contract and the interceptors that apply. It
// performs nothing: it builds no page, runs no action, asks no interceptor, delegate or
// dispatcher and tells no event (the trace it is given is its one output besides the plan). Its
// plan is one ``OpenPlan/Step``; the doors differ only in what they do with it, each handling
// the steps its kind can have:
//
// | step                          | `canOpen`         | `call`                    | `page(for:)`              | `open` (``OpenRun``)      |
// |-------------------------------|-------------------|---------------------------|---------------------------|---------------------------|
// | `route`: nothing guards it    | `true`            | runs a synchronous action | builds the page           | builds and shows the page,|
// |                               |                   |   (a page: `notAnAction`) |   (an action: mismatch)   |   or runs the action      |
// | `intercepted`: the route and  | `true`            | `interceptorsApply`       | asks them, then as        | asks them, then as        |
// |   the interceptors that apply |                   |   (a page: `notAnAction`) |   `route`                 |   `route`                 |
// | `dispatch`: the scheme's      | its `canDispatch` | `dispatcherScheme`        | `dispatchFailed`          | hands the URL over        |
// |   dispatcher                  |                   |                           |                           |                           |
// | `notFound`: no route the      | `false`           | fails                     | `route_fallback_url`, the | `route_fallback_url`, the |
// |   source may reach            |                   |                           |   not-found handler, fails|   not-found handler, fails|
// | `failed`                      | `false`           | fails                     | fails                     | fails                     |
//
// A door that follows a hop the plan cannot take itself (a dispatcher's route, the not-found
// handler's URL, an interceptor's redirect, `route_fallback_url`) plans again from where the
// open has got to (``RouterSnapshot/plan(_:hopTo:fallback:trace:)``): the ``Course`` carries the
// hops, the source and the parameters from one plan to the next. `resolve` and the parents a deep
// link rebuilds share the plan's first steps (``AdmissionRules/locate(_:from:dispatchers:)``, then
// ``RouterSnapshot/match(_:includingHost:parameters:)``): parse, admit and match are written once.

/// The plan of a URL: where the open has got to, and what it reaches there.
struct OpenPlan {
    /// The open after planning: its hops, its source (made external by a web link's admission)
    /// and its parameters.
    var course: Course
    /// What the URL reaches.
    let step: Step

    /// What a URL reaches, once every step that cannot suspend is taken.
    enum Step {
        /// A route, matched at a URL admitted as `admission` and past every rule, that no
        /// interceptor guards. (The route and its admission are the case's own values, not a
        /// struct's: a door takes the route out of the plan without a copy.)
        case route(ResolvedRoute, admission: Admission)
        /// A route and the interceptors that apply to it, in priority order, with its groups.
        case intercepted(ResolvedRoute, admission: Admission, by: [InterceptorEntry], groups: Set<String>)
        /// The URL's scheme has a dispatcher.
        case dispatch(Dispatch)
        /// No route the source may reach.
        case notFound(NotFound)
        /// Why nothing can be reached.
        case failed(RouteFailure)
    }

    /// A URL handed to its scheme's dispatcher.
    struct Dispatch {
        let dispatcher: any RouteDispatcher
        let url: RouteURL
        /// The scheme, lowercased.
        let scheme: String
    }

    /// A URL no route the source may reach matched, and what could open instead.
    struct NotFound {
        let url: RouteURL
        /// What the open fails with when nothing opens instead.
        let failure: RouteFailure
        /// The URL's `route_fallback_url`, when it parses and the allowlist permits it.
        let fallback: String?
        /// The router's not-found handler, if it has one.
        let handler: NotFoundHandler?
    }
}

/// Where an open has got to: the URL given, the hops since, the source and parameters it
/// carries. The plan's input, and with the plan its output.
struct Course {
    /// The URL the door was given, or the link a route identifier was filled into: the
    /// outcome's `url`. The chain starts at the delegate's rewrite of it, if any.
    let url: String
    /// Where the open comes from: the door's source, made external by the admission of a web
    /// link and kept so for every later hop (never made the app's own again).
    var source: OpenSource
    /// The caller's parameters; a dispatcher that routes elsewhere replaces them.
    var parameters: [String: any Sendable]
    /// The URLs gone through, the first one first.
    private(set) var hops: Hops
    /// Whether an unknown or disabled route fell back to another URL.
    private(set) var fellBack = false
    /// The fallbacks taken that no one was told of yet: the plan tells no one; `open` tells the
    /// delegate and the streams (``OpenRun``).
    var untoldFallbacks: [(from: String, to: String)] = []

    /// An open of `url` from `source`, whose chain starts at `start` (the delegate's rewrite).
    init(url: String, start: String? = nil, source: OpenSource, parameters: [String: any Sendable], maximumRedirects: Int) {
        self.url = url
        self.source = source
        self.parameters = parameters
        hops = Hops(start: start ?? url, limit: maximumRedirects)
    }

    /// The URL the open is at.
    var current: String { hops.current }

    /// Takes a hop to `target`, or says why it may not be taken.
    mutating func follow(_ target: String, fallback: Bool) -> RouteFailure? {
        if fallback {
            fellBack = true
            untoldFallbacks.append((current, target))
        }
        return hops.follow(target)
    }
}

/// The URLs one open has gone through, with the loop and hop-limit checks.
///
/// Most opens never hop, so the first URL is kept apart and nothing is allocated until a hop.
struct Hops {
    let start: String
    private(set) var later: [String] = []
    private var seen: Set<String> = []
    let limit: Int

    init(start: String, limit: Int) {
        self.start = start
        self.limit = limit
    }

    /// Every URL so far, the first one first.
    var chain: [String] { [start] + later }

    /// The URL the open is at: the last one gone to.
    var current: String { later.last ?? start }

    /// Records a hop to `url`, or returns why it may not be taken.
    mutating func follow(_ url: String) -> RouteFailure? {
        if seen.isEmpty { seen = [start] }
        later.append(url)
        if !seen.insert(url).inserted { return .redirectLoop(chain: chain) }
        if later.count > limit { return .tooManyRedirects(chain: chain, limit: limit) }
        return nil
    }
}

/// A parent the page's type names, planned: where the page sits when its stack is rebuilt.
struct ParentLink {
    let route: ResolvedRoute
    let url: RouteURL
    let admission: Admission
    /// Whether the parent is presented rather than pushed.
    let presented: Bool
}
