import Foundation
import RouteInspection
import RouteRecordLayout
import Testing

/// `routes dump` in process: the records of real binaries, and the three ways to write them.
struct RouteDumpTests {
    @Test("the demo's records, sorted by pattern, each with its accessor's symbol")
    func demo() throws {
        let dump = try RouteDump(binaries: [InspectionInputs.demo])
        #expect(dump.rows.count == 21)
        #expect(dump.routeRows.count == 14)
        #expect(dump.rows.map(\.pattern) == dump.rows.map(\.pattern).sorted())
        #expect(dump.rows.allSatisfy { $0.file == InspectionInputs.demo && $0.offset > 0 })
        let product = try #require(dump.rows.first { $0.pattern == "catalog/product/<int:id>" })
        #expect(product.kind == "page")
        #expect(product.exposure == "external")
        #expect(product.symbol == "accessor of CatalogFeature.ProductPage.__linkRouterRecord")
        #expect(product.lifetime == nil)
        #expect(dump.rows.first { $0.pattern == "greet/:name" }?.symbol == "greet")
        #expect(dump.rows.first { $0.pattern == "cart/add" }?.symbol == "accessor of CartFeature.AddToCart.__linkRouterRecord")
        #expect(dump.rows.first { $0.pattern == "cart/total" }?.symbol == "#route at CartRoutes.swift:35 in CartFeature.CartActions")
        #expect(dump.rows.first { $0.pattern == "catalog/search" }?.symbol == "#route at CatalogPages.swift:25 in CatalogFeature")
        let services = dump.serviceRows
        #expect(services.map(\.pattern) == ["SessionService"])
        #expect(services.first?.kind == "service")
        #expect(services.first?.lifetime == "shared")
        #expect(services.first?.symbol == "accessor of AccountFeature.AccountSession.__linkRouterService")
        // AccountFeature's @RouteInterceptor and @RouterModule, records of their own kinds.
        let interceptor = try #require(dump.interceptorRows.first)
        #expect(dump.interceptorRows.map(\.pattern) == ["AccountFeature.UserNameInterceptor", "login"])
        #expect(interceptor.pattern == "AccountFeature.UserNameInterceptor")
        #expect(interceptor.scope == "pattern:account/signin/:user")
        #expect(interceptor.priority == 50)
        #expect(interceptor.symbol == "accessor of AccountFeature.UserNameInterceptor.__linkRouterInterceptor")
        #expect(dump.moduleRows.map(\.pattern) == ["AccountFeature.AccountModule"])
        // ShopContracts' declarations: the routable protocols and the group the features share.
        #expect(dump.declarationRows.map { "\($0.kind) \($0.pattern)" } == ["protocol SessionService", "protocol SignInPrompting", "group requiresLogin"])
        #expect(dump.moduleRows.first?.symbol == "accessor of AccountFeature.AccountModule.__linkRouterModule")
    }

    @Test("a Swift object file has a route section per record; all are read")
    func swiftObjectFile() throws {
        let object = InspectionInputs.buildFolder.appendingPathComponent("CartFeature.build/CartRoutes.swift.o").path
        let dump = try RouteDump(binaries: [object])
        #expect(dump.rows.map(\.pattern) == ["cart", "cart/add", "cart/checkout", "cart/total"])
        #expect(dump.rows.first?.symbol == "accessor of CartFeature.CartPage.__linkRouterRecord")
        #expect(Set(dump.rows.map(\.offset)).count == 4)
    }

    @Test("the protocol a route's page offers is shown: an OFFERS column in the table, \"offers\" in the JSON (null for none)")
    func offers() throws {
        let scratch = try ScratchFolder()
        let record = RouteRecordCodec.encodeRoute(kind: .page, flags: [], text: RecordText(pattern: "note/edit"), compiledPattern: nil, declaredProtocol: "Notes.NoteEditing")
        let dump = try RouteDump(binaries: [scratch.object("notes", [.encoded(record), PlantedRoute("plain")])])
        let table = try dump.text(.table).split(separator: "\n").map(String.init)
        #expect(table[0].contains("GROUPS  OFFERS"), "\(table)")
        #expect(table.contains { $0.contains("note/edit") && $0.contains("Notes.NoteEditing") }, "\(table)")
        let json = try dump.text(.json)
        #expect(json.contains(#""offers" : "Notes.NoteEditing""#) || json.contains(#""offers":"Notes.NoteEditing""#), "\(json)")
        #expect(json.contains(#""offers" : null"#) || json.contains(#""offers":null"#), "\(json)")
        #expect(try !RouteDump(binaries: [scratch.object("none", [PlantedRoute("plain")])]).text(.table).contains("OFFERS"))
    }

    @Test("a route's query contract is shown: a QUERY column in the table, \"query\" in the JSON")
    func queryContract() throws {
        let scratch = try ScratchFolder()
        let file = try scratch.object("query", [PlantedRoute("user/<int:id>", query: "rtab:string=posts,page:int"), PlantedRoute("plain")])
        let dump = try RouteDump(binaries: [file])
        #expect(dump.rows.map(\.query) == [nil, "tab: string = posts, page: int; unknown: refuse"])
        let table = try dump.text(.table).split(separator: "\n").map(String.init)
        #expect(table[0].hasPrefix("KIND") && table[0].contains("GROUPS  QUERY"))
        #expect(table.contains { $0.contains("user/<int:id>") && $0.contains("tab: string = posts, page: int; unknown: refuse") })
        let json = try #require(JSONSerialization.jsonObject(with: Data(dump.text(.json).utf8)) as? [String: Any])
        let records = try #require(json["records"] as? [[String: Any]])
        #expect(records.map { $0["query"] as? String } == [nil, "tab: string = posts, page: int; unknown: refuse"])
        // Without a contract, the table keeps its columns.
        #expect(try !RouteDump(binaries: [scratch.object("none", [PlantedRoute("plain")])]).text(.table).contains("QUERY"))
    }

    @Test("the table, the tree and the JSON of the demo")
    func formats() throws {
        let dump = try RouteDump(binaries: [InspectionInputs.demo])
        let table = try dump.text(.table).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(table.first?.hasPrefix("KIND    PATTERN") == true)
        #expect(table.count == 1 + 14 + 1 + 2 + 1 + 3 + 1 + 2 + 1 + 4)
        let patterns = table[1...14].map { $0.split(separator: " ")[1] }
        #expect(patterns == patterns.sorted())
        #expect(table[15].isEmpty)
        #expect(table[16].hasPrefix("SERVICE         LIFETIME  SYMBOL"))
        #expect(table[17].split(separator: " ").prefix(3).joined(separator: " ") == "SessionService shared accessor")
        #expect(table[19].hasPrefix("INTERCEPTOR                         SCOPE                         PRIORITY  SYMBOL"))
        #expect(table[20].split(separator: " ").prefix(3).joined(separator: " ") == "AccountFeature.UserNameInterceptor pattern:account/signin/:user 50")
        #expect(table[23].hasPrefix("MODULE                        SYMBOL"))
        #expect(table[24].hasPrefix("AccountFeature.AccountModule  accessor of AccountFeature.AccountModule.__linkRouterModule"))
        let tree = try dump.text(.tree).split(separator: "\n").map(String.init)
        #expect(tree.contains("└─ greet"))
        // account/profile/:user(/:tab): each form where it ends, in precedence order.
        #expect(tree.contains("│  │  └─ :user  page  accessor of AccountFeature.ProfilePage.__linkRouterRecord  (form 2 of 2 of 'account/profile/:user(/:tab)')"))
        #expect(tree.contains("│  │     └─ :tab  page  accessor of AccountFeature.ProfilePage.__linkRouterRecord  (form 1 of 2 of 'account/profile/:user(/:tab)')"))
        #expect(tree.contains { $0.hasPrefix("│     └─ :user  action") })  // account/signin/:user
        #expect(tree.suffix(7).prefix(4) == [
            "service  SessionService  shared  accessor of AccountFeature.AccountSession.__linkRouterService",
            "interceptor  AccountFeature.UserNameInterceptor  pattern:account/signin/:user  priority 50  accessor of AccountFeature.UserNameInterceptor.__linkRouterInterceptor",
            "interceptor  login  group:requiresLogin  priority 100  accessor of AccountFeature.LoginInterceptor.__linkRouterInterceptor",
            "module  AccountFeature.AccountModule  accessor of AccountFeature.AccountModule.__linkRouterModule",
        ])
        let json = try dump.text(.json)
        #expect(!json.contains("\n"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["serializationVersion"] as? Int == 1)
        let records = try #require(object["records"] as? [[String: Any]])
        #expect(records.count == 21)
        #expect(Set(records[0].keys) == ["kind", "recordVersion", "pattern", "symbol", "file", "offset", "exposure", "openStyle", "groups", "summary", "query", "offers", "lifetime", "scope", "priority", "overrides"])
        #expect(records.allSatisfy { $0["overrides"] as? Bool == false })
        // The demo's records fit version 1, compiled pattern and all, but for those that declare a
        // query, whose contract a reader from before contracts would take for the summary.
        let version2 = records.filter { $0["recordVersion"] as? Int == 2 }.compactMap { $0["pattern"] as? String }
        #expect(version2 == ["account/login", "cart/add", "cart/total", "catalog/product/<int:id>", "catalog/search"])
        #expect(records.allSatisfy { ($0["recordVersion"] as? Int == 2) == ($0["query"] as? String != nil) })
        #expect(object["unreadable"] as? [Any] != nil && (object["unreadable"] as? [Any])!.isEmpty)
    }

    @Test("a record of an unknown version is listed apart with its offset and version; the others are listed")
    func unknownVersion() throws {
        let scratch = try ScratchFolder()
        // A version-2 record of two blocks, made a version-3 one (every block), between two records of version 1.
        var later = RouteRecordCodec.encodeRoute(kind: .cAction, flags: [], text: RecordText(pattern: "later", summary: String(repeating: "s", count: 120)), compiledPattern: nil)
        later[4] = 3
        later[128 + 4] = 3
        let contract = RouteRecordCodec.encodeRoute(kind: .cAction, flags: [], text: RecordText(pattern: "contract", query: "kp:int"), compiledPattern: nil)
        let file = try scratch.object("versions", [PlantedRoute("before"), .encoded(later), .encoded(contract), PlantedRoute("after")])
        let dump = try RouteDump(binaries: [file])
        #expect(!dump.isComplete)
        #expect(dump.rows.map(\.pattern) == ["after", "before", "contract"])
        #expect(dump.rows.map(\.recordVersion) == [1, 1, 2])
        #expect(dump.unreadable.count == 1)
        let row = try #require(dump.unreadable.first)
        #expect(row.recordVersion == 3)
        #expect(row.problem.hasPrefix("record version 3 is not supported (this reader knows versions 1 to 2)"))
        #expect(row.offset == dump.rows.first { $0.pattern == "before" }!.offset + 128)
        let table = try dump.text(.table).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(table.suffix(3).first == "")
        #expect(table.suffix(2).first?.hasPrefix("UNREADABLE") == true)
        #expect(table.last?.hasSuffix("  3        \(file)  0x\(String(row.offset, radix: 16))") == true)
    }

    @Test("a record marked as an override says so in the table and in the JSON")
    func overrides() throws {
        let scratch = try ScratchFolder()
        let file = try scratch.object("overrides", [.override("a/:x"), PlantedRoute("b"), .serviceOverride("Clock")])
        let dump = try RouteDump(binaries: [file])
        #expect(dump.rows.map(\.pattern) == ["Clock", "a/:x", "b"])
        #expect(dump.rows.map(\.overrides) == [true, true, false])
        let table = try dump.text(.table).split(separator: "\n").map(String.init)
        #expect(table[1].hasPrefix("action (override)  a/:x"))
        #expect(table[2].hasPrefix("action             b"))
        #expect(table.last?.hasPrefix("Clock    perRequest (override)") == true, "\(table)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(try dump.text(.json).utf8)) as? [String: Any])
        let records = try #require(object["records"] as? [[String: Any]])
        #expect(records.map { $0["overrides"] as? Bool } == [true, true, false])
    }

    @Test("files merge into one table, sorted by pattern, then file")
    func merged() throws {
        let scratch = try ScratchFolder()
        let first = try scratch.object("first", [PlantedRoute("b"), PlantedRoute("a", summary: "A")])
        let second = try scratch.object("second", [PlantedRoute("a")])
        let dump = try RouteDump(binaries: [second, first])
        #expect(dump.rows.map(\.pattern) == ["a", "a", "b"])
        #expect(dump.rows.map(\.file) == [first, second, first])
        #expect(dump.rows.map(\.summary) == ["A", nil, nil])
        // Planted records have no symbol table.
        #expect(dump.rows.allSatisfy { $0.symbol == "(stripped: no symbol table)" })
    }
}
