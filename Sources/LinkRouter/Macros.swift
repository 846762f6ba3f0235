// The route and service annotations. Each one becomes a record in the `linkrouter_routes` section of the
// object file, checked at compile time and registered by route discovery at run time.

/// Declares a page type as the route of a URL pattern.
///
/// ```swift
/// @Routable("user/<int:id>", exposure: .external, openStyle: .push, groups: ["requiresLogin"], summary: "User profile")
/// struct UserPage {
///     let id: Int             // the placeholder `<int:id>`
///     var tab = "posts"       // the query item `tab`, else "posts"
///     let referrer: String?   // the query item or caller value `referrer`, if any
/// }
/// ```
///
/// The type conforms to ``/LinkRouterCore/Routable`` (the macro adds the conformance when the type
/// does not declare it). Route discovery registers the page at run time, as
/// `register(_:options:page:)` would.
///
/// ## Parameters bound to properties
///
/// A struct that declares no `init?(parameters:)` in its body gets one from the macro. Each stored
/// property is filled from the parameter of its name (``RouteParameter(_:from:)`` renames it or
/// names its one source): the path placeholder, else the query item, else the caller's value,
/// converted to the property's type, which the compiler picks a conversion for: `String`, `Int`,
/// `Double`, `Bool`, `UUID`, `[String]` (a `<path:>` placeholder's segments, or every value of a
/// repeated query item), a `RawRepresentable` enum (by its raw value), any `Decodable` type, and
/// any other `Sendable` type from a caller value of that type; a `PageResultSlot` property gets
/// the open's result slot. An optional property is `nil` when no source has its parameter; a `var`
/// with a default value keeps it. A `let` with a value, a computed, `static` or `lazy` property is
/// not a parameter. A value that does not convert fails the open with
/// ``/LinkRouterCore/RouteFailure/parametersRejected(pattern:underlying:)``, naming the parameter.
///
/// The macro checks the properties against the pattern when the module compiles:
///
/// - Each placeholder fills a property: `placeholder 'id' of 'user/<int:id>' fills no property`.
/// - A property that is not optional and has no default is filled by a placeholder outside the
///   pattern's optional parts, or says where its value comes from: a `query:` declaration, or
///   `@RouteParameter(from: .query)` or `.caller`. Otherwise nothing certain fills it, which is
///   most often a name that differs from the placeholder's (`userID` for `:id`).
/// - A property whose type (as written) cannot hold what its placeholder matches: a `<path:>`
///   into a number, an `<int:>` into a `Bool` or a `UUID`, a `<double:>` into an integer.
///
/// When the route declares no `query:`, its record's query contract is made from the properties
/// that are not placeholders and not caller values, of the types a contract has (`String`, `Int`,
/// `Double`, `Bool`, `UUID`), with their literal default values: `var page = 1` declares
/// `page: int = 1`; undeclared query items are kept. A contract of only `string`s without
/// defaults, which checks nothing, is left out, so the record stays version 1. A class writes its own `init?(parameters:)`:
/// the macro adds members in an extension, where a class cannot declare a designated initializer.
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
///     `(any NoteEditing).self`, optionally qualified by its module. The compiler does not check that
///     the page conforms, since the conformance may be declared in another module: an open that
///     asks for the protocol fails with ``/LinkRouterCore/RouteFailure/pageMismatch(pattern:expected:actual:)`` when it
///     does not, and `routes check` reports it from the binary. `routes gen` writes the route's
///     link as a ``/LinkRouterCore/PageLink`` of the protocol.
///   - exposure: Whether URLs from outside the app may open the page.
///   - openStyle: How the page prefers to be shown.
///   - groups: The groups the route belongs to; names without `,`.
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
@attached(extension, conformances: Routable, names: named(__linkRouterRecord), named(init))
public macro Routable(
    _ pattern: StaticString,
    as declaredProtocol: Any.Type? = nil,
    exposure: RouteOptions.Exposure = .internal,
    openStyle: RouteOptions.OpenStyle = .automatic,
    groups: [StaticString] = [],
    summary: StaticString? = nil,
    query: [StaticString] = [],
    unknownQuery: QueryContract.UnknownParameters = .keep,
    overrides: Bool = false,
    launcherAction: Bool = false
) = #externalMacro(module: "LinkRouterMacros", type: "RoutableMacro")

/// Renames the parameter that fills a property of a `@Routable` page, or names the one source it
/// comes from.
///
/// ```swift
/// @Routable("account/<int:user_id>/orders")
/// struct OrdersPage {
///     @RouteParameter("user_id") let userID: Int         // the placeholder `user_id`
///     @RouteParameter(from: .query) var page = 1           // `?page=`, never a caller value
///     @RouteParameter(from: .caller) var draft: Draft?     // never from a URL
/// }
/// ```
///
/// A property marked `.query` or `.caller` cannot be named like a placeholder of the page's
/// pattern; one marked `.path` must be. Without a source, a property reads the path, then the
/// query, then the caller's values. The attribute adds nothing to the program; `@Routable` reads
/// it.
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
///   - groups: The groups the route belongs to; names without `,`.
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
    groups: [StaticString] = [],
    summary: StaticString? = nil,
    query: [StaticString] = [],
    unknownQuery: QueryContract.UnknownParameters = .keep,
    overrides: Bool = false,
    launcherAction: Bool = false,
    action: @escaping @Sendable (RouteParameters) async throws -> (any Sendable)?
) = #externalMacro(module: "LinkRouterMacros", type: "RouteMacro")

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
///   - groups: The groups the route belongs to; names without `,`.
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
    groups: [StaticString] = [],
    summary: StaticString? = nil,
    query: [StaticString] = [],
    unknownQuery: QueryContract.UnknownParameters = .keep,
    overrides: Bool = false,
    launcherAction: Bool = false,
    page: Page.Type
) = #externalMacro(module: "LinkRouterMacros", type: "RouteMacro")

/// Registers a type as the implementation of a service protocol, which other modules reach with
/// ``/LinkRouterCore/Router/service(_:)`` without importing this one.
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
/// let session = try Router.shared.service((any SessionService).self)
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
