import RoutePatterns
import RouteRecordLayout
public import SwiftSyntax
public import SwiftSyntaxMacros

/// `@RouteInterceptor(name:scope:priority:overrides:)` on an interceptor type at file scope.
///
/// Adds an extension of the type holding its interceptor record, `__linkRouterInterceptor`
/// (kind `'icpt'`, text `name NUL scope NUL priority`), whose accessor makes the interceptor with
/// `init()`, and conforms the type to `RouteInterceptor` when it does not declare it:
///
/// ```swift
/// { __value, __type, _ in LinkRouter.__storeInterceptor(LoginInterceptor.self, to: __value, ifExpected: __type) { LoginInterceptor() } }
/// ```
public enum RouteInterceptorMacro: ExtensionMacro {
    public static var formatMode: FormatMode { .disabled }

    static let rules = AnnotatedType.Rules(
        attribute: "RouteInterceptor", kindsDescription: "a struct, a class or an actor", acceptsActors: true,
        genericReason: "an interceptor record names one concrete type"
    )

    public static func expansion(
        of node: AttributeSyntax,
        attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        guard let interceptor = AnnotatedType(declaration, attribute: node, rules: rules, in: context) else { return [] }
        var name = interceptor.name.filter { $0 != "`" }
        var scope = InterceptorRecordText.Scope.all
        var priority = 0
        var isOverride = false
        var failed = false
        if case .argumentList(let arguments) = node.arguments {
            for argument in arguments {
                switch argument.label?.text {
                case "name":
                    if let value = argument.expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue,
                       !value.isEmpty, !value.utf8.contains(0) {
                        name = value
                    } else {
                        failed = true
                        context.diagnoseError(argument.expression, "nameNotLiteral", "the interceptor's name must be a non-empty string literal without interpolation")
                    }
                case "scope":
                    if let parsed = parseScope(argument.expression, in: context) { scope = parsed } else { failed = true }
                case "priority":
                    if let value = integerLiteral(argument.expression) {
                        priority = value
                    } else {
                        failed = true
                        context.diagnoseError(argument.expression, "priorityNotLiteral", "write the priority as an integer literal, such as '100' or '-1'")
                    }
                case "overrides":
                    if let value = argument.expression.overridesLiteral(in: context) { isOverride = value } else { failed = true }
                default:
                    failed = true
                    context.diagnoseError(argument, "unexpectedArgument", "unexpected argument '\(argument.trimmedDescription)'")
                }
            }
        }
        let text = InterceptorRecordText(name: name, scope: scope, priority: priority)
        if !failed, text.bytes.count > RecordLayout.maximumTextLength {
            failed = true
            context.diagnoseError(node, "textTooLong", "the interceptor's name and scope take \(text.bytes.count) bytes; its record holds at most \(RecordLayout.maximumTextLength)")
        }
        if failed { return interceptor.conformanceOnly(in: type, missing: protocols) }
        let accessor = accessorSource([
            "LinkRouter.__storeInterceptor(\(interceptor.name).self, to: __value, ifExpected: __type) { \(interceptor.name)() }",
        ])
        let flags: RecordFlags = isOverride ? .override : []
        let record = makeRecordDeclaration(
            named: interceptor.recordName(prefix: "__linkRouterInterceptor", in: context),
            record: RouteRecordCodec.encodeDeclaration(kind: .interceptor, text: text.bytes, flags: flags),
            description: "text: \(name.debugDescription), \(String(describing: scope).debugDescription), \(priority)",
            accessor: accessor,
            placement: interceptor.placement(in: type, missing: protocols)
        )
        return [record.cast(ExtensionDeclSyntax.self)]
    }

    /// `.all`, `.group("name")` or `.pattern("pattern")`, the pattern checked; `nil`, with an
    /// error, for anything else.
    private static func parseScope(_ expression: ExprSyntax, in context: some MacroExpansionContext) -> InterceptorRecordText.Scope? {
        if expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "all" { return .all }
        guard let call = expression.as(FunctionCallExprSyntax.self), let member = call.calledExpression.memberName,
              member == "group" || member == "pattern", call.arguments.count == 1, let argument = call.arguments.first,
              argument.label == nil
        else {
            context.diagnoseError(expression, "scopeNotLiteral", "write the scope as '.all', '.group(.declaredGroup)', '.group(\"name\")' or '.pattern(\"pattern\")' with a string literal")
            return nil
        }
        // A declared group by its member: `.group(.requiresLogin)`.
        if member == "group", let declared = argument.expression.as(MemberAccessExprSyntax.self),
           declared.base.map({ ["RouteGroup", "LinkRouter.RouteGroup"].contains($0.trimmedDescription) }) ?? true {
            return .group(declared.declName.baseName.text.filter { $0 != "`" })
        }
        guard let literal = argument.expression.as(StringLiteralExprSyntax.self), let value = literal.representedLiteralValue,
              !value.isEmpty, !value.utf8.contains(0)
        else {
            context.diagnoseError(argument.expression, "scopeNotLiteral", "the \(member) must be a non-empty string literal without interpolation")
            return nil
        }
        guard member == "pattern" else { return .group(value) }
        do {
            _ = try RoutePattern(value)
        } catch {
            context.diagnoseError(literal, "invalidPattern", "invalid route pattern at column \(error.column): \(error.message)")
            return nil
        }
        return .pattern(value)
    }

    /// The value of `100`, `-1`, `1_000`; `nil` for any other expression.
    private static func integerLiteral(_ expression: ExprSyntax) -> Int? {
        if let literal = expression.as(IntegerLiteralExprSyntax.self) {
            return Int(literal.literal.text.filter { $0 != "_" })
        }
        if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-",
           let literal = prefix.expression.as(IntegerLiteralExprSyntax.self) {
            return Int("-" + literal.literal.text.filter { $0 != "_" })
        }
        return nil
    }
}

/// `@RouterModule(overrides:)` on a module type at file scope.
///
/// Adds an extension of the type holding its module record, `__linkRouterModule` (kind
/// `'modl'`, text the type's name), whose accessor yields `configure(_:)`, and conforms the type
/// to `RouterModule` when it does not declare it:
///
/// ```swift
/// { __value, __type, _ in LinkRouter.__storeModule(AccountModule.self, to: __value, ifExpected: __type) }
/// ```
public enum RouterModuleMacro: ExtensionMacro {
    public static var formatMode: FormatMode { .disabled }

    static let rules = AnnotatedType.Rules(
        attribute: "RouterModule", kindsDescription: "a struct, a class, an enum or an actor", acceptsActors: true,
        genericReason: "a module record names one concrete type", acceptsEnums: true
    )

    public static func expansion(
        of node: AttributeSyntax,
        attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        guard let module = AnnotatedType(declaration, attribute: node, rules: rules, in: context) else { return [] }
        var isOverride = false
        if case .argumentList(let arguments) = node.arguments {
            for argument in arguments {
                guard argument.label?.text == "overrides" else {
                    context.diagnoseError(argument, "unexpectedArgument", "unexpected argument '\(argument.trimmedDescription)'")
                    return module.conformanceOnly(in: type, missing: protocols)
                }
                guard let value = argument.expression.overridesLiteral(in: context) else {
                    return module.conformanceOnly(in: type, missing: protocols)
                }
                isOverride = value
            }
        }
        let name = module.name.filter { $0 != "`" }
        let record = makeRecordDeclaration(
            named: module.recordName(prefix: "__linkRouterModule", in: context),
            record: RouteRecordCodec.encodeDeclaration(kind: .module, text: Array(name.utf8), flags: isOverride ? .override : []),
            description: "text: \(name.debugDescription)",
            accessor: accessorSource(["LinkRouter.__storeModule(\(module.name).self, to: __value, ifExpected: __type)"]),
            placement: module.placement(in: type, missing: protocols)
        )
        return [record.cast(ExtensionDeclSyntax.self)]
    }
}

extension ExprSyntax {
    /// The value of `true` or `false`; `nil` for any other expression.
    var booleanLiteral: Bool? {
        self.as(BooleanLiteralExprSyntax.self).map { $0.literal.tokenKind == .keyword(.true) }
    }

    /// The value of an `overrides:` argument, which every annotation takes alike; `nil`, with an
    /// error on the expression, when it is not `true` or `false`.
    func overridesLiteral(in context: some MacroExpansionContext) -> Bool? {
        guard let value = booleanLiteral else {
            context.diagnoseError(self, "overridesNotLiteral", "write 'overrides' as 'true' or 'false'")
            return nil
        }
        return value
    }
}
