public import SwiftSyntax
import SwiftSyntaxBuilder
public import SwiftSyntaxMacros

/// `@RoutableService((any SessionService).self, lifetime:)` on an implementation type at file scope.
///
/// Adds a service record for the type beside it, `__linkRouterService_<TypeName>`, whose text is the
/// protocol's name and whose accessor makes the compiler check the conformance:
///
/// ```swift
/// { __value, __type, _ in
///     typealias __Implementation<__T: SessionService> = __T
///     return LinkRouter.__storeService(__Implementation<AccountSession>.self, as: (any SessionService).self, to: __value, ifExpected: __type) { $0 }
/// }
/// ```
///
/// A type that does not conform to the protocol fails there with "type 'AccountSession' does not
/// conform to protocol 'SessionService'". The macro also conforms the type to `RoutableService`
/// (which requires `init()`) when it does not conform yet. A type may have several
/// `@RoutableService` attributes, one per protocol; the records after the first have unique names.
public enum RoutableServiceMacro: PeerMacro, ExtensionMacro {
    public static var formatMode: FormatMode { .disabled }

    static let rules = AnnotatedType.Rules(
        attribute: "RoutableService", kindsDescription: "a struct, a class or an actor", acceptsActors: true,
        genericReason: "a service names one concrete implementation"
    )

    public static func expansion(
        of node: AttributeSyntax,
        providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard let implementation = AnnotatedType(declaration, attribute: node, rules: rules, in: context, diagnosing: true) else { return [] }
        guard case .argumentList(let arguments) = node.arguments,
              let service = ServiceDeclaration(arguments: arguments, macro: node, in: context)
        else {
            if node.arguments == nil {
                context.diagnoseError(node, "missingService", "expected a service protocol: @RoutableService((any SessionService).self)")
            }
            return []
        }
        let recordName = implementation.recordName(prefix: "__linkRouterService_", for: node, rules: rules, in: context)
        // The generic alias's constraint makes the compiler check the conformance, with its own message.
        let check: DeclSyntax = "typealias __Implementation<__T: \(raw: service.protocolSource)> = __T"
        let store: StmtSyntax = """
            return LinkRouter.__storeService(__Implementation<\(raw: implementation.name)>.self, \
            as: (any \(raw: service.protocolSource)).self, to: __value, ifExpected: __type) { $0 }
            """
        let accessor = makeAccessor([
            CodeBlockItemSyntax(leadingTrivia: .newline + .spaces(8), item: .decl(check)),
            CodeBlockItemSyntax(leadingTrivia: .newline + .spaces(8), item: .stmt(store)),
        ])
        return [makeRecordDeclaration(named: recordName, kind: .service, flags: service.flags, text: service.text, accessor: accessor)]
    }

    public static func expansion(
        of node: AttributeSyntax,
        attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        try AnnotatedType.conformanceExtension(
            "RoutableService", of: node, attachedTo: declaration, type: type, missing: protocols, rules: rules, in: context
        )
    }
}
