public import SwiftSyntax
public import SwiftSyntaxMacros

/// `@RouteParameter("name", from: .query)` on a stored property of a `@Routable` struct.
///
/// Adds nothing: `@Routable` reads the attribute from the property's declaration and reports its
/// problems, once for the type.
public enum RouteParameterMacro: PeerMacro {
    public static func expansion(
        of node: AttributeSyntax,
        providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        if !declaration.is(VariableDeclSyntax.self) {
            context.diagnoseError(node, "notAProperty", "@RouteParameter applies to a stored property of a @Routable struct")
        }
        return []
    }
}
