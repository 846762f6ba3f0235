internal import CGTK
public import LinkRouterDesktop
#if canImport(Glibc)
import Glibc
#endif

// The desktop's other doors into the app: notifications whose click and buttons open links, and
// the desktop's search. Each hands its links to `onOpen`, as links from outside.

/// A desktop notification (GNotification) whose click and buttons open links of the app.
///
/// Clicking it, or one of its buttons, activates the application's ``GTKApplication/openLinkAction``
/// with the link as the action's target: the notification server calls the app over D-Bus (the app
/// is started first when it no longer runs), and the link arrives in ``GTKApplication/onOpen(_:)``
/// as a link from outside, opened with `source: .external`: a notification cannot open an internal
/// route. The link travels through the notification server and over the session bus: it must not
/// carry a secret.
public struct DesktopNotification: Sendable, Hashable {
    /// A button of the notification, and the link it opens.
    public struct Button: Sendable, Hashable {
        /// What the button says.
        public var label: String
        /// The link it opens.
        public var link: String

        /// Creates a button.
        public init(_ label: String, link: String) {
            self.label = label
            self.link = link
        }
    }

    /// The notification's title.
    public var title: String
    /// Its body, if any.
    public var body: String?
    /// The link a click on the notification opens; without one, a click activates the app.
    public var link: String?
    /// Its buttons, in order.
    public var buttons: [Button]

    /// Creates a notification.
    public init(title: String, body: String? = nil, link: String? = nil, buttons: [Button] = []) {
        self.title = title
        self.body = body
        self.link = link
        self.buttons = buttons
    }
}

extension GTKApplication {
    /// Sends a notification to the desktop; one with the same `id` replaces it.
    ///
    /// Needs an application made with `handlesOpen` (the default): its clicks go through the
    /// ``openLinkAction`` action, which only such an application has.
    public func sendNotification(_ notification: DesktopNotification, id: String) {
        guard let made = g_notification_new(notification.title) else { return }
        defer { g_object_unref(UnsafeMutableRawPointer(made)) }
        if let body = notification.body { g_notification_set_body(made, body) }
        let action = "app." + Self.openLinkAction
        if let link = notification.link { g_notification_set_default_action_and_target_value(made, action, g_variant_new_string(link)) }
        for button in notification.buttons {
            g_notification_add_button_with_target_value(made, button.label, action, g_variant_new_string(button.link))
        }
        g_application_send_notification(pointer, id, made)
    }

    /// Takes back the notification sent with `id`, if it is still shown.
    public func withdrawNotification(id: String) {
        g_application_withdraw_notification(pointer, id)
    }

    /// Answers the desktop's search (GNOME Shell's `org.gnome.Shell.SearchProvider2`, version 2)
    /// from `provider`, at `objectPath` on the session bus (the application's object path and
    /// `/SearchProvider` when `nil`): exported when the application starts, or at once when it
    /// already runs.
    ///
    /// - `GetInitialResultSet` and `GetSubsearchResultSet` return the links of the provider's
    ///   results for the terms (at most ``/LinkRouterDesktop/DesktopSearchLimits/maximumResults``);
    /// - `GetResultMetas` returns the name and description of each result this provider returned
    ///   lately (the last 256), and nothing for an identifier it did not return;
    /// - `ActivateResult` hands the result's identifier, a link, to ``onOpen(_:)``, as any link from
    ///   outside: any program on the bus may call it with any identifier, so an internal route is
    ///   refused there as everywhere;
    /// - `LaunchSearch` hands the provider's search link for the terms to ``onOpen(_:)``, when it
    ///   has one.
    ///
    /// Every input is bounded (``/LinkRouterDesktop/DesktopSearchLimits``); a call past a limit is
    /// answered with `org.freedesktop.DBus.Error.InvalidArgs`. Install the file GNOME Shell reads
    /// with ``/LinkRouterDesktop/SearchProviderFile``.
    public func addSearchProvider(_ provider: some DesktopSearchProvider, objectPath: String? = nil) {
        searchProviders.append((provider, objectPath))
        if started { export(provider, at: objectPath) }
    }

    /// Exports a provider on the application's bus connection.
    func export(_ provider: any DesktopSearchProvider, at objectPath: String?) {
        guard let connection = g_application_get_dbus_connection(pointer),
              let path = objectPath ?? g_application_get_dbus_object_path(pointer).map({ String(cString: $0) + "/SearchProvider" }) else { return }
        let search = SearchProviderObject(provider: provider) { [unowned self] links in deliver(links) }
        let data = Unmanaged.passRetained(search).toOpaque()
        let call: linkrouter_gtk_method_call = { method, parameters, invocation, data in
            guard let method, let invocation, let data else { return }
            let search = Unmanaged<SearchProviderObject>.fromOpaque(data).takeUnretainedValue()
            let name = String(cString: method)
            MainActor.assumeIsolated { search.answer(name, parameters, invocation) }
        }
        let release: @convention(c) (UnsafeMutableRawPointer?) -> Void = { data in
            guard let data else { return }
            Unmanaged<SearchProviderObject>.fromOpaque(data).release()
        }
        var error: UnsafeMutablePointer<GError>?
        if linkrouter_gtk_export_interface(connection, path, SearchProviderObject.introspection, SearchProviderObject.interface, call, data, release, &error) == 0 {
            if let error { g_error_free(error) }
            Unmanaged<SearchProviderObject>.fromOpaque(data).release()
        }
    }
}

/// One exported search provider: answers the calls of `org.gnome.Shell.SearchProvider2`.
@MainActor
final class SearchProviderObject {
    static let interface = "org.gnome.Shell.SearchProvider2"
    /// The interface as GNOME Shell's `data/dbus-interfaces/org.gnome.Shell.SearchProvider2.xml` declares it.
    static let introspection = """
        <node>
          <interface name="org.gnome.Shell.SearchProvider2">
            <method name="GetInitialResultSet"><arg type="as" name="terms" direction="in"/><arg type="as" name="results" direction="out"/></method>
            <method name="GetSubsearchResultSet"><arg type="as" name="previous_results" direction="in"/><arg type="as" name="terms" direction="in"/><arg type="as" name="results" direction="out"/></method>
            <method name="GetResultMetas"><arg type="as" name="identifiers" direction="in"/><arg type="aa{sv}" name="metas" direction="out"/></method>
            <method name="ActivateResult"><arg type="s" name="identifier" direction="in"/><arg type="as" name="terms" direction="in"/><arg type="u" name="timestamp" direction="in"/></method>
            <method name="LaunchSearch"><arg type="as" name="terms" direction="in"/><arg type="u" name="timestamp" direction="in"/></method>
          </interface>
        </node>
        """
    /// How many results are kept for `GetResultMetas`.
    static let rememberedResults = 256

    let provider: any DesktopSearchProvider
    let open: @MainActor ([String]) -> Void
    /// The results returned lately, by link, with the order they came in.
    private var remembered: [String: DesktopSearchResult] = [:]
    private var rememberedOrder: [String] = []

    init(provider: any DesktopSearchProvider, open: @escaping @MainActor ([String]) -> Void) {
        self.provider = provider
        self.open = open
    }

    /// Answers one call; GDBus checked its arguments' types against the interface.
    func answer(_ method: String, _ parameters: OpaquePointer?, _ invocation: OpaquePointer) {
        let arguments: [OpaquePointer] = (0..<(parameters.map { g_variant_n_children($0) } ?? 0)).compactMap { index in
            parameters.flatMap { g_variant_get_child_value($0, index) }
        }
        defer { arguments.forEach { g_variant_unref($0) } }
        func strings(_ index: Int) -> [String] { index < arguments.count ? Self.strings(arguments[index]) : [] }
        func refuse(_ message: String) { g_dbus_method_invocation_return_dbus_error(invocation, "org.freedesktop.DBus.Error.InvalidArgs", message) }
        switch method {
        case "GetInitialResultSet", "GetSubsearchResultSet":
            let terms = strings(method == "GetInitialResultSet" ? 0 : 1)
            if let problem = DesktopSearchLimits.problem(terms: terms) { return refuse(problem) }
            if method == "GetSubsearchResultSet", let problem = DesktopSearchLimits.problem(identifiers: strings(0)) { return refuse(problem) }
            let results = Array(provider.results(for: terms).prefix(DesktopSearchLimits.maximumResults))
            for result in results { remember(result) }
            reply(invocation, [g_variant_new_strv_swift(results.map(\.link))])
        case "GetResultMetas":
            let identifiers = strings(0)
            if let problem = DesktopSearchLimits.problem(identifiers: identifiers) { return refuse(problem) }
            let metas = identifiers.compactMap { remembered[$0] }.map(Self.meta)
            let type = g_variant_type_new("a{sv}")
            defer { g_variant_type_free(type) }
            let array = metas.withUnsafeBufferPointer { g_variant_new_array(type, $0.baseAddress, $0.count) }
            reply(invocation, [array])
        case "ActivateResult":
            let identifier = arguments.first.flatMap { g_variant_get_string($0, nil) }.map { String(cString: $0) } ?? ""
            if let problem = DesktopSearchLimits.problem(identifiers: [identifier]) ?? DesktopSearchLimits.problem(terms: strings(1)) {
                return refuse(problem)
            }
            reply(invocation, [])
            open([identifier])
        case "LaunchSearch":
            let terms = strings(0)
            if let problem = DesktopSearchLimits.problem(terms: terms) { return refuse(problem) }
            reply(invocation, [])
            if let link = provider.searchLink(for: terms) { open([link]) }
        default:
            g_dbus_method_invocation_return_dbus_error(invocation, "org.freedesktop.DBus.Error.UnknownMethod", "no method \(method)")
        }
    }

    private func remember(_ result: DesktopSearchResult) {
        if remembered.updateValue(result, forKey: result.link) == nil { rememberedOrder.append(result.link) }
        while rememberedOrder.count > Self.rememberedResults { remembered[rememberedOrder.removeFirst()] = nil }
    }

    private func reply(_ invocation: OpaquePointer, _ values: [OpaquePointer?]) {
        let tuple = values.withUnsafeBufferPointer { g_variant_new_tuple($0.baseAddress, $0.count) }
        g_dbus_method_invocation_return_value(invocation, tuple)
    }

    /// A result's metadata, `{'id': <link>, 'name': <name>, 'description': <description>}`.
    private static func meta(_ result: DesktopSearchResult) -> OpaquePointer? {
        var entries: [(String, String)] = [("id", result.link), ("name", result.name)]
        if let description = result.description { entries.append(("description", description)) }
        let pairs: [OpaquePointer?] = entries.map { key, value in g_variant_new_dict_entry(g_variant_new_string(key), g_variant_new_variant(g_variant_new_string(value))) }
        let type = g_variant_type_new("{sv}")
        defer { g_variant_type_free(type) }
        return pairs.withUnsafeBufferPointer { g_variant_new_array(type, $0.baseAddress, $0.count) }
    }

    /// The strings of an `as` value.
    private static func strings(_ value: OpaquePointer) -> [String] {
        var count = 0
        guard let strings = g_variant_get_strv(value, &count) else { return [] }
        defer { g_free(strings) }
        return (0..<count).compactMap { strings[$0].map { String(cString: $0) } }
    }
}

/// `g_variant_new_strv` over Swift strings.
@MainActor
private func g_variant_new_strv_swift(_ strings: [String]) -> OpaquePointer? {
    let copies = strings.map { strdup($0) }
    defer { copies.forEach { free($0) } }
    let pointers = copies.map { UnsafePointer($0) }
    return pointers.withUnsafeBufferPointer { g_variant_new_strv($0.baseAddress, $0.count) }
}
