// The stored properties of a `@Routable` struct as the initializer the macro writes fills them:
// read from the declaration's syntax, since a macro sees types only as written.
import SwiftSyntax

/// Where a property marked `@RouteParameter(from:)` is filled from.
enum ParameterSource: String {
    case path, query, caller
}

/// One stored property the initializer fills.
struct PageProperty {
    /// The property's name as written (backticks kept), for `self.<name> = ...`.
    let name: String
    /// The parameter that fills it: the name given to `@RouteParameter`, else the property's.
    let parameter: String
    /// The one source `@RouteParameter(from:)` names, if any.
    let source: ParameterSource?
    /// The type as written, without `?`, or `nil` when the property has none written.
    let type: TypeSyntax?
    /// Whether the written type is optional (`T?`, `T!`, `Optional<T>`).
    let isOptional: Bool
    /// The default value, for a `var` that has one.
    let defaultValue: ExprSyntax?
    /// The binding, where its problems are reported.
    let binding: PatternBindingSyntax
    /// The declaration, before which a fix-it writes an attribute.
    let declaration: VariableDeclSyntax
    /// Whether it is `private` or `fileprivate` (`private(set)` included): no URL ever sets it.
    let isPrivate: Bool

    /// `private` or `fileprivate`, as written.
    var privateKeyword: String {
        declaration.modifiers.first { [.keyword(.private), .keyword(.fileprivate)].contains($0.name.tokenKind) }?.name.text ?? "private"
    }

    /// The property's name without backticks.
    var plainName: String { name.filter { $0 != "`" } }

    /// The written type with module prefixes of the standard library and Foundation dropped:
    /// `Int`, `UUID`, `[String]`, `Tab`; `nil` when none is written.
    var typeName: String? {
        guard let type else { return nil }
        var text = type.trimmedDescription.filter { !$0.isWhitespace }
        for prefix in ["Swift.", "FoundationEssentials.", "Foundation.", "LinkRouterCore.", "LinkRouter."] {
            text = text.replacing(prefix, with: "")
        }
        return text
    }

    /// Whether it takes the open's result slot rather than a parameter: a `PageResultSlot`, or a
    /// `PageReturn<Value>` that declares the page's result.
    var isResultSlot: Bool { typeName == "PageResultSlot" || returnedType != nil }

    /// `Value` of a `PageReturn<Value>` property (`LinkRouter.` prefix allowed), as written: the
    /// result the page declares.
    var returnedType: String? {
        let generics: GenericArgumentClauseSyntax?
        if let identifier = type?.as(IdentifierTypeSyntax.self), identifier.name.text == "PageReturn" {
            generics = identifier.genericArgumentClause
        } else if let member = type?.as(MemberTypeSyntax.self), member.name.text == "PageReturn",
                  ["LinkRouter", "LinkRouterCore"].contains(member.baseType.trimmedDescription) {
            generics = member.genericArgumentClause
        } else {
            return nil
        }
        return generics?.arguments.first.map { $0.argument.trimmedDescription }
    }

    /// Whether the initializer may leave it as it is when no source has its parameter.
    var mayBeAbsent: Bool { isOptional || defaultValue != nil || isResultSlot }

    /// The type the conversion is asked for: `Int.self`, or `Swift.type(of: self.page)` for a
    /// property whose type is not written.
    var conversionType: String {
        type.map { "\($0.trimmedDescription).self" } ?? "Swift.type(of: self.\(name))"
    }

    /// The value of `default` as a query contract writes it, for a literal: `1`, `-2.5`, `true`, `posts`.
    var defaultLiteral: String? {
        guard var expression = defaultValue else { return nil }
        var sign = ""
        if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-" {
            sign = "-"
            expression = prefix.expression
        }
        if let literal = expression.as(IntegerLiteralExprSyntax.self) { return sign + literal.literal.text.filter { $0 != "_" } }
        if let literal = expression.as(FloatLiteralExprSyntax.self) { return sign + literal.literal.text.filter { $0 != "_" } }
        guard sign.isEmpty else { return nil }
        if let literal = expression.as(BooleanLiteralExprSyntax.self) { return literal.literal.text }
        return expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue
    }

    /// The type name of a property written without one, from its literal default value.
    var literalTypeName: String? {
        guard type == nil, var expression = defaultValue else { return typeName }
        if let prefix = expression.as(PrefixOperatorExprSyntax.self) { expression = prefix.expression }
        if expression.is(IntegerLiteralExprSyntax.self) { return "Int" }
        if expression.is(FloatLiteralExprSyntax.self) { return "Double" }
        if expression.is(BooleanLiteralExprSyntax.self) { return "Bool" }
        if expression.is(StringLiteralExprSyntax.self) { return "String" }
        return nil
    }
}

/// The members of a struct as `@Routable` reads them.
struct PageMembers {
    /// The stored properties the initializer fills, in declaration order.
    var properties: [PageProperty] = []
    /// Problems with `@RouteParameter` attributes, each reported once with the first annotation.
    var attributeProblems: [(node: Syntax, id: String, message: String)] = []

    /// Reads the members of `members`.
    init(_ members: MemberBlockItemListSyntax) {
        for member in members {
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            if variable.modifiers.contains(where: { ["static", "class", "lazy"].contains($0.name.text) }) { continue }
            let isConstant = variable.bindingSpecifier.tokenKind == .keyword(.let)
            let mark = readMark(variable.attributes)
            let bindings = Array(variable.bindings)
            for (index, binding) in bindings.enumerated() {
                guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self), isStored(binding) else { continue }
                // `let a, b: Int` gives `a` the type written after `b`.
                let written = binding.typeAnnotation?.type
                    ?? (binding.initializer == nil ? bindings[index...].lazy.compactMap(\.typeAnnotation).first?.type : nil)
                // A constant with a value cannot be assigned: it is no parameter.
                if isConstant && binding.initializer != nil { continue }
                let (type, isOptional) = written.map(Self.unwrapped) ?? (nil, false)
                let name = pattern.identifier.text
                properties.append(PageProperty(
                    name: name,
                    parameter: mark?.name ?? name.filter { $0 != "`" },
                    source: mark?.source,
                    type: type,
                    isOptional: isOptional,
                    defaultValue: binding.initializer?.value,
                    binding: binding,
                    declaration: variable,
                    isPrivate: variable.modifiers.contains { [.keyword(.private), .keyword(.fileprivate)].contains($0.name.tokenKind) }
                ))
            }
        }
    }

    /// Whether the binding stores its value: no accessors, or only observers.
    private func isStored(_ binding: PatternBindingSyntax) -> Bool {
        guard let accessors = binding.accessorBlock?.accessors else { return true }
        guard case .accessors(let list) = accessors else { return false }
        return list.allSatisfy { [.keyword(.willSet), .keyword(.didSet)].contains($0.accessorSpecifier.tokenKind) }
    }

    /// The name and source of a `@RouteParameter` among `attributes`, its problems recorded.
    private mutating func readMark(_ attributes: AttributeListSyntax) -> (name: String?, source: ParameterSource?)? {
        guard let attribute = attributes.lazy.compactMap({ $0.as(AttributeSyntax.self) }).first(where: {
            ["RouteParameter", "LinkRouter.RouteParameter"].contains($0.attributeName.trimmedDescription)
        }) else { return nil }
        var mark: (name: String?, source: ParameterSource?) = (nil, nil)
        guard case .argumentList(let arguments) = attribute.arguments else { return mark }
        for argument in arguments {
            if argument.label == nil {
                if let value = argument.expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue, !value.isEmpty {
                    mark.name = value
                } else if !argument.expression.is(NilLiteralExprSyntax.self) {
                    attributeProblems.append((Syntax(argument.expression), "parameterNameNotLiteral", "write the parameter's name as a non-empty string literal"))
                }
            } else if Annotation.routeParameter.parameter(labeled: argument.label?.text) == .from {
                if let source = argument.expression.memberName.flatMap(ParameterSource.init(rawValue:)) {
                    mark.source = source
                } else if !argument.expression.is(NilLiteralExprSyntax.self) {
                    attributeProblems.append((Syntax(argument.expression), "sourceNotLiteral", "write the source as '.path', '.query' or '.caller'"))
                }
            }
        }
        return mark
    }

    /// The type without its optional wrapping, and whether it had one.
    private static func unwrapped(_ type: TypeSyntax) -> (TypeSyntax, Bool) {
        if let optional = type.as(OptionalTypeSyntax.self) { return (optional.wrappedType, true) }
        if let optional = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return (optional.wrappedType, true) }
        if let identifier = type.as(IdentifierTypeSyntax.self), ["Optional", "Swift.Optional"].contains(identifier.name.text),
           let argument = identifier.genericArgumentClause?.arguments.first, case .type(let wrapped) = argument.argument {
            return (wrapped, true)
        }
        return (type, false)
    }
}
