/// A link to a route whose page offers `Page`, a protocol the route declares
/// (`@Routable("note/edit/<int:id>", as: NoteEditing.self)`): what `routes gen` writes for such a
/// route, so that a caller configures the page through the protocol with neither a cast nor an
/// `as:` argument, and without importing the page's module.
///
/// ```swift
/// // Generated: static func noteEdit(id: Int) -> PageLink<any NoteEditing>
/// await router.open(Routes.noteEdit(id: 3)) { $0.delegate = self }
/// ```
///
/// `Page` is only a promise the link makes; the open checks it, and fails with
/// ``RouteFailure/pageMismatch(pattern:expected:actual:)`` when the page does not keep it.
public struct PageLink<Page>: RouteReference, Hashable, CustomStringConvertible {
    /// The link itself.
    public let link: RouteLink

    /// A link whose page offers `page`.
    /// - Parameters:
    ///   - link: The link.
    ///   - page: The type the page offers, usually a protocol's existential: `(any NoteEditing).self`.
    public init(_ link: RouteLink, as page: Page.Type = Page.self) {
        self.link = link
    }

    /// The link's URL (``RouteLink/url``).
    public var url: String { link.url }

    /// The link.
    public var referencedRoute: ReferencedRoute { .link(link) }

    /// The link's URL.
    public var description: String { link.url }
}
