import RouteRecordLayout
import SwiftSyntax
import SwiftSyntaxMacros

/// A service implementation as `@RoutableService` declares it, its arguments read and checked.
struct ServiceDeclaration {
    /// The protocol as written in the source, without `any` and spaces: `ShopInterfaces.SessionService`.
    var protocolSource = ""
    /// Whether one instance is shared or one made per request.
    var lifetime = RecordServiceLifetime.perRequest
    /// Whether the implementation overrides the unmarked ones of its protocol (`overrides: true`).
    var isOverride = false

    /// The protocol's name as the record stores it: ``protocolSource`` without backticks.
    var protocolName: String { protocolSource.filter { $0 != "`" } }

    var flags: RecordFlags { RecordFlags(lifetime: lifetime, isOverride: isOverride) }

    /// The record's bytes, its accessor field 0: the protocol's name is its text.
    var record: [UInt8] { RouteRecordCodec.encodeService(named: protocolName, flags: flags) }

    /// Reads `@RoutableService`'s arguments; reports every problem and returns `nil` when there is one.
    init?(arguments: LabeledExprListSyntax, macro: AttributeSyntax, in context: some MacroExpansionContext) {
        var failed = false
        var remaining = arguments[...]
        guard let first = remaining.first, first.label == nil else {
            context.diagnoseError(macro, "missingService", "expected a service protocol as the first argument: @RoutableService((any SessionService).self)")
            return nil
        }
        remaining = remaining.dropFirst()
        if let name = Self.protocolName(of: first.expression) {
            protocolSource = name
        } else {
            failed = true
            context.diagnoseError(
                first.expression, "serviceNotAProtocol",
                "write the service protocol as 'SessionService.self' or '(any SessionService).self', optionally qualified by its module"
            )
        }
        for argument in remaining {
            let parameter = Annotation.routableService.parameter(labeled: argument.label?.text)
            switch (parameter, argument.expression.memberName.flatMap(RecordServiceLifetime.init(name:))) {
            case (.lifetime, let lifetime?): self.lifetime = lifetime
            case (.lifetime, nil):
                failed = true
                context.diagnoseError(argument.expression, "lifetimeNotLiteral", "write the lifetime as '.perRequest' or '.shared'")
            case (.overrides, _):
                if let value = argument.expression.overridesLiteral(in: context) { isOverride = value } else { failed = true }
            default:
                failed = true
                context.diagnoseError(argument, "unexpectedArgument", "unexpected argument '\(argument.trimmedDescription)'")
            }
        }
        if failed { return nil }
        let length = protocolName.utf8.count
        if length > RecordLayout.maximumTextLength {
            context.diagnoseError(
                first.expression, "textTooLong",
                "the protocol's name takes \(length) bytes; a service record holds at most \(RecordLayout.maximumTextLength)"
            )
            return nil
        }
    }

    /// `Name` for `Name.self`, `(any Name).self` and `(Name).self`, where `Name` is one identifier
    /// or several joined by `.`; `nil` for any other expression.
    static func protocolName(of expression: ExprSyntax) -> String? {
        guard let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.tokenKind == .keyword(.self),
              let base = member.base
        else { return nil }
        var written = Substring(base.trimmedDescription)
        if written.first == "(", written.last == ")" { written = written.dropFirst().dropLast() }
        written = written.drop(while: \.isWhitespace)
        if written.hasPrefix("any"), written.dropFirst(3).first?.isWhitespace == true { written = written.dropFirst(3) }
        let name = written.filter { !$0.isWhitespace }
        guard name.split(separator: ".", omittingEmptySubsequences: false).allSatisfy(isIdentifier) else { return nil }
        return name
    }

    /// An identifier, in backticks or not: a letter or `_`, then letters, digits and `_`.
    private static func isIdentifier(_ text: Substring) -> Bool {
        let plain = text.hasPrefix("`") && text.hasSuffix("`") && text.count > 2 ? text.dropFirst().dropLast() : text
        guard let head = plain.first, head.isLetter || head == "_" else { return false }
        return plain.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    }
}
