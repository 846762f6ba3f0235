public import SwiftSyntax
public import SwiftSyntaxMacros

/// `@Routable("user/:id", exposure:openStyle:groups:summary:)` on a page type at file scope.
///
/// Adds a route record for the type beside it, `__linkRouterRecord_<TypeName>`, and an extension
/// conforming the type to `Routable` when it does not conform yet. A type may have several
/// `@Routable` attributes, one per pattern; the records after the first have unique names.
public enum RoutableMacro: PeerMacro, ExtensionMacro {
    public static var formatMode: FormatMode { .disabled }

    static let rules = AnnotatedType.Rules(
        attribute: "Routable", kindsDescription: "a struct or a class", acceptsActors: false,
        genericReason: "a route names one concrete page type"
    )

    public static func expansion(
        of node: AttributeSyntax,
        providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard let page = AnnotatedType(declaration, attribute: node, rules: rules, in: context, diagnosing: true) else { return [] }
        guard case .argumentList(let arguments) = node.arguments,
              let route = RouteDeclaration(
                  arguments: arguments,
                  accepting: [.exposure, .openStyle, .groups, .summary],
                  macro: node,
                  in: context
              )
        else {
            if node.arguments == nil {
                context.diagnoseError(node, "missingPattern", "expected a route pattern: @Routable(\"user/:id\")")
            }
            return []
        }
        // A second pattern for the same page needs another name.
        let recordName = page.recordName(prefix: "__linkRouterRecord_", for: node, rules: rules, in: context)
        let pageType = MemberAccessExprSyntax(
            base: DeclReferenceExprSyntax(baseName: .identifier(page.name)),
            declName: DeclReferenceExprSyntax(baseName: .keyword(.self))
        )
        return [makeRecordDeclaration(named: recordName, kind: .page, route: route, storing: pageType)]
    }

    public static func expansion(
        of node: AttributeSyntax,
        attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        try AnnotatedType.conformanceExtension(
            "Routable", of: node, attachedTo: declaration, type: type, missing: protocols, rules: rules, in: context
        )
    }
}
