import RoutePatterns
import RouteRecordLayout
public import SwiftSyntax
public import SwiftSyntaxMacros

/// `@RouteInterceptor(name:scope:priority:overrides:)` on an interceptor type at file scope.
///
/// Adds an extension of the type holding its interceptor record, `__linkRouterInterceptor`
/// (kind `'icpt'`, text `name NUL scope NUL priority`, then its origin: the declaring module and
/// the hook it replaces), whose accessor makes the interceptor with `init()`, and conforms the
/// type to `RouteInterceptor` when it does not declare it. The name is by default the type's,
/// qualified by its module (`AccountFeature.LoginInterceptor`), which the declaration's file ID
/// gives, so that two modules' interceptors of one type name are two interceptors:
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
        let module = declaringModule(of: node, in: context)
        let qualifiedName = (module.map { "\($0)." } ?? "") + interceptor.name.filter { $0 != "`" }
        var name = qualifiedName
        var scope = InterceptorRecordText.Scope.all
        var priority = 0
        var override = HookOverride.none
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
                    if let value = HookOverride(argument.expression, of: qualifiedName, in: context) { override = value } else { failed = true }
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
        let origin = module.map { HookOrigin(module: $0, replaces: override.replaced) }
        let record = makeRecordDeclaration(
            named: interceptor.recordName(prefix: "__linkRouterInterceptor", in: context),
            record: RouteRecordCodec.encodeDeclaration(kind: .interceptor, text: text.bytes, flags: override.flags, origin: origin),
            description: "text: \(name.debugDescription), \(String(describing: scope).debugDescription), \(priority)" + HookOverride.describe(origin),
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
/// `'modl'`, text the type's name qualified by its module, then its origin as an interceptor's),
/// whose accessor yields `configure(_:)`, and conforms the type to `RouterModule` when it does
/// not declare it:
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
        let declaringModule = declaringModule(of: node, in: context)
        let name = (declaringModule.map { "\($0)." } ?? "") + module.name.filter { $0 != "`" }
        var override = HookOverride.none
        if case .argumentList(let arguments) = node.arguments {
            for argument in arguments {
                guard argument.label?.text == "overrides" else {
                    context.diagnoseError(argument, "unexpectedArgument", "unexpected argument '\(argument.trimmedDescription)'")
                    return module.conformanceOnly(in: type, missing: protocols)
                }
                guard let value = HookOverride(argument.expression, of: name, in: context) else {
                    return module.conformanceOnly(in: type, missing: protocols)
                }
                override = value
            }
        }
        let origin = declaringModule.map { HookOrigin(module: $0, replaces: override.replaced) }
        let record = makeRecordDeclaration(
            named: module.recordName(prefix: "__linkRouterModule", in: context),
            record: RouteRecordCodec.encodeDeclaration(kind: .module, text: Array(name.utf8), flags: override.flags, origin: origin),
            description: "text: \(name.debugDescription)" + HookOverride.describe(origin),
            accessor: accessorSource(["LinkRouter.__storeModule(\(module.name).self, to: __value, ifExpected: __type)"]),
            placement: module.placement(in: type, missing: protocols)
        )
        return [record.cast(ExtensionDeclSyntax.self)]
    }
}

/// The Swift module a hook is declared in: the module of the annotation's file ID
/// (`AccountFeature/LoginInterceptor.swift`); `nil` when the compiler does not say.
private func declaringModule(of node: some SyntaxProtocol, in context: some MacroExpansionContext) -> String? {
    guard let fileID = context.location(of: node, at: .afterLeadingTrivia, filePathMode: .fileID)?.file
        .as(StringLiteralExprSyntax.self)?.representedLiteralValue,
        let slash = fileID.firstIndex(of: "/"), slash != fileID.startIndex
    else { return nil }
    let module = String(fileID[..<slash])
    return module.utf8.count <= RecordLayout.maximumHookOriginPartLength ? module : nil
}

/// What a hook's `overrides:` says: nothing, `true` (it replaces the unmarked hooks of its own
/// name; taken only from the executable), or the module-qualified name of the hook it replaces.
enum HookOverride: Equatable {
    case none
    case ofItsName
    case replacing(String)

    /// The flags of the record: the override bit for either form.
    var flags: RecordFlags { self == .none ? [] : .override }

    /// The hook replaced, when named.
    var replaced: String? { if case .replacing(let name) = self { name } else { nil } }

    /// `overrides: true`, `false` or `"Module.Name"` of a hook whose own name is `ownName`; `nil`,
    /// with an error on the expression, for anything else.
    init?(_ expression: ExprSyntax, of ownName: String, in context: some MacroExpansionContext) {
        if let value = expression.booleanLiteral {
            self = value ? .ofItsName : .none
            return
        }
        let message = "write 'overrides' as 'true', 'false' or the module-qualified name of the hook it replaces, such as \"Auth.LoginInterceptor\""
        guard let literal = expression.as(StringLiteralExprSyntax.self), let name = literal.representedLiteralValue else {
            context.diagnoseError(expression, "overridesNotLiteral", message)
            return nil
        }
        let parts = name.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty, !name.utf8.contains(0), !name.contains(" ") else {
            context.diagnoseError(literal, "overridesNotQualified", "name the hook this one replaces with its module, such as \"Auth.LoginInterceptor\": '\(name)' names no module")
            return nil
        }
        guard name.utf8.count <= RecordLayout.maximumHookOriginPartLength else {
            context.diagnoseError(literal, "overridesTooLong", "the name of the hook replaced takes \(name.utf8.count) bytes; its record holds at most \(RecordLayout.maximumHookOriginPartLength)")
            return nil
        }
        guard name != ownName else {
            context.diagnoseError(literal, "overridesItself", "a hook cannot replace itself: '\(name)' is this hook's own name")
            return nil
        }
        self = .replacing(name)
    }

    /// The record's comment about its origin: `; declared in AccountFeature, replaces Auth.Login`.
    static func describe(_ origin: HookOrigin?) -> String {
        guard let origin else { return "" }
        return "; declared in \(origin.module)" + (origin.replaces.map { ", replaces \($0)" } ?? "")
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
