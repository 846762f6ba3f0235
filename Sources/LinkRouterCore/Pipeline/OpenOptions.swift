/// Where a URL being opened comes from.
public enum OpenSource: String, Sendable, Hashable {
    /// The app itself: any route may be opened.
    case app
    /// Outside the app (a push notification, a web link, another app): only routes exposed as
    /// ``RouteOptions/Exposure/external`` can be reached; every other route answers "not found".
    case external
}

/// How one `open` behaves, beyond its URL, parameters and source.
public struct OpenOptions: Sendable {
    /// How to show the page: wins over the page's preference and the router's default. `nil` (the
    /// default) or ``RouteOptions/OpenStyle/automatic`` leaves the choice to them.
    public var style: RouteOptions.OpenStyle?
    /// Which window shows the page: wins over the page's preference (``WindowPreference``). `nil`
    /// (the default) leaves it to the page, else the active window.
    public var window: WindowTarget?
    /// Whether the navigator animates; `route_no_animation=1` in the URL's query turns it off too.
    public var animated: Bool
    /// Whether a presented page gets a navigation container of its own, so pages can be pushed on it.
    public var presentsInNavigationContainer: Bool
    /// Takes over showing the page for this open: called with the new entry and the navigator
    /// instead of the router's push or present. It must put the entry on the stack for a page
    /// result to ever be delivered; an error it throws fails the open with
    /// ``RouteFailure/navigationFailed(pattern:underlying:)``.
    public var transition: (@Sendable (TransitionRequest) async throws -> Void)?
    /// A page the caller made, shown instead of one built from the URL's parameters: an instance
    /// configured with what a URL cannot carry. The URL still names the route, and the open runs
    /// the whole pipeline for it — redirects, exposure, interceptors, events, the parent chain,
    /// ``RouterConfiguration/preparePage``. The page must be of the route's page type (any page,
    /// for a route registered with a page factory), or the open fails with
    /// ``RouteFailure/pageMismatch(pattern:expected:actual:)``. Its result, if it returns one, is
    /// the route's parameters' ``RouteParameters/resultSlot``, which a page made this way does not
    /// see: a page that returns a result is opened by URL.
    ///
    /// ```swift
    /// let page = ProductPage(product: cachedProduct)
    /// await router.open("app://catalog/product/\(cachedProduct.id)", options: OpenOptions(page: page))
    /// ```
    public var page: (any Routable)?
    /// Whether the open records its decision trace (``RouteOutcome/trace``); by default it does
    /// not, and the outcome's trace is empty: recording costs time and memory on every step.
    public var recordsTrace: Bool
    /// Whether the decision trace shows parameter values; by default they are redacted.
    public var tracesParameterValues: Bool
    /// The result slot handed to the page, for the open of a ``PageLink`` whose page returns a result.
    var resultSlot: PageResultSlot?
    /// The protocol the page must offer and its configuration through it, for
    /// `open(_:as:configure:)` and `page(for:as:)`.
    var pageConfiguration: PageConfiguration?

    /// Creates options; the defaults animate, leave the style to the page and the router, record
    /// no trace, redact parameter values in a trace that is asked for, and build the page from the URL.
    public init(
        style: RouteOptions.OpenStyle? = nil,
        animated: Bool = true,
        presentsInNavigationContainer: Bool = true,
        transition: (@Sendable (TransitionRequest) async throws -> Void)? = nil,
        recordsTrace: Bool = false,
        tracesParameterValues: Bool = false,
        page: (any Routable)? = nil,
        window: WindowTarget? = nil
    ) {
        self.page = page
        self.window = window
        self.recordsTrace = recordsTrace
        self.style = style
        self.animated = animated
        self.presentsInNavigationContainer = presentsInNavigationContainer
        self.transition = transition
        self.tracesParameterValues = tracesParameterValues
    }
}

/// A page to show, handed to a custom transition (``OpenOptions/transition``).
public struct TransitionRequest: Sendable {
    /// The entry to put on the stack.
    public let entry: NavigationEntry
    /// The style the router would have used.
    public let style: RouteOptions.OpenStyle
    /// Whether the router would have animated.
    public let animated: Bool
    /// The navigator.
    public let navigator: any Navigator
}
