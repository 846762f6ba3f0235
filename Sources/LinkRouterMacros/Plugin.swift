import SwiftCompilerPlugin
import SwiftSyntaxMacros

/// The compiler plugin that provides `@Routable` and `#route`.
@main
struct LinkRouterMacrosPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [
        RoutableMacro.self,
        RouteMacro.self,
    ]
}
