internal import CGTK

/// Why ``GTKNavigator/saveScreenshot(to:window:)`` wrote no image.
public struct ScreenshotError: Error, CustomStringConvertible {
    /// The file that was to be written.
    public let path: String
    /// What went wrong: the step that failed, with GLib's message when it gave one.
    public let reason: String

    /// `PATH: REASON`.
    public var description: String { "\(path): \(reason)" }
}

/// Renders a window to a PNG the way GTK draws it: the window's paintable, snapshotted into a
/// render node, rendered to a texture by the window's own renderer, encoded by GDK and written by
/// GLib, whose error names the cause of a failed write.
@MainActor
enum Screenshot {
    static func save(_ window: OpaquePointer, to path: String) throws(ScreenshotError) -> (width: Int32, height: Int32) {
        func fail(_ reason: String) -> ScreenshotError { ScreenshotError(path: path, reason: reason) }
        let width = gtk_widget_get_width(window), height = gtk_widget_get_height(window)
        guard width > 0, height > 0 else { throw fail("the window has no size yet (\(width)x\(height))") }
        guard let renderer = gtk_native_get_renderer(window) else { throw fail("the window has no renderer: it is not realized") }
        guard let paintable = gtk_widget_paintable_new(window) else { throw fail("GTK made no paintable of the window") }
        defer { g_object_unref(UnsafeMutableRawPointer(paintable)) }
        let snapshot = gtk_snapshot_new()
        gdk_paintable_snapshot(paintable, snapshot, Double(width), Double(height))
        guard let node = gtk_snapshot_free_to_node(snapshot) else { throw fail("the window drew nothing") }
        defer { gsk_render_node_unref(node) }
        var viewport = CGTKRect(x: 0, y: 0, width: Float(width), height: Float(height))
        guard let texture = gsk_renderer_render_texture(renderer, node, &viewport) else { throw fail("the renderer made no texture") }
        defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
        guard let png = gdk_texture_save_to_png_bytes(texture) else { throw fail("GDK could not encode the image as PNG") }
        defer { g_bytes_unref(png) }
        var size = 0
        let bytes = g_bytes_get_data(png, &size)
        var error: UnsafeMutablePointer<GError>?
        guard g_file_set_contents(path, bytes?.assumingMemoryBound(to: CChar.self), size, &error) != 0 else {
            defer { if let error { g_error_free(error) } }
            throw fail(error.flatMap { $0.pointee.message.map { String(cString: $0) } } ?? "GLib could not write the file")
        }
        return (width, height)
    }
}
