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
/// annotation, filling each stored property from what the route declares (`ParameterBinding`):
/// a placeholder, a declared query item, else the caller's values; every annotation checks the
/// properties against its pattern, and its record's query contract is its `query:` with the
/// properties read from the query. Each annotation adds `static func link(...)`, the route's
/// typed link builder (`LinkBuilder`), unless an earlier one has the same arguments; a struct
/// with a `PageReturn<Value>` property becomes a `ReturningPage` whose `Output` is `Value`.
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
        try RoutableExpansion(kind: .page, rules: rules).expand(node, declaration, type, protocols, in: context)
    }
}

/// `@RoutableAction("cart/add", exposure:groups:summary:query:unknownQuery:overrides:)` on an
/// action type at file scope: what `@Routable` does for a page, for a `RoutableAction` (the
/// initializer, the checks, the record with its typed-action flag, the link builder), plus
/// `__linkRouterAction(on:)`, the route's action run with the router that runs it: synchronous
/// when the type's `run(on:)` is.
public enum RoutableActionMacro: ExtensionMacro {
    public static var formatMode: FormatMode { .disabled }

    static let rules = AnnotatedType.Rules(
        attribute: "RoutableAction", kindsDescription: "a struct", acceptsActors: false,
        genericReason: "a route names one concrete action type"
    )

    public static func expansion(
        of node: AttributeSyntax,
        attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        try RoutableExpansion(kind: .action, rules: rules).expand(node, declaration, type, protocols, in: context)
    }
}

/// The expansion `@Routable` and `@RoutableAction` share.
struct RoutableExpansion {
    /// What the annotated type is.
    enum Kind {
        case page, action
    }

    let kind: Kind
    let rules: AnnotatedType.Rules

    func expand(
        _ node: AttributeSyntax,
        _ declaration: some DeclGroupSyntax,
        _ type: some TypeSyntaxProtocol,
        _ protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        if kind == .action, !declaration.is(StructDeclSyntax.self) {
            context.diagnoseError(node, "notAType", "@\(rules.attribute) applies to \(rules.kindsDescription)")
            return []
        }
        guard let target = AnnotatedType(declaration, attribute: node, rules: rules, in: context) else { return [] }
        let conformance = kind == .page ? "Routable" : "RoutableAction"
        let missing = protocols.filter { $0.trimmedDescription.hasSuffix(conformance) }
        // The first annotation writes the initializer; each checks the properties against its pattern.
        let binding = ParameterBinding(declaration, attribute: rules.attribute)
        var members: [DeclSyntax] = []
        if target.isFirstAnnotation, let binding {
            members.append(binding.initializer)
            binding.reportAttributeProblems(in: context)
        }
        let access = declaration.modifiers.first { ["public", "package"].contains($0.name.text) }.map { $0.name.text + " " } ?? ""
        var extras: [ExtensionDeclSyntax] = []
        if target.isFirstAnnotation, kind == .page, let returned = binding?.members.properties.lazy.compactMap(\.returnedType).first,
           protocols.contains(where: { $0.trimmedDescription.hasSuffix("ReturningPage") }) {
            extras.append(ExtensionDeclSyntax(
                extensionKeyword: .keyword(.extension, trailingTrivia: .space),
                extendedType: type.trimmed,
                inheritanceClause: linkRouterInheritance("ReturningPage"),
                memberBlock: MemberBlockSyntax(members: [MemberBlockItemSyntax(
                    leadingTrivia: .newline, decl: DeclSyntax("    \(raw: access)typealias Output = \(raw: returned)"), trailingTrivia: .newline
                )])
            ))
        }
        let annotation: Annotation = kind == .page ? .routable : .routableAction
        guard case .argumentList(let arguments) = node.arguments,
              var route = RouteDeclaration(arguments: arguments, annotation: annotation, macro: node, in: context)
        else {
            if node.arguments == nil {
                context.diagnoseError(node, "missingPattern", "expected a route pattern: @\(rules.attribute)(\"user/:id\")")
            }
            return target.conformanceOnly(in: type, missing: missing).map { Self.adding(members, to: $0) } + extras
        }
        let placeholders = route.parsedPattern?.placeholders ?? []
        if let binding, route.parsedPattern != nil, let pattern = arguments.first?.expression {
            binding.check(
                placeholders: placeholders, pattern: route.pattern, patternNode: pattern, query: route.query,
                typeName: target.name, in: context
            )
            // The declared query is the route's `query:` and the properties read from the query:
            // one contract, which the record carries for `routes dump`, the builders and the app-link files.
            route.query = binding.queryContract(placeholders: placeholders, explicit: route.query)
            if route.text.bytes.count > RecordLayout.maximumTextLength {
                context.diagnoseError(
                    pattern, "textTooLong",
                    "the route's text takes \(route.text.bytes.count) bytes (\(route.text.partSizes)) with the query its properties declare; "
                        + "a route record holds at most \(RecordLayout.maximumTextLength)"
                )
                return target.conformanceOnly(in: type, missing: missing).map { Self.adding(members, to: $0) } + extras
            }
        }
        if route.parsedPattern != nil, !TypeAnnotations(declaration.attributes, attribute: rules.attribute).hasEarlierSignature(like: node) {
            let builder = LinkBuilder(pattern: route.pattern, placeholders: placeholders, query: route.query, binding: binding)
            members.append(builder.declaration(
                accessModifier: access, linkType: kind == .page ? "PageLink" : "ActionLink", typeName: target.name
            ))
        }
        let stored: String
        if kind == .action {
            route.isTypedAction = true
            if target.isFirstAnnotation { members.append(Self.actionFactory(declaration, typeName: target.name)) }
            stored = "\(target.name).__linkRouterAction"
        } else {
            stored = target.name + ".self"
            route.declaredResult = binding?.members.properties.lazy.compactMap(\.returnedType).first
                .flatMap { $0.utf8.count <= RecordLayout.maximumDeclaredProtocolLength ? $0.filter { !$0.isWhitespace } : nil }
        }
        let record = makeRecordDeclaration(
            named: target.recordName(prefix: "__linkRouterRecord", in: context),
            kind: kind == .page ? .page : .action,
            route: route,
            storing: stored,
            typedAction: kind == .action,
            placement: target.placement(in: type, missing: missing)
        )
        return [Self.adding(members, to: record.cast(ExtensionDeclSyntax.self))] + extras
    }

    /// `static func __linkRouterAction(on:)`: the route's action, run with the router that runs
    /// it; synchronous when the type's `run(on:)` is not `async`.
    private static func actionFactory(_ declaration: some DeclGroupSyntax, typeName: String) -> DeclSyntax {
        let run = declaration.memberBlock.members.lazy.compactMap { $0.decl.as(FunctionDeclSyntax.self) }.first { $0.name.text == "run" }
        let effects = run?.signature.effectSpecifiers
        // A `run` written elsewhere (an extension) is taken as `async throws`.
        let isAsync = run == nil || effects?.asyncSpecifier != nil
        let throwing = run == nil || effects?.throwsClause != nil
        let call = (throwing ? "try " : "") + (isAsync ? "await " : "") + "$0.run(on: $1)"
        return DeclSyntax("""
                nonisolated static func __linkRouterAction(on router: LinkRouter.Router) -> LinkRouter.RouteAction {
                    LinkRouter.__typedAction(\(raw: typeName).self, on: router) { \(raw: call) }
                }
            """)
    }

    /// `extension` with `members` first, in order.
    private static func adding(_ members: [DeclSyntax], to extension: ExtensionDeclSyntax) -> ExtensionDeclSyntax {
        guard !members.isEmpty else { return `extension` }
        var result = `extension`
        for (index, member) in members.enumerated() {
            result.memberBlock.members.insert(MemberBlockItemSyntax(leadingTrivia: .newline, decl: member), at: result.memberBlock.members.index(result.memberBlock.members.startIndex, offsetBy: index))
        }
        result.memberBlock.rightBrace.leadingTrivia = .newline
        return result
    }
}
