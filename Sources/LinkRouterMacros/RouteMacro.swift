public import SwiftSyntax
public import SwiftSyntaxMacros

/// `#route("share", exposure:groups:summary:action:)` at file scope.
///
/// Declares a route record, under a unique name, whose accessor makes a `RouteAction` of the
/// action closure. In a `main.swift` the record is the static `record` of a private enum of that
/// name instead, since a plain constant there draws an unused-value warning.
public enum RouteMacro: DeclarationMacro {
    public static var formatMode: FormatMode { .disabled }

    public static func expansion(
        of node: some FreestandingMacroExpansionSyntax,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard context.isAtFileScope else {
            context.diagnoseError(node, "notAtFileScope", "#route declares a global route record; use it at file scope")
            return []
        }
        guard let route = RouteDeclaration(
            arguments: node.arguments,
            trailingClosure: node.trailingClosure,
            accepting: [.exposure, .groups, .summary, .action],
            macro: node,
            in: context
        ), let action = route.action else { return [] }
        let name = context.makeUniqueName("route").text
        return [makeRecordDeclaration(
            named: name,
            kind: .action,
            route: route,
            storing: "LinkRouter.RouteAction(\(action.trimmedDescription))",
            placement: isInMainFile(node, in: context) ? .enumeration : .fileScope
        )]
    }

    /// Whether the macro is in a `main.swift`, whose top level is top-level code.
    private static func isInMainFile(_ node: some SyntaxProtocol, in context: some MacroExpansionContext) -> Bool {
        guard let file = context.location(of: node)?.file.as(StringLiteralExprSyntax.self)?.representedLiteralValue else {
            return false
        }
        return file == "main.swift" || file.hasSuffix("/main.swift")
    }
}
