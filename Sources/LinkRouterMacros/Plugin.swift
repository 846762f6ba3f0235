import SwiftCompilerPlugin
import SwiftSyntaxMacros

/// The compiler plugin that provides `@Routable`, `@RoutableAction`, `@RouteParameter`, `#route`, `@RoutableService`,
/// `@RouteInterceptor` and `@RouterModule`, with
/// SwiftCompilerPlugin's message loop and connection.
///
/// A connection of the plugin's own (Foundation's JSON decoder, the build configuration dropped
/// from each request) saved no measurable share of a debug build: `Benchmarks/macro-build-cost`,
/// Benchmarks/README.md.
@main
struct LinkRouterMacrosPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [
        RoutableMacro.self,
        RoutableActionMacro.self,
        RouteMacro.self,
        RoutableServiceMacro.self,
        RouteParameterMacro.self,
        RouteInterceptorMacro.self,
        RouterModuleMacro.self,
        RoutableProtocolMacro.self,
        DeclaredGroupMacro.self,
    ]
}
