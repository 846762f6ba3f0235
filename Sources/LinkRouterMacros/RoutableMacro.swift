public import SwiftSyntax
import SwiftSyntaxBuilder
public import SwiftSyntaxMacros

/// `@Routable("user/:id", exposure:openStyle:groups:summary:)` on a page type at file scope.
///
/// Adds a route record for the type beside it, `__linkRouterRecord_<TypeName>`, and an extension
/// conforming the type to `Routable` when it does not conform yet. A type may have several
/// `@Routable` attributes, one per pattern; the records after the first have unique names.
public enum RoutableMacro: PeerMacro, ExtensionMacro {
    public static var formatMode: FormatMode { .disabled }

    public static func expansion(
        of node: AttributeSyntax,
        providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard let (name, attributes) = page(declaration, attribute: node, in: context, diagnosing: true) else { return [] }
        let plainName = name.filter { $0 != "`" }
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
        let recordName = isFirstRoutable(node, in: attributes)
            ? "__linkRouterRecord_\(plainName)"
            : context.makeUniqueName("__linkRouterRecord_\(plainName)").text
        let pageType = MemberAccessExprSyntax(
            base: DeclReferenceExprSyntax(baseName: .identifier(name)),
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
        // The peer role reports what is wrong with the declaration.
        guard !protocols.isEmpty, let (_, attributes) = page(declaration, attribute: node, in: context, diagnosing: false),
              isFirstRoutable(node, in: attributes)
        else { return [] }
        return [try ExtensionDeclSyntax("extension \(type.trimmed): LinkRouter.Routable {}")]
    }

    /// Whether `node` is the first `@Routable` among a page's attributes: the one whose record is
    /// named after the type, and which adds the conformance.
    private static func isFirstRoutable(_ node: AttributeSyntax, in attributes: AttributeListSyntax) -> Bool {
        let routables = attributes.compactMap { $0.as(AttributeSyntax.self) }.filter {
            let name = $0.attributeName.trimmedDescription
            return name == "Routable" || name == "LinkRouter.Routable"
        }
        guard routables.count > 1 else { return true }
        return routables[0].trimmedDescription == node.trimmedDescription
    }

    /// The page type's name as written and its attributes when `@Routable` can make a record for it: a
    /// non-generic struct or class at file scope.
    private static func page(
        _ declaration: some SyntaxProtocol,
        attribute: AttributeSyntax,
        in context: some MacroExpansionContext,
        diagnosing: Bool
    ) -> (name: String, attributes: AttributeListSyntax)? {
        let name: TokenSyntax
        let generics: GenericParameterClauseSyntax?
        let attributes: AttributeListSyntax
        if let type = declaration.as(StructDeclSyntax.self) {
            (name, generics, attributes) = (type.name, type.genericParameterClause, type.attributes)
        } else if let type = declaration.as(ClassDeclSyntax.self) {
            (name, generics, attributes) = (type.name, type.genericParameterClause, type.attributes)
        } else {
            if diagnosing {
                context.diagnoseError(attribute, "notAType", "@Routable applies to a struct or a class")
            }
            return nil
        }
        if let generics {
            if diagnosing {
                context.diagnoseError(generics, "genericType", "@Routable cannot be applied to a generic type; a route names one concrete page type")
            }
            return nil
        }
        guard context.isAtFileScope else {
            if diagnosing {
                context.diagnoseError(
                    attribute, "notAtFileScope", "@Routable applies to a type declared at file scope, not inside another declaration"
                )
            }
            return nil
        }
        return (name.text, attributes)
    }
}
