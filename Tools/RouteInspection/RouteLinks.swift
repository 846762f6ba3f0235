package import AppLinkFiles
import LinkRouterCore
import RouteRecordReader

extension AppLinks {
    /// `routes links BINARY...`: writes (or checks) the format's file for the routes the binaries
    /// register, read as the app's discovery reads them (``AppLinkRoutes/init(binaries:host:)``).
    ///
    /// The options that need no routes are checked first, then the binaries are read; an
    /// `assetlinks.json` file names no path, but its binaries must still be read whole.
    ///
    /// - Throws: ``RouteInspectionError`` when an option is missing or invalid, a binary cannot be
    ///   read, or the file to check cannot be read.
    package init(binaries: [String], options: Options) throws(RouteInspectionError) {
        let host: String
        do {
            try AppLinks.validate(options)
            host = try AppLinks.host(for: options)
        } catch {
            throw .appLinks(error)
        }
        let routes: AppLinkRoutes
        if options.format == .assetLinks {
            _ = try BinaryRoutes.readWellFormed(binaries)
            do { routes = try AppLinkRoutes(patterns: [], host: host) } catch { throw .appLinks(error) }
        } else {
            routes = try AppLinkRoutes(binaries: binaries, host: host)
        }
        do { try self.init(routes: routes, options: options, binaries: binaries) } catch { throw .appLinks(error) }
    }

    /// Writes ``output`` to a file, replacing it.
    ///
    /// - Throws: ``RouteInspectionError/appLinks(_:)`` wrapping ``AppLinkError/cannotWrite(file:reason:)``.
    package func writeOutput(to path: String) throws(RouteInspectionError) {
        do { try write(to: path) } catch { throw .appLinks(error) }
    }
}

extension AppLinkRoutes {
    /// The routes of the binaries, as the app would register them.
    ///
    /// Registered as discovery registers them, by the same pass (``RecordPass``): records in link
    /// order, with the options they declare; of the records of one shape the one marked as an
    /// override, none when several claim it without one (``OverrideRule``); records that cannot be
    /// read or whose pattern or query contract does not parse are left out (`routes check` reports
    /// them).
    ///
    /// - Throws: ``RouteInspectionError`` when a file cannot be read or has no route section, or
    ///   the host is not a host name.
    package init(binaries: [String], host: String) throws(RouteInspectionError) {
        let read = try BinaryRoutes.read(binaries)
        do {
            try self.init(host: host) { router in
                var pass = read.pass()
                pass.register(on: router)
            }
        } catch {
            throw .appLinks(error)
        }
    }
}
