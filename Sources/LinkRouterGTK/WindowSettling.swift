internal import CGTK

/// Why a window did not settle (``GTKNavigator/whenSettled(timeout:_:)``): the condition that still
/// did not hold when the time was up, or that the window was closed.
public struct UnsettledWindow: Error, CustomStringConvertible {
    /// Which condition failed, naming the window by its title.
    public let description: String
}

/// Waits, from GTK's own events, until the top window shows the navigator's stack as it is now:
/// mapped, with a size, painted by its frame clock, and no page sliding in any window.
///
/// It listens to the top window's `map` signal and to its frame clock's `after-paint` (emitted once
/// a frame was laid out and painted); each navigation stack's `notify::transition-running` asks
/// for one more frame when a slide ends. The conditions are checked after every frame of the top
/// window: since changes of the stack happen between frames, a frame painted after the last change
/// shows it. A change meanwhile starts the wait again, for the new state; no timer counts frames
/// or retries. The only timer is the deadline after which the waiters learn which condition failed.
@MainActor
final class WindowSettling {
    private var waiters: [@MainActor (UnsettledWindow?) -> Void] = []
    private var timeout: Duration = .seconds(30)
    /// The window whose frames are watched (a reference held while watched), and its handlers.
    private var window: OpaquePointer?
    private var mapHandler: UInt = 0
    private var clock: OpaquePointer?
    private var paintHandler: UInt = 0
    private var deadline: UInt32?
    /// Whether the watched window painted a frame since the last change.
    private var paintedSinceChange = false

    /// The window a screenshot shows (the top one), or `nil` once the main window is closed.
    private let topWindow: @MainActor () -> OpaquePointer?
    /// The title of a window in which a page is sliding, if any.
    private let slidingWindow: @MainActor () -> String?

    init(topWindow: @escaping @MainActor () -> OpaquePointer?, slidingWindow: @escaping @MainActor () -> String?) {
        self.topWindow = topWindow
        self.slidingWindow = slidingWindow
    }

    /// Calls `body` once the top window has settled, or with the reason it has not within
    /// `timeout` of the last change.
    func wait(timeout: Duration, _ body: @escaping @MainActor (UnsettledWindow?) -> Void) {
        self.timeout = timeout
        waiters.append(body)
        guard waiters.count == 1 else { return }
        changed()
    }

    /// The stack changed: the watched frames must show the new state; the deadline starts again.
    func changed() {
        guard !waiters.isEmpty else { return }
        guard let top = topWindow() else { return settle(UnsettledWindow(description: "the window was closed")) }
        watch(top)
        paintedSinceChange = false
        gtk_widget_queue_draw(top)
        if let deadline { GObjectSignals.cancel(deadline) }
        let milliseconds = timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000
        deadline = GObjectSignals.after(milliseconds: UInt32(clamping: milliseconds)) { [weak self] in
            guard let self else { return }
            deadline = nil
            settle(UnsettledWindow(description: unmetCondition()))
        }
    }

    /// A slide ended in some window: one more frame of the top window, to check again after it.
    func slideEnded() {
        guard !waiters.isEmpty, let top = topWindow() else { return }
        gtk_widget_queue_draw(top)
    }

    /// Watches `top`'s frames, leaving the window watched before.
    private func watch(_ top: OpaquePointer) {
        if top != window { unwatch() }
        if window == nil {
            window = top
            g_object_ref(UnsafeMutableRawPointer(top))
            // A window shown just now may not be realized yet: its frame clock comes with it.
            mapHandler = GObjectSignals.connect(top, "map") { [weak self] in
                self?.watchFrameClock()
                gtk_widget_queue_draw(top)
            }
        }
        watchFrameClock()
    }

    private func watchFrameClock() {
        guard clock == nil, let window, let frameClock = gtk_widget_get_frame_clock(window) else { return }
        clock = frameClock
        g_object_ref(UnsafeMutableRawPointer(frameClock))
        paintHandler = GObjectSignals.connect(frameClock, "after-paint") { [weak self] in self?.painted() }
    }

    private func unwatch() {
        if let clock {
            GObjectSignals.disconnect(clock, paintHandler)
            g_object_unref(UnsafeMutableRawPointer(clock))
        }
        if let window {
            GObjectSignals.disconnect(window, mapHandler)
            g_object_unref(UnsafeMutableRawPointer(window))
        }
        clock = nil
        window = nil
    }

    /// After a frame of the watched window: done when every condition holds.
    private func painted() {
        paintedSinceChange = true
        guard let window, window == topWindow(), gtk_widget_get_mapped(window) != 0,
              gtk_widget_get_width(window) > 0, gtk_widget_get_height(window) > 0, slidingWindow() == nil else { return }
        settle(nil)
    }

    /// The first condition that does not hold, for the waiters after the deadline.
    private func unmetCondition() -> String {
        guard let top = topWindow() else { return "the window was closed" }
        let name = gtk_window_get_title(top).map { "'\(String(cString: $0))'" } ?? "the top window"
        if gtk_widget_get_mapped(top) == 0 { return "\(name) is not mapped" }
        let width = gtk_widget_get_width(top), height = gtk_widget_get_height(top)
        if width <= 0 || height <= 0 { return "\(name) has no size yet (\(width)x\(height))" }
        if let sliding = slidingWindow() { return "a page is still sliding in '\(sliding)'" }
        if !paintedSinceChange { return "\(name) painted no frame since the last change (its frame clock did not tick)" }
        return "\(name) painted no frame since it became ready"
    }

    /// Calls the waiters and stops watching.
    private func settle(_ result: UnsettledWindow?) {
        unwatch()
        if let deadline { GObjectSignals.cancel(deadline) }
        deadline = nil
        let waiting = waiters
        waiters = []
        for body in waiting { body(result) }
    }

    /// The main window closed: the waiters learn it now.
    func closed() {
        guard !waiters.isEmpty else { return }
        settle(UnsettledWindow(description: "the window was closed"))
    }
}
