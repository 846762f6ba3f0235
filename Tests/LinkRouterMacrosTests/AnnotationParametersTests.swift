import FoundationEssentials
@testable import LinkRouterMacros
import SwiftParser
import SwiftSyntax
import Testing

/// The annotations' labeled parameters are declared once, in the plugin's table
/// (`AnnotationParameter`); the macros' signatures in `Sources/LinkRouter/Macros.swift`, which Swift
/// requires one by one, must list exactly those, in that order.
struct AnnotationParametersTests {
    /// Each macro declaration of `Macros.swift` and its labeled parameters, in order.
    func declaredSignatures() throws -> [(name: String, labels: [String])] {
        let root = URL(filePath: "\(#filePath)").deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let source = try String(contentsOf: root.appending(path: "Sources/LinkRouter/Macros.swift"), encoding: .utf8)
        return Parser.parse(source: source).statements.compactMap { item in
            guard let macro = item.item.as(MacroDeclSyntax.self) else { return nil }
            let labels = macro.signature.parameterClause.parameters.map(\.firstName.text).filter { $0 != "_" }
            return (macro.name.text, labels)
        }
    }

    @Test("Each macro's signature in Macros.swift lists the table's parameters for its annotation, in order")
    func signaturesMatchTheTable() throws {
        // The declaration macros take no labeled parameter.
        let signatures = try declaredSignatures().filter { !["routableProtocol", "DeclaredGroup"].contains($0.name) }
        let annotations: [(name: String, annotation: Annotation)] = [
            ("Routable", .routable), ("RouteParameter", .routeParameter), ("route", .routeAction), ("RoutableAction", .routableAction), ("route", .routePage), ("RoutableService", .routableService),
        ]
        #expect(signatures.map(\.name) == annotations.map(\.name))
        for (signature, (_, annotation)) in zip(signatures, annotations) {
            #expect(signature.labels == annotation.parameters.map(\.rawValue), "\(signature.name)")
        }
    }

    @Test("A parameter is found by its label only for the annotations that take it")
    func lookup() {
        #expect(Annotation.routable.parameter(labeled: "openStyle") == .openStyle)
        #expect(Annotation.routeAction.parameter(labeled: "openStyle") == nil)
        #expect(Annotation.routePage.parameter(labeled: "page") == .page)
        #expect(Annotation.routableService.parameter(labeled: "lifetime") == .lifetime)
        #expect(Annotation.routable.parameter(labeled: "lifetime") == nil)
        #expect(Annotation.routable.parameter(labeled: nil) == nil)
        #expect(Annotation.allCases.allSatisfy { $0.parameter(labeled: "colour") == nil })
    }
}
