import SwiftCompilerPlugin
import SwiftSyntaxMacros

/// The compiler plugin that provides `@Routable`, `#route` and `@RoutableService`.
@main
struct LinkRouterMacrosPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [
        RoutableMacro.self,
        RouteMacro.self,
        RoutableServiceMacro.self,
    ]
}
