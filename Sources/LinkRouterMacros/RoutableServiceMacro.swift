public import SwiftSyntax
public import SwiftSyntaxMacros

/// `@RoutableService((any SessionService).self, lifetime:overrides:)` on an implementation type at file scope.
///
/// Adds an extension of the type holding its service record, `__linkRouterService`, whose text is
/// the protocol's name and whose accessor makes the compiler check the conformance:
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
/// (which requires `init()`) in that extension when it does not conform yet. A type may have several
/// `@RoutableService` attributes, one per protocol; the records after the first have unique names.
public enum RoutableServiceMacro: ExtensionMacro {
    public static var formatMode: FormatMode { .disabled }

    static let rules = AnnotatedType.Rules(
        attribute: "RoutableService", kindsDescription: "a struct, a class or an actor", acceptsActors: true,
        genericReason: "a service names one concrete implementation"
    )

    public static func expansion(
        of node: AttributeSyntax,
        attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        guard let implementation = AnnotatedType(declaration, attribute: node, rules: rules, in: context) else { return [] }
        guard case .argumentList(let arguments) = node.arguments,
              let service = ServiceDeclaration(arguments: arguments, macro: node, in: context)
        else {
            if node.arguments == nil {
                context.diagnoseError(node, "missingService", "expected a service protocol: @RoutableService((any SessionService).self)")
            }
            return implementation.conformanceOnly(in: type, missing: protocols)
        }
        // The generic alias's constraint makes the compiler check the conformance, with its own message.
        let accessor = accessorSource([
            "typealias __Implementation<__T: \(service.protocolSource)> = __T",
            "return LinkRouter.__storeService(__Implementation<\(implementation.name)>.self, "
                + "as: (any \(service.protocolSource)).self, to: __value, ifExpected: __type) { $0 }",
        ])
        let record = makeRecordDeclaration(
            named: implementation.recordName(prefix: "__linkRouterService", in: context),
            record: service.record,
            description: "text: \(service.protocolName.debugDescription)",
            accessor: accessor,
            placement: implementation.placement(in: type, missing: protocols)
        )
        return [record.cast(ExtensionDeclSyntax.self)]
    }
}
