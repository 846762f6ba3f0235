import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// The type an attached annotation (`@Routable`, `@RoutableService`) makes a record for: a
/// non-generic type of an accepted kind, declared at file scope, since its record is a global
/// constant beside it.
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
    }

    /// The type's name as written (backticks kept).
    let name: String
    /// The type's attributes.
    let attributes: AttributeListSyntax

    /// The name without backticks, for the record's name.
    var plainName: String { name.filter { $0 != "`" } }

    /// The type `declaration` declares, or `nil` (with an error when `diagnosing`) when the annotation cannot apply to it.
    init?(
        _ declaration: some SyntaxProtocol,
        attribute: AttributeSyntax,
        rules: Rules,
        in context: some MacroExpansionContext,
        diagnosing: Bool
    ) {
        let name: TokenSyntax
        let generics: GenericParameterClauseSyntax?
        if let type = declaration.as(StructDeclSyntax.self) {
            (name, generics, attributes) = (type.name, type.genericParameterClause, type.attributes)
        } else if let type = declaration.as(ClassDeclSyntax.self) {
            (name, generics, attributes) = (type.name, type.genericParameterClause, type.attributes)
        } else if rules.acceptsActors, let type = declaration.as(ActorDeclSyntax.self) {
            (name, generics, attributes) = (type.name, type.genericParameterClause, type.attributes)
        } else {
            if diagnosing {
                context.diagnoseError(attribute, "notAType", "@\(rules.attribute) applies to \(rules.kindsDescription)")
            }
            return nil
        }
        if let generics {
            if diagnosing {
                context.diagnoseError(generics, "genericType", "@\(rules.attribute) cannot be applied to a generic type; \(rules.genericReason)")
            }
            return nil
        }
        guard context.isAtFileScope else {
            if diagnosing {
                context.diagnoseError(
                    attribute, "notAtFileScope", "@\(rules.attribute) applies to a type declared at file scope, not inside another declaration"
                )
            }
            return nil
        }
        self.name = name.text
    }

    /// The name of the record `node` adds: `<prefix><TypeName>` for the type's first annotation,
    /// a unique name for the others.
    func recordName(prefix: String, for node: AttributeSyntax, rules: Rules, in context: some MacroExpansionContext) -> String {
        isFirst(node, rules: rules) ? prefix + plainName : context.makeUniqueName(prefix + plainName).text
    }

    /// The extension role of an annotation: `extension Type: LinkRouter.<conformance> {}`, from the
    /// type's first annotation only, when the compiler reports the conformance missing. The peer
    /// role reports what is wrong with the declaration.
    static func conformanceExtension(
        _ conformance: String,
        of node: AttributeSyntax,
        attachedTo declaration: some DeclGroupSyntax,
        type: some TypeSyntaxProtocol,
        missing protocols: [TypeSyntax],
        rules: Rules,
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        guard !protocols.isEmpty, let annotated = AnnotatedType(declaration, attribute: node, rules: rules, in: context, diagnosing: false),
              annotated.isFirst(node, rules: rules)
        else { return [] }
        return [try ExtensionDeclSyntax("extension \(type.trimmed): LinkRouter.\(raw: conformance) {}")]
    }

    /// Whether `node` is the first of the type's attributes of this annotation: the one whose
    /// record is named after the type, and which adds the conformance.
    func isFirst(_ node: AttributeSyntax, rules: Rules) -> Bool {
        let annotations = attributes.compactMap { $0.as(AttributeSyntax.self) }.filter {
            let name = $0.attributeName.trimmedDescription
            return name == rules.attribute || name == "LinkRouter." + rules.attribute
        }
        guard annotations.count > 1 else { return true }
        return annotations[0].trimmedDescription == node.trimmedDescription
    }
}
