import RouteInspection
import RouteRecordLayout
import RouteRecordReader
import Testing

/// `routes dump` and `check` on interceptor and module records planted in object files.
struct HookInspectionTests {
    static func interceptor(_ name: String, _ scope: InterceptorRecordText.Scope, priority: Int = 0, overrides: Bool = false) -> PlantedRoute {
        .encoded(RouteRecordCodec.encodeDeclaration(
            kind: .interceptor, text: InterceptorRecordText(name: name, scope: scope, priority: priority).bytes, flags: overrides ? .override : []
        ))
    }

    static func module(_ name: String, overrides: Bool = false) -> PlantedRoute {
        .encoded(RouteRecordCodec.encodeDeclaration(kind: .module, text: Array(name.utf8), flags: overrides ? .override : []))
    }

    static func group(_ name: String) -> PlantedRoute {
        .encoded(RouteRecordCodec.encodeDeclaration(kind: .group, text: Array(name.utf8), flags: []))
    }

    static func routableProtocol(_ name: String) -> PlantedRoute {
        .encoded(RouteRecordCodec.encodeDeclaration(kind: .routableProtocol, text: Array(name.utf8), flags: []))
    }

    static func route(_ pattern: String, groups: [String]) -> PlantedRoute {
        .encoded(RouteRecordCodec.encodeRoute(kind: .cAction, flags: [], text: RecordText(pattern: pattern, groups: groups), compiledPattern: nil))
    }

    @Test("dump lists interceptors with their scope and priority, and modules, in tables of their own and in the JSON")
    func dump() throws {
        let scratch = try ScratchFolder()
        let file = try scratch.object("hooks", [
            Self.route("cart", groups: ["requiresLogin"]), Self.interceptor("login", .group("requiresLogin"), priority: 100),
            Self.module("AccountModule", overrides: true),
        ])
        let dump = try RouteDump(binaries: [file])
        #expect(dump.routeRows.map(\.pattern) == ["cart"])
        #expect(dump.interceptorRows.map(\.pattern) == ["login"])
        #expect(dump.interceptorRows.first?.scope == "group:requiresLogin")
        #expect(dump.interceptorRows.first?.priority == 100)
        #expect(dump.moduleRows.map(\.pattern) == ["AccountModule"])
        #expect(dump.moduleRows.first?.kind == "module")
        let table = try dump.text(.table).split(separator: "\n").map(String.init)
        #expect(table.contains { $0.hasPrefix("INTERCEPTOR  SCOPE                PRIORITY  SYMBOL") }, "\(table)")
        #expect(table.contains { $0.hasPrefix("login        group:requiresLogin  100") }, "\(table)")
        #expect(table.contains { $0.hasPrefix("MODULE                    SYMBOL") }, "\(table)")
        #expect(table.contains { $0.hasPrefix("AccountModule (override)  ") }, "\(table)")
        let tree = try dump.text(.tree).split(separator: "\n").map(String.init)
        #expect(tree.contains { $0.hasPrefix("interceptor  login  group:requiresLogin  priority 100  ") })
        #expect(tree.contains { $0.hasPrefix("module  AccountModule  ") })
        let json = try dump.text(.json)
        #expect(json.contains(#""kind":"interceptor""#) || json.contains(#""kind" : "interceptor""#))
    }

    @Test("check reports an interceptor scope no route is in: a group no route names, a pattern that matches no route")
    func scopes() throws {
        let scratch = try ScratchFolder()
        let file = try scratch.object("scopes", [
            Self.route("cart", groups: ["requiresLogin"]), PlantedRoute("account/profile/<int:id>"),
            Self.interceptor("login", .group("requiresLogin")), Self.interceptor("beta", .group("labs")),
            Self.interceptor("profiles", .pattern("account/**")), Self.interceptor("orders", .pattern("orders/:id")),
            Self.interceptor("everything", .all), Self.group("requiresLogin"), Self.group("labs"),
        ])
        let check = try RouteCheck(binaries: [file])
        #expect(check.problems.map(\.kind) == [.unmatchedScope, .unmatchedScope])
        #expect(check.problems.map(\.message) == [
            "interceptor 'beta': its scope, group 'labs', has no route: no route record names the group",
            "interceptor 'orders': its scope, pattern 'orders/:id', matches no route",
        ])
        #expect(check.summary == "2 problem(s) in 9 records")
    }

    @Test("check reports a routable protocol with no provider, a protocol offered or implemented but declared nowhere, and a group declared nowhere")
    func declarations() throws {
        let scratch = try ScratchFolder()
        var offering = PlantedRoute("note/edit")
        offering.bytes = RouteRecordCodec.encodeRoute(kind: .page, flags: [], text: RecordText(pattern: "note/edit"), compiledPattern: nil, declaredProtocol: "NoteEditing")
        let file = try scratch.object("declarations", [
            Self.routableProtocol("Notes.NoteEditing"), Self.routableProtocol("Payments"), offering, .service("ShopInterfaces.SessionService"),
            Self.group("requiresLogin"), Self.route("cart", groups: ["requiresLogni"]), Self.interceptor("login", .group("requiresLogin")),
            Self.interceptor("beta", .group("lab")),
        ])
        let check = try RouteCheck(binaries: [file])
        let declarations = check.problems.filter { [.protocolWithoutProvider, .undeclaredProtocol, .unknownGroup].contains($0.kind) }
        #expect(declarations.map(\.kind) == [.protocolWithoutProvider, .undeclaredProtocol, .unknownGroup, .unknownGroup])
        let messages = declarations.map(\.message)
        #expect(messages[0] == (
            "routable protocol 'Payments' has no provider in the linked modules: no @Routable(as:) page offers it and no @RoutableService implements it; link the module that provides it, or remove the declaration"
        ))
        #expect(messages[1] == (
            "a service implements 'ShopInterfaces.SessionService', a protocol no linked module declares routable; declare it where it is declared, or in a module that sees it: #routableProtocol((any ShopInterfaces.SessionService).self)"
        ))
        #expect(messages[2] == (
            "group 'requiresLogni' of route 'cart' is declared nowhere in the linked modules; declare it once, 'extension RouteGroup { @DeclaredGroup static var requiresLogni: RouteGroup }', and name it '.requiresLogni'"
        ))
        #expect(messages[3].hasPrefix("group 'lab' of interceptor 'beta' is declared nowhere"))
    }

    @Test("check applies the override rule to interceptors and modules by name: one override wins, two unmarked are a duplicate")
    func duplicates() throws {
        let scratch = try ScratchFolder()
        let library = try scratch.object("library", [
            PlantedRoute("a"), Self.interceptor("login", .all), Self.module("AccountModule"), Self.module("CartModule"),
        ])
        let app = try scratch.object("app", [Self.interceptor("login", .all, overrides: true), Self.module("AccountModule")])
        let check = try RouteCheck(binaries: [library, app])
        #expect(check.problems.map(\.kind) == [.duplicateHook])
        let message = try #require(check.problems.first?.message)
        #expect(message.hasPrefix("duplicate module 'AccountModule': 2 records of one name, none marked as an override: "))
        #expect(message.hasSuffix("none is registered (mark the one that wins with 'overrides: true')"))
        #expect(try RouteCheck(binaries: [library]).problems.isEmpty)
    }
}
