/// A page shown in the detail pane of a split view, beside its parent: an item beside its list.
///
/// A navigator with split views (LinkRouterGTK's, an `AdwLeaflet`) shows such a page beside the
/// page under it in the stack — its parent, which a deep link to it builds (``Routable/parentURL(for:)``)
/// — and, in a window too narrow for both, the page alone, as a stack shows it; the navigation
/// state is the same stack either way (`catalog > catalog/product/<int:id>`), so going back from
/// the item shows the list alone. A navigator without split views (``InMemoryNavigator``) shows
/// the stack as it is. A capability the navigator finds with a cast, as ``UpdatableInPlace``.
///
/// ```swift
/// @Routable("catalog/product/<int:id>", exposure: .external)
/// struct ProductPage: GTKPage, SplitViewDetail {
///     static func parentURL(for parameters: RouteParameters) -> String? { "catalog" }
///     ...
/// }
/// ```
public protocol SplitViewDetail: Routable {}
