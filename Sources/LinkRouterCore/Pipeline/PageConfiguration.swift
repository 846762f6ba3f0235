/// What `open(_:as:configure:)` and `page(for:as:)` ask of the page they reach: that it offer a
/// type (a protocol, usually), and what to do with it through that type before it is shown.
///
/// The page's type stays unknown to the caller, which may not import its module: the run casts the
/// page it built to the type asked for, and fails with ``RouteFailure/pageMismatch(pattern:expected:actual:)``
/// when the page does not offer it — before the page is prepared or shown.
struct PageConfiguration: Sendable {
    /// The type asked for, as Swift prints it: `any NoteEditing`.
    let typeName: String
    /// Casts the page to the type asked for and configures it; `nil` when the page is not of it.
    private let configure: @Sendable (any Routable) throws -> (any Routable)?

    /// A configuration that casts the page to `Page` and hands it to `body`, then takes the page
    /// `body` changed (a struct page is configured through `inout`).
    init<Page>(_ type: Page.Type, _ body: @escaping @Sendable (inout Page) throws -> Void) {
        typeName = "\(Page.self)"
        configure = { page in
            guard var typed = page as? Page else { return nil }
            try body(&typed)
            // The page's dynamic type is unchanged, so it is still a `Routable`.
            return typed as? any Routable
        }
    }

    /// The page configured, or why it cannot be: the page of `pattern` does not offer the type, or
    /// the configuration threw (``RouteFailure/navigationFailed(pattern:underlying:)``, as when
    /// ``RouterConfiguration/preparePage`` throws).
    func apply(to page: any Routable, pattern: String) -> Result<any Routable, RouteFailure> {
        do {
            guard let configured = try configure(page) else {
                return .failure(.pageMismatch(pattern: pattern, expected: "\(type(of: page)) pages", actual: typeName))
            }
            return .success(configured)
        } catch {
            return .failure(.navigationFailed(pattern: pattern, underlying: error))
        }
    }
}
