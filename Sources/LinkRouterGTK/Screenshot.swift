internal import CGTK

/// Renders a window to a PNG the way GTK draws it: the window's paintable, snapshotted into a
/// render node, rendered to a texture by the window's own renderer, saved by GDK.
@MainActor
enum Screenshot {
    static func save(_ window: OpaquePointer, to path: String) -> (width: Int32, height: Int32)? {
        let width = gtk_widget_get_width(window), height = gtk_widget_get_height(window)
        guard width > 0, height > 0, let paintable = gtk_widget_paintable_new(window) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(paintable)) }
        let snapshot = gtk_snapshot_new()
        gdk_paintable_snapshot(paintable, snapshot, Double(width), Double(height))
        guard let node = gtk_snapshot_free_to_node(snapshot) else { return nil }
        defer { gsk_render_node_unref(node) }
        guard let renderer = gtk_native_get_renderer(window) else { return nil }
        var viewport = CGTKRect(x: 0, y: 0, width: Float(width), height: Float(height))
        guard let texture = gsk_renderer_render_texture(renderer, node, &viewport) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
        return gdk_texture_save_to_png(texture, path) != 0 ? (width, height) : nil
    }
}
