internal import CGTK

/// A GTK widget built by a page: a handle on a `GtkWidget *` that is not yet in a window. Only
/// valid on the main actor; the navigator takes ownership when it shows the page.
@MainActor
public struct GTKWidget {
    /// The `GtkWidget *`, for code that calls GTK directly.
    public let pointer: OpaquePointer

    /// Wraps a `GtkWidget *` (a floating reference, as GTK's constructors return).
    public init(_ pointer: OpaquePointer) { self.pointer = pointer }

    /// A text label, optionally with a libadwaita style class (`title-1`, `dim-label`...).
    public static func label(_ text: String, style: String? = nil) -> GTKWidget {
        let label = gtk_label_new(text)!
        gtk_label_set_wrap(label, 1)
        if let style { gtk_widget_add_css_class(label, style) }
        return GTKWidget(label)
    }

    /// A button with a label that calls `action` when clicked.
    public static func button(_ label: String, style: String? = nil, action: @escaping @MainActor () -> Void) -> GTKWidget {
        let button = gtk_button_new_with_label(label)!
        if let style { gtk_widget_add_css_class(button, style) }
        gtk_widget_set_halign(button, CGTK_ALIGN_CENTER)
        GObjectSignals.connect(button, "clicked", action)
        return GTKWidget(button)
    }

    /// A one-line text entry; Enter calls `onActivate` with its text.
    public static func entry(placeholder: String, onActivate: @escaping @MainActor (String) -> Void) -> GTKWidget {
        let entry = gtk_entry_new()!
        gtk_entry_set_placeholder_text(entry, placeholder)
        GObjectSignals.connect(entry, "activate") { onActivate(String(cString: gtk_editable_get_text(entry))) }
        return GTKWidget(entry)
    }

    /// The text of an entry made by ``entry(placeholder:onActivate:)``.
    public var text: String {
        get { String(cString: gtk_editable_get_text(pointer)) }
        nonmutating set { gtk_editable_set_text(pointer, newValue) }
    }

    /// The description of a status page made by ``statusPage(title:description:icon:child:)``;
    /// setting it changes the page where it is shown (an update in place, say).
    public var statusDescription: String? {
        get { adw_status_page_get_description(pointer).map { String(cString: $0) } }
        nonmutating set { adw_status_page_set_description(pointer, newValue) }
    }

    /// Presses Enter in an entry made by ``entry(placeholder:onActivate:)``, as a person would
    /// (for tests and scripting: not API).
    @_spi(Testing) public func pressEnter() {
        linkrouter_gtk_emit(UnsafeMutableRawPointer(pointer), "activate")
    }

    /// Gives the widget the name assistive technologies read for it (a screen reader says it
    /// when the widget gets focus): a field's purpose, an icon button's action. Returns the widget.
    ///
    /// ```swift
    /// GTKWidget.entry(placeholder: "Your name") { signIn($0) }.accessibilityLabel("Your name")
    /// ```
    @discardableResult
    public func accessibilityLabel(_ label: String) -> GTKWidget {
        linkrouter_gtk_set_accessible_label(UnsafeMutableRawPointer(pointer), label)
        return self
    }

    /// Children one under the other (or side by side), spaced and centred.
    public static func column(_ children: [GTKWidget], spacing: Int32 = 12, horizontal: Bool = false) -> GTKWidget {
        let box = gtk_box_new(horizontal ? CGTK_ORIENTATION_HORIZONTAL : CGTK_ORIENTATION_VERTICAL, spacing)!
        gtk_widget_set_halign(box, CGTK_ALIGN_CENTER)
        for child in children { gtk_box_append(box, child.pointer) }
        return GTKWidget(box)
    }

    /// libadwaita's status page: an icon, a large title, a description, and widgets under them.
    public static func statusPage(title: String, description: String? = nil, icon: String? = nil, child: GTKWidget? = nil) -> GTKWidget {
        let page = adw_status_page_new()!
        adw_status_page_set_title(page, title)
        if let description { adw_status_page_set_description(page, description) }
        if let icon { adw_status_page_set_icon_name(page, icon) }
        if let child { adw_status_page_set_child(page, child.pointer) }
        gtk_widget_set_vexpand(page, 1)
        gtk_widget_set_hexpand(page, 1)
        return GTKWidget(page)
    }
}
