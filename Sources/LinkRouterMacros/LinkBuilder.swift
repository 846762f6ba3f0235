// The typed link builder `@Routable` and `@RoutableAction` write beside a route's record: the
// printer of the declaration whose parser is the bound initializer (swift-url-routing's lesson), so
// that a feature links to its own routes without a string.
import RoutePatterns
import SwiftSyntax

/// One argument of a link builder.
struct LinkArgument {
    /// The argument's label: the property's name (backticks kept), or the parameter's name.
    let label: String
    /// The parameter's name in the URL: the placeholder's, or the query item's.
    let parameter: String
    /// The argument's type as written, without `?`.
    let type: String
    /// Whether the argument may be left out (`= nil`).
    let isOptional: Bool
}

/// `static func link(...)` for one route.
struct LinkBuilder {
    /// The route's pattern.
    let pattern: String
    /// The placeholders' arguments, in pattern order.
    let path: [LinkArgument]
    /// The declared query's arguments, in declaration order.
    let query: [LinkArgument]

    /// The builder of a route with these placeholders and declared query, its argument types
    /// taken from the properties that `binding` fills from them (when the initializer is the
    /// macro's), else from the placeholders' and the contract's types.
    init(pattern: String, placeholders: [Placeholder], query contract: QueryContract?, binding: ParameterBinding?) {
        self.pattern = pattern
        let properties = binding?.members.properties ?? []
        var labels: Set<String> = []
        func label(for name: String, property: PageProperty?) -> String {
            var label = property?.name ?? name
            if Self.keywords.contains(label) { label = "`\(label)`" }
            // Two arguments of one name cannot be: the second takes its parameter's name.
            if !labels.insert(label.filter { $0 != "`" }).inserted { label = "_\(name)" }
            return label
        }
        path = placeholders.map { placeholder in
            let property = properties.first { $0.parameter == placeholder.name && !$0.isPrivate && ($0.source == nil || $0.source == .path) }
            return LinkArgument(
                label: label(for: placeholder.name, property: property), parameter: placeholder.name,
                type: property?.literalTypeName ?? placeholder.naturalType, isOptional: placeholder.isOptional
            )
        }
        var query: [LinkArgument] = []
        for parameter in contract?.parameters ?? [] where !placeholders.contains(where: { $0.name == parameter.name }) {
            let property = properties.first { $0.parameter == parameter.name && binding?.origin(of: $0) == .query }
            let required = property.map { !$0.mayBeAbsent } ?? false
            query.append(LinkArgument(
                label: label(for: parameter.name, property: property), parameter: parameter.name,
                type: property?.literalTypeName ?? Self.swiftType(of: parameter.type), isOptional: !required
            ))
        }
        self.query = query
    }

    /// The labels of the builder's arguments, which tell two builders of one type apart.
    var signature: [String] { (path + query).map(\.label) }

    /// The builder's declaration: `static func link(id: Int, color: String? = nil) -> LinkRouter.PageLink<Self>`.
    ///
    /// - Parameters:
    ///   - accessModifier: `public `, `package ` or nothing.
    ///   - linkType: `PageLink` or `ActionLink`.
    ///   - typeName: The annotated type's name.
    func declaration(accessModifier: String, linkType: String, typeName: String) -> DeclSyntax {
        let arguments = (path + query).map { argument in
            "\(argument.label): \(argument.type)\(argument.isOptional ? "? = nil" : "")"
        }.joined(separator: ", ")
        let values = path.isEmpty ? "[:]" : "[" + path.map { "\($0.parameter.debugDescription): \($0.label)" }.joined(separator: ", ") + "]"
        let items = query.isEmpty ? "" : ", query: [" + query.map { "(\($0.parameter.debugDescription), \($0.label))" }.joined(separator: ", ") + "]"
        let summary = "A link to `\(pattern)`, each value percent-encoded."
        return DeclSyntax("""
                /// \(raw: summary)
                \(raw: accessModifier)nonisolated static func link(\(raw: arguments)) -> LinkRouter.\(raw: linkType)<\(raw: typeName)> {
                    LinkRouter.\(raw: linkType)(LinkRouter.RouteLink(\(raw: pattern.debugDescription), values: \(raw: values)\(raw: items)))
                }
            """)
    }

    /// The Swift type of a contract's type.
    private static func swiftType(of type: QueryContract.ValueType) -> String {
        switch type {
        case .string: "String"
        case .int: "Int"
        case .double: "Double"
        case .bool: "Bool"
        // `UUID` may not be in scope where the route is declared: a UUID is passed as its text.
        case .uuid: "String"
        }
    }

    /// Names a parameter needs backticks for.
    private static let keywords: Set<String> = [
        "as", "break", "case", "catch", "class", "continue", "default", "defer", "do", "else", "enum", "extension",
        "fallthrough", "false", "for", "func", "guard", "if", "import", "in", "init", "inout", "internal", "is", "let",
        "nil", "operator", "private", "protocol", "public", "repeat", "rethrows", "return", "self", "Self", "static",
        "struct", "subscript", "super", "switch", "throw", "throws", "true", "try", "typealias", "var", "where", "while",
    ]
}
