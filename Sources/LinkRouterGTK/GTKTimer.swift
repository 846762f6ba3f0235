/// Runs code later on the GLib main context (a GLib timeout).
@MainActor
public enum GTKTimer {
    /// Runs `body` once, after `milliseconds`, on the main thread.
    public static func after(milliseconds: UInt32, _ body: @escaping @MainActor () -> Void) {
        GObjectSignals.after(milliseconds: milliseconds, body)
    }
}
