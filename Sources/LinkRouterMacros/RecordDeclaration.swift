// The global constant every annotation expands to: a record as the codec writes it
// (RouteRecordLayout), declared as a `LinkRouter.__RouteRecord`, a tuple with labeled fields.
import RouteRecordLayout
import SwiftSyntax

/// A record's accessor as source, `{ __value, __type, _ in statements }`: on one line for one
/// statement, else each statement on its own line, indented by `indent` spaces, and the closing
/// brace on a line of its own, four spaces less.
func accessorSource(_ statements: [String], indent: Int = 12) -> String {
    guard statements.count > 1 else { return "{ __value, __type, _ in \(statements.joined()) }" }
    let lines = statements.map { "\n" + String(repeating: " ", count: indent) + $0 }.joined()
    return "{ __value, __type, _ in\(lines)\n\(String(repeating: " ", count: indent - 4))}"
}

/// Where a record's constant is declared.
enum RecordPlacement {
    /// `private nonisolated let <name>` at file scope (`#route`).
    case fileScope
    /// `private nonisolated static let <name>` among the members of the type the macro is in
    /// (`#route` in a type).
    case typeMember
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
///     @used @section("linkrouter_routes") nonisolated static let __linkRouterRecord: LinkRouter.__RouteRecord<12> = (
///         header: [0x0020_0001_526B6E4C, 0x0000_0008_70616765], // flags 0x20, version 1, magic; text length 8, kind 'page'
///         accessor: { __value, __type, _ in LinkRouter.__storePage(UserPage.self, to: __value, ifExpected: __type) },
///         layout: 0x0,
///         body: [0x64693A2F72657375, 0x2000000050003, ... // text "user/:id", then its compiled pattern
///     )
/// }
/// ```
///
/// The bytes are the codec's (``RouteRecordLayout/RouteRecordCodec``), written as the record's
/// words: the header's two, the accessor (the closure), the layout word and the body's, whose
/// count is the type's parameter (12 for a one-block record, 16 more per block).
///
/// The declaration is written as source text and handed over as one token, not built node by
/// node: the compiler parses an expansion's text anyway, and the macro plugin is a debug build in a
/// debug build of the app, where making a syntax node costs tens of thousands of instructions. Node
/// by node, the record's 70-odd nodes were a third of the plugin's time.
///
/// - Parameters:
///   - name: The constant's name (the enum's for ``RecordPlacement/enumeration``), unique in its scope.
///   - record: The record's bytes, from the codec, its accessor field 0.
///   - description: What the body holds, for the comment after it: `text "user/:id"`.
///   - accessor: The accessor closure's source (``accessorSource(_:indent:)``).
///   - placement: Where the constant is declared.
func makeRecordDeclaration(
    named name: String,
    record: [UInt8],
    description: String,
    accessor: String,
    placement: RecordPlacement = .fileScope
) -> DeclSyntax {
    let isNested = switch placement {
    case .fileScope, .typeMember: false
    case .enumeration, .extensionMember: true
    }
    let outer = isNested ? "    " : ""
    let indent = outer + "    "
    let words = stride(from: 0, to: record.count, by: 8).map { start in
        record[start..<(start + 8)].reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    }
    let version = UInt16(words[0] >> 32 & 0xFFFF)
    let field = { (word: UInt64, shift: UInt64, digits: Int) in hexDigits(word >> shift & (1 << (4 * UInt64(digits)) - 1), digits) }
    let header = "[0x\(field(words[0], 48, 4))_\(field(words[0], 32, 4))_\(field(words[0], 0, 8)), 0x\(field(words[1], 48, 4))_\(field(words[1], 32, 4))_\(field(words[1], 0, 8))]"
    let kind = RecordKind(rawValue: UInt32(truncatingIfNeeded: words[1])).map { "'\($0.fourCC)'" } ?? "?"
    let headerComment = version == 1
        ? "// flags, version 1, magic; text length, kind \(kind)"
        : "// flags, version \(version), magic; text length, block count, kind \(kind)"
    let layout = words[3] == 0 ? "0x0" : "0x\(field(words[3], 32, 8))_\(field(words[3], 16, 4))_\(field(words[3], 0, 4))"
    let body = words[4...].map { "0x" + String($0, radix: 16, uppercase: true) }
    let lines = stride(from: 0, to: body.count, by: 6).map { body[$0..<min($0 + 6, body.count)].joined(separator: ", ") }
    let bodySource = lines.enumerated().map { index, line in
        index == 0 ? "[\(line)\(lines.count > 1 ? "," : "]") // \(description)" : "\(indent)       \(line)\(index == lines.count - 1 ? "]" : ",")"
    }.joined(separator: "\n")
    let modifiers = switch placement {
    case .fileScope: "private nonisolated"
    case .typeMember: "private nonisolated static"
    case .enumeration, .extensionMember: "nonisolated static"
    }
    let variable = if case .enumeration = placement { "record" } else { name }
    let section = "@used @section(\"\(RecordLayout.sectionName)\")"
    let declaration = """
        \(outer)\(section) \(modifiers) let \(variable): LinkRouter.__RouteRecord<\(body.count)> = (
        \(indent)header: \(header), \(headerComment)
        \(indent)accessor: \(accessor),
        \(indent)layout: \(layout),
        \(indent)body: \(bodySource)
        \(outer))
        """
    switch placement {
    case .fileScope, .typeMember:
        return sourceText(declaration)
    case .enumeration:
        return sourceText("private enum \(name) {\n\(declaration)\n}")
    case .extensionMember(let type, let conformance):
        return DeclSyntax(ExtensionDeclSyntax(
            extensionKeyword: .keyword(.extension, trailingTrivia: .space),
            extendedType: type.trimmed.with(\.trailingTrivia, conformance == nil ? .space : []),
            inheritanceClause: conformance.map(linkRouterInheritance),
            memberBlock: MemberBlockSyntax(
                members: [MemberBlockItemSyntax(leadingTrivia: .newline, decl: sourceText(declaration))],
                rightBrace: .rightBraceToken(leadingTrivia: .newline)
            )
        ))
    }
}

/// `value` in upper-case hex digits, zero-padded to `count`.
private func hexDigits(_ value: some BinaryInteger, _ count: Int) -> String {
    let text = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, count - text.count)) + text
}

/// Declaration source handed to the compiler as written: one token holding the text, which the
/// plugin prints unchanged and the compiler parses. Only for text this file writes itself, from
/// checked arguments and source the user wrote.
private func sourceText(_ source: String) -> DeclSyntax {
    DeclSyntax(MissingDeclSyntax(placeholder: .identifier(source)))
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
