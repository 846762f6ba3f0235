// What `@Routable` and `#route` share: reading and checking their arguments, and emitting the route
// record (RecordDeclaration.swift builds the constant).
import RoutePatterns
import RouteRecordLayout
import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// A route as an annotation declares it, its arguments read and checked.
struct RouteDeclaration {
    var pattern = ""
    /// The pattern as parsed when it was checked: its segments go into the record.
    var parsedPattern: RoutePattern?
    var isExternal = false
    var openStyle = RecordOpenStyle.automatic
    var groups: [String] = []
    var summary: String?
    /// The query contract's declarations and rule (`query:` and `unknownQuery:`), checked.
    var query: QueryContract?
    /// Whether the route overrides the unmarked records of its shape (`overrides: true`).
    var isOverride = false
    /// Whether the route is a launcher action (`launcherAction: true`).
    var isLauncherAction = false
    /// `#route`'s action, as written.
    var action: ExprSyntax?
    /// `#route`'s page type, as written: `Type.self`.
    var page: ExprSyntax?
    /// The protocol the page offers (`as: NoteEditing.self`), as written, without `any` and backticks.
    var declaredProtocol: String?
    /// The result the page returns (its `PageReturn<Value>` property's `Value`), as written.
    var declaredResult: String?

    /// Whether the route's action is a type (`@RoutableAction`): its record's flag bit 7.
    var isTypedAction = false

    var flags: RecordFlags {
        var flags = RecordFlags(isExternal: isExternal, openStyle: openStyle, isOverride: isOverride, isLauncherAction: isLauncherAction)
        if isTypedAction { flags.insert(.typedAction) }
        return flags
    }

    /// The record's text: pattern, groups, summary and query contract.
    var text: RecordText { RecordText(pattern: pattern, groups: groups, summary: summary, query: query?.recordText) }

    /// The pattern's segments as the record stores them.
    var compiledPattern: CompiledPattern? {
        parsedPattern.map(CompiledPattern.init)
    }

    /// The record's bytes, its accessor field 0.
    func record(kind: RecordKind) -> [UInt8] {
        RouteRecordCodec.encodeRoute(
            kind: kind, flags: flags, text: text, compiledPattern: compiledPattern, declaredProtocol: declaredProtocol,
            declaredResult: declaredResult
        )
    }

    /// Reads a macro's arguments; reports every problem and returns `nil` when there is one.
    ///
    /// - Parameters:
    ///   - arguments: The arguments, the pattern first.
    ///   - trailingClosure: `#route`'s action when written as a trailing closure.
    ///   - annotation: Which annotation it is: its parameters are the ones it takes.
    ///   - macro: The attribute or macro expansion, where problems without a better place go.
    init?(
        arguments: LabeledExprListSyntax,
        trailingClosure: ClosureExprSyntax? = nil,
        annotation: Annotation,
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
                parsedPattern = try RoutePattern(value)
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
        var launcherArgument: LabeledExprSyntax?
        var summaryArgument: ExprSyntax?
        var queryArgument: ExprSyntax?
        var queryDeclarations: [String] = []
        var unknownQuery = QueryContract.UnknownParameters.keep
        for argument in remaining {
            let expression = argument.expression
            switch annotation.parameter(labeled: argument.label?.text) {
            case .exposure:
                switch expression.memberName {
                case "internal": isExternal = false
                case "external": isExternal = true
                default: report(expression, "exposureNotLiteral", "write the exposure as '.internal' or '.external'")
                }
            case .openStyle:
                if let style = expression.memberName.flatMap(RecordOpenStyle.init(name:)) {
                    openStyle = style
                } else {
                    report(expression, "openStyleNotLiteral", "write the open style as '.automatic', '.push' or '.present'")
                }
            case .groups:
                groupsArgument = expression
                // A declared group by its member (`.requiresLogin`): the member's name is the group's.
                var literals: [(StringLiteralExprSyntax, String)] = []
                if let array = expression.as(ArrayExprSyntax.self) {
                    for element in array.elements {
                        if let member = element.expression.as(MemberAccessExprSyntax.self),
                           member.base.map({ ["RouteGroup", "LinkRouter.RouteGroup"].contains($0.trimmedDescription) }) ?? true {
                            groups.append(member.declName.baseName.text.filter { $0 != "`" })
                        } else if let literal = element.expression.as(StringLiteralExprSyntax.self), let value = literal.representedLiteralValue {
                            literals.append((literal, value))
                        } else {
                            report(element.expression, "groupNotLiteral", "write a group as a declared group's member, '.requiresLogin', or a string literal")
                        }
                    }
                } else {
                    report(expression, "groupsNotLiteral", "write the groups as an array of declared groups, '[.requiresLogin]', or string literals")
                }
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
            case .summary:
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
            case .query:
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
            case .unknownQuery:
                if let rule = expression.memberName.flatMap(QueryContract.UnknownParameters.init(rawValue:)) {
                    unknownQuery = rule
                    queryArgument = queryArgument ?? expression
                } else {
                    report(expression, "unknownQueryNotLiteral", "write the rule for undeclared query parameters as '.keep', '.drop' or '.refuse'")
                }
            case .overrides:
                guard let value = expression.booleanLiteral else {
                    report(expression, "overridesNotLiteral", "write 'overrides' as 'true' or 'false'")
                    continue
                }
                isOverride = value
            case .launcherAction:
                guard let value = expression.booleanLiteral else {
                    report(expression, "launcherActionNotLiteral", "write 'launcherAction' as 'true' or 'false'")
                    continue
                }
                isLauncherAction = value
                launcherArgument = argument
            case .declaredProtocol:
                // A protocol written as a type expression; whether the page conforms is checked at
                // run time and by `routes check`, since a conformance may be declared in another module.
                guard let name = ServiceDeclaration.protocolName(of: expression)?.filter({ $0 != "`" }) else {
                    report(expression, "declaredProtocolNotAProtocol",
                           "write the protocol the page offers as 'NoteEditing.self' or '(any NoteEditing).self', optionally qualified by its module")
                    continue
                }
                guard name.utf8.count <= RecordLayout.maximumDeclaredProtocolLength else {
                    report(expression, "declaredProtocolTooLong",
                           "the protocol's name takes \(name.utf8.count) bytes; a route record holds at most \(RecordLayout.maximumDeclaredProtocolLength)")
                    continue
                }
                declaredProtocol = name
            case .action where action == nil:
                action = expression
            case .page where page == nil:
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
            if annotation != .routeAction {
                report(trailingClosure, "unexpectedArgument", "a page's route takes no action")
            } else if action == nil {
                action = ExprSyntax(trailingClosure)
            } else {
                report(trailingClosure, "unexpectedArgument", "the action is given twice")
            }
        }
        if annotation == .routeAction && action == nil {
            report(macro, "missingAction", "expected an action: 'action: { parameters in ... }'")
        }
        // A launcher action's link is its pattern, opened from outside and titled with its summary.
        if isLauncherAction, let launcherArgument {
            if !isExternal {
                report(launcherArgument, "launcherActionInternal",
                       "a launcher action must be external (exposure: .external): the launcher opens its link as a link from outside, which an internal route refuses")
            }
            if summary?.isEmpty ?? true {
                report(launcherArgument, "launcherActionWithoutSummary", "a launcher action needs a summary: it is the action's title")
            }
            if let parsedPattern, !(parsedPattern.optionalGroups.isEmpty && parsedPattern.segments.allSatisfy({ if case .literal = $0 { true } else { false } })) {
                report(launcherArgument, "launcherActionWithPlaceholders",
                       "a launcher action's pattern has no placeholder, wildcard or optional group: its link is the pattern itself")
            }
        }
        if let queryArgument {
            do {
                query = try QueryContract(queryDeclarations, unknown: unknownQuery)
            } catch {
                report(queryArgument, "invalidQueryParameter", "\(error)")
            }
        }
        if failed { return nil }

        let text = text
        let length = text.bytes.count
        if length > RecordLayout.maximumTextLength {
            // The pattern when it alone is too long, else the last part that does not fit.
            let place = pattern.utf8.count > RecordLayout.maximumTextLength ? first.expression
                : query != nil ? queryArgument ?? first.expression
                : summary != nil ? summaryArgument ?? first.expression
                : groupsArgument ?? first.expression
            let detail = text.partSizes.contains(",") ? " (\(text.partSizes))" : ""
            report(place, "textTooLong", "the route's text takes \(length) bytes\(detail); a route record holds at most \(RecordLayout.maximumTextLength)")
            return nil
        }
    }
}

/// The constant that a route record is, whose accessor stores a page type or an action
/// (``makeRecordDeclaration(named:record:description:accessor:placement:)`` shows one).
///
/// - Parameters:
///   - name: The constant's name, unique in its scope.
///   - kind: What the accessor produces: `.page` or `.action`.
///   - route: The route's pattern, options and text.
///   - value: The source of what the accessor stores: `Page.self`, `LinkRouter.RouteAction({ ... })`,
///     or a typed action's `Action.__linkRouterAction`.
///   - typedAction: Whether `value` is a typed action's function of the router.
///   - placement: Where the constant is declared.
func makeRecordDeclaration(
    named name: String,
    kind: RecordKind,
    route: RouteDeclaration,
    storing value: String,
    typedAction: Bool = false,
    placement: RecordPlacement
) -> DeclSyntax {
    let store = kind == .page ? "__storePage" : typedAction ? "__storeTypedAction" : "__storeAction"
    let text = String(decoding: route.text.bytes, as: UTF8.self).debugDescription
    // A page that declares the protocol it offers is stored as `__Offered<Page>`: the compiler
    // checks the conformance where the page is declared, as `@RoutableService` checks its own.
    var statements = ["LinkRouter.\(store)(\(value), to: __value, ifExpected: __type)"]
    if kind == .page, let declared = route.declaredProtocol, value.hasSuffix(".self") {
        statements = [
            "typealias __Offered<__T: \(declared)> = __T",
            "return LinkRouter.\(store)(__Offered<\(value.dropLast(5))>.self, to: __value, ifExpected: __type)",
        ]
    }
    return makeRecordDeclaration(
        named: name,
        record: route.record(kind: kind),
        description: "text: \(text), then its compiled pattern",
        accessor: accessorSource(statements),
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
