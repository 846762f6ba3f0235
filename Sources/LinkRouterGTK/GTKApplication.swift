internal import CGTK
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
/// ``onOpen(_:)``.
@MainActor
public final class GTKApplication {
    let pointer: OpaquePointer

    /// Creates the application.
    /// - Parameters:
    ///   - id: The application ID, also its D-Bus name and the base of its `.desktop` file's name.
    ///   - handlesOpen: Whether it takes URLs (`G_APPLICATION_HANDLES_OPEN`).
    public init(id: String, handlesOpen: Bool = true) {
        pointer = adw_application_new(id, handlesOpen ? CGTK_APPLICATION_HANDLES_OPEN : 0)
    }

    /// Called when the application is started without URLs, or activated again.
    public func onActivate(_ body: @escaping @MainActor () -> Void) {
        GObjectSignals.connect(pointer, "activate", body)
    }

    /// Called with the URLs given to this instance or handed over by another, in order.
    public func onOpen(_ body: @escaping @MainActor ([String]) -> Void) {
        GObjectSignals.connectOpen(pointer, body)
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
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
        defer { argv.forEach { free($0) } }
        argv.append(nil)
        return argv.withUnsafeMutableBufferPointer { buffer in
            g_application_run(pointer, Int32(arguments.count), buffer.baseAddress)
        }
    }
}
