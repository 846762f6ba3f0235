/// Which window an open shows its page in (``NavigationState/windows``).
///
/// The call's target (``OpenOptions/window``) wins over the page's preference
/// (``WindowPreference``), which wins over ``active``.
///
/// ```swift
/// await router.open("shop://catalog/product/42", options: OpenOptions(window: .newWindow))
/// await router.open(link, source: .external, options: OpenOptions(window: .showingPage))
/// ```
///
/// Closed for good: no case is added before a major version, so a `switch` over it needs no
/// `default` (README, "Versioning").
public enum WindowTarget: String, Sendable, Hashable, CaseIterable {
    /// The active window, the one the person is in (the default).
    case active
    /// A new window, which becomes the active one: the page's tab is selected in it and its
    /// parents are built under it, as for a first start.
    case newWindow
    /// The window that already shows the page (an entry of its route for the same route key, in
    /// any of its tabs or layers): that window becomes the active one, goes back to that entry
    /// and shows it as it is, and the open's page result is that page's; when no window shows
    /// it, the active window, as ``active``. A desktop app opens links from outside so: a link to
    /// a page shown in another window brings that window forward.
    case showingPage
}

/// A page type that prefers a window (``WindowTarget``) for the opens that do not choose one.
///
/// A capability the router finds with a cast, as ``UpdatableInPlace``: a page type compiled
/// before it simply does not conform.
///
/// ```swift
/// extension OrderPage: WindowPreference {
///     static func preferredWindow(for parameters: RouteParameters) -> WindowTarget { .showingPage }
/// }
/// ```
public protocol WindowPreference: Routable {
    /// The window an open of the page goes to when the call does not say.
    static func preferredWindow(for parameters: RouteParameters) -> WindowTarget
}
