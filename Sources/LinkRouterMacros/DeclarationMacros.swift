// The declarations that are no routes but that the checks read: routable protocols
// (`#routableProtocol`) and route groups (`@DeclaredGroup`), each a record of its own kind.
import RouteRecordLayout
public import SwiftSyntax
public import SwiftSyntaxMacros

/// `#routableProtocol(SessionService.self)` at file scope or in a type: declares the protocol one
/// that callers configure pages through (`as:`) or ask services for, so that the checks ask for a
/// provider of it in the linked modules.
///
/// Declares a record of kind `'prot'` whose text is the protocol's name as written, under a
/// unique name: a static member in a type, the static `record` of a private enum at file scope. Its accessor names the protocol, so that a name that is no
/// protocol in scope does not compile; it stores nothing.
public enum RoutableProtocolMacro: DeclarationMacro {
    public static var formatMode: FormatMode { .disabled }

    public static func expansion(
        of node: some FreestandingMacroExpansionSyntax,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard let scope = RouteMacro.recordScope(in: context) else {
            context.diagnoseError(
                node, "noScopeForRecord",
                "#routableProtocol declares a stored record; use it at file scope or in a non-generic type, not inside a function, closure or protocol"
            )
            return []
        }
        guard node.arguments.count == 1, let argument = node.arguments.first, argument.label == nil,
              let name = ServiceDeclaration.protocolName(of: argument.expression)?.filter({ $0 != "`" })
        else {
            context.diagnoseError(
                node.arguments.first.map { Syntax($0) } ?? Syntax(node), "protocolNotAType",
                "write the protocol as 'SessionService.self' or '(any SessionService).self', optionally qualified by its module"
            )
            return []
        }
        guard name.utf8.count <= RecordLayout.maximumTextLength else {
            context.diagnoseError(argument, "protocolTooLong", "the protocol's name takes \(name.utf8.count) bytes; a record holds at most \(RecordLayout.maximumTextLength)")
            return []
        }
        // At file scope, in an enum of its own: a plain constant in top-level code (a `main.swift`,
        // a snippet) draws an unused-value warning, and protocols are few.
        let placement: RecordPlacement = switch scope {
        case .type: .typeMember
        case .file: .enumeration
        }
        return [makeRecordDeclaration(
            named: context.makeUniqueName("routableProtocol").text,
            record: RouteRecordCodec.encodeDeclaration(kind: .routableProtocol, text: Array(name.utf8), flags: []),
            description: "text: \(name.debugDescription)",
            accessor: accessorSource(["_ = \(argument.expression.trimmedDescription)", "return false"]),
            placement: placement
        )]
    }
}

/// `@DeclaredGroup static var requiresLogin: RouteGroup` in an extension of `RouteGroup`: the
/// group named like the property, as its getter, and a record of kind `'grup'` beside it whose
/// text is the name, which the checks know the group by.
public enum DeclaredGroupMacro: AccessorMacro, PeerMacro {
    public static var formatMode: FormatMode { .disabled }

    public static func expansion(
        of node: AttributeSyntax,
        providingAccessorsOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [AccessorDeclSyntax] {
        guard let name = groupName(of: declaration) else { return [] }
        return ["get { LinkRouter.RouteGroup(\(literal: name)) }"]
    }

    public static func expansion(
        of node: AttributeSyntax,
        providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard let name = groupName(of: declaration) else {
            context.diagnoseError(node, "notAGroup", "@DeclaredGroup applies to 'static var name: RouteGroup' in an extension of RouteGroup, with no value")
            return []
        }
        guard !name.utf8.contains(UInt8(ascii: ",")), name.utf8.count <= RecordLayout.maximumTextLength else {
            context.diagnoseError(node, "invalidGroup", "a group name cannot contain ',' or take more than \(RecordLayout.maximumTextLength) bytes")
            return []
        }
        return [makeRecordDeclaration(
            named: "__linkRouterGroup_" + name,
            record: RouteRecordCodec.encodeDeclaration(kind: .group, text: Array(name.utf8), flags: []),
            description: "text: \(name.debugDescription)",
            accessor: accessorSource(["false"]),
            placement: .typeMember
        )]
    }

    /// The group's name: the property's, for `static var name: RouteGroup` with no value.
    private static func groupName(of declaration: some DeclSyntaxProtocol) -> String? {
        guard let variable = declaration.as(VariableDeclSyntax.self), variable.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) }),
              variable.bindings.count == 1, let binding = variable.bindings.first, binding.initializer == nil,
              let type = binding.typeAnnotation?.type.trimmedDescription, ["RouteGroup", "LinkRouter.RouteGroup"].contains(type),
              let pattern = binding.pattern.as(IdentifierPatternSyntax.self)
        else { return nil }
        return pattern.identifier.text.filter { $0 != "`" }
    }
}
