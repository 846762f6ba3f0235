// The route and service annotations. Each one becomes a record in the `linkrouter_routes` section of the
// object file, checked at compile time and registered by route discovery at run time.

/// Declares a page type as the route of a URL pattern.
///
/// ```swift
/// @Routable("user/<int:id>", exposure: .external, openStyle: .push, summary: "User profile")
/// struct UserPage {
///     let id: Int                                       // the placeholder `<int:id>`
///     @RouteParameter(from: .query) var tab = "posts"   // the declared query item `tab`, else "posts"
///     var isAdmin = false                               // the app's values alone: no link sets it
/// }
///
/// await router.open(UserPage.link(id: 42, tab: "likes"))   // user/42?tab=likes
/// ```
///
/// The type conforms to ``/LinkRouterCore/Routable`` (the macro adds the conformance when the type
/// does not declare it). Route discovery registers the page at run time, as
/// `register(_:options:page:)` would.
///
/// ## A link sets what the route declares, nothing else
///
/// A struct that declares no `init?(parameters:)` in its body gets one from the macro. A URL fills
/// only what the route declares; the app's own values fill the rest:
///
/// - A property named like a placeholder of one of the type's patterns (or renamed to one with
///   ``RouteParameter(_:from:)``) is filled from the URL's path, else from the caller's value.
/// - A property marked `@RouteParameter(from: .query)`, or named by the annotation's `query:`, is
///   a declared query item: filled from the caller's value, else from the URL's query item of its
///   name. The app's own value wins over the link's.
/// - Every other property — and every `private` or `fileprivate` one, and one marked `.caller` —
///   is filled from the caller's values alone (``/LinkRouterCore/Router/open(_:parameters:source:options:)->RouteOutcome``'s
///   `parameters`), never from any part of a URL, whatever pattern the page is registered under,
///   or keeps its default.
///
/// A value is converted to the property's type, which the compiler picks a conversion for:
/// `String`, `Int`, `Double` (finite), `Bool`, `UUID`, `[String]` (a `<path:>` placeholder's
/// segments, or every value of a repeated query item), a `RawRepresentable` enum (by its raw
/// value), any `Decodable` type, and any other `Sendable` type from a caller value of that type; a
/// `PageResultSlot` property gets the open's result slot, and a `PageReturn<Value>` property too,
/// which declares the page's result: the page becomes a ``/LinkRouterCore/ReturningPage``, and
/// `try await router.open(Page.link())` returns a `PageResult<Value>`. An optional property is `nil`
/// when no source has its parameter; a `var` with a default value keeps it. A `let` with a value,
/// a computed, `static` or `lazy` property is not a parameter. A value that does not convert
/// fails the open with ``/LinkRouterCore/RouteFailure/parametersRejected(pattern:underlying:)``,
/// naming the parameter.
///
/// The macro checks the properties against the pattern when the module compiles:
///
/// - Each placeholder fills a property: `placeholder 'id' of 'user/<int:id>' fills no property`.
/// - A property that is not optional and has no default is filled by a placeholder outside the
///   pattern's optional parts, or says where its value comes from: `a link cannot set 'userID'
///   ...; mark it @RouteParameter(from: .query) for a link to set it, or @RouteParameter(from:
///   .caller) for the app alone to`, with a fix-it for each.
/// - A `private` or `fileprivate` property that a placeholder, a mark or a `query:` declaration
///   would have a URL set is an error: no link sets a private property.
/// - A property whose type (as written) cannot hold what its placeholder matches: a `<path:>`
///   into a number, an `<int:>` into a `Bool` or a `UUID`, a `<double:>` into an integer.
///
/// The route's record carries its declared query as its query contract: the `query:`
/// declarations, and one for each property filled from the query, of the type a contract has
/// (`String`, `Int`, `Double`, `Bool`, `UUID`; `string` for the others), with its literal default
/// value: `@RouteParameter(from: .query) var page = 1` declares `page: int = 1`. That contract is
/// what `routes dump`, `routes gen`'s builders and the app-link files show, and what the open checks.
///
/// ## The link builder
///
/// Each annotation adds `static func link(...)`, the route's typed link: its placeholders, then
/// its declared query, as arguments of the properties' types (a query item or a placeholder in an
/// optional group may be left out), every value percent-encoded. It returns a
/// ``/LinkRouterCore/PageLink`` of the page, which every method that takes a route takes. A type
/// with two annotations of the same placeholders and query gets the first one's builder only.
///
/// The pattern is checked when the module compiles: a malformed pattern is an error on the
/// literal that names the column of the offending character. All arguments must be literals.
/// The pattern, the groups, the summary and the query contract share a record's text, at most
/// 1,024 bytes (UTF-8, plus one separator byte before each part after the pattern, up to the last
/// one given); the pattern's segments travel in the record too, so start-up does not parse it.
///
/// - Parameters:
///   - pattern: The route pattern, a string literal.
///   - declaredProtocol: The protocol the page offers to callers that configure it without importing
///     its module (``/LinkRouterCore/Router/open(_:as:parameters:source:options:configure:)``), as `NoteEditing.self` or
///     `(any NoteEditing).self`, optionally qualified by its module. The compiler checks that the
///     page conforms where it is declared ("type 'NoteViewer' does not conform to protocol
///     'NoteEditing'"), as `@RoutableService` checks its type: declare the conformance in the
///     page's module. A record written otherwise (a plugin of an older build) is checked by
///     `routes check` from the binary, and an open that asks for the protocol fails with
///     ``/LinkRouterCore/RouteFailure/pageMismatch(pattern:expected:actual:)``. `routes gen` writes the route's
///     link as a ``/LinkRouterCore/PageLink`` of the protocol. Declare the protocol routable
///     (`#routableProtocol`), so that the checks know it.
///   - exposure: Whether URLs from outside the app may open the page.
///   - openStyle: How the page prefers to be shown.
///   - groups: The groups the route belongs to: declared groups (`[.requiresLogin]`, see
///     ``/LinkRouterCore/RouteGroup``) or names without `,`.
///   - summary: A one-line description, for tools and logs.
///   - query: The query parameters the route declares, `"name: type"` or `"name: type = default"`
///     (``/RoutePatterns/QueryContract``), checked at open; they travel in the record's text, so they share its
///     1,024 bytes.
///   - unknownQuery: What happens to the query parameters not declared: kept, dropped or refused.
///   - overrides: Whether this route wins over the records of the same shape that are not marked
///     as overrides, in any module and wherever they are in link order. Two records of one shape
///     that are both unmarked, or both overrides, are a duplicate: discovery registers neither.
///   - launcherAction: Whether the route is an item of the menu the desktop shows on the app's
///     icon (a `.desktop` file's `Actions=`, which LinkRouterDesktop's `DesktopEntry` and `routes
///     links --format desktop-entry` write), titled with `summary`. Only an external route with a
///     summary and a pattern without placeholders may be one: anything else is a compile-time error.
///
/// A page may have several `@Routable` attributes, one per pattern.
///
/// - Note: Applies to a non-generic struct or class declared at file scope. Its route record is a
///   static constant in an extension of the type, which the linker places as a fixed global.
@attached(extension, conformances: Routable, ReturningPage, names: named(__linkRouterRecord), named(init), named(link), named(Output))
public macro Routable(
    _ pattern: StaticString,
    as declaredProtocol: Any.Type? = nil,
    exposure: RouteOptions.Exposure = .internal,
    openStyle: RouteOptions.OpenStyle = .automatic,
    groups: [RouteGroup] = [],
    summary: StaticString? = nil,
    query: [StaticString] = [],
    unknownQuery: QueryContract.UnknownParameters = .keep,
    overrides: Bool = false,
    launcherAction: Bool = false
) = #externalMacro(module: "LinkRouterMacros", type: "RoutableMacro")

/// Renames the parameter that fills a property of a `@Routable` page or a `@RoutableAction`, or
/// names the one source it comes from.
///
/// ```swift
/// @Routable("account/<int:user_id>/orders")
/// struct OrdersPage {
///     @RouteParameter("user_id") let userID: Int         // the placeholder `user_id`
///     @RouteParameter(from: .query) var page = 1           // the declared query item `page`
///     @RouteParameter(from: .caller) var draft: Draft?     // never from a URL
/// }
/// ```
///
/// `.query` declares the property a query item a link may set (the route's record carries it in
/// its query contract; a caller's value of the name wins over the link's). A property marked
/// `.query` or `.caller` cannot be named like a placeholder of the page's pattern; one marked
/// `.path` must be. Without a source, a property named like a placeholder reads the path, then the
/// caller's values; any other, the caller's values alone. The attribute adds nothing to the
/// program; `@Routable` reads it.
///
/// - Parameters:
///   - name: The parameter's name, when it is not the property's.
///   - source: The one source the property is filled from.
@attached(peer)
public macro RouteParameter(
    _ name: StaticString? = nil,
    from source: RouteParameterSource? = nil
) = #externalMacro(module: "LinkRouterMacros", type: "RouteParameterMacro")

/// Declares an action as the route of a URL pattern.
///
/// ```swift
/// #route("share/:text", exposure: .external, summary: "Share a text") { parameters in
///     "shared \(try parameters.string("text"))"
/// }
///
/// #route("sync/<int:count>") { parameters async throws in
///     try await Store.shared.sync(count: parameters.int("count"))
/// }
/// ```
///
/// Route discovery registers the action at run time, as `register(_:options:action:)` would. The
/// action may be synchronous or `async`, and may throw.
///
/// `#route` goes at file scope (`main.swift` included) or among the members of a non-generic
/// type, whose static members the action may then use unqualified:
///
/// ```swift
/// enum CartActions {
///     #route("cart/clear") { _ in clear() }
///     static func clear() -> String { ... }
/// }
/// ```
///
/// In a module with many routes, prefer a type: the compiler expands every file-scope `#route` of
/// a module in each of the module's compile jobs, but a `#route` in a type only in the jobs that
/// compile that type.
///
/// The pattern is checked when the module compiles: a malformed pattern is an error on the
/// literal that names the column of the offending character. The pattern, the groups, the
/// summary and the query contract share a record's text, at most 1,024 bytes.
///
/// - Parameters:
///   - pattern: The route pattern, a string literal.
///   - exposure: Whether URLs from outside the app may run the action.
///   - groups: The groups the route belongs to: declared groups (`[.requiresLogin]`, see
///     ``/LinkRouterCore/RouteGroup``) or names without `,`.
///   - summary: A one-line description, for tools and logs.
///   - query: The query parameters the route declares, `"name: type"` or `"name: type = default"`
///     (``/RoutePatterns/QueryContract``), checked at open; they travel in the record's text, so they share its
///     1,024 bytes.
///   - unknownQuery: What happens to the query parameters not declared: kept, dropped or refused.
///   - overrides: Whether this route wins over the records of the same shape that are not marked
///     as overrides, in any module and wherever they are in link order. Two records of one shape
///     that are both unmarked, or both overrides, are a duplicate: discovery registers neither.
///   - launcherAction: Whether the route is an item of the menu the desktop shows on the app's
///     icon (a `.desktop` file's `Actions=`, which LinkRouterDesktop's `DesktopEntry` and `routes
///     links --format desktop-entry` write), titled with `summary`. Only an external route with a
///     summary and a pattern without placeholders may be one: anything else is a compile-time error.
///   - action: The action. It becomes part of a stored constant, so it cannot capture local
///     values.
@freestanding(declaration)
public macro route(
    _ pattern: StaticString,
    exposure: RouteOptions.Exposure = .internal,
    groups: [RouteGroup] = [],
    summary: StaticString? = nil,
    query: [StaticString] = [],
    unknownQuery: QueryContract.UnknownParameters = .keep,
    overrides: Bool = false,
    launcherAction: Bool = false,
    action: @escaping @Sendable (RouteParameters) async throws -> (any Sendable)?
) = #externalMacro(module: "LinkRouterMacros", type: "RouteMacro")

/// Declares an action type as the route of a URL pattern: its properties are bound as a
/// `@Routable` page's are, its result is what its `run(on:)` returns, and it runs with the router
/// that runs it.
///
/// ```swift
/// @RoutableAction("cart/add", groups: [.requiresLogin])
/// struct AddToCart {
///     @RouteParameter(from: .query) let product: Int
///     @RouteParameter(from: .query) var quantity = 1
///
///     func run(on router: Router) throws -> String {
///         "added \(quantity) × product \(product)"
///     }
/// }
///
/// let message = try router.call(AddToCart.link(product: 42, quantity: 2))   // a String
/// ```
///
/// The type conforms to ``/LinkRouterCore/RoutableAction`` (the macro adds the conformance when
/// the type does not declare it). The macro writes `init?(parameters:)` (a link sets only the
/// placeholders and the declared query, as for a page), the route's record and `static func
/// link(...)`, which returns an ``/LinkRouterCore/ActionLink``. An action whose `run(on:)` is
/// not `async` runs synchronously: `call(_:parameters:source:)` runs it. The
/// router it receives is the one that runs it, so its services are that router's, whichever
/// router the app made. Route discovery registers it at run time (the record's flag bit 7).
///
/// - Parameters:
///   - pattern: The route pattern, a string literal.
///   - exposure: Whether URLs from outside the app may run the action.
///   - groups: The groups the route belongs to: declared groups (`[.requiresLogin]`, see
///     ``/LinkRouterCore/RouteGroup``) or names without `,`.
///   - summary: A one-line description, for tools and logs.
///   - query: The query parameters the route declares besides the properties marked `.query`,
///     `"name: type"` or `"name: type = default"`.
///   - unknownQuery: What happens to the query parameters not declared: kept, dropped or refused.
///   - overrides: Whether this route wins over the records of the same shape that are not marked
///     as overrides, in any module and wherever they are in link order.
///
/// - Note: Applies to a non-generic struct declared at file scope.
@attached(extension, conformances: RoutableAction, names: named(__linkRouterRecord), named(init), named(link), named(__linkRouterAction))
public macro RoutableAction(
    _ pattern: StaticString,
    exposure: RouteOptions.Exposure = .internal,
    groups: [RouteGroup] = [],
    summary: StaticString? = nil,
    query: [StaticString] = [],
    unknownQuery: QueryContract.UnknownParameters = .keep,
    overrides: Bool = false
) = #externalMacro(module: "LinkRouterMacros", type: "RoutableActionMacro")

/// Declares a page type as the route of a URL pattern: what `@Routable` does, written apart from
/// the type.
///
/// ```swift
/// struct ProfilePage: Routable {
///     init?(parameters: RouteParameters) throws { ... }
///     // several hundred lines
/// }
///
/// enum AccountRoutes {
///     #route("account/profile/:user", exposure: .external, page: ProfilePage.self)
/// }
/// ```
///
/// The type must conform to ``/LinkRouterCore/Routable`` itself. Prefer this form for large page
/// types in modules with many routes: the compiler sends an attached macro the whole declaration
/// it is attached to, and the macro plugin of a debug build parses it, which for a type of a few
/// hundred lines takes tens of milliseconds in each compile job; `#route` receives only its own
/// arguments. It goes where an action's `#route` goes, at file scope or in a non-generic type.
///
/// - Parameters:
///   - pattern: The route pattern, a string literal.
///   - exposure: Whether URLs from outside the app may open the page.
///   - openStyle: How the page prefers to be shown.
///   - groups: The groups the route belongs to: declared groups (`[.requiresLogin]`, see
///     ``/LinkRouterCore/RouteGroup``) or names without `,`.
///   - summary: A one-line description, for tools and logs.
///   - query: The query parameters the route declares, `"name: type"` or `"name: type = default"`
///     (``/RoutePatterns/QueryContract``), checked at open; they travel in the record's text, so they share its
///     1,024 bytes.
///   - unknownQuery: What happens to the query parameters not declared: kept, dropped or refused.
///   - overrides: Whether this route wins over the records of the same shape that are not marked
///     as overrides, in any module and wherever they are in link order. Two records of one shape
///     that are both unmarked, or both overrides, are a duplicate: discovery registers neither.
///   - launcherAction: Whether the route is an item of the menu the desktop shows on the app's
///     icon (a `.desktop` file's `Actions=`, which LinkRouterDesktop's `DesktopEntry` and `routes
///     links --format desktop-entry` write), titled with `summary`. Only an external route with a
///     summary and a pattern without placeholders may be one: anything else is a compile-time error.
///   - page: The page type, as `Type.self`.
@freestanding(declaration)
public macro route<Page: Routable>(
    _ pattern: StaticString,
    exposure: RouteOptions.Exposure = .internal,
    openStyle: RouteOptions.OpenStyle = .automatic,
    groups: [RouteGroup] = [],
    summary: StaticString? = nil,
    query: [StaticString] = [],
    unknownQuery: QueryContract.UnknownParameters = .keep,
    overrides: Bool = false,
    launcherAction: Bool = false,
    page: Page.Type
) = #externalMacro(module: "LinkRouterMacros", type: "RouteMacro")

/// Registers a type as the implementation of a service protocol, which other modules reach with
/// ``/LinkRouterServices/ServiceRegistry/service(_:)`` (on ``/LinkRouterCore/Router/services``) without importing this one.
///
/// ```swift
/// // ShopInterfaces, imported by every feature module:
/// public protocol SessionService: Sendable {
///     var currentUser: String? { get }
/// }
///
/// // AccountFeature:
/// @RoutableService((any SessionService).self, lifetime: .shared)
/// final class AccountSession: SessionService {
///     init() {}
///     var currentUser: String? { ... }
/// }
///
/// // CartFeature, which does not import AccountFeature:
/// let session = try Router.shared.services.service((any SessionService).self)
/// ```
///
/// The compiler checks the annotation: a type that does not conform to the protocol it names is
/// an error ("type 'AccountSession' does not conform to protocol 'SessionService'"), and so is a
/// type the router cannot make with no arguments: the type conforms to ``/LinkRouterServices/RoutableService``, which
/// requires `init()` (a `required init()` in a non-final class); the macro adds the conformance
/// when the type does not declare it. Route discovery registers the implementation at run time,
/// as `router.services.register(_:lifetime:make:)` would, except that a manual registration of the same
/// protocol takes precedence.
///
/// The record stores the protocol's name as written in the annotation (at most 1,024 bytes of UTF-8),
/// so `routes dump` lists the service and `routes check` reports two implementations of one
/// protocol name. Without the `ExistentialAny` feature the protocol may be written `SessionService.self`.
///
/// - Parameters:
///   - service: The protocol, as `(any SessionService).self` or `SessionService.self`, optionally
///     qualified by its module (`(any ShopInterfaces.SessionService).self`).
///   - lifetime: A new instance per request (the default), or one shared instance made at the
///     first request, once, even under concurrent first requests.
///   - overrides: Whether this implementation wins over the implementations of the same protocol
///     that are not marked as overrides, in any module and wherever they are in link order. Two
///     implementations of one protocol that are both unmarked, or both overrides, are a
///     duplicate: discovery registers neither.
///
/// A type may implement several protocols, with one `@RoutableService` each.
///
/// - Note: Applies to a non-generic struct, class or actor declared at file scope. Its record is
///   a static constant in an extension of the type, which the linker places as a fixed global.
@attached(extension, conformances: RoutableService, names: named(__linkRouterService))
public macro RoutableService<Service: Sendable>(
    _ service: Service.Type,
    lifetime: ServiceLifetime = .perRequest,
    overrides: Bool = false
) = #externalMacro(module: "LinkRouterMacros", type: "RoutableServiceMacro")

/// Declares a protocol routable: one that callers configure pages through
/// (`@Routable(..., as: P.self)`, ``/LinkRouterCore/Router/open(_:as:parameters:source:options:configure:)``)
/// or ask services for (`@RoutableService(P.self)`, ``/LinkRouterServices/ServiceRegistry/service(_:)`` (on ``/LinkRouterCore/Router/services``)).
///
/// ```swift
/// // Where the protocol is declared, or in any module that sees it and links LinkRouter:
/// #routableProtocol((any SessionService).self)
/// ```
///
/// The declaration becomes a record of kind `'prot'` naming the protocol, so that the checks
/// (`AppRoutes.validate()` in `swift test`, `routes check`, discovery's report) hold the linked
/// modules to it: a routable protocol that no page offers and no service implements is a problem
/// ("routable protocol 'SessionService' has no provider in the linked modules"), and so is a page
/// that offers, or a service that implements, a protocol that no module declares routable. The
/// protocol must be in scope: a misspelled name does not compile. It goes where `#route` goes.
///
/// - Parameter protocol: The protocol, as `SessionService.self` or `(any SessionService).self`,
///   optionally qualified by its module.
@freestanding(declaration)
public macro routableProtocol<Protocol>(_ protocol: Protocol.Type) = #externalMacro(module: "LinkRouterMacros", type: "RoutableProtocolMacro")

/// Declares a route group once, as a static member of ``/LinkRouterCore/RouteGroup`` named like
/// the group, which annotations and interceptor scopes then name as a value.
///
/// ```swift
/// extension RouteGroup {
///     /// The routes that need a signed-in user: the login interceptor guards them.
///     @DeclaredGroup static var requiresLogin: RouteGroup
/// }
///
/// @Routable("cart", groups: [.requiresLogin])
/// struct CartPage { ... }
/// ```
///
/// The property's getter returns the group of its name; beside it a record of kind `'grup'`
/// names the group, so that the checks report a group named by a route, an interceptor scope or a
/// route table that no module declares (a misspelled string literal, say).
///
/// - Note: Applies to `static var name: RouteGroup` with no value, in an extension of `RouteGroup`.
@attached(accessor)
@attached(peer, names: prefixed(__linkRouterGroup_))
public macro DeclaredGroup() = #externalMacro(module: "LinkRouterMacros", type: "DeclaredGroupMacro")
