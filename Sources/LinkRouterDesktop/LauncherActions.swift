public import LinkRouterCore

extension DesktopEntry.Action {
    /// The launcher actions of the routes declared with `launcherAction: true` (``/LinkRouterCore/RouteOptions/isLauncherAction``),
    /// in the order given: each titled with its route's summary, opening the route's link.
    ///
    /// A launcher action starts the program with its link, which the app (or the running instance
    /// it hands the link to) opens as a link from outside (`source: .external`). So only a route
    /// that a link from outside reaches may be one: an external route, whose pattern has no
    /// placeholder, wildcard or optional group (the link is the pattern itself), with a summary
    /// (the title). Any other route declared as one is an error, not left out: a menu item that
    /// would open nothing is a bug to fix where the route is declared. `routes check` reports the
    /// same records from the binary.
    ///
    /// ```swift
    /// let actions = try DesktopEntry.Action.launcherActions(of: router.routes, scheme: "shop")
    /// // [Desktop Action cart] Name=Cart Exec=/usr/bin/shop shop://cart
    /// ```
    /// - Parameters:
    ///   - routes: The app's routes (`Router.routes`).
    ///   - scheme: The scheme of the app's links.
    ///   - host: The router's fixed host (`RouterConfiguration.host`), when it has one; `nil`
    ///     when the route key's first segment is the host (`shop://cart`).
    /// - Throws: ``DesktopEntry/InvalidValue`` naming the first route that cannot be a launcher
    ///   action and why.
    public static func launcherActions(of routes: [RouteDescription], scheme: String, host: String? = nil) throws(DesktopEntry.InvalidValue) -> [Self] {
        var actions: [Self] = []
        var identifiers = Set<String>()
        for route in routes where route.options.isLauncherAction {
            if let reason = route.options.launcherActionProblem(of: route.pattern) {
                throw DesktopEntry.InvalidValue(key: "Actions", reason: reason)
            }
            // `catalog/search` gives `catalog-search`; a second one of the same name gets `-2`.
            let base = String(route.pattern.text.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "-" })
            var id = base
            var count = 1
            while !identifiers.insert(id).inserted {
                count += 1
                id = "\(base)-\(count)"
            }
            let link = scheme + "://" + (host.map { $0 + "/" } ?? "") + route.pattern.text
            actions.append(try Self(id: id, name: route.options.summary ?? "", link: link))
        }
        return actions
    }
}
