internal import CGTK
import LinkRouterDesktop
#if canImport(Glibc)
import Glibc
#endif

/// A libadwaita application whose GLib main loop also runs Swift's main actor.
///
/// GTK may be touched only on the thread that runs the GLib main context; LinkRouterGTK makes that
/// thread the main actor's. ``run(arguments:)`` must be called on the process's main thread (from
/// `main.swift`'s top level, without `await` before it): it attaches a GLib source that drains
/// libdispatch's main queue, where Swift enqueues main-actor jobs, then runs
/// `g_application_run`. From then on `@MainActor` code, `await MainActor.run { }` and
/// `Task { @MainActor in }` run on the GLib main thread between GTK events, so a `@MainActor`
/// ``GTKNavigator`` can be called from any task.
///
/// With `handlesOpen`, a second start of the app with URLs hands them to the running instance over
/// D-Bus (GApplication's single-instance rule) and exits; the running one gets them in
/// ``onOpen(_:)``. Every other way links reach the app from outside ends there too: the
/// `app.open-link` action, which a notification's click and buttons activate (``sendNotification(_:id:)``),
/// and a search result picked in the desktop's search (``addSearchProvider(_:objectPath:)``). Open what
/// ``onOpen(_:)`` receives with `source: .external`.
///
/// Before it hands links over, a second start checks that the running instance, the owner of the
/// application ID on the session bus, runs the same program (``onHandOverRefused(_:)``): any
/// program of the person can take the name first.
@MainActor
public final class GTKApplication {
    let pointer: OpaquePointer
    private let handlesOpen: Bool
    private var openHandlers: [@MainActor ([String]) -> Void] = []
    private var refusedHandlers: [@MainActor (String) -> Void] = []
    var searchProviders: [(provider: any DesktopSearchProvider, objectPath: String?)] = []
    /// Whether the application started (registered as the primary instance): providers added
    /// later are exported at once.
    var started = false

    /// The application action a notification's click and buttons activate with their link as
    /// target (`app.open-link`); its links arrive in ``onOpen(_:)``, as links from outside.
    public static let openLinkAction = "open-link"

    /// Creates the application.
    /// - Parameters:
    ///   - id: The application ID, also its D-Bus name and the base of its `.desktop` file's name.
    ///   - handlesOpen: Whether it takes URLs (`G_APPLICATION_HANDLES_OPEN`), with the
    ///     ``openLinkAction`` action.
    public init(id: String, handlesOpen: Bool = true) {
        pointer = adw_application_new(id, handlesOpen ? CGTK_APPLICATION_HANDLES_OPEN : 0)
        self.handlesOpen = handlesOpen
        GObjectSignals.connect(pointer, "startup") { [unowned self] () -> Void in
            started = true
            for (provider, path) in searchProviders { export(provider, at: path) }
        }
        guard handlesOpen else { return }
        GObjectSignals.connectOpen(pointer) { [unowned self] urls in deliver(urls) }
        // Any program on the session bus can activate it (org.gtk.Actions.Activate), as the
        // notification server does: its link is a link from outside, like those of `open`.
        addAction(Self.openLinkAction, takesString: true) { [unowned self] link in
            if let link { deliver([link]) }
        }
    }

    /// Hands links from outside to the ``onOpen(_:)`` handlers.
    func deliver(_ urls: [String]) {
        for handler in openHandlers { handler(urls) }
    }

    /// Called when the application is started without URLs, or activated again.
    public func onActivate(_ body: @escaping @MainActor () -> Void) {
        GObjectSignals.connect(pointer, "activate", body)
    }

    /// Called with the URLs given to this instance or handed over by another, in order, and with
    /// the link of a notification clicked, of the ``openLinkAction`` activated over D-Bus, of a
    /// search result picked in the desktop's search: every link from outside. Open them with
    /// `source: .external`.
    public func onOpen(_ body: @escaping @MainActor ([String]) -> Void) {
        openHandlers.append(body)
    }

    /// Called, in a second start, with the reason when it refused to hand its links to the
    /// running instance: the owner of the application ID on the session bus does not run this
    /// program (another program took the name first), or could not be checked. ``run(arguments:)``
    /// then returns 1 without handing anything over.
    public func onHandOverRefused(_ body: @escaping @MainActor (String) -> Void) {
        refusedHandlers.append(body)
    }

    /// Adds an application action (`app.NAME`), which `gapplication action ID NAME ['PARAMETER']`
    /// and D-Bus callers can activate.
    /// - Parameters:
    ///   - name: The action's name, without the `app.` prefix.
    ///   - takesString: Whether the action takes a string parameter.
    ///   - body: Called with the parameter (`nil` without one).
    public func addAction(_ name: String, takesString: Bool = false, _ body: @escaping @MainActor (String?) -> Void) {
        let parameterType = takesString ? g_variant_type_new("s") : nil
        defer { if let parameterType { g_variant_type_free(parameterType) } }
        let action = g_simple_action_new(name, parameterType)!
        GObjectSignals.connectAction(action, body)
        g_action_map_add_action(UnsafeMutableRawPointer(pointer), UnsafeMutableRawPointer(action))
        g_object_unref(UnsafeMutableRawPointer(action))
    }

    /// Keeps the application running without a window (until ``release()``).
    public func hold() { g_application_hold(pointer) }

    /// Undoes one ``hold()``.
    public func release() { g_application_release(pointer) }

    /// Stops the main loop.
    public func quit() { g_application_quit(pointer) }

    /// What `run` says, before it stops the program, when it is reached off the main thread.
    static let offMainThread = """
        GTKApplication.run(arguments:) was called off the process's main thread, where GTK cannot run \
        and the main actor's jobs would never reach GLib's main loop. Call it from main.swift's \
        top-level code before any `await` (after one, top-level code runs on libdispatch's threads), \
        not from a Task, another thread or an `@main` type's `async` main; start asynchronous work \
        in a Task or in onActivate instead.
        """

    /// Runs the main loop until the application quits, on the process's main thread.
    ///
    /// Reached on another thread — from a `Task`, a thread of its own, or top-level code after an
    /// `await` — it stops the program at once with a message that says where to call it, instead
    /// of hanging or crashing inside libdispatch.
    /// - Parameter arguments: The program name and the URLs to open (not the app's own options,
    ///   which GApplication would refuse).
    /// - Returns: The exit status.
    public func run(arguments: [String]) -> Int32 {
        guard linkrouter_gtk_is_main_thread() != 0 else { fatalError(Self.offMainThread) }
        linkrouter_gtk_attach_main_queue_source()
        // Registered first, to know whether another instance runs: links are handed to it only
        // when it runs this program. (g_application_run then finds the application registered.)
        var error: UnsafeMutablePointer<GError>?
        if g_application_register(pointer, nil, &error) != 0, g_application_get_is_remote(pointer) != 0,
           let reason = InstanceOwner.mismatch(of: pointer) {
            for handler in refusedHandlers { handler(reason) }
            return 1
        }
        if let error { g_error_free(error) }
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
        defer { argv.forEach { free($0) } }
        argv.append(nil)
        return argv.withUnsafeMutableBufferPointer { buffer in
            g_application_run(pointer, Int32(arguments.count), buffer.baseAddress)
        }
    }
}
