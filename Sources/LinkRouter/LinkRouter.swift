// The module apps import: the router core, and (from the discovery layer on) the route macros.
@_exported public import LinkRouterCore
@_exported public import RouteTableJSON
