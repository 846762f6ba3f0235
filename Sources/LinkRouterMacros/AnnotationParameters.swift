// The labeled parameters of the annotations, each declared once: which annotations take it is
// stated here and nowhere else in the plugin. `Sources/LinkRouter/Macros.swift` declares the
// macros' signatures, which Swift requires one by one; AnnotationParametersTests reads that file and
// fails when a signature's labels differ from this table's.

/// One of the annotations the plugin expands.
enum Annotation: CaseIterable {
    /// `@Routable("pattern", ...)` on a page type.
    case routable
    /// `#route("pattern", ...) { action }`.
    case routeAction
    /// `#route("pattern", ..., page: Page.self)`.
    case routePage
    /// `@RoutableService(Protocol.self, ...)` on an implementation.
    case routableService
    /// `@RouteParameter("name", from: .query)` on a property of a `@Routable` page.
    case routeParameter
    /// `@RoutableAction("pattern", ...)` on an action type.
    case routableAction

    /// The labeled parameters the annotation takes, in the order its declaration lists them.
    var parameters: [AnnotationParameter] {
        AnnotationParameter.allCases.filter { $0.annotations.contains(self) }
    }

    /// The parameter labeled `label` if the annotation takes it, else `nil`.
    func parameter(labeled label: String?) -> AnnotationParameter? {
        guard let label, let parameter = AnnotationParameter(rawValue: label), parameter.annotations.contains(self) else { return nil }
        return parameter
    }
}

/// A labeled parameter of the annotations, in the order the declarations list them; its raw value
/// is its label.
enum AnnotationParameter: String, CaseIterable {
    /// `as: NoteEditing.self`: the protocol the page offers, for callers that configure it.
    case declaredProtocol = "as"
    /// `exposure: .internal` or `.external`.
    case exposure
    /// `openStyle: .automatic`, `.push` or `.present`.
    case openStyle
    /// `groups: ["name", ...]`.
    case groups
    /// `summary: "one line"`.
    case summary
    /// `query: ["name: type = default", ...]`.
    case query
    /// `unknownQuery: .keep`, `.drop` or `.refuse`.
    case unknownQuery
    /// `lifetime: .perRequest` or `.shared`.
    case lifetime
    /// `overrides: true`.
    case overrides
    /// `launcherAction: true`.
    case launcherAction
    /// `#route`'s action, when not written as a trailing closure.
    case action
    /// `#route`'s page type, `Page.self`.
    case page
    /// `@RouteParameter`'s source: `.path`, `.query` or `.caller`.
    case from

    /// The annotations that take it.
    var annotations: Set<Annotation> {
        switch self {
        case .declaredProtocol: [.routable]
        case .exposure, .groups, .summary, .query, .unknownQuery: [.routable, .routeAction, .routePage, .routableAction]
        case .openStyle: [.routable, .routePage]
        case .lifetime: [.routableService]
        case .overrides: [.routable, .routeAction, .routePage, .routableService, .routableAction]
        case .launcherAction: [.routable, .routeAction, .routePage]
        case .action: [.routeAction]
        case .page: [.routePage]
        case .from: [.routeParameter]
        }
    }
}
