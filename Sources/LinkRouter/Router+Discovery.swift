public import LinkRouterCore
public import Logging
package import RouteRecordReader

/// When a router registers the routes that modules declared by annotation.
public enum RouteDiscovery: Sendable, Hashable {
    /// At the router's first use (first open, resolve or listing), once.
    case automatic
    /// Only when the app calls ``LinkRouterCore/Router/registerRoutes(validating:logger:)``.
    case manual

    /// Whether a discovery pass checks the routes for ties and shadowed routes
    /// (``DiscoveryReport/conflicts``) and the interceptor scopes that match no route when the
    /// caller does not say: `true` when LinkRouter is compiled for debugging, `false` in a release
    /// build. The check resolves a key for every form of every route and builds the routing table
    /// early; at 10,000 routes it costs more than registering them (optimized: about 10 ms against
    /// 6), which a release build's start-up should not pay for a diagnostic. Pass
    /// `validating: true` to have it anyway.
    public static var validatesByDefault: Bool {
        #if DEBUG
        true
        #else
        false
        #endif
    }
}


extension Router {
    /// The app's router; it registers every annotated route at its first use.
    public static let shared = Router(discovery: .automatic)

    /// Creates a router that registers annotated routes automatically at first use, or only
    /// when ``registerRoutes(validating:logger:)`` is called.
    ///
    /// Manual registration with `register(_:page:)` and friends works in both modes.
    public convenience init(configuration: RouterConfiguration = RouterConfiguration(), discovery: RouteDiscovery) {
        self.init(configuration: configuration)
        if discovery == .automatic {
            registerOnFirstUse { router in router.registerRoutes() }
        }
    }

    /// Registers the annotated routes and services of every loaded object not registered yet: the
    /// main program, its shared libraries, and libraries loaded since with `dlopen`.
    ///
    /// Records that cannot be used are skipped with a warning naming the object file and offset.
    /// Of the records with one pattern shape, the one marked as an override (`overrides: true`)
    /// wins, wherever it is; when none is marked, or several are, none is registered and a
    /// warning names every record by its accessor symbol (``DiscoveryReport/duplicateRoutes``).
    /// A route registered before this call keeps its place. The `@RoutableService`
    /// implementations of one protocol follow the same rule; a protocol registered by hand keeps
    /// its manual registration. Service problems name the record's accessor symbol, and services
    /// marked required with `services.require(_:)` that are still missing are reported.
    ///
    /// Interceptors (`@RouteInterceptor`) are then added and modules (`@RouterModule`) configured.
    /// Hooks of one kind and name follow the same rule; an `overrides: true` outside the program's
    /// executable is refused, and a hook that is contested or refused is not added, and the routes
    /// it guards refuse to open (``/LinkRouterCore/RouteFailure/guardUnavailable(guard:reason:)``):
    /// logged as errors, in ``DiscoveryReport/diagnostics``. Every hook replaced by an override is
    /// logged as a warning and listed in ``DiscoveryReport/overridden``.
    ///
    /// When `validating`, the pass then runs the rest of the checks `routes check` and
    /// `AppRoutes.validate()` run (but those that read files on disk): the ties and shadowed routes
    /// that involve a route of this pass are in ``DiscoveryReport/conflicts`` and logged as
    /// warnings, and the interceptor scopes that match no route are in `diagnostics`.
    ///
    /// Call it again at any time to register the libraries loaded since, by anyone (a dependency's
    /// own `dlopen`): each object is registered once. A library whose records were registered stays
    /// loaded for the rest of the process (`RTLD_NODELETE`), so a later `dlclose` cannot leave
    /// routes or services pointing into unmapped memory.
    ///
    /// - Parameters:
    ///   - validating: Whether to check the routes for ties, shadowed routes and interceptor scopes
    ///     that match no route after registering (``DiscoveryReport/conflicts``,
    ///     ``DiscoveryReport/diagnostics``); by default only when LinkRouter is compiled for debugging.
    ///   - logger: Where diagnostics go.
    /// - Returns: What was found and registered.
    @discardableResult
    public func registerRoutes(
        validating: Bool = RouteDiscovery.validatesByDefault, logger: Logger = Logger(label: "LinkRouter.discovery")
    ) -> DiscoveryReport {
        registerRoutes(checking: validating ? .validating : .startUp, logger: logger)
    }

    /// ``registerRoutes(validating:logger:)`` running the checks down to `depth`: `AppRoutes`
    /// runs them all, those that read the files on disk included.
    package func registerRoutes(checking depth: RecordChecks.Depth, logger: Logger = Logger(label: "LinkRouter.discovery")) -> DiscoveryReport {
        Self.register(
            from: LoadedImage.all().filter(claim), judgedFromMemory: true, routesIn: self, servicesIn: serviceRegistry,
            checking: depth, logger: logger
        )
    }

    /// Registers the annotated routes of one library loaded with `dlopen`.
    ///
    /// ```swift
    /// guard let handle = dlopen("libPlugin.so", RTLD_NOW) else { ... }
    /// router.discoverRoutes(in: handle)
    /// ```
    ///
    /// A router that discovers automatically and has not been used yet first registers the
    /// objects loaded so far, as its first use would: the main program's records win over the
    /// library's, as in one pass. The report is the library's; with `validating`, its conflicts are
    /// those that involve the library's routes (``registerRoutes(validating:logger:)``).
    @discardableResult
    public func discoverRoutes(
        in handle: UnsafeMutableRawPointer, validating: Bool = RouteDiscovery.validatesByDefault,
        logger: Logger = Logger(label: "LinkRouter.discovery")
    ) -> DiscoveryReport {
        guard let image = LoadedImage.opened(by: handle) else {
            var report = DiscoveryReport()
            report.diagnostics.append("not a handle of a loaded object")
            logger.warning("discoverRoutes(in:): not a handle of a loaded object")
            return report
        }
        // Claimed before the first automatic pass runs, so that the pass leaves it to this call.
        let claimed = claim(image)
        prepareForFirstUse()
        return Self.register(
            from: claimed ? [image] : [], judgedFromMemory: false, routesIn: self, servicesIn: serviceRegistry,
            checking: validating ? .validating : .startUp, logger: logger
        )
    }

    /// Claims `image` for registration: `true` the first time only, so a re-scan registers each
    /// object once.
    private func claim(_ image: LoadedImage) -> Bool {
        claimRegistrationSource(image.sourceName)
    }
}

extension ServiceRegistry {
    /// Registers the `@RoutableService` implementations of every loaded object not registered
    /// yet, for an app that uses services without a router. A router registers its services with
    /// its routes (``LinkRouterCore/Router/registerRoutes(validating:logger:)``).
    ///
    /// - Parameter logger: Where diagnostics go.
    /// - Returns: What was found and registered; its `registered` routes are always empty.
    @discardableResult
    public func registerAnnotatedServices(logger: Logger = Logger(label: "LinkRouter.discovery")) -> DiscoveryReport {
        let images = LoadedImage.all().filter { claimSource($0.sourceName) }
        return Router.register(from: images, judgedFromMemory: true, routesIn: nil, servicesIn: self, checking: .startUp, logger: logger)
    }
}

extension LoadedImage {
    /// The name a router or registry claims the image by, so each registers it once: a library
    /// unloaded and loaded again at another address is a new source.
    var sourceName: String { "\(path)@\(loadBias)" }
}
