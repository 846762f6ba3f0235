// The initializer `@Routable` writes for a struct that declares no `init?(parameters:)`, the checks
// of its properties against each of its patterns, and the query contract its properties declare.
import RoutePatterns
import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// A placeholder of a route's pattern.
struct Placeholder {
    /// The parameter's name.
    let name: String
    /// What it captures.
    let kind: RoutePattern.Part.Kind
    /// Whether it is in an optional group, so a URL may leave it out.
    let isOptional: Bool

    /// The placeholder as a pattern writes it: `:id`, `<int:id>`, `<path:rest>`.
    var written: String {
        switch kind {
        case .int: "<int:\(name)>"
        case .double: "<double:\(name)>"
        case .bool: "<bool:\(name)>"
        case .uuid: "<uuid:\(name)>"
        case .path: "<path:\(name)>"
        case .parameter, .literal, .wildcard, .catchAll: ":\(name)"
        }
    }

    /// The type a property of it would have by default: `Int` for `<int:>`, `String` for `:name`.
    var naturalType: String {
        switch kind {
        case .int: "Int"
        case .double: "Double"
        case .bool: "Bool"
        case .uuid: "UUID"
        case .parameter, .path, .literal, .wildcard, .catchAll: "String"
        }
    }

    /// What it captures, for a message: `an integer`.
    private var captures: String {
        switch kind {
        case .int: "an integer"
        case .double: "a decimal number"
        case .bool: "a boolean"
        case .uuid: "a UUID"
        case .path: "one or more segments as text"
        case .parameter, .literal, .wildcard, .catchAll: "a segment as text"
        }
    }

    /// Whether a property of the type named `type` (as written, without `?`) can hold every value
    /// the placeholder captures. A type the macro does not know (an enum, a `Decodable` struct)
    /// can: its conversion is checked at open.
    func accepts(_ type: String) -> Bool {
        let integers: Set = ["Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64"]
        let known = integers.union(["Double", "Float", "Bool", "UUID", "String", "[String]"])
        guard known.contains(type) else { return true }
        return switch kind {
        case .int: integers.contains(type) || ["Double", "Float", "String"].contains(type)
        case .double: ["Double", "Float", "String"].contains(type)
        case .bool: ["Bool", "String"].contains(type)
        case .uuid: ["UUID", "String"].contains(type)
        case .path: ["String", "[String]"].contains(type)
        case .parameter, .literal, .wildcard, .catchAll: true
        }
    }

    /// Why a property of `type` cannot hold it.
    func mismatch(_ type: String, property: String) -> String {
        let fits = kind == .path ? "'String' or '[String]'" : "'\(naturalType)' or 'String'"
        return "'\(written)' captures \(captures), which a property of type '\(type)' cannot hold; declare '\(property)' as \(fits)"
    }
}

extension RoutePattern {
    /// The pattern's placeholders, in order.
    var placeholders: [Placeholder] {
        withPartBytes { bytes in
            parts.filter(\.capturesParameter).map { Placeholder(name: $0.text(in: bytes), kind: $0.kind, isOptional: $0.group != 0) }
        }
    }
}

/// The properties of a struct that `@Routable` fills, when the struct declares no
/// `init?(parameters:)` of its own.
struct ParameterBinding {
    /// The struct's stored properties.
    let members: PageMembers
    /// Its member block, where a fix-it adds a property.
    let memberBlock: MemberBlockSyntax
    /// `public `, `package ` or nothing: the initializer is as visible as the struct.
    let accessModifier: String

    /// The binding of `declaration`'s properties, or `nil` when it is not a struct or declares
    /// its own `init?(parameters:)`.
    init?(_ declaration: some DeclGroupSyntax) {
        guard let type = declaration.as(StructDeclSyntax.self) else { return nil }
        let declaresInitializer = type.memberBlock.members.contains { member in
            member.decl.as(InitializerDeclSyntax.self)?.signature.parameterClause.parameters.first?.firstName.text == "parameters"
        }
        if declaresInitializer { return nil }
        members = PageMembers(type.memberBlock.members)
        memberBlock = type.memberBlock
        accessModifier = type.modifiers.first { ["public", "package"].contains($0.name.text) }.map { $0.name.text + " " } ?? ""
    }

    /// The initializer: the properties without a default first, so that a property written without
    /// a type can be read (`Swift.type(of: self.page)`) once every property has a value.
    var initializer: DeclSyntax {
        var assignments: [String] = []
        var defaults: [String] = []
        for property in members.properties {
            let parameters = property.source.map { "LinkRouter.__parameters(parameters, from: .\($0.rawValue))" } ?? "parameters"
            let name = property.parameter.debugDescription
            let value = "LinkRouter.__parameter(\(name), as: \(property.conversionType), in: \(parameters))"
            if property.defaultValue != nil {
                defaults.append("if let value = try \(value) { self.\(property.name) = value }")
            } else if property.isOptional {
                assignments.append("self.\(property.name) = try \(value)")
            } else {
                assignments.append("self.\(property.name) = try LinkRouter.__required(\(value), \(name))")
            }
        }
        let body = (assignments + defaults).map { "\n        " + $0 }.joined()
        return DeclSyntax("    \(raw: accessModifier)nonisolated init?(parameters: LinkRouter.RouteParameters) throws {\(raw: body)\(raw: body.isEmpty ? "" : "\n    ")}")
    }

    /// The query contract the properties declare for a route with these placeholders: each
    /// property that no placeholder fills and that is not a caller value, of a type a contract
    /// has, with its literal default value; `nil` when there is none, or when it declares only
    /// `string`s without defaults, which it would not check.
    func queryContract(placeholders: [Placeholder]) -> QueryContract? {
        var declarations: [String] = []
        var names: Set<String> = []
        for property in members.properties where property.source != .caller && property.source != .path && !property.isResultSlot {
            guard !placeholders.contains(where: { $0.name == property.parameter }),
                  let type = property.literalTypeName.flatMap(Self.contractType), names.insert(property.parameter).inserted
            else { continue }
            let declaration = "\(property.parameter): \(type)"
            // A default the contract would read otherwise (spaces trimmed) or refuses is left to the initializer.
            if let value = property.defaultLiteral, let contract = try? QueryContract([declaration + " = " + value]),
               contract.parameters.first?.defaultValue == value {
                declarations.append(declaration + " = " + value)
            } else if (try? QueryContract([declaration])) != nil {
                declarations.append(declaration)
            }
        }
        // Text without a default is all a contract of strings would check, which is nothing; left
        // out, the record stays version 1, which readers from before contracts read.
        guard let contract = try? QueryContract(declarations),
              contract.parameters.contains(where: { $0.type != .string || $0.defaultValue != nil })
        else { return nil }
        return contract
    }

    /// The contract type of a Swift type as written.
    private static func contractType(_ type: String) -> QueryContract.ValueType? {
        switch type {
        case "String": .string
        case "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64": .int
        case "Double", "Float": .double
        case "Bool": .bool
        case "UUID": .uuid
        default: nil
        }
    }

    /// Reports the problems of `@RouteParameter` attributes.
    func reportAttributeProblems(in context: some MacroExpansionContext) {
        for problem in members.attributeProblems { context.diagnoseError(problem.node, problem.id, problem.message) }
    }

    /// Reports every property and placeholder that do not fit together in one route.
    ///
    /// - Parameters:
    ///   - placeholders: The route pattern's placeholders.
    ///   - pattern: The pattern, for messages.
    ///   - patternNode: The pattern's literal, where a placeholder's problem is reported.
    ///   - query: The query contract the route declares, if any.
    ///   - typeName: The page type's name, for messages.
    func check(
        placeholders: [Placeholder],
        pattern: String,
        patternNode: ExprSyntax,
        query: QueryContract?,
        typeName: String,
        in context: some MacroExpansionContext
    ) {
        let properties = members.properties.filter { !$0.isResultSlot }
        let pathReaders = properties.filter { $0.source == nil || $0.source == .path }
        let unused = placeholders.filter { placeholder in !pathReaders.contains { $0.parameter == placeholder.name } }
        for placeholder in unused {
            context.diagnose(Diagnostic(
                node: patternNode,
                message: RouteMacroMessage(
                    id: "unusedPlaceholder",
                    message: "placeholder '\(placeholder.written)' of '\(pattern)' fills no property of \(typeName); "
                        + "add a stored property '\(placeholder.name)', or mark one @RouteParameter(\"\(placeholder.name)\")"
                ),
                fixIts: addProperty(for: placeholder).map { [$0] } ?? []
            ))
        }
        for property in properties {
            let placeholder = placeholders.first { $0.name == property.parameter }
            switch (property.source, placeholder) {
            case (let source?, _?) where source != .path:
                context.diagnoseError(
                    property.binding, "sourceIsPlaceholder",
                    "'\(property.plainName)' is marked to come from the \(source.rawValue), but '\(pattern)' has a placeholder "
                        + "'\(property.parameter)', which would fill it; rename the property or the placeholder"
                )
            case (.path?, nil):
                context.diagnoseError(
                    property.binding, "noSuchPlaceholder",
                    "'\(property.plainName)' is marked to come from the path, but '\(pattern)' has no placeholder '\(property.parameter)'"
                )
            case (_, let placeholder?):
                if let type = property.type, let typeName = property.typeName, !placeholder.accepts(typeName) {
                    context.diagnose(Diagnostic(
                        node: type,
                        message: RouteMacroMessage(id: "placeholderTypeMismatch", message: placeholder.mismatch(typeName, property: property.plainName)),
                        fixIts: [FixIt(
                            message: ParameterFixItMessage(id: "useType", message: "declare '\(property.plainName)' as '\(placeholder.naturalType)'"),
                            changes: [.replace(oldNode: Syntax(type), newNode: Syntax(TypeSyntax(IdentifierTypeSyntax(
                                leadingTrivia: type.leadingTrivia, name: .identifier(placeholder.naturalType), trailingTrivia: type.trailingTrivia
                            ))))]
                        )]
                    ))
                } else if placeholder.isOptional && !property.mayBeAbsent {
                    context.diagnose(Diagnostic(
                        node: property.binding,
                        message: RouteMacroMessage(
                            id: "optionalPlaceholder",
                            message: "'\(placeholder.written)' is in an optional part of '\(pattern)', so a URL may leave it out; "
                                + "give '\(property.plainName)' a default value or an optional type"
                        ),
                        fixIts: makeOptional(property).map { [$0] } ?? []
                    ))
                }
            case (nil, nil):
                guard !property.mayBeAbsent, query?.parameter(named: property.parameter) == nil else { continue }
                var fixIts = makeOptional(property).map { [$0] } ?? []
                if unused.count == 1 { fixIts.insert(rename(property, to: unused[0]), at: 0) }
                context.diagnose(Diagnostic(
                    node: property.binding,
                    message: RouteMacroMessage(
                        id: "unfilledProperty",
                        message: "no placeholder of '\(pattern)' fills '\(property.plainName)', which has no default value and is not optional; "
                            + "rename it or a placeholder, give it a default value or an optional type, or say where its value comes from: "
                            + "a 'query:' declaration, @RouteParameter(from: .query) or @RouteParameter(from: .caller)"
                    ),
                    fixIts: fixIts
                ))
            case (_?, nil):
                continue
            }
        }
    }

    /// A fix-it that makes the property's written type optional.
    private func makeOptional(_ property: PageProperty) -> FixIt? {
        guard let type = property.type else { return nil }
        return FixIt(
            message: ParameterFixItMessage(id: "makeOptional", message: "make '\(property.plainName)' optional"),
            changes: [.replace(oldNode: Syntax(type), newNode: Syntax(TypeSyntax(OptionalTypeSyntax(
                leadingTrivia: type.leadingTrivia, wrappedType: type.trimmed, trailingTrivia: type.trailingTrivia
            ))))]
        )
    }

    /// A fix-it that fills the property from `placeholder`, marking it `@RouteParameter("name")`.
    private func rename(_ property: PageProperty, to placeholder: Placeholder) -> FixIt {
        let declaration = property.declaration
        let attribute = AttributeSyntax(
            atSign: .atSignToken(leadingTrivia: declaration.leadingTrivia),
            attributeName: IdentifierTypeSyntax(name: .identifier("RouteParameter")),
            leftParen: .leftParenToken(),
            arguments: .argumentList([LabeledExprSyntax(expression: StringLiteralExprSyntax(content: placeholder.name))]),
            rightParen: .rightParenToken(trailingTrivia: .space)
        )
        var marked = declaration.with(\.leadingTrivia, [])
        marked.attributes.insert(.attribute(attribute), at: marked.attributes.startIndex)
        return FixIt(
            message: ParameterFixItMessage(id: "readPlaceholder", message: "fill '\(property.plainName)' from placeholder '\(placeholder.name)'"),
            changes: [.replace(oldNode: Syntax(declaration), newNode: Syntax(marked))]
        )
    }

    /// A fix-it that declares a property for `placeholder` first in the struct, when its name can
    /// be a property's.
    private func addProperty(for placeholder: Placeholder) -> FixIt? {
        guard let head = placeholder.name.first, head.isLetter || head == "_",
              placeholder.name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
        else { return nil }
        let indentation = memberBlock.members.first?.leadingTrivia ?? Trivia(pieces: [.newlines(1), .spaces(4)])
        let type = placeholder.naturalType + (placeholder.isOptional ? "?" : "")
        let property = MemberBlockItemSyntax(leadingTrivia: indentation, decl: DeclSyntax("let \(raw: placeholder.name): \(raw: type)"))
        var members = memberBlock.members
        members.insert(property, at: members.startIndex)
        return FixIt(
            message: ParameterFixItMessage(id: "addProperty", message: "add 'let \(placeholder.name): \(type)'"),
            changes: [.replace(oldNode: Syntax(memberBlock.members), newNode: Syntax(members))]
        )
    }
}

/// A fix-it of `@Routable`.
struct ParameterFixItMessage: FixItMessage {
    let id: String
    let message: String

    var fixItID: MessageID { MessageID(domain: "LinkRouterMacros", id: id) }
}
