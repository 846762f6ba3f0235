public import LinkRouterCore
package import RouteRecordReader

/// What one discovery pass found and registered.
public struct DiscoveryReport: Sendable {
    /// How many loaded objects this pass examined: those with a file that no earlier pass of the
    /// router had examined.
    public internal(set) var examinedObjectCount = 0
    /// The object files whose route sections were read in this pass.
    public internal(set) var scannedFiles: [String] = []
    /// The loaded libraries whose files this pass did not open, because their dynamic symbol
    /// tables in memory show they hold no records: they neither include the C record header
    /// (`linkrouter_route_records_marker`) nor use LinkRouter (the system and Swift runtime
    /// libraries, typically). A library passed to `discoverRoutes(in:)` is always read.
    public internal(set) var unopenedFiles: [String] = []
    /// The libraries whose records were not registered because their Swift code was compiled
    /// against another LinkRouter build than this one (``PluginLoadError``; also in `diagnostics`):
    /// none of their records' code ran.
    public internal(set) var refusedLibraries: [PluginLoadError] = []
    /// How many records were read from them.
    public internal(set) var recordCount = 0
    /// The patterns registered, in registration order.
    public internal(set) var registered: [String] = []
    /// The route records of one shape of which none wins (none marked as an override, or
    /// several), each naming every record by file, offset and accessor symbol; none of them is
    /// registered (also in `diagnostics`).
    public internal(set) var duplicateRoutes: [DuplicateRoute] = []
    /// Every record an override won over, one line each naming both records: routes and
    /// services (not a problem, so not in `diagnostics`), and interceptors and modules replaced
    /// by another module's (logged as warnings; `AppRoutes.validate()` fails on one its test
    /// does not expect).
    public internal(set) var overridden: [String] = []
    /// The service protocols whose `@RoutableService` implementations were registered, by full
    /// name, in registration order.
    public internal(set) var registeredServices: [String] = []
    /// The service problems of this pass: duplicate implementations, records that cannot be
    /// resolved, and the services marked required that are still missing (also in `diagnostics`).
    public internal(set) var serviceProblems: [ServiceProblem] = []
    /// The interceptors declared with `@RouteInterceptor` that this pass added, by name, in the
    /// order added.
    public internal(set) var registeredInterceptors: [String] = []
    /// The modules declared with `@RouterModule` whose `configure(_:)` ran and returned, by full
    /// type name, in the order they ran.
    public internal(set) var configuredModules: [String] = []
    /// The modules whose `configure(_:)` threw (also in `diagnostics`); the pass went on with the others.
    public internal(set) var moduleFailures: [ModuleFailure] = []
    /// The routes that cannot win for some key after this pass, as ``/LinkRouterCore/Router/validate()``
    /// finds them (a tie between two forms, a route shadowed by another), limited to those where
    /// the losing or the winning route was registered in this pass; each is logged as a warning.
    /// Not in `diagnostics`: both routes are registered and work, one of them never wins. Empty
    /// when the pass did not validate (``RouteDiscovery/validatesByDefault``).
    public internal(set) var conflicts: [RouteConflict] = []
    /// Every problem, one line each (also logged, as errors for a guard not in place, else as
    /// warnings): every record skipped, every duplicate, every interceptor or module contested or
    /// whose override was refused (the routes it guards refuse to open), and the findings of the
    /// checks a validating pass runs (interceptor scopes that match no route).
    public internal(set) var diagnostics: [String] = []
    /// What the checks found (``RouteRecordReader/RecordChecks``), problems and overrides taken
    /// alike, in the order reported: what `AppRoutes` reads.
    package internal(set) var findings: [RecordFinding] = []
    /// How long the pass took.
    public internal(set) var duration: Duration = .zero
}

/// A module whose set-up (`RouterModule.configure(_:)`) threw during discovery.
public struct ModuleFailure: Sendable, CustomStringConvertible {
    /// The module type's full name (`AccountFeature.AccountModule`).
    public let module: String
    /// Where its record is: the object file and offset.
    public let location: String
    /// What `configure(_:)` threw.
    public let error: any Error

    /// `module 'AccountFeature.AccountModule' (in /path at offset 0x1f40 (record 3)) failed to configure the router: ...`
    public var description: String {
        "module '\(module)' (in \(location)) failed to configure the router: \(error)"
    }
}
