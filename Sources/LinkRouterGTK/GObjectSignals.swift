internal import CGTK

/// Swift closures connected to GObject signals and GLib timeouts. Each closure is retained by its
/// connection and released by GLib when the connection goes (the object is finalized, the timeout
/// ran). GLib calls them on the main context's thread, which runs the main actor (see
/// ``GTKApplication``), hence `MainActor.assumeIsolated`.
@MainActor
enum GObjectSignals {
    final class Handler<Body> {
        let body: Body
        init(_ body: Body) { self.body = body }
    }

    private static let releaseHandler: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { data, _ in
        guard let data else { return }
        Unmanaged<AnyObject>.fromOpaque(data).release()
    }

    @discardableResult
    private static func connect(_ instance: OpaquePointer, _ signal: String, _ handler: AnyObject, thunk: GCallback) -> UInt {
        let data = Unmanaged.passRetained(handler).toOpaque()
        return g_signal_connect_data(UnsafeMutableRawPointer(instance), signal, thunk, data, releaseHandler, 0)
    }

    /// Disconnects a handler that a `connect` returned, unless GLib already did (a destroyed
    /// widget's handlers go with it); GLib releases its closure.
    static func disconnect(_ instance: OpaquePointer, _ handler: UInt) {
        guard g_signal_handler_is_connected(UnsafeMutableRawPointer(instance), handler) != 0 else { return }
        g_signal_handler_disconnect(UnsafeMutableRawPointer(instance), handler)
    }

    /// A signal whose handler takes only the instance and returns nothing (`clicked`, `activate`,
    /// `map`, a frame clock's `after-paint`).
    /// - Returns: The handler's id, for ``disconnect(_:_:)``.
    @discardableResult
    static func connect(_ instance: OpaquePointer, _ signal: String, _ body: @escaping @MainActor () -> Void) -> UInt {
        let thunk: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> Void = { _, data in
            let handler = Unmanaged<Handler<@MainActor () -> Void>>.fromOpaque(data!).takeUnretainedValue()
            MainActor.assumeIsolated { handler.body() }
        }
        return connect(instance, signal, Handler(body), thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// `notify::PROPERTY`: called after the property changed (its handler also gets the property's
    /// `GParamSpec`, which the body does not need).
    @discardableResult
    static func connectNotify(_ instance: OpaquePointer, property: String, _ body: @escaping @MainActor () -> Void) -> UInt {
        let thunk: @convention(c) (OpaquePointer?, OpaquePointer?, UnsafeMutableRawPointer?) -> Void = { _, _, data in
            let handler = Unmanaged<Handler<@MainActor () -> Void>>.fromOpaque(data!).takeUnretainedValue()
            MainActor.assumeIsolated { handler.body() }
        }
        return connect(instance, "notify::" + property, Handler(body), thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// A signal whose handler returns a boolean (`close-request`: `true` stops the close).
    static func connect(_ instance: OpaquePointer, _ signal: String, _ body: @escaping @MainActor () -> Bool) {
        let thunk: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> Int32 = { _, data in
            let handler = Unmanaged<Handler<@MainActor () -> Bool>>.fromOpaque(data!).takeUnretainedValue()
            return MainActor.assumeIsolated { handler.body() } ? 1 : 0
        }
        connect(instance, signal, Handler(body), thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// GtkEventControllerKey's `key-pressed`: the key value and the modifier state; `true` handles it.
    static func connectKeyPressed(_ controller: OpaquePointer, _ body: @escaping @MainActor (_ keyValue: UInt32, _ modifiers: UInt32) -> Bool) {
        let thunk: @convention(c) (OpaquePointer?, UInt32, UInt32, UInt32, UnsafeMutableRawPointer?) -> Int32 = { _, keyValue, _, modifiers, data in
            let handler = Unmanaged<Handler<@MainActor (UInt32, UInt32) -> Bool>>.fromOpaque(data!).takeUnretainedValue()
            return MainActor.assumeIsolated { handler.body(keyValue, modifiers) } ? 1 : 0
        }
        connect(controller, "key-pressed", Handler(body), thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// GApplication's `open`: the files' URIs, in the order given.
    static func connectOpen(_ application: OpaquePointer, _ body: @escaping @MainActor ([String]) -> Void) {
        let thunk: @convention(c) (OpaquePointer?, UnsafeMutablePointer<OpaquePointer?>?, Int32, UnsafePointer<CChar>?, UnsafeMutableRawPointer?) -> Void = { _, files, count, _, data in
            let handler = Unmanaged<Handler<@MainActor ([String]) -> Void>>.fromOpaque(data!).takeUnretainedValue()
            var uris: [String] = []
            for index in 0..<Int(count) {
                guard let file = files?[index], let uri = g_file_get_uri(file) else { continue }
                uris.append(String(cString: uri))
                g_free(uri)
            }
            MainActor.assumeIsolated { handler.body(uris) }
        }
        connect(application, "open", Handler(body), thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// GSimpleAction's `activate`: the string parameter, or `nil` for an action without one.
    static func connectAction(_ action: OpaquePointer, _ body: @escaping @MainActor (String?) -> Void) {
        let thunk: @convention(c) (OpaquePointer?, OpaquePointer?, UnsafeMutableRawPointer?) -> Void = { _, parameter, data in
            let handler = Unmanaged<Handler<@MainActor (String?) -> Void>>.fromOpaque(data!).takeUnretainedValue()
            let value = parameter.flatMap { g_variant_get_string($0, nil) }.map { String(cString: $0) }
            MainActor.assumeIsolated { handler.body(value) }
        }
        connect(action, "activate", Handler(body), thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// Runs `body` once, after `milliseconds`, on the main context.
    /// - Returns: The GLib source's id, for ``cancel(_:)`` before it ran.
    @discardableResult
    static func after(milliseconds: UInt32, _ body: @escaping @MainActor () -> Void) -> UInt32 {
        let thunk: @convention(c) (UnsafeMutableRawPointer?) -> Int32 = { data in
            let handler = Unmanaged<Handler<@MainActor () -> Void>>.fromOpaque(data!).takeUnretainedValue()
            MainActor.assumeIsolated { handler.body() }
            return 0   // G_SOURCE_REMOVE
        }
        let release: @convention(c) (UnsafeMutableRawPointer?) -> Void = { data in
            guard let data else { return }
            Unmanaged<AnyObject>.fromOpaque(data).release()
        }
        let data = Unmanaged.passRetained(Handler(body) as AnyObject).toOpaque()
        return g_timeout_add_full(0, milliseconds, thunk, data, release)
    }

    /// Runs `body` once, at the widget's next frame, in the frame clock's update phase (after the
    /// animations started before it took their step), before that frame's layout and paint.
    static func nextFrame(of widget: OpaquePointer, _ body: @escaping @MainActor () -> Void) {
        let thunk: @convention(c) (OpaquePointer?, OpaquePointer?, UnsafeMutableRawPointer?) -> Int32 = { _, _, data in
            let handler = Unmanaged<Handler<@MainActor () -> Void>>.fromOpaque(data!).takeUnretainedValue()
            MainActor.assumeIsolated { handler.body() }
            return 0   // G_SOURCE_REMOVE
        }
        let release: @convention(c) (UnsafeMutableRawPointer?) -> Void = { data in
            guard let data else { return }
            Unmanaged<AnyObject>.fromOpaque(data).release()
        }
        let data = Unmanaged.passRetained(Handler(body) as AnyObject).toOpaque()
        gtk_widget_add_tick_callback(widget, thunk, data, release)
    }

    /// Removes a timeout that ``after(milliseconds:_:)`` added and that has not run yet.
    static func cancel(_ source: UInt32) {
        g_source_remove(source)
    }
}
