import RouteRecordLayout
public import SwiftSyntax
public import SwiftSyntaxMacros

/// `@Routable("user/:id", as:exposure:openStyle:groups:summary:query:unknownQuery:overrides:launcherAction:)` on a page type at file scope.
///
/// Adds an extension of the type holding its route record, `__linkRouterRecord`, and conforming
/// the type to `Routable` when it does not conform yet. A type may have several `@Routable`
/// attributes, one per pattern; the records after the first have unique names.
///
/// A struct that declares no `init?(parameters:)` gets one in that extension, written by the first
/// annotation, filling each stored property from the parameter of its name (`ParameterBinding`);
/// every annotation checks the properties against its pattern, and makes its record's query
/// contract from them when it declares none.
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
        // The first annotation writes the initializer; each checks the properties against its pattern.
        let binding = ParameterBinding(declaration)
        let initializer = page.isFirstAnnotation ? binding?.initializer : nil
        if page.isFirstAnnotation { binding?.reportAttributeProblems(in: context) }
        guard case .argumentList(let arguments) = node.arguments,
              var route = RouteDeclaration(
                  arguments: arguments,
                  annotation: .routable,
                  macro: node,
                  in: context
              )
        else {
            if node.arguments == nil {
                context.diagnoseError(node, "missingPattern", "expected a route pattern: @Routable(\"user/:id\")")
            }
            return page.conformanceOnly(in: type, missing: protocols).map { adding(initializer, to: $0) }
        }
        if let binding, let placeholders = route.parsedPattern?.placeholders, let pattern = arguments.first?.expression {
            binding.check(
                placeholders: placeholders, pattern: route.pattern, patternNode: pattern, query: route.query,
                typeName: page.name, in: context
            )
            if route.query == nil {
                route.query = binding.queryContract(placeholders: placeholders)
                // A contract the page did not write is left out when the record's text cannot hold it.
                if route.text.bytes.count > RecordLayout.maximumTextLength { route.query = nil }
            }
        }
        let record = makeRecordDeclaration(
            named: page.recordName(prefix: "__linkRouterRecord", in: context),
            kind: .page,
            route: route,
            storing: page.name + ".self",
            placement: page.placement(in: type, missing: protocols)
        )
        return [adding(initializer, to: record.cast(ExtensionDeclSyntax.self))]
    }

    /// `extension` with `initializer` as its first member, when there is one.
    private static func adding(_ initializer: DeclSyntax?, to extension: ExtensionDeclSyntax) -> ExtensionDeclSyntax {
        guard let initializer else { return `extension` }
        var result = `extension`
        result.memberBlock.members.insert(MemberBlockItemSyntax(leadingTrivia: .newline, decl: initializer), at: result.memberBlock.members.startIndex)
        result.memberBlock.rightBrace.leadingTrivia = .newline
        return result
    }
}
