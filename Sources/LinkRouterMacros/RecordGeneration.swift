// What `@Routable` and `#route` share: reading and checking their arguments, and emitting the route
// record (RecordDeclaration.swift builds the constant).
import RoutePatterns
import RouteRecordLayout
import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// The record's inline text: the pattern, then optionally NUL, the groups joined by ",", NUL, the
/// summary, and NUL, the query contract (``RoutePatterns/QueryContract/recordText``); stored as 12
/// little-endian `UInt64` words.
package enum RecordText {
    /// The bytes of text one record holds.
    public static let capacity = RecordLayout.textCapacity

    /// The number of words the text is stored as.
    public static let wordCount = capacity / 8

    /// The text of a record: the pattern alone when there are no groups, no summary and no query
    /// contract; the parts after the pattern up to the last one present (an empty summary before a
    /// contract).
    public static func bytes(pattern: String, groups: [String], summary: String?, query: String? = nil) -> [UInt8] {
        var bytes = Array(pattern.utf8)
        if !groups.isEmpty || summary != nil || query != nil {
            bytes.append(0)
            bytes += groups.joined(separator: ",").utf8
            if summary != nil || query != nil {
                bytes.append(0)
                bytes += (summary ?? "").utf8
            }
            if let query {
                bytes.append(0)
                bytes += query.utf8
            }
        }
        return bytes
    }

    /// Packs up to ``capacity`` bytes into ``wordCount`` words, zero-padded: byte `8 * i + j` is
    /// bits `8 * j ..< 8 * j + 8` of word `i`, so the words laid out little-endian are the bytes.
    public static func words(packing bytes: [UInt8]) -> [UInt64] {
        precondition(bytes.count <= capacity, "record text longer than \(capacity) bytes")
        var words = [UInt64](repeating: 0, count: wordCount)
        for (index, byte) in bytes.enumerated() {
            words[index / 8] |= UInt64(byte) << (8 * UInt64(index % 8))
        }
        return words
    }

    /// The ``capacity`` bytes that words packed by ``words(packing:)`` hold, padding included.
    public static func bytes(unpacking words: [UInt64]) -> [UInt8] {
        words.flatMap { word in (0..<8).map { UInt8(truncatingIfNeeded: word >> (8 * UInt64($0))) } }
    }
}

/// A route as an annotation declares it, its arguments read and checked.
struct RouteDeclaration {
    /// The arguments a macro accepts after its pattern.
    struct Labels: OptionSet {
        let rawValue: Int
        static let exposure = Labels(rawValue: 1 << 0)
        static let openStyle = Labels(rawValue: 1 << 1)
        static let groups = Labels(rawValue: 1 << 2)
        static let summary = Labels(rawValue: 1 << 3)
        static let action = Labels(rawValue: 1 << 4)
        static let page = Labels(rawValue: 1 << 5)
        static let overrides = Labels(rawValue: 1 << 6)
        static let query = Labels(rawValue: 1 << 7)
    }

    var pattern = ""
    var isExternal = false
    var openStyle = RecordOpenStyle.automatic
    var groups: [String] = []
    var summary: String?
    /// The query contract's declarations and rule (`query:` and `unknownQuery:`), checked.
    var query: QueryContract?
    /// Whether the route overrides the unmarked records of its shape (`overrides: true`).
    var isOverride = false
    /// `#route`'s action, as written.
    var action: ExprSyntax?
    /// `#route`'s page type, as written: `Type.self`.
    var page: ExprSyntax?

    var flags: RecordFlags { RecordFlags(isExternal: isExternal, openStyle: openStyle, isOverride: isOverride) }

    var text: [UInt8] { RecordText.bytes(pattern: pattern, groups: groups, summary: summary, query: query?.recordText) }

    /// Reads a macro's arguments; reports every problem and returns `nil` when there is one.
    ///
    /// - Parameters:
    ///   - arguments: The arguments, the pattern first.
    ///   - trailingClosure: `#route`'s action when written as a trailing closure.
    ///   - accepted: The labeled arguments the macro takes.
    ///   - macro: The attribute or macro expansion, where problems without a better place go.
    init?(
        arguments: LabeledExprListSyntax,
        trailingClosure: ClosureExprSyntax? = nil,
        accepting accepted: Labels,
        macro: some SyntaxProtocol,
        in context: some MacroExpansionContext
    ) {
        var failed = false
        func report(_ node: some SyntaxProtocol, at position: AbsolutePosition? = nil, _ id: String, _ message: String) {
            failed = true
            context.diagnose(Diagnostic(node: node, position: position, message: RouteMacroMessage(id: id, message: message)))
        }

        /// The string literals of an array literal and their values, each problem reported with the
        /// diagnostic given: an argument that is no array literal, an element that is no plain literal.
        func stringLiterals(
            in expression: ExprSyntax, notArray: (id: String, message: String), notLiteral: (id: String, message: String)
        ) -> [(StringLiteralExprSyntax, String)] {
            guard let array = expression.as(ArrayExprSyntax.self) else {
                report(expression, notArray.id, notArray.message)
                return []
            }
            return array.elements.compactMap { element in
                guard let literal = element.expression.as(StringLiteralExprSyntax.self), let value = literal.representedLiteralValue else {
                    report(element.expression, notLiteral.id, notLiteral.message)
                    return nil
                }
                return (literal, value)
            }
        }

        var remaining = arguments[...]
        guard let first = remaining.first, first.label == nil else {
            context.diagnoseError(macro, "missingPattern", "expected a route pattern as the first argument")
            return nil
        }
        remaining = remaining.dropFirst()
        if let literal = first.expression.as(StringLiteralExprSyntax.self), let value = literal.representedLiteralValue {
            pattern = value
            do {
                _ = try RoutePattern(value)
            } catch {
                // The compiler shows a macro's diagnostic at the start of its node, so the message
                // names the column too; `position` is exact where a tool honors it.
                let offset = error.column - 1
                let place = value.utf8.count > offset
                    ? "column \(error.column) ('\(String(decoding: value.utf8.dropFirst(offset), as: UTF8.self).first!.escaped)')"
                    : "the end"
                report(literal, at: literal.position(ofUTF8Offset: offset), "invalidPattern", "invalid route pattern at \(place): \(error.message)")
            }
        } else {
            report(first.expression, "patternNotLiteral", "the route pattern must be a string literal without interpolation")
        }

        var groupsArgument: ExprSyntax?
        var summaryArgument: ExprSyntax?
        var queryArgument: ExprSyntax?
        var queryDeclarations: [String] = []
        var unknownQuery = QueryContract.UnknownParameters.keep
        for argument in remaining {
            let expression = argument.expression
            switch argument.label?.text {
            case "exposure" where accepted.contains(.exposure):
                switch expression.memberName {
                case "internal": isExternal = false
                case "external": isExternal = true
                default: report(expression, "exposureNotLiteral", "write the exposure as '.internal' or '.external'")
                }
            case "openStyle" where accepted.contains(.openStyle):
                if let style = expression.memberName.flatMap(RecordOpenStyle.init(name:)) {
                    openStyle = style
                } else {
                    report(expression, "openStyleNotLiteral", "write the open style as '.automatic', '.push' or '.present'")
                }
            case "groups" where accepted.contains(.groups):
                groupsArgument = expression
                let literals = stringLiterals(
                    in: expression, notArray: ("groupsNotLiteral", "write the groups as an array of string literals"),
                    notLiteral: ("groupNotLiteral", "a group must be a string literal without interpolation")
                )
                for (literal, group) in literals {
                    if group.isEmpty {
                        report(literal, "emptyGroup", "a group name cannot be empty")
                    } else if let offset = group.utf8.firstIndex(where: { $0 == UInt8(ascii: ",") || $0 == 0 }) {
                        let character = group.utf8[offset] == 0 ? "NUL" : "','"
                        let column = group.utf8.distance(from: group.utf8.startIndex, to: offset)
                        report(literal, at: literal.position(ofUTF8Offset: column), "invalidGroup", "a group name cannot contain \(character)")
                    } else {
                        groups.append(group)
                    }
                }
            case "summary" where accepted.contains(.summary):
                summaryArgument = expression
                if expression.is(NilLiteralExprSyntax.self) { continue }
                guard let literal = expression.as(StringLiteralExprSyntax.self), let value = literal.representedLiteralValue else {
                    report(expression, "summaryNotLiteral", "the summary must be a string literal without interpolation")
                    continue
                }
                if let offset = value.utf8.firstIndex(of: 0) {
                    let column = value.utf8.distance(from: value.utf8.startIndex, to: offset)
                    report(literal, at: literal.position(ofUTF8Offset: column), "invalidSummary", "the summary cannot contain NUL")
                } else {
                    summary = value
                }
            case "query" where accepted.contains(.query):
                queryArgument = expression
                let literals = stringLiterals(
                    in: expression, notArray: ("queryNotLiteral", "write the query parameters as an array of string literals such as \"page: int = 1\""),
                    notLiteral: ("queryParameterNotLiteral", "a query parameter must be a string literal without interpolation")
                )
                for (literal, declaration) in literals {
                    do {
                        _ = try QueryContract([declaration])
                        queryDeclarations.append(declaration)
                    } catch {
                        report(literal, "invalidQueryParameter", "\(error)")
                    }
                }
            case "unknownQuery" where accepted.contains(.query):
                if let rule = expression.memberName.flatMap(QueryContract.UnknownParameters.init(rawValue:)) {
                    unknownQuery = rule
                    queryArgument = queryArgument ?? expression
                } else {
                    report(expression, "unknownQueryNotLiteral", "write the rule for undeclared query parameters as '.keep', '.drop' or '.refuse'")
                }
            case "overrides" where accepted.contains(.overrides):
                guard let literal = expression.as(BooleanLiteralExprSyntax.self) else {
                    report(expression, "overridesNotLiteral", "write 'overrides' as 'true' or 'false'")
                    continue
                }
                isOverride = literal.literal.tokenKind == .keyword(.true)
            case "action" where accepted.contains(.action) && action == nil:
                action = expression
            case "page" where accepted.contains(.page) && page == nil:
                guard let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "self",
                      member.base != nil else {
                    report(expression, "pageNotType", "write the page type as 'Type.self'")
                    continue
                }
                page = expression
            default:
                report(argument, "unexpectedArgument", "unexpected argument '\(argument.trimmedDescription)'")
            }
        }
        if let trailingClosure {
            if !accepted.contains(.action) {
                report(trailingClosure, "unexpectedArgument", "a page's route takes no action")
            } else if action == nil {
                action = ExprSyntax(trailingClosure)
            } else {
                report(trailingClosure, "unexpectedArgument", "the action is given twice")
            }
        }
        if accepted.contains(.action) && action == nil {
            report(macro, "missingAction", "expected an action: 'action: { parameters in ... }'")
        }
        if let queryArgument {
            do {
                query = try QueryContract(queryDeclarations, unknown: unknownQuery)
            } catch {
                report(queryArgument, "invalidQueryParameter", "\(error)")
            }
        }
        if failed { return nil }

        let length = text.count
        if length > RecordText.capacity {
            // The pattern when it alone is too long, else the last part that does not fit.
            let place = pattern.utf8.count > RecordText.capacity ? first.expression
                : query != nil ? queryArgument ?? first.expression
                : summary != nil ? summaryArgument ?? first.expression
                : groupsArgument ?? first.expression
            let parts = [
                "pattern \(pattern.utf8.count)",
                groups.isEmpty && summary == nil && query == nil ? nil : "groups \(groups.joined(separator: ",").utf8.count)",
                summary == nil && query == nil ? nil : "summary \((summary ?? "").utf8.count)",
                query.map { "query \($0.recordText.utf8.count)" },
            ].compactMap { $0 }
            let detail = parts.count > 1 ? " (\(parts.joined(separator: ", ")), separators \(parts.count - 1))" : ""
            report(place, "textTooLong", "the route's text takes \(length) bytes\(detail); a route record holds at most \(RecordText.capacity)")
            return nil
        }
    }
}

/// The constant that a route record is, whose accessor stores a page type or an action
/// (``makeRecordDeclaration(named:kind:flags:text:accessor:placement:)`` shows one).
///
/// - Parameters:
///   - name: The constant's name, unique in its scope.
///   - kind: What the accessor produces: `.page` or `.action`.
///   - route: The route's pattern, options and text.
///   - value: The source of what the accessor stores: `Page.self`, or `LinkRouter.RouteAction({ ... })`.
///   - placement: Where the constant is declared.
func makeRecordDeclaration(
    named name: String,
    kind: RecordKind,
    route: RouteDeclaration,
    storing value: String,
    placement: RecordPlacement
) -> DeclSyntax {
    let store = kind == .page ? "__storePage" : "__storeAction"
    return makeRecordDeclaration(
        named: name,
        kind: kind,
        flags: route.flags,
        text: route.text,
        accessor: accessorSource(["LinkRouter.\(store)(\(value), to: __value, ifExpected: __type)"]),
        placement: placement
    )
}

/// An error from `@Routable` or `#route`.
struct RouteMacroMessage: DiagnosticMessage {
    let id: String
    let message: String

    var diagnosticID: MessageID { MessageID(domain: "LinkRouterMacros", id: id) }
    var severity: DiagnosticSeverity { .error }
}

extension MacroExpansionContext {
    /// Reports an error at a node.
    func diagnoseError(_ node: some SyntaxProtocol, _ id: String, _ message: String) {
        diagnose(Diagnostic(node: node, message: RouteMacroMessage(id: id, message: message)))
    }

    /// Whether the macro is expanded at file scope, outside every type, extension and function.
    var isAtFileScope: Bool { lexicalContext.isEmpty }
}

extension ExprSyntax {
    /// `internal` for `.internal`, `RouteOptions.Exposure.internal` and the like.
    var memberName: String? {
        guard let member = self.as(MemberAccessExprSyntax.self) else { return nil }
        return member.declName.baseName.text.filter { $0 != "`" }
    }
}

extension Character {
    /// The character as it would be written in a string literal.
    var escaped: String { unicodeScalars.map { $0.escaped(asASCII: false) }.joined() }
}

extension StringLiteralExprSyntax {
    /// Where the byte at a UTF-8 offset into the literal's value is in the source: exact when the
    /// value is written without escapes on one line, else the literal's start.
    func position(ofUTF8Offset offset: Int) -> AbsolutePosition {
        if segments.count == 1, let segment = segments.first?.as(StringSegmentSyntax.self),
           openingQuote.tokenKind == .stringQuote, segment.content.text == representedLiteralValue,
           (0...segment.content.text.utf8.count).contains(offset) {
            return segment.content.positionAfterSkippingLeadingTrivia.advanced(by: offset)
        }
        return positionAfterSkippingLeadingTrivia
    }
}
