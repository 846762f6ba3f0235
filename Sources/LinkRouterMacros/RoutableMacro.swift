public import SwiftSyntax
public import SwiftSyntaxMacros

/// `@Routable("user/:id", exposure:openStyle:groups:summary:query:unknownQuery:overrides:)` on a page type at file scope.
///
/// Adds an extension of the type holding its route record, `__linkRouterRecord`, and conforming
/// the type to `Routable` when it does not conform yet. A type may have several `@Routable`
/// attributes, one per pattern; the records after the first have unique names.
public enum RoutableMacro: ExtensionMacro {
    public static var formatMode: FormatMode { .disabled }

    static let rules = AnnotatedType.Rules(
        attribute: "Routable", kindsDescription: "a struct or a class", acceptsActors: false,
        genericReason: "a route names one concrete page type"
    )

    public static func expansion(
        of node: AttributeSyntax,
        attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        guard let page = AnnotatedType(declaration, attribute: node, rules: rules, in: context) else { return [] }
        guard case .argumentList(let arguments) = node.arguments,
              let route = RouteDeclaration(
                  arguments: arguments,
                  annotation: .routable,
                  macro: node,
                  in: context
              )
        else {
            if node.arguments == nil {
                context.diagnoseError(node, "missingPattern", "expected a route pattern: @Routable(\"user/:id\")")
            }
            return page.conformanceOnly(in: type, missing: protocols)
        }
        let record = makeRecordDeclaration(
            named: page.recordName(prefix: "__linkRouterRecord", in: context),
            kind: .page,
            route: route,
            storing: page.name + ".self",
            placement: page.placement(in: type, missing: protocols)
        )
        return [record.cast(ExtensionDeclSyntax.self)]
    }
}
