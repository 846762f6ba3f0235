// Patterns are part of the core's API (a resolved route names its pattern).
@_exported public import RoutePatterns
// The router offers services; their types are the services module's.
@_exported public import LinkRouterServices
