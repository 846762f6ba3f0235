import SwiftSyntax
import SwiftSyntaxMacros

/// The type an attached annotation (`@Routable`, `@RoutableService`) makes a record for: a
/// non-generic type of an accepted kind, declared at file scope. Its record is a static constant
/// in an extension of it.
struct AnnotatedType {
    /// What an annotation accepts, and how it explains a refusal.
    struct Rules {
        /// The attribute's name, `Routable`.
        let attribute: String
        /// The accepted declarations, as `@Routable applies to ...` names them: "a struct or a class".
        let kindsDescription: String
        /// Whether an actor is accepted too.
        let acceptsActors: Bool
        /// Why a generic type is refused: "a route names one concrete page type".
        let genericReason: String
        /// Whether an enum is accepted too.
        var acceptsEnums = false
    }

    /// The type's name as written (backticks kept).
    let name: String
    /// The annotation's rules.
    let rules: Rules
    /// Whether the annotation is the type's first of its kind: the one whose record has the plain
    /// name, and which adds the conformance.
    let isFirstAnnotation: Bool

    /// The type `declaration` declares, or `nil`, with an error, when the annotation cannot apply to it.
    init?(
        _ declaration: some SyntaxProtocol,
        attribute: AttributeSyntax,
        rules: Rules,
        in context: some MacroExpansionContext
    ) {
        let name: TokenSyntax
        let generics: GenericParameterClauseSyntax?
        let attributes: AttributeListSyntax
        if let type = declaration.as(StructDeclSyntax.self) {
            (name, generics, attributes) = (type.name, type.genericParameterClause, type.attributes)
        } else if let type = declaration.as(ClassDeclSyntax.self) {
            (name, generics, attributes) = (type.name, type.genericParameterClause, type.attributes)
        } else if rules.acceptsActors, let type = declaration.as(ActorDeclSyntax.self) {
            (name, generics, attributes) = (type.name, type.genericParameterClause, type.attributes)
        } else if rules.acceptsEnums, let type = declaration.as(EnumDeclSyntax.self) {
            (name, generics, attributes) = (type.name, type.genericParameterClause, type.attributes)
        } else {
            context.diagnoseError(attribute, "notAType", "@\(rules.attribute) applies to \(rules.kindsDescription)")
            return nil
        }
        if let generics {
            context.diagnoseError(generics, "genericType", "@\(rules.attribute) cannot be applied to a generic type; \(rules.genericReason)")
            return nil
        }
        guard context.isAtFileScope else {
            context.diagnoseError(
                attribute, "notAtFileScope", "@\(rules.attribute) applies to a type declared at file scope, not inside another declaration"
            )
            return nil
        }
        self.name = name.text
        self.rules = rules
        isFirstAnnotation = Self.isFirst(attribute, of: attributes, rules: rules)
    }

    /// The name of the annotation's record: `prefix` for the type's first annotation, a unique
    /// name for the others.
    func recordName(prefix: String, in context: some MacroExpansionContext) -> String {
        isFirstAnnotation ? prefix : context.makeUniqueName(prefix).text
    }

    /// Where the annotation's record goes: in an extension of `type`, which also declares the
    /// conformance when the compiler reports it missing.
    func placement(in type: some TypeSyntaxProtocol, missing protocols: [TypeSyntax]) -> RecordPlacement {
        .extensionMember(of: TypeSyntax(type), conformance: conformance(missing: protocols))
    }

    /// The extension an annotation whose arguments are wrong still adds: the conformance alone,
    /// when it is missing, so that the annotation's error is the only one.
    func conformanceOnly(in type: some TypeSyntaxProtocol, missing protocols: [TypeSyntax]) -> [ExtensionDeclSyntax] {
        guard let conformance = conformance(missing: protocols) else { return [] }
        return [ExtensionDeclSyntax(
            extensionKeyword: .keyword(.extension, trailingTrivia: .space),
            extendedType: type.trimmed,
            inheritanceClause: linkRouterInheritance(conformance),
            memberBlock: MemberBlockSyntax(members: [])
        )]
    }

    /// The conformance the annotation's extension declares: `rules.attribute` from the type's
    /// first annotation when the compiler reports the conformance missing, else none.
    private func conformance(missing protocols: [TypeSyntax]) -> String? {
        !protocols.isEmpty && isFirstAnnotation ? rules.attribute : nil
    }

    /// Whether `node` is the first of the type's `attributes` that are this annotation.
    private static func isFirst(_ node: AttributeSyntax, of attributes: AttributeListSyntax, rules: Rules) -> Bool {
        let annotations = attributes.compactMap { $0.as(AttributeSyntax.self) }.filter {
            let name = $0.attributeName.trimmedDescription
            return name == rules.attribute || name == "LinkRouter." + rules.attribute
        }
        guard annotations.count > 1 else { return true }
        return annotations[0].trimmedDescription == node.trimmedDescription
    }
}
