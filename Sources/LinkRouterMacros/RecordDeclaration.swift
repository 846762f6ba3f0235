// The global constant every annotation expands to: a record of the layout of
// `linkrouter_route_record` in LinkRouterRecord.h, written as `LinkRouter.__RouteRecord` at file
// scope and as `LinkRouter.__RouteMemberRecord` when it is a static member.
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
///     @used @section("linkrouter_routes") nonisolated static let __linkRouterRecord: LinkRouter.__RouteMemberRecord = (
///         [0x0000_0001_526B6E4C, 0x00000008_70616765], // flags, version 1, magic; text length, kind 'page'
///         { __value, __type, _ in LinkRouter.__storePage(UserPage.self, to: __value, ifExpected: __type) },
///         0,
///         [0x64693A2F72657375, 0x0, 0x0, 0x0, 0x0, 0x0, // text: "user/:id"
///          0x0, 0x0, 0x0, 0x0, 0x0, 0x0]
///     )
/// }
/// ```
///
/// At file scope the constant is a `private nonisolated let` of `LinkRouter.__RouteRecord`, with
/// the header's five fields written one by one.
///
/// The declaration is written as source text and handed over as one token, not built node by
/// node: the compiler parses an expansion's text anyway, and the macro plugin is a debug build in a
/// debug build of the app, where making a syntax node costs tens of thousands of instructions. Node
/// by node, the record's 70-odd nodes were a third of the plugin's time.
///
/// - Parameters:
///   - name: The constant's name (the enum's for ``RecordPlacement/enumeration``), unique in its scope.
///   - kind: What the accessor produces.
///   - flags: The record's flags field.
///   - text: The record's text, at most ``RecordText/capacity`` bytes.
///   - accessor: The accessor closure's source (``accessorSource(_:indent:)``).
///   - placement: Where the constant is declared.
func makeRecordDeclaration(
    named name: String,
    kind: RecordKind,
    flags: RecordFlags,
    text: [UInt8],
    accessor: String,
    placement: RecordPlacement = .fileScope
) -> DeclSyntax {
    let isNested = switch placement {
    case .fileScope, .typeMember: false
    case .enumeration, .extensionMember: true
    }
    let outer = isNested ? "    " : ""
    let indent = outer + "    "
    let words = RecordText.words(packing: text).map { "0x" + String($0, radix: 16, uppercase: true) }
    let textComment = "// text: \(String(decoding: text, as: UTF8.self).debugDescription)"
    let section = "@used @section(\"\(RecordLayout.sectionName)\")"
    let (magic, version, kindCode) = (hexDigits(RecordLayout.magic, 8), RecordLayout.version, hexDigits(kind.rawValue, 8))
    let record = if case .fileScope = placement {
        """
        \(section) private nonisolated let \(name): LinkRouter.__RouteRecord = (
            0x\(magic), \(version), \(flags.rawValue), 0x\(kindCode), \(text.count), // magic, version, flags, kind '\(kind.fourCC)', text length
            \(accessor),
            0,
            \(words[..<6].joined(separator: ", ")), \(textComment)
            \(words[6...].joined(separator: ", "))
        )
        """
    } else {
        // A static member takes the member layout (see `__RouteMemberRecord`); its header words
        // are written as their fields in hex, high to low.
        """
        \(outer)\(section) \(placement.modifiers) let \(placement.variableName(name)): LinkRouter.__RouteMemberRecord = (
        \(indent)[0x\(hexDigits(flags.rawValue, 4))_\(hexDigits(version, 4))_\(magic), 0x\(hexDigits(text.count, 8))_\(kindCode)], // flags, version \(version), magic; text length, kind '\(kind.fourCC)'
        \(indent)\(accessor),
        \(indent)0,
        \(indent)[\(words[..<6].joined(separator: ", ")), \(textComment)
        \(indent) \(words[6...].joined(separator: ", "))]
        \(outer))
        """
    }
    switch placement {
    case .fileScope, .typeMember:
        return sourceText(record)
    case .enumeration:
        return sourceText("private enum \(name) {\n\(record)\n}")
    case .extensionMember(let type, let conformance):
        return DeclSyntax(ExtensionDeclSyntax(
            extensionKeyword: .keyword(.extension, trailingTrivia: .space),
            extendedType: type.trimmed.with(\.trailingTrivia, conformance == nil ? .space : []),
            inheritanceClause: conformance.map(linkRouterInheritance),
            memberBlock: MemberBlockSyntax(
                members: [MemberBlockItemSyntax(leadingTrivia: .newline, decl: sourceText(record))],
                rightBrace: .rightBraceToken(leadingTrivia: .newline)
            )
        ))
    }
}

extension RecordPlacement {
    /// The modifiers of a static member record.
    fileprivate var modifiers: String {
        if case .typeMember = self { "private nonisolated static" } else { "nonisolated static" }
    }

    /// The static member's name: the enum's own for ``enumeration``.
    fileprivate func variableName(_ name: String) -> String {
        if case .enumeration = self { "record" } else { name }
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
