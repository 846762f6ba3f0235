internal import CGTK

/// An item shown beside its list: an `AdwLeaflet` holding the list's widget in a pane of 300 to
/// 360 pixels, a separator, and the item's widget in a pane of at least 360 pixels. In a window
/// narrower than both panes (661 pixels) the leaflet folds and shows the item alone, as a stack
/// would; the navigator's back button then goes back to the list, as from any page.
@MainActor
final class SplitView {
    let leaflet: OpaquePointer = adw_leaflet_new()!
    private let listPane: OpaquePointer = adw_clamp_new()!
    private let detailPane: OpaquePointer = gtk_box_new(CGTK_ORIENTATION_VERTICAL, 0)!
    /// The list's widget.
    let list: OpaquePointer
    /// The item's widget shown now.
    private(set) var detail: OpaquePointer?
    /// Called when the leaflet folds (`true`) or unfolds.
    var onFold: (@MainActor (Bool) -> Void)?
    /// Called when the item stops sliding in or out of a folded leaflet, or a fold is shown.
    var onSlideEnded: (@MainActor () -> Void)?
    /// Whether the leaflet folded or unfolded and has not shown it yet: it moves its panes in an
    /// animation of no duration, which takes the next frame's step.
    private var isShowingFold = false

    init(list: OpaquePointer) {
        self.list = list
        adw_leaflet_set_fold_threshold_policy(leaflet, CGTK_FOLD_THRESHOLD_POLICY_MINIMUM)
        gtk_widget_set_hexpand(leaflet, 1)
        gtk_widget_set_vexpand(leaflet, 1)
        adw_clamp_set_maximum_size(listPane, 360)
        gtk_widget_set_size_request(listPane, 300, -1)
        gtk_widget_set_hexpand(listPane, 0)
        gtk_widget_set_size_request(detailPane, 360, -1)
        gtk_widget_set_hexpand(detailPane, 1)
        _ = adw_leaflet_append(leaflet, listPane)
        adw_leaflet_page_set_navigatable(adw_leaflet_append(leaflet, gtk_separator_new(CGTK_ORIENTATION_VERTICAL)), 0)
        _ = adw_leaflet_append(leaflet, detailPane)
        // Folding on a resize is shown at the next frame: only the item's slide in a folded leaflet
        // animates, and it says when it ends (`child-transition-running`), which screenshots wait for.
        adw_leaflet_set_mode_transition_duration(leaflet, 0)
        GObjectSignals.connectNotify(leaflet, property: "folded") { [weak self] in
            guard let self else { return }
            // The leaflet's own animation (registered when it folded, before this) takes its one
            // step in the next frame's update phase; then that frame lays out and paints the fold.
            isShowingFold = true
            GObjectSignals.nextFrame(of: leaflet) { [weak self] in
                self?.isShowingFold = false
                self?.onSlideEnded?()
            }
            onFold?(adw_leaflet_get_folded(leaflet) != 0)
        }
        GObjectSignals.connectNotify(leaflet, property: "child-transition-running") { [weak self] in
            self?.onSlideEnded?()
        }
    }

    /// Whether the item is sliding in or out of the folded leaflet.
    var isSliding: Bool { isShowingFold || adw_leaflet_get_child_transition_running(leaflet) != 0 }

    /// Whether the leaflet shows the item alone.
    var isFolded: Bool { adw_leaflet_get_folded(leaflet) != 0 }

    /// Shows the list (moved in when it is not there yet) and `detail` beside it, in place of the
    /// item shown before; the item is the leaflet's visible page when it folds.
    func show(detail: OpaquePointer) {
        if adw_clamp_get_child(listPane) != list { adw_clamp_set_child(listPane, list) }
        if self.detail != detail {
            if let old = self.detail { release(old) }
            gtk_box_append(detailPane, detail)
            self.detail = detail
        }
        adw_leaflet_set_visible_child(leaflet, detailPane)
    }

    /// Whether a pane holds `widget`.
    func holds(_ widget: OpaquePointer) -> Bool {
        gtk_widget_get_parent(widget) == listPane || gtk_widget_get_parent(widget) == detailPane
    }

    /// Takes `widget` out of its pane (the navigator keeps its own reference to it).
    func release(_ widget: OpaquePointer) {
        if gtk_widget_get_parent(widget) == listPane {
            adw_clamp_set_child(listPane, nil)
        } else if gtk_widget_get_parent(widget) == detailPane {
            gtk_box_remove(detailPane, widget)
            if detail == widget { detail = nil }
        }
    }

    /// Takes both pages out: the list goes back into the stack, or away.
    func empty() {
        release(list)
        if let detail { release(detail) }
    }
}
