internal import CGTK

// Screenshots and settling: when the top window shows the state, and a PNG of it.

extension GTKNavigator {
    /// Calls `body` once the top window shows the state as it is now: mapped, with a size, painted
    /// since the last change, and no page sliding in any window — the moment for
    /// ``saveScreenshot(to:window:)``. A change meanwhile makes it wait for the new state.
    ///
    /// It waits for GTK's own events (the window's `map`, its frame clock's `after-paint`, the
    /// stacks' `transition-running`), however slow the machine; no timer stands in for them. The
    /// theme's CSS transitions (a tab's button fading to checked, 200 ms in Adwaita) are not waited
    /// for: GTK tells no one when they end.
    /// - Parameters:
    ///   - timeout: How long after the last change to wait before giving up.
    ///   - body: Called on the main actor with `nil` once settled, or with the condition that still
    ///     failed at the timeout, or that the main window was closed.
    public func whenSettled(timeout: Duration = .seconds(30), _ body: @escaping @MainActor (UnsettledWindow?) -> Void) {
        settling.wait(timeout: timeout, body)
    }

    /// Saves a PNG of the top window as GTK renders it (call it once ``whenSettled(timeout:_:)``
    /// reported the window settled, or it may catch a page half-way through a slide), or of the
    /// window of the state whose identifier is `window` (its top modal window, if it has one).
    /// - Returns: The image's width and height.
    /// - Throws: ``ScreenshotError`` naming the step that failed: the window has no size yet, or
    ///   is closed, or GLib could not write the file (its message: a missing folder, no permission).
    public func saveScreenshot(to path: String, window: Int? = nil) throws(ScreenshotError) -> (width: Int32, height: Int32) {
        guard !isClosed else { throw ScreenshotError(path: path, reason: "the window is closed") }
        guard let window else { return try Screenshot.save(topWindow, to: path) }
        guard let view = windowViews.first(where: { $0.id == window }) else { throw ScreenshotError(path: path, reason: "no window \(window) is open") }
        return try Screenshot.save(view.modals.last?.window ?? view.window, to: path)
    }

    /// A slide that ends in a container may be what a screenshot waits for.
    func watchSlides(_ container: Container) {
        GObjectSignals.connectNotify(container.stack, property: "transition-running") { [weak self] in self?.settling.slideEnded() }
        container.onSlideEnded = { [weak self] in self?.settling.slideEnded() }
    }
}
