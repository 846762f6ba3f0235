import RouteRecordLayout
public import SwiftSyntax
public import SwiftSyntaxMacros

/// `#route("share", exposure:groups:summary:action:)` and `#route("user/:id",
/// exposure:openStyle:groups:summary:page:)` at file scope or in a type.
///
/// Declares a route record, under a unique name, whose accessor makes a `RouteAction` of the
/// action closure, or stores the page type. In a type the record is a private static member. In a
/// `main.swift` it is the static `record` of a private enum of that name, since a plain constant
/// there draws an unused-value warning.
public enum RouteMacro: DeclarationMacro {
    public static var formatMode: FormatMode { .disabled }

    public static func expansion(
        of node: some FreestandingMacroExpansionSyntax,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard let scope = recordScope(in: context) else {
            context.diagnoseError(
                node, "noScopeForRecord",
                "#route declares a stored route record; use it at file scope or in a non-generic type, not inside a function, closure or protocol"
            )
            return []
        }
        // The compiler picks the overload by the labels, so a `page:` argument means a page.
        let isPage = node.arguments.contains { $0.label?.text == "page" }
        guard let route = RouteDeclaration(
            arguments: node.arguments,
            trailingClosure: node.trailingClosure,
            annotation: isPage ? .routePage : .routeAction,
            macro: node,
            in: context
        ) else { return [] }
        let kind: RecordKind
        let value: String
        if let page = route.page {
            (kind, value) = (.page, page.trimmedDescription)
        } else if let action = route.action {
            (kind, value) = (.action, "LinkRouter.RouteAction(\(action.trimmedDescription))")
        } else {
            return []
        }
        let name = context.makeUniqueName("route").text
        let placement: RecordPlacement = switch scope {
        case .type: .typeMember
        case .file: isInMainFile(node, in: context) ? .enumeration : .fileScope
        }
        return [makeRecordDeclaration(named: name, kind: kind, route: route, storing: value, placement: placement)]
    }

    /// Where a record can be stored.
    enum RecordScope {
        /// File scope.
        case file
        /// A struct, enum, class, actor or extension, nested only in such declarations.
        case type
    }

    /// Where the macro is, when a record can be stored there: at file scope, or in types that can
    /// have static stored properties. `nil` in a function, a closure, a protocol or a generic type.
    static func recordScope(in context: some MacroExpansionContext) -> RecordScope? {
        if context.isAtFileScope { return .file }
        for scope in context.lexicalContext {
            let generics: GenericParameterClauseSyntax?
            if let type = scope.as(StructDeclSyntax.self) {
                generics = type.genericParameterClause
            } else if let type = scope.as(EnumDeclSyntax.self) {
                generics = type.genericParameterClause
            } else if let type = scope.as(ClassDeclSyntax.self) {
                generics = type.genericParameterClause
            } else if let type = scope.as(ActorDeclSyntax.self) {
                generics = type.genericParameterClause
            } else if scope.is(ExtensionDeclSyntax.self) {
                generics = nil
            } else {
                return nil
            }
            if generics != nil { return nil }
        }
        return .type
    }

    /// Whether the macro is in a `main.swift`, whose top level is top-level code.
    static func isInMainFile(_ node: some SyntaxProtocol, in context: some MacroExpansionContext) -> Bool {
        guard let file = context.location(of: node)?.file.as(StringLiteralExprSyntax.self)?.representedLiteralValue else {
            return false
        }
        return file == "main.swift" || file.hasSuffix("/main.swift")
    }
}
