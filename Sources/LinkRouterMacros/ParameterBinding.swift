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

/// Where the initializer `@Routable` writes reads a property from: the rule "a link sets what the
/// route declares, nothing else".
enum PropertyOrigin: Equatable {
    /// The open's result slot.
    case resultSlot
    /// A placeholder of the page's own patterns (unmarked): the path, else a caller value.
    case placeholder
    /// `@RouteParameter(from: .path)`: the path alone.
    case path
    /// A query item the route declares (`@RouteParameter(from: .query)`, or named by a `query:`
    /// declaration): the caller's value, else the query item.
    case query
    /// Everything else, `private` and `fileprivate` properties included: the caller's values alone.
    case caller
}

/// The `@Routable` (or `@RoutableAction`) annotations of a type: each one's placeholders and
/// declared query names, read from the syntax, for the initializer the first annotation writes.
struct TypeAnnotations {
    /// The annotation's name: `Routable` or `RoutableAction`.
    let attribute: String
    /// The names of the placeholders of every pattern.
    var placeholderNames: Set<String> = []
    /// The names every `query:` argument declares.
    var queryNames: Set<String> = []
    /// Each annotation, in order, with its placeholders' and its `query:` declarations' names:
    /// what tells the link builders of two annotations apart.
    var signatures: [(attribute: AttributeSyntax, names: [String])] = []

    /// Whether an annotation before `node` has the same placeholders and declared query, so that
    /// its link builder would have the same labels: `node` then writes none.
    func hasEarlierSignature(like node: AttributeSyntax) -> Bool {
        guard let index = signatures.firstIndex(where: { $0.attribute.trimmedDescription == node.trimmedDescription }) else { return false }
        return signatures[..<index].contains { $0.names == signatures[index].names }
    }

    /// Reads the annotations named `attribute` among `attributes`; a pattern or declaration that
    /// does not parse is reported by its own annotation and left out here.
    init(_ attributes: AttributeListSyntax, attribute: String) {
        self.attribute = attribute
        for case .attribute(let node) in attributes {
            let name = node.attributeName.trimmedDescription
            guard name == attribute || name == "LinkRouter." + attribute, case .argumentList(let arguments) = node.arguments else { continue }
            var names: [String] = []
            for argument in arguments {
                if argument.label == nil, let text = argument.expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue,
                   let pattern = try? RoutePattern(text) {
                    placeholderNames.formUnion(pattern.placeholders.map(\.name))
                    names += pattern.placeholders.map(\.name)
                } else if argument.label?.text == "query", let array = argument.expression.as(ArrayExprSyntax.self) {
                    for element in array.elements {
                        if let text = element.expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue,
                           let contract = try? QueryContract([text]) {
                            queryNames.formUnion(contract.parameters.map(\.name))
                            names += contract.parameters.map(\.name)
                        }
                    }
                }
            }
            signatures.append((node, names))
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
    /// The placeholders and declared query names of all the type's annotations.
    let annotations: TypeAnnotations

    /// The binding of `declaration`'s properties, or `nil` when it is not a struct or declares
    /// its own `init?(parameters:)`.
    init?(_ declaration: some DeclGroupSyntax, attribute: String = "Routable") {
        guard let type = declaration.as(StructDeclSyntax.self) else { return nil }
        let declaresInitializer = type.memberBlock.members.contains { member in
            member.decl.as(InitializerDeclSyntax.self)?.signature.parameterClause.parameters.first?.firstName.text == "parameters"
        }
        if declaresInitializer { return nil }
        members = PageMembers(type.memberBlock.members)
        memberBlock = type.memberBlock
        accessModifier = type.modifiers.first { ["public", "package"].contains($0.name.text) }.map { $0.name.text + " " } ?? ""
        annotations = TypeAnnotations(type.attributes, attribute: attribute)
    }

    /// Where the initializer reads `property` from.
    func origin(of property: PageProperty) -> PropertyOrigin {
        if property.isResultSlot { return .resultSlot }
        switch property.source {
        case .caller?: return .caller
        case .path?: return property.isPrivate ? .caller : .path
        case .query?: return property.isPrivate ? .caller : .query
        case nil:
            if property.isPrivate { return .caller }
            if annotations.placeholderNames.contains(property.parameter) { return .placeholder }
            if annotations.queryNames.contains(property.parameter) { return .query }
            return .caller
        }
    }

    /// The initializer: the properties without a default first, so that a property written without
    /// a type can be read (`Swift.type(of: self.page)`) once every property has a value. Each reads
    /// the view of the parameters its origin allows.
    var initializer: DeclSyntax {
        var assignments: [String] = []
        var defaults: [String] = []
        for property in members.properties {
            let parameters = switch origin(of: property) {
            case .resultSlot: "parameters"
            case .placeholder: "LinkRouter.__placeholderParameters(parameters)"
            case .path: "LinkRouter.__parameters(parameters, from: .path)"
            case .query: "LinkRouter.__parameters(parameters, from: .query)"
            case .caller: "LinkRouter.__parameters(parameters, from: .caller)"
            }
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

    /// The properties a link sets through the query: those the initializer reads from a declared
    /// query item, in declaration order.
    var queryProperties: [PageProperty] {
        members.properties.filter { origin(of: $0) == .query }
    }

    /// The query contract of a route: `explicit`, the route's own `query:` declarations, and a
    /// declaration for each property the initializer reads from the query that `explicit` does
    /// not declare, of the contract type its Swift type has (`string` for the others), with its
    /// literal default value; `nil` when the route declares no query at all.
    func queryContract(placeholders: [Placeholder], explicit: QueryContract?) -> QueryContract? {
        var declarations = explicit?.parameters.map(\.description) ?? []
        var names = Set(explicit?.parameters.map(\.name) ?? [])
        for property in queryProperties where !placeholders.contains(where: { $0.name == property.parameter }) {
            guard names.insert(property.parameter).inserted else { continue }
            let type = property.literalTypeName.flatMap(Self.contractType) ?? .string
            let declaration = "\(property.parameter): \(type)"
            // A default the contract would read otherwise (spaces trimmed) or refuses is left to the initializer.
            if let value = property.defaultLiteral, let contract = try? QueryContract([declaration + " = " + value]),
               contract.parameters.first?.defaultValue == value {
                declarations.append(declaration + " = " + value)
            } else if (try? QueryContract([declaration])) != nil {
                declarations.append(declaration)
            }
        }
        guard explicit != nil || !declarations.isEmpty else { return nil }
        return try? QueryContract(declarations, unknown: explicit?.unknown ?? .keep)
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
        let pathReaders = properties.filter { !$0.isPrivate && ($0.source == nil || $0.source == .path) }
        let privateNamesakes = properties.filter { $0.isPrivate && $0.source == nil }.map(\.parameter)
        let unused = placeholders.filter { placeholder in
            !pathReaders.contains { $0.parameter == placeholder.name } && !privateNamesakes.contains(placeholder.name)
        }
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
            if property.isPrivate {
                checkPrivate(property, placeholder: placeholder, pattern: pattern, query: query, in: context)
                continue
            }
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
                let declared = query?.parameter(named: property.parameter) != nil || origin(of: property) == .query
                guard !property.mayBeAbsent, !declared else { continue }
                var fixIts = makeOptional(property).map { [$0] } ?? []
                if property.declaration.attributes.isEmpty {
                    fixIts.insert(mark(property, source: .caller, "say the app gives '\(property.plainName)'"), at: 0)
                    fixIts.insert(mark(property, source: .query, "declare '\(property.plainName)' a query item a link may set"), at: 0)
                }
                if unused.count == 1 { fixIts.insert(rename(property, to: unused[0]), at: 0) }
                context.diagnose(Diagnostic(
                    node: property.binding,
                    message: RouteMacroMessage(
                        id: "unfilledProperty",
                        message: "a link cannot set '\(property.plainName)': no placeholder of '\(pattern)' fills it and the route declares no query item "
                            + "'\(property.parameter)'; mark it @RouteParameter(from: .query) for a link to set it, or @RouteParameter(from: .caller) "
                            + "for the app alone to, rename it or a placeholder, or give it a default value or an optional type"
                    ),
                    fixIts: fixIts
                ))
            case (_?, nil):
                continue
            }
        }
    }

    /// Reports a `private` or `fileprivate` property that a declaration would have a URL set: no
    /// link sets one, whatever it is marked or named.
    private func checkPrivate(
        _ property: PageProperty, placeholder: Placeholder?, pattern: String, query: QueryContract?, in context: some MacroExpansionContext
    ) {
        let reason: String? = switch property.source {
        case .query?: "it is marked to come from the query"
        case .path?: "it is marked to come from the path"
        case .caller?: nil
        case nil:
            if let placeholder { "'\(placeholder.written)' of '\(pattern)' would fill it" }
            else if query?.parameter(named: property.parameter) != nil { "the route declares a query item '\(property.parameter)'" }
            else { nil }
        }
        if let reason {
            context.diagnose(Diagnostic(
                node: property.binding,
                message: RouteMacroMessage(
                    id: "privateFromURL",
                    message: "'\(property.plainName)' is \(property.privateKeyword), and no link sets a private property, but \(reason); "
                        + "make it internal for a link to set it, or rename it"
                ),
                fixIts: makeInternal(property).map { [$0] } ?? []
            ))
        } else if !property.mayBeAbsent && property.source != .caller {
            context.diagnose(Diagnostic(
                node: property.binding,
                message: RouteMacroMessage(
                    id: "unfilledProperty",
                    message: "'\(property.plainName)' is \(property.privateKeyword), so only the app's values fill it, and it has no default value and is not optional; "
                        + "mark it @RouteParameter(from: .caller), or give it a default value or an optional type"
                ),
                fixIts: [mark(property, source: .caller, "say the app gives '\(property.plainName)'")] + (makeOptional(property).map { [$0] } ?? [])
            ))
        }
    }

    /// A fix-it that removes the property's `private` or `fileprivate` modifier.
    private func makeInternal(_ property: PageProperty) -> FixIt? {
        let declaration = property.declaration
        guard let index = declaration.modifiers.firstIndex(where: { [.keyword(.private), .keyword(.fileprivate)].contains($0.name.tokenKind) })
        else { return nil }
        var changed = declaration
        let removed = changed.modifiers[index]
        changed.modifiers.remove(at: index)
        if index == declaration.modifiers.startIndex {
            if let first = changed.modifiers.first {
                changed.modifiers[changed.modifiers.startIndex] = first.with(\.leadingTrivia, removed.leadingTrivia)
            } else {
                changed.bindingSpecifier.leadingTrivia = removed.leadingTrivia
            }
        }
        return FixIt(
            message: ParameterFixItMessage(id: "makeInternal", message: "make '\(property.plainName)' internal"),
            changes: [.replace(oldNode: Syntax(declaration), newNode: Syntax(changed))]
        )
    }

    /// A fix-it that marks the property `@RouteParameter(from: .source)`.
    private func mark(_ property: PageProperty, source: ParameterSource, _ message: String) -> FixIt {
        let declaration = property.declaration
        let attribute = AttributeSyntax(
            atSign: .atSignToken(leadingTrivia: declaration.leadingTrivia),
            attributeName: IdentifierTypeSyntax(name: .identifier("RouteParameter")),
            leftParen: .leftParenToken(),
            arguments: .argumentList([LabeledExprSyntax(
                label: .identifier("from"), colon: .colonToken(trailingTrivia: .space),
                expression: MemberAccessExprSyntax(period: .periodToken(), name: .identifier(source.rawValue))
            )]),
            rightParen: .rightParenToken(trailingTrivia: .space)
        )
        var marked = declaration.with(\.leadingTrivia, [])
        marked.attributes.insert(.attribute(attribute), at: marked.attributes.startIndex)
        return FixIt(
            message: ParameterFixItMessage(id: "mark-\(source.rawValue)", message: message),
            changes: [.replace(oldNode: Syntax(declaration), newNode: Syntax(marked))]
        )
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
