// The global constant every annotation expands to: a record of the layout of
// `LinkRouter.__RouteRecord` and of `linkrouter_route_record` in LinkRouterRecord.h.
import SwiftSyntax

/// What a record's accessor produces: its kind field.
enum RecordKind {
    case page, action, service

    /// The record's kind field, a FourCC.
    var code: String {
        switch self {
        case .page: "0x70616765"
        case .action: "0x6163746E"
        case .service: "0x73727663"
        }
    }

    var fourCC: String {
        switch self {
        case .page: "page"
        case .action: "actn"
        case .service: "srvc"
        }
    }
}

/// A record's accessor, `{ __value, __type, _ in statements }`: on one line when `statements` is
/// one item without leading trivia, else each item on its own line (give them their line breaks
/// and indentation) and the closing brace on a line of its own, indented by `closingIndent`.
func makeAccessor(_ statements: [CodeBlockItemSyntax], closingIndent: Int = 4) -> ClosureExprSyntax {
    let multiline = statements.count > 1
    return ClosureExprSyntax(
        leftBrace: .leftBraceToken(trailingTrivia: .space),
        signature: ClosureSignatureSyntax(
            parameterClause: .simpleInput([
                ClosureShorthandParameterSyntax(name: .identifier("__value"), trailingComma: .commaToken(trailingTrivia: .space)),
                ClosureShorthandParameterSyntax(name: .identifier("__type"), trailingComma: .commaToken(trailingTrivia: .space)),
                ClosureShorthandParameterSyntax(name: .wildcardToken()),
            ]),
            inKeyword: .keyword(.in, leadingTrivia: .space, trailingTrivia: multiline ? [] : .space)
        ),
        statements: CodeBlockItemListSyntax(statements),
        rightBrace: .rightBraceToken(leadingTrivia: multiline ? .newline + .spaces(closingIndent) : .space)
    )
}

/// Where a record's constant is declared.
enum RecordPlacement {
    /// `private nonisolated let <name>` at file scope (`#route`).
    case fileScope
    /// `nonisolated static let record` in `private enum <name>`: at the top level of `main.swift`,
    /// where a freestanding macro's declarations are part of top-level code, a plain constant
    /// draws an "immutable value was never used" warning.
    case enumeration
    /// `nonisolated static let <name>` in `extension <type>: LinkRouter.<conformance>` (`@Routable`,
    /// `@RoutableService`), the conformance only when the compiler reports it missing.
    ///
    /// A member rather than a peer at file scope: the compiler checks every file-scope
    /// declaration a macro adds against the whole module's names, which expands every peer macro
    /// of the module in every compile job; an extension is expanded by the job that compiles its type.
    case extensionMember(of: TypeSyntax, conformance: String?)
}

/// The constant that a record is.
///
/// ```swift
/// extension UserPage: LinkRouter.Routable {
///     @used @section("linkrouter_routes") nonisolated static let __linkRouterRecord: LinkRouter.__RouteRecord = (
///         0x526B6E4C, 1, 0, 0x70616765, 8, // magic, version, flags, kind 'page', text length
///         { __value, __type, _ in LinkRouter.__storePage(UserPage.self, to: __value, ifExpected: __type) },
///         0,
///         0x64693A2F72657375, 0x0, 0x0, 0x0, 0x0, 0x0, // text: "user/:id"
///         0x0, 0x0, 0x0, 0x0, 0x0, 0x0
///     )
/// }
/// ```
///
/// The declaration is built node by node rather than parsed from text: the macro plugin is a
/// debug build in a debug build of the app, and parsing the expansion was a third of its time.
///
/// - Parameters:
///   - name: The constant's name (the enum's for ``RecordPlacement/enumeration``), unique in its scope.
///   - kind: What the accessor produces.
///   - flags: The record's flags field.
///   - text: The record's text, at most ``RecordText/capacity`` bytes.
///   - accessor: The accessor closure (``makeAccessor(_:closingIndent:)``).
///   - placement: Where the constant is declared.
func makeRecordDeclaration(
    named name: String,
    kind: RecordKind,
    flags: Int,
    text: [UInt8],
    accessor: ClosureExprSyntax,
    placement: RecordPlacement = .fileScope
) -> DeclSyntax {
    let isMember = if case .fileScope = placement { false } else { true }
    let indent = Trivia.spaces(isMember ? 8 : 4)
    let words = RecordText.words(packing: text).map { "0x" + String($0, radix: 16, uppercase: true) }

    func integer(_ literal: String) -> ExprSyntax {
        ExprSyntax(IntegerLiteralExprSyntax(literal: .integerLiteral(literal)))
    }

    // The tuple, five lines: header fields, accessor, reserved, and the text in two rows.
    let fields: [ExprSyntax] = [
        integer("0x526B6E4C"), integer("1"), integer("\(flags)"), integer(kind.code), integer("\(text.count)"),
        ExprSyntax(accessor), integer("0"),
    ] + words.map(integer)
    let lineStarts: Set = [0, 5, 6, 7, 13]
    let comments = [
        4: "// magic, version, flags, kind '\(kind.fourCC)', text length",
        12: "// text: \(String(decoding: text, as: UTF8.self).debugDescription)",
    ]
    let elements = fields.enumerated().map { index, field in
        // After a comma: a comment, the line break before the next line's first field, or a space.
        let afterComma: Trivia = comments[index].map { .space + .lineComment($0) }
            ?? (lineStarts.contains(index + 1) ? [] : .space)
        return LabeledExprSyntax(
            expression: lineStarts.contains(index) ? field.with(\.leadingTrivia, .newline + indent) : field,
            trailingComma: index == fields.count - 1 ? nil : .commaToken(trailingTrivia: afterComma)
        )
    }
    let tuple = TupleExprSyntax(
        leftParen: .leftParenToken(),
        elements: LabeledExprListSyntax(elements),
        rightParen: .rightParenToken(leadingTrivia: .newline + indent.dropping(4))
    )

    // @used @section("linkrouter_routes") private nonisolated let name: LinkRouter.__RouteRecord = ...
    let section = StringLiteralExprSyntax(
        openingQuote: .stringQuoteToken(),
        segments: [.stringSegment(StringSegmentSyntax(content: .stringSegment("linkrouter_routes")))],
        closingQuote: .stringQuoteToken()
    )
    let modifiers: [Keyword] = isMember ? [.nonisolated, .static] : [.private, .nonisolated]
    let variableName = if case .enumeration = placement { "record" } else { name }
    let record = VariableDeclSyntax(
        leadingTrivia: isMember ? .newline + indent.dropping(4) : [],
        attributes: [
            .attribute(AttributeSyntax(attributeName: IdentifierTypeSyntax(name: .identifier("used")), trailingTrivia: .space)),
            .attribute(AttributeSyntax(
                attributeName: IdentifierTypeSyntax(name: .identifier("section")),
                leftParen: .leftParenToken(),
                arguments: .argumentList([LabeledExprSyntax(expression: section)]),
                rightParen: .rightParenToken(trailingTrivia: .space)
            )),
        ],
        modifiers: DeclModifierListSyntax(modifiers.map { DeclModifierSyntax(name: .keyword($0, trailingTrivia: .space)) }),
        bindingSpecifier: .keyword(.let, trailingTrivia: .space),
        bindings: [
            PatternBindingSyntax(
                pattern: IdentifierPatternSyntax(identifier: .identifier(variableName)),
                typeAnnotation: TypeAnnotationSyntax(
                    colon: .colonToken(trailingTrivia: .space),
                    type: MemberTypeSyntax(baseType: IdentifierTypeSyntax(name: .identifier("LinkRouter")), name: .identifier("__RouteRecord"))
                ),
                initializer: InitializerClauseSyntax(equal: .equalToken(leadingTrivia: .space, trailingTrivia: .space), value: tuple)
            ),
        ]
    )
    let members = MemberBlockSyntax(members: [MemberBlockItemSyntax(decl: record)], rightBrace: .rightBraceToken(leadingTrivia: .newline))
    switch placement {
    case .fileScope:
        return DeclSyntax(record)
    case .enumeration:
        return DeclSyntax(EnumDeclSyntax(
            modifiers: [DeclModifierSyntax(name: .keyword(.private, trailingTrivia: .space))],
            enumKeyword: .keyword(.enum, trailingTrivia: .space),
            name: .identifier(name, trailingTrivia: .space),
            memberBlock: members
        ))
    case .extensionMember(let type, let conformance):
        return DeclSyntax(ExtensionDeclSyntax(
            extensionKeyword: .keyword(.extension, trailingTrivia: .space),
            extendedType: type.trimmed.with(\.trailingTrivia, conformance == nil ? .space : []),
            inheritanceClause: conformance.map(linkRouterInheritance),
            memberBlock: members
        ))
    }
}

/// `: LinkRouter.<conformance> `, an extension's inheritance clause.
func linkRouterInheritance(_ conformance: String) -> InheritanceClauseSyntax {
    InheritanceClauseSyntax(
        colon: .colonToken(trailingTrivia: .space),
        inheritedTypes: [InheritedTypeSyntax(type: MemberTypeSyntax(
            baseType: IdentifierTypeSyntax(name: .identifier("LinkRouter")),
            name: .identifier(conformance),
            trailingTrivia: .space
        ))]
    )
}

extension Trivia {
    /// This trivia, spaces only, with `count` fewer spaces.
    fileprivate func dropping(_ count: Int) -> Trivia {
        guard case .spaces(let spaces)? = pieces.first else { return self }
        return spaces > count ? .spaces(spaces - count) : []
    }
}
