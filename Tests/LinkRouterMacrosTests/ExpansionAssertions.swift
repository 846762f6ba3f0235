import LinkRouterMacros
import SwiftSyntax
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// The macros as the `LinkRouter` module declares them; `conformances` are the protocols the
/// compiler reports missing to `@Routable` and `@RoutableService`.
func routeMacroSpecs(conformances: [String]) -> [String: MacroSpec] {
    let missing = conformances.map { TypeSyntax(IdentifierTypeSyntax(name: .identifier($0))) }
    return [
        "Routable": MacroSpec(type: RoutableMacro.self, conformances: missing),
        "RoutableAction": MacroSpec(type: RoutableActionMacro.self, conformances: missing),
        "route": MacroSpec(type: RouteMacro.self),
        "RoutableService": MacroSpec(type: RoutableServiceMacro.self, conformances: missing),
        "RouteParameter": MacroSpec(type: RouteParameterMacro.self),
        "RouteInterceptor": MacroSpec(type: RouteInterceptorMacro.self, conformances: missing),
        "RouterModule": MacroSpec(type: RouterModuleMacro.self, conformances: missing),
        "routableProtocol": MacroSpec(type: RoutableProtocolMacro.self),
        "DeclaredGroup": MacroSpec(type: DeclaredGroupMacro.self),
    ]
}

/// Expands `@Routable`, `#route` and `@RoutableService` in `source` and checks the result and the
/// diagnostics, recording a Swift Testing issue at the caller for each difference. `conformances`
/// are the protocols the type does not conform to yet, as the compiler would pass them to the
/// attached macros; `testFileName` is the name of the file the source is in. `fixedSource` is the
/// source with the fix-its named `applyFixIts` applied.
func assertExpansion(
    _ source: String,
    expandedSource: String,
    diagnostics: [DiagnosticSpec] = [],
    applyFixIts: [String]? = nil,
    fixedSource: String? = nil,
    conformances: [String] = ["Routable"],
    testFileName: String = "test.swift",
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) {
    assertMacroExpansion(
        source,
        expandedSource: expandedSource,
        diagnostics: diagnostics,
        macroSpecs: routeMacroSpecs(conformances: conformances),
        applyFixIts: applyFixIts,
        fixedSource: fixedSource,
        testFileName: testFileName,
        failureHandler: { failure in
            Issue.record(
                Comment(rawValue: failure.message),
                sourceLocation: SourceLocation(
                    fileID: failure.location.fileID,
                    filePath: failure.location.filePath,
                    line: failure.location.line,
                    column: failure.location.column
                )
            )
        },
        fileID: fileID,
        filePath: filePath,
        line: line,
        column: column
    )
}
