/// A tab an app declares: a stack of its own, kept while another tab is shown.
///
/// A route belongs to a tab through its parent chain (``Routable/parentURL(for:)``): the tab's
/// root page, and every page whose chain of parents reaches it. Opening such a page selects its
/// tab (dismissing modal layers over the tabs) and builds the stack inside it; a route whose chain
/// reaches no tab's root is shown where the person is, on top of the tab shown or of the top modal.
///
/// ```swift
/// let navigator = try InMemoryNavigator(tabs: [
///     NavigationTab("catalog", root: "shop://catalog", title: "Catalog"),
///     NavigationTab("account", root: "shop://account", title: "Account"),
/// ])
/// router.navigator = navigator
/// await router.open("shop://account/orders/7")   // selects the account tab: account > account/orders/<int:id>
/// ```
public struct NavigationTab: Sendable, Hashable {
    /// The tab's name: what ``NavigationOperation/selectTab(_:)`` takes and stacks print (`[tab catalog]`).
    public let name: String
    /// The URL of the tab's first page; pages whose parent chain leads to its route key belong to the tab.
    public let root: String
    /// The title a toolkit shows on the tab's switcher; the name unless given.
    public var title: String
    /// An icon name the toolkit understands (a GTK symbolic icon, say), or `nil`.
    public var icon: String?

    /// Declares a tab.
    /// - Parameters:
    ///   - name: Its name, unique among the app's tabs.
    ///   - root: The URL of its first page.
    ///   - title: What the tab switcher shows; `name` when `nil`.
    ///   - icon: An icon name for the tab switcher.
    public init(_ name: String, root: String, title: String? = nil, icon: String? = nil) {
        self.name = name
        self.root = root
        self.title = title ?? name
        self.icon = icon
    }
}
