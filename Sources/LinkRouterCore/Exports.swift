// Patterns are part of the core's API (a resolved route names its pattern).
@_exported public import RoutePatterns
